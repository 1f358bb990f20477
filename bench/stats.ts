// Side-by-side measurement: every contender runs once per round, rounds interleaved, after a warm-up.
export interface Sample {
  name: string;
  ms: number[];
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Runs each contender `rounds` times interleaved (after `warmup` untimed rounds); returns ms per run. */
export async function sideBySide(
  contenders: Record<string, () => unknown | Promise<unknown>>,
  rounds = 7,
  warmup = 2,
): Promise<Record<string, number[]>> {
  const names = Object.keys(contenders);
  const out: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < warmup + rounds; r++) {
    for (const n of names) {
      const t = performance.now();
      await contenders[n]!();
      const ms = performance.now() - t;
      if (r >= warmup) out[n]!.push(ms);
    }
  }
  return out;
}

export const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
