// (f) Hostile responses: bodies built to make the reader or the redaction quadratic, read at 1x, 2x and 4x sizes,
// each in a fresh process (time, median of 3; peak memory over what the process held before reading), and the
// longest block of the main thread while the app's decoder reads the same body.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { hostileBodies } from '../test/support/hostile-bodies';

const run = promisify(execFile);

export interface HostileRow {
  group: 'reader' | 'redaction';
  name: string;
  sizes: { bytes: number; ms: number; peakOverBodyMB: number; peakRssMB: number; blockMs?: number }[];
  /** Time at 4x over time at 1x: 4 when linear, 16 when quadratic. */
  growth: number;
}

export async function benchHostile(baseBytes = 1 << 20): Promise<HostileRow[]> {
  const rows: HostileRow[] = [];
  for (const group of ['reader', 'redaction'] as const) {
    for (const name of Object.keys(hostileBodies[group])) {
      const sizes: HostileRow['sizes'] = [];
      for (const factor of [1, 2, 4]) {
        const { stdout } = await run(
          process.execPath,
          ['--import', 'tsx', 'bench/hostile-child.ts', group, name, String(baseBytes * factor)],
          { maxBuffer: 1 << 20 },
        );
        sizes.push(JSON.parse(stdout.trim().split('\n').at(-1)!));
      }
      rows.push({ group, name, sizes, growth: sizes[2]!.ms / Math.max(sizes[0]!.ms, 0.01) });
    }
  }
  return rows;
}
