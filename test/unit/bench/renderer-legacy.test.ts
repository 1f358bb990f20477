// The bench reads release 0.1.0's filter keystroke figure from the bench/results.json committed with it: the
// figure the target was set from, beside the same release measured again. A file without it says why.
import { describe, expect, it } from 'vitest';
import { recordedFilter } from '../../../bench/renderer-legacy';

const latency = (p50: number, p95: number) => ({ p50, p95, samples: 98 });
const results = {
  machine: { cpu: 'x', cores: 2, memoryGiB: 24, node: 'v20', date: '2026-11-22' },
  decode: [],
  renderer: {
    notes: 100_000,
    filter: { painted: latency(8.8, 11.2), frame: latency(5, 6) },
    search: { painted: latency(13.4, 25.2) },
    nullKeystroke: { painted: latency(1.6, 2.9) },
  },
};

describe('recordedFilter', () => {
  it('reads the day and the filter keystroke figure, not the search one', () => {
    expect(recordedFilter(JSON.stringify(results))).toEqual({
      date: '2026-11-22',
      notes: 100_000,
      filter: latency(8.8, 11.2),
    });
  });

  it('says why when the file has no renderer figures or is not JSON', () => {
    const { renderer: _, ...noRenderer } = results;
    const missing = recordedFilter(JSON.stringify(noRenderer));
    expect(missing).toHaveProperty('skipped');
    expect((missing as { skipped: string }).skipped).toMatch(/no renderer figures/);
    expect(recordedFilter('{"machine": ')).toEqual({
      skipped: expect.stringMatching(/^its committed bench\/results.json is unreadable/),
    });
  });
});
