// The sandbox in its own process, so the load generator does not share its event loop.
import { startSandbox } from '../../src-main/sandbox/server';
import { answerCpuProbes } from './cpu-probe';

const notes = Number(process.env['BENCH_NOTES'] ?? 5000);
const s = await startSandbox({
  port: 0,
  seed: 42,
  now: new Date('2026-11-20T09:00:00+09:00'),
  notes,
  graceMs: 3_600_000,
});
answerCpuProbes();
process.stdout.write(JSON.stringify({ baseUrl: s.baseUrl, tickets: s.tickets, ns: s.ns }) + '\n');
process.on('SIGTERM', () => void s.close().then(() => process.exit(0)));
