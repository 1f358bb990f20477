// Fills a notes mirror from BuyerNoteList and keeps it in step with the marketplace.
//
// 1. Days. BuyerNoteList has no total count, so the unit of work is the day slice: one seller × one Korean day,
//    paged until a page comes back shorter than the page size. A full sync fetches every day of the range; a
//    refresh fetches the days not synced yet in full. Each finished slice is one transaction (its notes, its
//    coverage, and the notes of that seller-day the marketplace no longer lists flagged withdrawn), so a cancel or
//    a crash never leaves half a day. A slice that fails after its retries keeps the pages it got, but its day is
//    not marked synced.
//    A refresh brings the days it holds up to date with one catch-up query per seller: the notes of the newest
//    synced day and the one before it, from a little before the newest note it holds there (CATCH_UP_MARGIN_MS)
//    to the end of the newest day. With nothing new that is one short page per seller.
// 2. Statuses. Notes are answered long after they arrive, on the marketplace's own console too. So after the
//    days, for each seller, one query asks for the notes still waiting (ReplyStatus=NoReply) over the whole range
//    the mirror holds, all pages, except the days this sync has just fetched in full. Its pages are asked for side
//    by side, as many as the waiting notes the mirror holds would fill. A waiting note the mirror missed in a day
//    it holds is added (a late note the catch-up did not reach included). Every held note the mirror has as
//    waiting that did not come back has left that set; its seller-day is fetched again in full
//    (ReplyStatus=All) and taken as the truth: answered notes become ReplyComplete, notes the day no longer
//    lists are flagged withdrawn. The cost is a page per PageSize waiting notes per seller, plus one call per day
//    where something changed. docs/protocol-choices.md has the rule.
//    The check also reaches back `waitingLookbackDays` before the request's last day, the first sync's included,
//    and holds every waiting note it is told of there, in days it does not hold too (and back to the oldest such
//    note held): the sidebar counts what waits from the first minute, and it stays in step.
// 3. Unreachable. A refused connection after every retry, or calls timing out with nothing answering in between
//    for UNREACHABLE_SILENCE_MS in all, stop the sync: no new work, calls in flight dropped, no status check.
//
// At most `concurrency` calls are in flight at once, whichever phase sends them.
// Progress counts days (a day is done when every seller's slice of it is), then the status check per seller.
//
// The parts live in notes-sync/: plan.ts (what to ask), calls.ts (the calls, their turns and the unreachable
// rule), tally.ts (progress, failures, what was written), days.ts and status-check.ts (the two phases). Each
// phase is handed the sync's state (run.ts) explicitly; this file wires them and records the sync.
import type { NotesProgressEvent, NotesSyncRequest, NotesSyncSummary } from '../contract';
import type { NotesStore, SettlingStore } from '../storage/notes-store';
import { NoteCalls } from './notes-sync/calls';
import type { NoteListClient } from './notes-sync/calls';
import { fetchDays } from './notes-sync/days';
import { plan } from './notes-sync/plan';
import type { Slice } from './notes-sync/plan';
import { paceOf } from './notes-sync/run';
import type { SyncRun } from './notes-sync/run';
import { checkStatuses } from './notes-sync/status-check';
import { SyncTally } from './notes-sync/tally';

export { UNREACHABLE_SILENCE_MS } from './notes-sync/calls';
export type { NoteListClient } from './notes-sync/calls';
export { CATCH_UP_MARGIN_MS } from './notes-sync/days';
export { plan } from './notes-sync/plan';

const SYNC_CONCURRENCY = 4;
export const SYNC_PAGE_SIZE = 500;
/**
 * How far back the status check asks what still waits for an answer, from a mirror's first sync on (the hosts
 * pass it as `waitingLookbackDays`): the sidebar counts those notes from the first minute, not only the period's.
 */
export const WAITING_LOOKBACK_DAYS = 180;

export interface SyncOptions {
  client: NoteListClient;
  store: NotesStore;
  /** Every seller of the connection (the default when the request names none). */
  sellerIds: readonly string[];
  pageIndexBase: 0 | 1;
  signal: AbortSignal;
  onProgress?: (p: NotesProgressEvent) => void;
  concurrency?: number;
  pageSize?: number;
  /**
   * Longest date range one status-check query may ask for (a marketplace may limit it); the held range is
   * split into windows this long. Undefined: the whole held range in one query.
   */
  statusWindowDays?: number;
  /**
   * The status check reaches back this many days before the request's last day, a mirror's first sync included,
   * so the waiting notes of days it does not hold are held (and counted) too. Undefined: the held range only.
   */
  waitingLookbackDays?: number;
  now?: () => number;
}

export interface SyncOutcome extends NotesSyncSummary {
  /** New notes, waiting for a reply, newer than anything the mirror held before (for notifications). */
  arrivedNoReply: number[];
}

export async function syncNotes(req: NotesSyncRequest, opts: SyncOptions): Promise<SyncOutcome> {
  const clock = opts.now ?? Date.now;
  const startedAt = clock();
  const pageSize = opts.pageSize ?? SYNC_PAGE_SIZE;
  const { store, signal } = opts;
  const sellers = req.sellerIds && req.sellerIds.length > 0 ? req.sellerIds : opts.sellerIds;
  const { slices, catchUps } = plan(req, sellers, (s) => store.coveredDays(s));
  const newestBefore = store.newestAt();
  const concurrency = opts.concurrency ?? SYNC_CONCURRENCY;
  const run: SyncRun = {
    calls: new NoteCalls({
      client: opts.client,
      pageIndexBase: opts.pageIndexBase,
      pageSize,
      concurrency,
      signal,
    }),
    tally: new SyncTally({ store, clock, onProgress: opts.onProgress, newestBefore, slices, catchUps }),
    store,
    clock,
    concurrency,
    pageSize,
    statusWindowDays: opts.statusWindowDays,
    pace: paceOf(store, signal),
  };
  run.tally.emit();

  // ---- 1. the days ----
  await fetchDays(run, slices, catchUps);
  // ---- 2. the status check ----
  const check = await checkStatuses(run, sellers, { end: req.end, lookbackDays: opts.waitingLookbackDays });

  const finishedAt = clock();
  const cancelled = signal.aborted;
  record(run, slices, { finishedAt, cancelled, checked: check.done });
  // Every held waiting note of these sellers was seen waiting by this sync (its days or its check), from its start.
  if (!cancelled && check.done && run.tally.failedSlices.length === 0)
    store.recordChecked(sellers, startedAt);
  // A store that also writes elsewhere (a team's caller writing the team database): done when those are in.
  if ('settled' in store) await (store as SettlingStore).settled();
  const { tally } = run;
  return {
    fetched: tally.fetched,
    added: tally.added,
    days: tally.days,
    daysDone: tally.daysDone,
    notesSaved: tally.notesSaved,
    slices: slices.length,
    failedSlices: tally.failedSlices,
    cancelled,
    startedAt,
    finishedAt,
    calls: run.calls.count,
    statusCheck: {
      done: check.done,
      calls: check.calls,
      waiting: check.waiting,
      refetchedDays: check.refetchedDays,
      changed: check.changed,
      withdrawn: check.withdrawn,
    },
    arrivedNoReply: tally.arrived,
  };
}

/** Records the sync in the mirror: how it ended, what it left undone, and "as of" when it ran through. */
function record(
  { store, tally }: SyncRun,
  slices: readonly Slice[],
  end: { finishedAt: number; cancelled: boolean; checked: boolean },
) {
  const { finishedAt, cancelled } = end;
  const { failedSlices } = tally;
  const first = failedSlices[0];
  const ok = !cancelled && failedSlices.length === 0;
  // Days of the request the mirror did not hold and still does not: what the period shows is less than there is.
  const partial =
    tally.slicesDone < slices.length
      ? { days: tally.days, daysDone: tally.daysDone, notes: tally.notesSaved }
      : undefined;
  store.recordSync(
    {
      at: finishedAt,
      ok,
      cancelled,
      ...(first ? { errorCode: first.code, errorMessage: first.message } : {}),
      failedSlices,
      ...(partial ? { partial } : {}),
    },
    // "As of" means the mirror reflects the marketplace at that time: only a sync that ran through says so, every
    // day and catch-up fetched. One whose days all failed (a seller ID the marketplace does not know) says nothing
    // of it: a profile that never synced shows no time.
    !cancelled && end.checked && !tally.catchUpFailed && failedSlices.length === 0 ? finishedAt : undefined,
  );
}
