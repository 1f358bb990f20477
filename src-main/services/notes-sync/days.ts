// The days phase (section 1 of notes-sync.ts): the slices fetched in full and a refresh's catch-ups, run by
// `concurrency` workers, catch-ups first.
import type { InboxNote } from '../../contract';
import { dayEndMs, dayStartMs } from '../../../src-shared/market-day';
import type { CatchUp, Slice } from './plan';
import { windows } from './plan';
import type { SyncRun } from './run';

/**
 * The catch-up asks from this long before the newest note held in its days: a note the marketplace lists a little
 * late, stamped earlier than one already held, still comes. Later than that, the status check still finds it if
 * it waits for an answer.
 */
export const CATCH_UP_MARGIN_MS = 60 * 60_000;

export async function fetchDays(
  run: SyncRun,
  slices: readonly Slice[],
  catchUps: readonly CatchUp[],
): Promise<void> {
  // Catch-ups first: they are what a refresh is for, and one short page each.
  const work: (() => Promise<void>)[] = [
    ...catchUps.map((c) => () => runCatchUp(run, c)),
    ...slices.map((sl) => () => runSlice(run, sl)),
  ];
  let next = 0;
  async function worker() {
    for (;;) {
      // A store that also writes elsewhere (a team's caller) holds each slice until it is in there: no new slice
      // while too many are on their way.
      await run.pace();
      if (run.calls.stopped || next >= work.length) return;
      await work[next++]!();
    }
  }
  await Promise.all(Array.from({ length: Math.min(run.concurrency, work.length) }, worker));
}

async function runSlice({ calls, tally }: SyncRun, slice: Slice): Promise<void> {
  let notes: InboxNote[];
  try {
    notes = await calls.allPages(slice.sellerId, slice.day, slice.day, 'All');
  } catch (err) {
    // Cancelled or unreachable: drop the partial slice; the day stays unsynced and nothing half-done reaches
    // the mirror.
    if (calls.dropped(err)) return;
    tally.failedWork(slice.sellerId, slice.day, err);
    // The status check leaves it out: the next refresh fetches the day again.
    tally.markFetched(slice.sellerId, slice.day);
    return;
  }
  tally.keep(slice.sellerId, slice.day, notes, true);
  tally.slicesDone++;
  tally.progress.notes += notes.length;
  tally.finishSliceOf(slice.day);
}

async function runCatchUp({ calls, tally, store, statusWindowDays }: SyncRun, c: CatchUp): Promise<void> {
  const newestHeld = store.newestNoteAt(c.sellerId, c.from, c.to);
  const sinceMs = Math.max(dayStartMs(c.from), (newestHeld ?? 0) - CATCH_UP_MARGIN_MS);
  let notes: InboxNote[] = [];
  try {
    // Within the longest range a query may ask for, like the status check.
    for (const [from, to] of windows(c.from, c.to, statusWindowDays)) {
      if (dayEndMs(to) < sinceMs) continue;
      const since = Math.max(sinceMs, dayStartMs(from));
      notes = notes.concat(await calls.allPages(c.sellerId, from, to, 'All', { sinceMs: since }));
    }
  } catch (err) {
    if (calls.dropped(err)) return;
    tally.failedWork(c.sellerId, c.to, err);
    // Days the mirror holds may now lack new notes: the mirror does not say it is current.
    tally.catchUpFailed = true;
    return;
  }
  // Not whole days: upserted, never taken as the truth of a day (nothing is flagged withdrawn from it).
  tally.keep(c.sellerId, c.to, notes, false);
  tally.progress.notes += notes.length;
  tally.finishSliceOf(c.to);
}
