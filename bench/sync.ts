// (c) A full sync from the sandbox over loopback: wall time, pages, peak RSS; ours (4 slices at a
// time, pages of 500) against a one-page-at-a-time baseline (1 slice at a time, pages of 100).
import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { median } from './stats';

const run = promisify(execFile);

export interface SyncRow {
  notes: number;
  variant: 'ours' | 'one page at a time';
  wallMs: number;
  pages: number;
  synced: number;
  maxRssMB: number;
  /** The longest the syncing process's main thread was blocked (worst round), and its 99th percentile delay. */
  blockMs: number;
  blockP99Ms: number;
}

export async function benchSync(
  sizes = (process.env['BENCH_SYNC_NOTES'] ?? '10000,100000').split(',').map(Number),
  rounds = Number(process.env['BENCH_SYNC_ROUNDS'] ?? 5),
): Promise<SyncRow[]> {
  const rows: SyncRow[] = [];
  for (const n of sizes) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/sandbox.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_NOTES: String(n) },
    });
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout! }).once('line', resolve),
    );
    const info = JSON.parse(line) as { baseUrl: string; tickets: unknown; ns: unknown };
    try {
      const variants = { ours: ['4', '500'], 'one page at a time': ['1', '100'] } as const;
      const samples: Record<
        string,
        {
          wallMs: number;
          pages: number;
          notes: number;
          maxRssMB: number;
          blockMs: number;
          blockP99Ms: number;
        }[]
      > = {
        ours: [],
        'one page at a time': [],
      };
      for (let r = 0; r < rounds + 1; r++) {
        for (const [name, [conc, size]] of Object.entries(variants)) {
          const { stdout } = await run(
            process.execPath,
            [
              '--import',
              'tsx',
              'bench/sync-worker.ts',
              info.baseUrl,
              conc,
              size,
              JSON.stringify(info.tickets),
              JSON.stringify(info.ns),
              JSON.stringify(['gangnam_style', 'seoul_mart', 'hongdae_closet']),
            ],
            { maxBuffer: 1 << 20 },
          );
          const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
          if (result.failed > 0) throw new Error(`${name}: ${result.failed} slices failed`);
          if (r > 0) samples[name]!.push(result);
        }
      }
      for (const [variant, xs] of Object.entries(samples)) {
        rows.push({
          notes: n,
          variant: variant as SyncRow['variant'],
          wallMs: median(xs.map((x) => x.wallMs)),
          pages: xs[0]!.pages,
          synced: xs[0]!.notes,
          maxRssMB: Math.max(...xs.map((x) => x.maxRssMB)),
          blockMs: Math.max(...xs.map((x) => x.blockMs)),
          blockP99Ms: median(xs.map((x) => x.blockP99Ms)),
        });
      }
    } finally {
      child.kill('SIGTERM');
    }
  }
  return rows;
}
