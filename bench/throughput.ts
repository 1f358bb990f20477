// (d) Sandbox throughput against a node-soap server from the same WSDL: BuyerNoteList pages of 100,
// keep-alive, several concurrent connections, one load generator for both, rounds interleaved.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { buildRequest } from '../src-main/soap/envelope-write';
import type { ServiceNamespaces } from '../src-main/schema';
import { median } from './stats';

interface Started {
  child: ChildProcess;
  info: { baseUrl: string; tickets?: { auth: string; encrypted: string; member: string }; ns?: ServiceNamespaces };
}

async function startServer(script: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env } });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

/** CPU seconds a process has used so far (Linux /proc; undefined elsewhere). */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the parenthesized command name; utime and stime are the 12th and 13th of those.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

async function load(url: string, headers: Record<string, string>, body: string, concurrency: number, durationMs: number) {
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  const until = performance.now() + durationMs;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const res = await request(url, { method: 'POST', headers, body, dispatcher });
        const text = await res.body.text();
        if (res.statusCode === 200 && text.includes('SendNote')) done++;
        else failed++;
      }
    }),
  );
  await dispatcher.close();
  return { rps: done / (durationMs / 1000), failed };
}

export interface ThroughputRow {
  server: string;
  requestsPerSec: number;
  /** Requests served per CPU-second of the server process: its capacity, whatever the load generator manages. */
  requestsPerCpuSecond?: number;
  failed: number;
}

export async function benchThroughput(
  concurrency = 8,
  durationMs = 1500,
  rounds = 5,
): Promise<{ rows: ThroughputRow[]; ratio: number; cpuRatio?: number }> {
  const sandbox = await startServer('bench/servers/sandbox.ts');
  const nodeSoap = await startServer('bench/servers/node-soap.ts');
  try {
    const { tickets, ns } = sandbox.info;
    const req = {
      StartDate: '2026-07-01T00:00:00+09:00',
      EndDate: '2026-11-20T23:59:59+09:00',
      ReplyStatus: 'All' as const,
      Pagination: { PageIndex: 2, PageSize: 100 },
    };
    const ours = buildRequest('BuyerNoteList', req, {
      version: '1.1',
      ns: ns!,
      tickets: { authTicket: tickets!.auth, encryptedTicket: tickets!.encrypted, memberTicket: tickets!.member },
    });
    const targets = {
      sandbox: { url: `${sandbox.info.baseUrl}/APIv1/MarketService.asmx`, built: ours },
      'node-soap': { url: `${nodeSoap.info.baseUrl}/APIv1/MarketService.asmx`, built: ours },
    };
    const results: Record<string, number[]> = { sandbox: [], 'node-soap': [] };
    const perCpu: Record<string, number[]> = { sandbox: [], 'node-soap': [] };
    const pids: Record<string, number | undefined> = { sandbox: sandbox.child.pid, 'node-soap': nodeSoap.child.pid };
    const failures: Record<string, number> = { sandbox: 0, 'node-soap': 0 };
    for (let r = 0; r < rounds + 1; r++) {
      for (const [name, t] of Object.entries(targets)) {
        const cpuBefore = cpuSeconds(pids[name]);
        const ms = r === 0 ? 500 : durationMs;
        const { rps, failed } = await load(t.url, t.built.headers, t.built.xml, concurrency, ms);
        const cpuAfter = cpuSeconds(pids[name]);
        if (r > 0) {
          results[name]!.push(rps);
          failures[name]! += failed;
          if (cpuBefore !== undefined && cpuAfter !== undefined && cpuAfter > cpuBefore) {
            perCpu[name]!.push((rps * (ms / 1000)) / (cpuAfter - cpuBefore));
          }
        }
      }
    }
    const rows: ThroughputRow[] = Object.entries(results).map(([server, xs]) => ({
      server,
      requestsPerSec: median(xs),
      ...(perCpu[server]!.length > 0 ? { requestsPerCpuSecond: median(perCpu[server]!) } : {}),
      failed: failures[server]!,
    }));
    const [sandboxRow, nodeSoapRow] = rows as [ThroughputRow, ThroughputRow];
    return {
      rows,
      ratio: sandboxRow.requestsPerSec / nodeSoapRow.requestsPerSec,
      ...(sandboxRow.requestsPerCpuSecond && nodeSoapRow.requestsPerCpuSecond
        ? { cpuRatio: sandboxRow.requestsPerCpuSecond / nodeSoapRow.requestsPerCpuSecond }
        : {}),
    };
  } finally {
    sandbox.child.kill('SIGTERM');
    nodeSoap.child.kill('SIGTERM');
  }
}
