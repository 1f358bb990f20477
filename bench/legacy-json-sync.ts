// Release 0.1.0's sync into its JSON notes cache, kept in the bench only (see legacy-json-cache.ts): a copy of
// src-main/services/notes-sync.ts of that release, its imports adjusted. Original header:
//
// Fills the notes mirror from BuyerNoteList.
//
// BuyerNoteList has no total count, so progress cannot be counted in notes. The unit is the day slice: one
// seller × one Korean day, paged until a page comes back shorter than the page size. Slices are known before
// the first request, which makes the progress bar determinate, and they are small enough that a failure or a
// cancel costs one day of one seller, never the sync.
//
// Consistency: a slice's notes reach the cache in one synchronous merge when the slice ends, so the cache
// never holds half a slice from a cancel. A slice that fails after its retries still merges the pages it got
// (they are real notes) but its day is not marked synced, so the next refresh fetches it again.
import type { FailedSlice, InboxNote, NoteDay, NotesSyncRequest } from '../src-main/contract';
import type { RequestOf } from '../src-main/schema';
import type { CallOptions, CallResult } from '../src-main/soap/client';
import { ResponseTooLargeError, SoapFaultError, XmlSecurityError } from '../src-main/soap/errors';
import { addDays, dayEndMs, dayStartMs, daysBetween } from '../src-shared/market-day';
import { formatDateTime } from '../src-shared/date-time';
import type { NotesCache } from './legacy-json-cache';
import { toInboxNote } from './legacy-json-cache';

interface NotesSyncSummary {
  fetched: number;
  added: number;
  slices: number;
  slicesDone: number;
  failedSlices: FailedSlice[];
  cancelled: boolean;
  startedAt: number;
  finishedAt: number;
}

export interface NoteListClient {
  market: {
    buyerNoteList(req: RequestOf<'BuyerNoteList'>, opts?: CallOptions): Promise<CallResult<'BuyerNoteList'>>;
  };
}

export interface SliceRetryPolicy {
  /** Tries per page, the first one included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The transport already retries 503s and throttling; this covers what it cannot see as transient. */
export const SLICE_RETRY: SliceRetryPolicy = { attempts: 5, baseDelayMs: 300, maxDelayMs: 5000 };
export const SYNC_CONCURRENCY = 4;
export const SYNC_PAGE_SIZE = 500;
/** Refresh re-reads the newest synced day and this many before it: late replies change recent notes. */
export const REFRESH_OVERLAP_DAYS = 1;
// A server that ignores PageIndex would page forever; no real day of one seller comes near this.
const MAX_PAGES_PER_SLICE = 2000;

export interface Slice {
  sellerId: string;
  day: NoteDay;
}

export interface SyncProgress {
  done: number;
  total: number;
  notes: number;
  failed: number;
}

export interface SyncOptions {
  client: NoteListClient;
  cache: NotesCache;
  /** Every seller of the connection (the default when the request names none). */
  sellerIds: readonly string[];
  pageIndexBase: 0 | 1;
  signal: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  concurrency?: number;
  pageSize?: number;
  retry?: SliceRetryPolicy;
  /** Injected by tests so backoff does not slow them down. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface SyncOutcome extends NotesSyncSummary {
  /** New notes, waiting for a reply, newer than anything the cache held before (for notifications). */
  arrivedNoReply: number[];
}

/** Which slices a request needs, given what the cache already holds. */
export function planSlices(
  req: NotesSyncRequest,
  sellerIds: readonly string[],
  covered: (sellerId: string) => ReadonlySet<NoteDay>,
): Slice[] {
  const days = daysBetween(req.start, req.end);
  const slices: Slice[] = [];
  for (const sellerId of sellerIds) {
    let wanted = days;
    if (req.mode === 'refresh') {
      const have = covered(sellerId);
      const newest = days.filter((d) => have.has(d)).at(-1);
      const overlapFrom = newest === undefined ? undefined : addDays(newest, -REFRESH_OVERLAP_DAYS);
      wanted = days.filter((d) => !have.has(d) || (overlapFrom !== undefined && d >= overlapFrom));
    }
    for (const day of wanted) slices.push({ sellerId, day });
  }
  return slices;
}

/** Worth another try: damaged or missing answers, timeouts, server-side faults. Never auth or our own request. */
export function isTransient(err: unknown): boolean {
  if (err instanceof XmlSecurityError || err instanceof ResponseTooLargeError) return false;
  const e = err as { deskCode?: string; status?: number };
  switch (e.deskCode) {
    case 'BAD_RESPONSE':
    case 'TIMEOUT':
    case 'NETWORK':
    case 'THROTTLED':
      return true;
    case 'HTTP_ERROR':
      return e.status === undefined || e.status >= 500 || e.status === 408 || e.status === 429;
    case 'SOAP_FAULT':
      return err instanceof SoapFaultError && /(^|:)(Server|Receiver)$/i.test(err.fault.code);
    default:
      return false;
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

class SliceFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly attempts: number,
  ) {
    super('slice failed');
  }
}

export async function syncNotes(req: NotesSyncRequest, opts: SyncOptions): Promise<SyncOutcome> {
  const startedAt = (opts.now ?? Date.now)();
  const pageSize = opts.pageSize ?? SYNC_PAGE_SIZE;
  const retry = opts.retry ?? SLICE_RETRY;
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  const { cache, signal } = opts;
  const sellers = req.sellerIds && req.sellerIds.length > 0 ? req.sellerIds : opts.sellerIds;
  const slices = planSlices(req, sellers, (s) => cache.covered(s));
  const newestBefore = cache.newestAt();

  const progress: SyncProgress = { done: 0, total: slices.length, notes: 0, failed: 0 };
  const failedSlices: FailedSlice[] = [];
  const added: InboxNote[] = [];
  let fetched = 0;
  opts.onProgress?.({ ...progress });

  async function page(slice: Slice, pageIndex: number): Promise<InboxNote[]> {
    const request: RequestOf<'BuyerNoteList'> = {
      StartDate: formatDateTime(dayStartMs(slice.day)),
      EndDate: formatDateTime(dayEndMs(slice.day) - 999),
      ReplyStatus: 'All',
      SellerID: slice.sellerId,
      Pagination: { PageIndex: pageIndex, PageSize: pageSize },
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const { data } = await opts.client.market.buyerNoteList(request, { signal });
        return (data?.SendNote ?? []).map(toInboxNote).filter((n): n is InboxNote => n !== undefined);
      } catch (err) {
        if (signal.aborted) throw err;
        if (!isTransient(err) || attempt >= retry.attempts) throw new SliceFailed(err, attempt);
        const cap = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
        // Half fixed, half jitter: spread out, but never a near-zero wait that hammers a struggling server.
        await sleep(cap / 2 + (random() * cap) / 2, signal);
      }
    }
  }

  async function runSlice(slice: Slice): Promise<void> {
    const got: InboxNote[] = [];
    let pages = 0;
    try {
      for (let i = 0; i < MAX_PAGES_PER_SLICE; i++) {
        const notes = await page(slice, opts.pageIndexBase + i);
        pages++;
        got.push(...notes);
        if (notes.length < pageSize) break;
      }
    } catch (err) {
      // Cancelled: drop the partial slice; the day stays unsynced and nothing half-done reaches the cache.
      if (signal.aborted) return;
      const failure = err instanceof SliceFailed ? err : new SliceFailed(err, 1);
      const e = failure.cause as { deskCode?: string; message?: string };
      failedSlices.push({
        ...slice,
        code: e.deskCode ?? 'INTERNAL',
        message: e.message ?? String(failure.cause),
        attempts: failure.attempts,
        pagesFetched: pages,
      });
      keep(got);
      progress.failed++;
      // Unreachable after every retry: the other slices would only wait out the same backoff. Stop taking new
      // ones; they stay unsynced and the next refresh asks for them.
      if (e.deskCode === 'NETWORK') unreachable = true;
      finish();
      return;
    }
    keep(got);
    cache.markCovered(slice.sellerId, slice.day);
    finish();
  }

  function keep(notes: InboxNote[]) {
    fetched += notes.length;
    progress.notes += notes.length;
    const fresh = new Set(cache.merge(notes));
    for (const n of notes) if (fresh.has(n.seqNo)) added.push(n);
  }

  function finish() {
    progress.done++;
    opts.onProgress?.({ ...progress });
  }

  let next = 0;
  let unreachable = false;
  async function worker() {
    while (!signal.aborted && !unreachable && next < slices.length) {
      const slice = slices[next++]!;
      await runSlice(slice);
    }
  }
  const workers = Array.from(
    { length: Math.min(opts.concurrency ?? SYNC_CONCURRENCY, slices.length) },
    worker,
  );
  await Promise.all(workers);

  const finishedAt = (opts.now ?? Date.now)();
  const cancelled = signal.aborted;
  const succeeded = progress.done - progress.failed;
  const first = failedSlices[0];
  cache.recordSync(
    {
      at: finishedAt,
      ok: !cancelled && failedSlices.length === 0,
      cancelled,
      ...(first ? { errorCode: first.code, errorMessage: first.message } : {}),
      failedSlices,
    },
    // "As of" means the data reflects the marketplace at that time: only a sync that ran through says so.
    !cancelled && succeeded > 0 ? finishedAt : undefined,
  );
  await cache.persist();

  const arrivedNoReply =
    newestBefore === undefined
      ? []
      : added.filter((n) => n.replyStatus === 'NoReply' && n.at > newestBefore).map((n) => n.seqNo);
  return {
    fetched,
    added: added.length,
    slices: slices.length,
    slicesDone: progress.done,
    failedSlices,
    cancelled,
    startedAt,
    finishedAt,
    arrivedNoReply,
  };
}
