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
import type {
  FailedSlice,
  InboxNote,
  NoteDay,
  NotesProgressEvent,
  NotesSyncRequest,
  NotesSyncSummary,
} from '../contract';
import type { ReplyStatus, RequestOf, SendNote } from '../schema';
import { formatDateTime } from '../../src-shared/date-time';
import type { CallOptions, CallResult } from '../soap/client';
import { TooManyPagesError, readPages } from '../soap/pager';
import { AbortedError, errorFields, SoapError, TimeoutError } from '../soap/errors';
import { deskCodeOf, errorCodeOf, errorMessageOf } from '../../src-shared/thrown';
import { toInboxNote } from '../storage/inbox-note';
import type { NotesStore } from '../storage/notes-store';
import { addDays, dayEndMs, dayStartMs, daysBetween, marketDayOf } from '../../src-shared/market-day';
import { FailureGrouper } from '../../src-shared/sync-failures';

export interface NoteListClient {
  market: {
    buyerNoteList(req: RequestOf<'BuyerNoteList'>, opts?: CallOptions): Promise<CallResult<'BuyerNoteList'>>;
  };
}

export const SYNC_CONCURRENCY = 4;
export const SYNC_PAGE_SIZE = 500;
/** A refresh catches up on the newest synced day and this many before it: new notes land on the newest days. */
export const REFRESH_OVERLAP_DAYS = 1;
/**
 * The catch-up asks from this long before the newest note held in its days: a note the marketplace lists a little
 * late, stamped earlier than one already held, still comes. Later than that, the status check still finds it if
 * it waits for an answer.
 */
export const CATCH_UP_MARGIN_MS = 60 * 60_000;
/**
 * Calls that time out with nothing answering in between, adding up to this long (each call's timed-out sends
 * counted), mean the marketplace cannot be reached: the sync stops as it does on a refused connection. A call's
 * own timed-out sends stop there too (CallOptions.timeoutBudgetMs).
 */
export const UNREACHABLE_SILENCE_MS = 15_000;
/**
 * How far back the status check asks what still waits for an answer, from a mirror's first sync on (the hosts
 * pass it as `waitingLookbackDays`): the sidebar counts those notes from the first minute, not only the period's.
 */
export const WAITING_LOOKBACK_DAYS = 180;

export interface Slice {
  sellerId: string;
  day: NoteDay;
}

/** A refresh's catch-up on days a seller already holds: `from`..`to`, the notes newer than held. */
export interface CatchUp {
  sellerId: string;
  from: NoteDay;
  to: NoteDay;
}

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

/**
 * What a request needs, given what the mirror already holds: the day slices to fetch in full, ordered day by day
 * (every day for a full sync; the days not synced yet for a refresh), and for a refresh, per seller, the catch-up
 * on the newest synced day of the range and the one before it.
 */
export function plan(
  req: NotesSyncRequest,
  sellerIds: readonly string[],
  covered: (sellerId: string) => ReadonlySet<NoteDay>,
): { slices: Slice[]; catchUps: CatchUp[] } {
  const days = daysBetween(req.start, req.end);
  const wanted = new Map<string, Set<NoteDay>>();
  const catchUps: CatchUp[] = [];
  for (const sellerId of sellerIds) {
    let mine = days;
    if (req.mode === 'refresh') {
      const have = covered(sellerId);
      const newest = days.filter((d) => have.has(d)).at(-1);
      mine = days.filter((d) => !have.has(d));
      if (newest !== undefined) {
        const from = addDays(newest, -REFRESH_OVERLAP_DAYS);
        catchUps.push({ sellerId, from: have.has(from) ? from : newest, to: newest });
      }
    }
    wanted.set(sellerId, new Set(mine));
  }
  const slices: Slice[] = [];
  for (const day of days) {
    for (const sellerId of sellerIds) if (wanted.get(sellerId)!.has(day)) slices.push({ sellerId, day });
  }
  return { slices, catchUps };
}

class QueryFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly attempts: number,
    readonly pagesFetched: number,
    readonly got: InboxNote[],
  ) {
    super('query failed');
  }
}

/** The notes of a page; a SendNote without a SeqNo could never be de-duplicated and is left out. */
const toInboxNotes = (wire: readonly SendNote[]): InboxNote[] =>
  wire.map(toInboxNote).filter((n): n is InboxNote => n !== undefined);

/** Windows of at most `days` days covering start..end (one window without a limit). */
function windows(start: NoteDay, end: NoteDay, days: number | undefined): [NoteDay, NoteDay][] {
  if (!days || days < 1) return [[start, end]];
  const out: [NoteDay, NoteDay][] = [];
  for (let from = start; from <= end; from = addDays(from, days)) {
    const to = addDays(from, days - 1);
    out.push([from, to < end ? to : end]);
  }
  return out;
}

export async function syncNotes(req: NotesSyncRequest, opts: SyncOptions): Promise<SyncOutcome> {
  const clock = opts.now ?? Date.now;
  const startedAt = clock();
  const pageSize = opts.pageSize ?? SYNC_PAGE_SIZE;
  const { store, signal } = opts;
  const sellers = req.sellerIds && req.sellerIds.length > 0 ? req.sellerIds : opts.sellerIds;
  const { slices, catchUps } = plan(req, sellers, (s) => store.coveredDays(s));
  const newestBefore = store.newestAt();
  const lookbackDays = opts.waitingLookbackDays;
  const concurrency = opts.concurrency ?? SYNC_CONCURRENCY;

  // Per day: slices and catch-ups still running, and whether one failed. A catch-up counts for its newest day.
  const pending = new Map<NoteDay, number>();
  const dayFailed = new Set<NoteDay>();
  for (const s of slices) pending.set(s.day, (pending.get(s.day) ?? 0) + 1);
  for (const c of catchUps) pending.set(c.to, (pending.get(c.to) ?? 0) + 1);
  const days = pending.size;
  // Per seller: days this sync fetched in full or saw fail (the status check leaves them out).
  const fetchedInFull = new Map<string, Set<NoteDay>>();

  const progress: NotesProgressEvent = { phase: 'days', done: 0, total: days, notes: 0, failed: 0 };
  const failedSlices: FailedSlice[] = [];
  const failureGroups = new FailureGrouper<FailedSlice>();
  const emit = () =>
    opts.onProgress?.({
      ...progress,
      ...(failureGroups.size > 0 ? { failures: failureGroups.groups() } : {}),
    });
  const arrived: number[] = [];
  let fetched = 0;
  let added = 0;
  let notesSaved = 0;
  let daysDone = 0;
  let slicesDone = 0;
  let calls = 0;
  let unreachable = false;
  let catchUpFailed = false;
  // Time calls have timed out since the marketplace last answered (UNREACHABLE_SILENCE_MS).
  let silentMs = 0;
  // Aborts the calls in flight once the marketplace is found unreachable: they would only wait out the same.
  const stop = new AbortController();
  const callSignal = AbortSignal.any([signal, stop.signal]);
  emit();

  function stopUnreachable() {
    unreachable = true;
    if (!stop.signal.aborted) stop.abort(new AbortedError('the marketplace cannot be reached'));
  }

  /**
   * What a call's end says about the marketplace: an answer (an error one included) ends a silence; a refused
   * connection after every retry, or timeouts adding up to UNREACHABLE_SILENCE_MS, mean it cannot be reached.
   * Unreachable, the rest would only wait out the same backoff: new work stops, calls in flight are dropped,
   * what is left stays unsynced and the next refresh asks for it.
   */
  function heard(err?: unknown) {
    const code = deskCodeOf(err);
    if (code === 'ABORTED') return;
    if (code === 'NETWORK') stopUnreachable();
    if (code !== 'TIMEOUT') {
      silentMs = 0;
      return;
    }
    const timedOut = err instanceof TimeoutError ? err : undefined;
    silentMs += (timedOut?.timeoutMs ?? 0) * (timedOut?.attempts ?? 1);
    if (silentMs >= UNREACHABLE_SILENCE_MS) stopUnreachable();
  }

  /** A query that ended because the sync stopped (cancelled, or unreachable): nothing to tell or keep. */
  function dropped(err: unknown): boolean {
    if (signal.aborted) return true;
    const cause = err instanceof QueryFailed ? err.cause : err;
    return stop.signal.aborted && deskCodeOf(cause) === 'ABORTED';
  }

  // Calls in flight across the whole sync, and the ones waiting for a turn (first come, first served).
  let inFlight = 0;
  const turns: (() => void)[] = [];
  async function turn(): Promise<void> {
    if (inFlight < concurrency) {
      inFlight++;
      return;
    }
    await new Promise<void>((resolve) => turns.push(resolve));
  }
  function release() {
    const next = turns.shift();
    if (next) next();
    else inFlight--;
  }

  /**
   * One page as the wire has it (the status check reads most of its notes by SeqNo alone), retried by the SOAP
   * client's one policy (soap/retry.ts): nothing here sends it again.
   */
  async function page(request: RequestOf<'BuyerNoteList'>): Promise<readonly SendNote[]> {
    await turn();
    try {
      if (callSignal.aborted) throw callSignal.reason;
      calls++;
      const { data } = await opts.client.market.buyerNoteList(request, {
        signal: callSignal,
        timeoutBudgetMs: UNREACHABLE_SILENCE_MS,
      });
      heard();
      return data?.SendNote ?? [];
    } catch (err) {
      if (signal.aborted) throw err;
      heard(err);
      throw new QueryFailed(err, err instanceof SoapError ? (err.attempts ?? 1) : 1, 0, []);
    } finally {
      release();
    }
  }

  /** Every page of one query; a note repeated across pages (the list moved while paging) is kept once. */
  async function allPages(
    sellerId: string,
    start: NoteDay,
    end: NoteDay,
    status: ReplyStatus,
    more: {
      /**
       * Takes each page as it comes, as the wire has it, instead of keeping them (the status check's answers
       * can be many, and it turns into notes only those the mirror does not hold as waiting).
       */
      onPage?: (notes: readonly SendNote[]) => void;
      /** Asks from this instant instead of the start of `start` (a catch-up). */
      sinceMs?: number;
      /** Pages the mirror's own notes suggest, asked for side by side. */
      expectedPages?: number;
    } = {},
  ): Promise<InboxNote[]> {
    const { onPage } = more;
    const got = new Map<number, InboxNote>();
    let pages = 0;
    try {
      await readPages<SendNote>({
        pageSize,
        pageIndexBase: opts.pageIndexBase,
        concurrency,
        ...(more.expectedPages === undefined ? {} : { expectedPages: more.expectedPages }),
        fetchPage: (pageIndex) =>
          page({
            StartDate: formatDateTime(more.sinceMs ?? dayStartMs(start)),
            EndDate: formatDateTime(dayEndMs(end) - 999),
            ReplyStatus: status,
            SellerID: sellerId,
            Pagination: { PageIndex: pageIndex, PageSize: pageSize },
          }),
        onPage: (notes) => {
          pages++;
          if (onPage) onPage(notes);
          else for (const n of toInboxNotes(notes)) got.set(n.seqNo, n);
        },
      });
    } catch (err) {
      if (err instanceof QueryFailed)
        throw new QueryFailed(err.cause, err.attempts, pages, [...got.values()]);
      if (err instanceof TooManyPagesError) throw new QueryFailed(err, 1, pages, [...got.values()]);
      throw err;
    }
    return [...got.values()];
  }

  function fail(sellerId: string, day: NoteDay, err: unknown, phase: FailedSlice['phase']) {
    const failure = err instanceof QueryFailed ? err : new QueryFailed(err, 1, 0, []);
    const failed: FailedSlice = {
      sellerId,
      day,
      code: errorCodeOf(failure.cause),
      message: errorMessageOf(failure.cause),
      attempts: failure.attempts,
      pagesFetched: failure.pagesFetched,
      ...(phase ? { phase } : {}),
      ...errorFields(failure.cause),
    };
    failedSlices.push(failed);
    failureGroups.add(failed);
    if (!phase) progress.failed++;
    // Certain now (its retries are spent): the seller hears of it at once, not when the whole sync ends.
    emit();
    return failure.got;
  }

  function keep(sellerId: string, day: NoteDay, notes: InboxNote[], complete: boolean) {
    const out = store.writeSlice({ sellerId, day, notes, complete }, clock());
    fetched += notes.length;
    notesSaved += notes.length;
    added += out.added.length;
    if (newestBefore !== undefined) {
      for (const w of out.addedWaiting) if (w.at > newestBefore) arrived.push(w.seqNo);
    }
    if (complete) markFetched(sellerId, day);
  }

  function markFetched(sellerId: string, day: NoteDay) {
    let set = fetchedInFull.get(sellerId);
    if (!set) fetchedInFull.set(sellerId, (set = new Set()));
    set.add(day);
  }

  async function runSlice(slice: Slice): Promise<void> {
    let notes: InboxNote[];
    try {
      notes = await allPages(slice.sellerId, slice.day, slice.day, 'All');
    } catch (err) {
      // Cancelled or unreachable: drop the partial slice; the day stays unsynced and nothing half-done reaches
      // the mirror.
      if (dropped(err)) return;
      failedWork(slice.sellerId, slice.day, err);
      // The status check leaves it out: the next refresh fetches the day again.
      markFetched(slice.sellerId, slice.day);
      return;
    }
    keep(slice.sellerId, slice.day, notes, true);
    slicesDone++;
    progress.notes += notes.length;
    finishSliceOf(slice.day);
  }

  /** A slice or catch-up that failed after its retries: told, its real notes kept, its day not counted done. */
  function failedWork(sellerId: string, day: NoteDay, err: unknown) {
    const got = fail(sellerId, day, err, undefined);
    // Real notes, kept; the day is not marked synced, so the next refresh fetches it again.
    if (got.length > 0) keep(sellerId, day, got, false);
    dayFailed.add(day);
    progress.notes += got.length;
    finishSliceOf(day);
  }

  function finishSliceOf(day: NoteDay) {
    const left = pending.get(day)! - 1;
    pending.set(day, left);
    if (left === 0) {
      progress.done++;
      if (!dayFailed.has(day)) daysDone++;
      emit();
    }
  }

  async function runCatchUp(c: CatchUp): Promise<void> {
    const newestHeld = store.newestNoteAt(c.sellerId, c.from, c.to);
    const sinceMs = Math.max(dayStartMs(c.from), (newestHeld ?? 0) - CATCH_UP_MARGIN_MS);
    let notes: InboxNote[] = [];
    try {
      // Within the longest range a query may ask for, like the status check.
      for (const [from, to] of windows(c.from, c.to, opts.statusWindowDays)) {
        if (dayEndMs(to) < sinceMs) continue;
        const since = Math.max(sinceMs, dayStartMs(from));
        notes = notes.concat(await allPages(c.sellerId, from, to, 'All', { sinceMs: since }));
      }
    } catch (err) {
      if (dropped(err)) return;
      failedWork(c.sellerId, c.to, err);
      // Days the mirror holds may now lack new notes: the mirror does not say it is current.
      catchUpFailed = true;
      return;
    }
    // Not whole days: upserted, never taken as the truth of a day (nothing is flagged withdrawn from it).
    keep(c.sellerId, c.to, notes, false);
    progress.notes += notes.length;
    finishSliceOf(c.to);
  }

  // Catch-ups first: they are what a refresh is for, and one short page each.
  const work: (() => Promise<void>)[] = [
    ...catchUps.map((c) => () => runCatchUp(c)),
    ...slices.map((sl) => () => runSlice(sl)),
  ];
  let next = 0;
  async function worker() {
    while (!signal.aborted && !unreachable && next < work.length) {
      await work[next++]!();
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));

  // ---- 2. the status check ----
  const check = { calls: 0, waiting: 0, changed: 0, refetchedDays: 0, withdrawn: 0, done: false };
  const checkSellers = sellers.filter((s) => store.heldRange(s) !== undefined);
  if (!signal.aborted && !unreachable) {
    const callsBefore = calls;
    progress.phase = 'statuses';
    progress.done = 0;
    progress.total = checkSellers.length;
    emit();
    // Sellers are checked side by side, as many at once as days are fetched: each check is a few calls that wait
    // on the network, and one after another they made a refresh of a large mirror take seconds.
    let nextSeller = 0;
    const checker = async () => {
      while (nextSeller < checkSellers.length && !signal.aborted && !unreachable) {
        await checkStatuses(checkSellers[nextSeller++]!);
        progress.done++;
        emit();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, checkSellers.length) }, checker));
    check.calls = calls - callsBefore;
    // A window or a day that failed leaves statuses the check could not confirm: not done, so "as of" stays put.
    check.done = !signal.aborted && !unreachable && !failedSlices.some((f) => f.phase === 'statuses');
  }

  /**
   * The days a seller's status check asks about: those the mirror holds, reaching back to the oldest waiting note
   * it holds outside them, and to `lookbackDays` before the request's last day (the inbox's
   * "today": the page's clock, not this process's, says which day that is).
   */
  function checkRange(sellerId: string): { first: NoteDay; last: NoteDay } {
    let { first, last } = store.heldRange(sellerId)!;
    const older = store.waitingNotes(sellerId, 0, dayStartMs(first) - 1);
    for (const w of older) if (marketDayOf(w.at) < first) first = marketDayOf(w.at);
    if (lookbackDays !== undefined && lookbackDays > 0) {
      const from = addDays(req.end, -(lookbackDays - 1));
      if (from < first) first = from;
      if (req.end > last) last = req.end;
    }
    return { first, last };
  }

  async function checkStatuses(sellerId: string) {
    let { first, last } = checkRange(sellerId);
    // Days this sync has just fetched in full are current already, and a day that failed will be fetched again
    // by the next refresh: leave them out at both ends.
    const fresh = fetchedInFull.get(sellerId) ?? new Set<NoteDay>();
    while (first <= last && fresh.has(first)) first = addDays(first, 1);
    while (last >= first && fresh.has(last)) last = addDays(last, -1);
    if (first > last) return;
    // What the mirror has as waiting: it sizes each query's pages, and a note already held as waiting needs no
    // write (a note's other attributes never change).
    const heldWaiting = store.waitingNotes(sellerId, dayStartMs(first), dayEndMs(last));
    const heldWaitingSeqs = new Set(heldWaiting.map((w) => w.seqNo));
    const stillWaiting = new Set<number>();
    for (const [from, to] of windows(first, last, opts.statusWindowDays)) {
      const [fromMs, toMs] = [dayStartMs(from), dayEndMs(to)];
      const inWindow = heldWaiting.filter((w) => w.at >= fromMs && w.at <= toMs).length;
      try {
        await allPages(sellerId, from, to, 'NoReply', {
          expectedPages: Math.floor(inWindow / pageSize) + 1,
          onPage: (answered) => {
            const unheld: SendNote[] = [];
            for (const n of answered) {
              if (n.SeqNo === undefined) continue;
              stillWaiting.add(n.SeqNo);
              if (!heldWaitingSeqs.has(n.SeqNo)) unheld.push(n);
            }
            // A waiting note the mirror missed is added, and one it held as answered or withdrawn is written as
            // listed. In a day it does not hold (the first sync's look back), the note is held alone: the day
            // still comes whole when a period asks for it.
            const news = toInboxNotes(unheld);
            if (news.length > 0) added += store.writeNotes(news).added.length;
          },
        });
      } catch (err) {
        if (dropped(err)) return;
        fail(sellerId, from, err, 'statuses');
        return;
      }
    }
    const left = heldWaiting.filter((w) => !stillWaiting.has(w.seqNo));
    check.waiting += stillWaiting.size;
    const leftDays = [...new Set(left.map((w) => marketDayOf(w.at)))].sort();
    for (const day of leftDays) {
      if (signal.aborted || unreachable) return;
      let notes: InboxNote[];
      try {
        notes = await allPages(sellerId, day, day, 'All');
      } catch (err) {
        if (dropped(err)) return;
        fail(sellerId, day, err, 'statuses');
        continue;
      }
      const out = store.writeSlice({ sellerId, day, notes, complete: true }, clock());
      check.refetchedDays++;
      check.changed += out.written;
      check.withdrawn += out.withdrawn;
    }
  }

  const finishedAt = clock();
  const cancelled = signal.aborted;
  const first = failedSlices[0];
  const ok = !cancelled && failedSlices.length === 0;
  // Days of the request the mirror did not hold and still does not: what the period shows is less than there is.
  const partial = slicesDone < slices.length ? { days, daysDone, notes: notesSaved } : undefined;
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
    !cancelled && check.done && !catchUpFailed && failedSlices.length === 0 ? finishedAt : undefined,
  );

  return {
    fetched,
    added,
    days,
    daysDone,
    notesSaved,
    slices: slices.length,
    failedSlices,
    cancelled,
    startedAt,
    finishedAt,
    calls,
    statusCheck: {
      done: check.done,
      calls: check.calls,
      waiting: check.waiting,
      refetchedDays: check.refetchedDays,
      changed: check.changed,
      withdrawn: check.withdrawn,
    },
    arrivedNoReply: arrived,
  };
}
