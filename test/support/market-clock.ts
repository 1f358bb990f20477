// A marketplace whose clock the test moves: the sandbox lives on it (notes arrive when their time comes) from
// TEST_NOW on, while the host's clock stays pinned to TEST_NOW. For tests of what a refresh brings in.
import type { SendNote } from '../../src-main/schema';
import { formatDateTime } from '../../src-shared/date-time';
import type { SandboxBackend } from '../../src-main/sandbox/backend';
import type { SandboxOptions } from '../../src-main/sandbox/server';
import { marketDayOf } from '../../src-shared/market-day';
import { TEST_NOW } from './host-deps';

const HOUR = 3_600_000;

export function movingMarket() {
  let at = TEST_NOW.getTime();
  return {
    /** The sandbox's options: no fixed `now`, this clock; tickets outlive the moves. */
    sandbox: { now: undefined, clock: () => at, graceMs: 30 * 24 * HOUR } satisfies SandboxOptions,
    /**
     * Moves the clock on to the next note's arrival (the same marketplace day) and returns the notes that arrived
     * since, as the marketplace lists them then.
     */
    arriveNext(backend: SandboxBackend): SendNote[] {
      const from = at;
      const window = { start: formatDateTime(from + 1000), end: formatDateTime(from + 12 * HOUR) };
      at = from + 12 * HOUR;
      const next = backend.notes(window)[0];
      if (!next) throw new Error('no note arrives in the next 12 hours');
      at = Date.parse(next.InsDate!);
      if (marketDayOf(at) !== marketDayOf(from)) throw new Error('the next note arrives on another day');
      return backend.notes({ start: window.start, end: formatDateTime(at) });
    },
  };
}
