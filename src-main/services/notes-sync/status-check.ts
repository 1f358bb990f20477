// The status check (section 2 of notes-sync.ts): per seller, one query for the notes still waiting over the days
// the mirror holds (and the look-back), and the seller-days fetched again where a held waiting note left the list.
import type { NoteDay, NotesStatusCheck } from '../../contract';
import type { SendNote } from '../../schema';
import { addDays, dayEndMs, dayStartMs, marketDayOf } from '../../../src-shared/market-day';
import { toInboxNotes } from './calls';
import { windows } from './plan';
import type { SyncRun } from './run';

/** How far the check reaches: the request's last day (the inbox's "today") and `waitingLookbackDays`. */
export interface CheckReach {
  end: NoteDay;
  lookbackDays: number | undefined;
}

/** Checks the sellers whose mirror holds days, side by side; nothing when the sync has stopped. */
export async function checkStatuses(
  run: SyncRun,
  sellers: readonly string[],
  reach: CheckReach,
): Promise<NotesStatusCheck> {
  const { calls, tally, store } = run;
  const check = { calls: 0, waiting: 0, changed: 0, refetchedDays: 0, withdrawn: 0, done: false };
  const checkSellers = sellers.filter((s) => store.heldRange(s) !== undefined);
  if (calls.stopped) return check;
  const callsBefore = calls.count;
  tally.progress.phase = 'statuses';
  tally.progress.done = 0;
  tally.progress.total = checkSellers.length;
  tally.emit();
  // Sellers are checked side by side, as many at once as days are fetched: each check is a few calls that wait
  // on the network, and one after another they made a refresh of a large mirror take seconds.
  let nextSeller = 0;
  const checker = async () => {
    for (;;) {
      await run.pace();
      if (nextSeller >= checkSellers.length || calls.stopped) return;
      await checkSeller(run, check, checkSellers[nextSeller++]!, reach);
      tally.progress.done++;
      tally.emit();
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.concurrency, checkSellers.length) }, checker));
  check.calls = calls.count - callsBefore;
  // A window or a day that failed leaves statuses the check could not confirm: not done, so "as of" stays put.
  check.done = !calls.stopped && !tally.failedSlices.some((f) => f.phase === 'statuses');
  return check;
}

/**
 * The days a seller's status check asks about: those the mirror holds, reaching back to the oldest waiting note
 * it holds outside them, and to `lookbackDays` before the request's last day (the inbox's "today": the page's
 * clock, not this process's, says which day that is).
 */
function checkRange(
  { store }: SyncRun,
  sellerId: string,
  reach: CheckReach,
): { first: NoteDay; last: NoteDay } {
  let { first, last } = store.heldRange(sellerId)!;
  const older = store.waitingNotes(sellerId, 0, dayStartMs(first) - 1);
  for (const w of older) if (marketDayOf(w.at) < first) first = marketDayOf(w.at);
  const { lookbackDays, end } = reach;
  if (lookbackDays !== undefined && lookbackDays > 0) {
    const from = addDays(end, -(lookbackDays - 1));
    if (from < first) first = from;
    if (end > last) last = end;
  }
  return { first, last };
}

async function checkSeller(run: SyncRun, check: NotesStatusCheck, sellerId: string, reach: CheckReach) {
  const { calls, tally, store } = run;
  let { first, last } = checkRange(run, sellerId, reach);
  // Days this sync has just fetched in full are current already, and a day that failed will be fetched again
  // by the next refresh: leave them out at both ends.
  const fresh = tally.fetchedDays(sellerId);
  while (first <= last && fresh.has(first)) first = addDays(first, 1);
  while (last >= first && fresh.has(last)) last = addDays(last, -1);
  if (first > last) return;
  const stillWaiting = await askWaiting(run, sellerId, first, last);
  if (!stillWaiting) return;
  const { heldWaiting, listed } = stillWaiting;
  const left = heldWaiting.filter((w) => !listed.has(w.seqNo));
  check.waiting += listed.size;
  const leftDays = [...new Set(left.map((w) => marketDayOf(w.at)))].sort();
  for (const day of leftDays) {
    await run.pace();
    if (calls.stopped) return;
    let notes;
    try {
      notes = await calls.allPages(sellerId, day, day, 'All');
    } catch (err) {
      if (calls.dropped(err)) return;
      tally.fail(sellerId, day, err, 'statuses');
      continue;
    }
    const out = store.writeSlice({ sellerId, day, notes, complete: true }, run.clock());
    check.refetchedDays++;
    check.changed += out.written;
    check.withdrawn += out.withdrawn;
  }
}

/**
 * The notes the marketplace lists as waiting over first..last, window by window, beside those the mirror holds
 * as waiting there. A waiting note the mirror does not hold so is written as it comes. Undefined when a window
 * failed or the sync stopped.
 */
async function askWaiting(run: SyncRun, sellerId: string, first: NoteDay, last: NoteDay) {
  const { calls, tally, store, pageSize } = run;
  // What the mirror has as waiting: it sizes each query's pages, and a note already held as waiting needs no
  // write (a note's other attributes never change).
  const heldWaiting = store.waitingNotes(sellerId, dayStartMs(first), dayEndMs(last));
  const heldWaitingSeqs = new Set(heldWaiting.map((w) => w.seqNo));
  const listed = new Set<number>();
  for (const [from, to] of windows(first, last, run.statusWindowDays)) {
    const [fromMs, toMs] = [dayStartMs(from), dayEndMs(to)];
    const inWindow = heldWaiting.filter((w) => w.at >= fromMs && w.at <= toMs).length;
    try {
      await calls.allPages(sellerId, from, to, 'NoReply', {
        expectedPages: Math.floor(inWindow / pageSize) + 1,
        onPage: (answered) => {
          const unheld: SendNote[] = [];
          for (const n of answered) {
            if (n.SeqNo === undefined) continue;
            listed.add(n.SeqNo);
            if (!heldWaitingSeqs.has(n.SeqNo)) unheld.push(n);
          }
          // A waiting note the mirror missed is added, and one it held as answered or withdrawn is written as
          // listed. In a day it does not hold (the first sync's look back), the note is held alone: the day
          // still comes whole when a period asks for it.
          const news = toInboxNotes(unheld);
          if (news.length > 0) tally.added += store.writeNotes(news, run.clock()).added.length;
        },
      });
    } catch (err) {
      if (calls.dropped(err)) return undefined;
      tally.fail(sellerId, from, err, 'statuses');
      return undefined;
    }
  }
  return { heldWaiting, listed };
}
