// A sync's calls to BuyerNoteList: at most `concurrency` in flight whichever phase sends them (first come, first
// served), every page of a query read, and what each call's end says about the marketplace (section 3 of
// notes-sync.ts: a refused connection after every retry, or timeouts adding up to UNREACHABLE_SILENCE_MS, stop
// the sync).
import type { InboxNote, NoteDay } from '../../contract';
import type { ReplyStatus, RequestOf, SendNote } from '../../schema';
import { formatDateTime } from '../../../src-shared/date-time';
import { deskCodeOf } from '../../../src-shared/thrown';
import type { CallOptions, CallResult } from '../../soap/client';
import { TooManyPagesError, readPages } from '../../soap/pager';
import { AbortedError, SoapError, TimeoutError } from '../../soap/errors';
import { toInboxNote } from '../../storage/inbox-note';
import { dayEndMs, dayStartMs } from '../../../src-shared/market-day';

export interface NoteListClient {
  market: {
    buyerNoteList(req: RequestOf<'BuyerNoteList'>, opts?: CallOptions): Promise<CallResult<'BuyerNoteList'>>;
  };
}

/**
 * Calls that time out with nothing answering in between, adding up to this long (each call's timed-out sends
 * counted), mean the marketplace cannot be reached: the sync stops as it does on a refused connection. A call's
 * own timed-out sends stop there too (CallOptions.timeoutBudgetMs).
 */
export const UNREACHABLE_SILENCE_MS = 15_000;

/** A query that failed after its retries, with what it had read by then. */
export class QueryFailed extends Error {
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
export const toInboxNotes = (wire: readonly SendNote[]): InboxNote[] =>
  wire.map(toInboxNote).filter((n): n is InboxNote => n !== undefined);

export interface PagesOptions {
  /**
   * Takes each page as it comes, as the wire has it, instead of keeping them (the status check's answers can be
   * many, and it turns into notes only those the mirror does not hold as waiting).
   */
  onPage?: (notes: readonly SendNote[]) => void;
  /** Asks from this instant instead of the start of `start` (a catch-up). */
  sinceMs?: number;
  /** Pages the mirror's own notes suggest, asked for side by side. */
  expectedPages?: number;
}

export interface NoteCallsOptions {
  client: NoteListClient;
  pageIndexBase: 0 | 1;
  pageSize: number;
  concurrency: number;
  /** The sync's own signal (a cancel). */
  signal: AbortSignal;
}

export class NoteCalls {
  /** Calls sent so far (a page once, whatever the SOAP client's retries). */
  count = 0;
  private inFlight = 0;
  /** Calls waiting for a turn, first come first served. */
  private readonly turns: (() => void)[] = [];
  /** Time calls have timed out since the marketplace last answered (UNREACHABLE_SILENCE_MS). */
  private silentMs = 0;
  private cannotReach = false;
  /** Aborts the calls in flight once the marketplace is found unreachable: they would only wait out the same. */
  private readonly stop = new AbortController();
  private readonly callSignal: AbortSignal;

  constructor(private readonly opts: NoteCallsOptions) {
    this.callSignal = AbortSignal.any([opts.signal, this.stop.signal]);
  }

  /** The marketplace was found unreachable: no new work, calls in flight dropped, no status check. */
  get unreachable(): boolean {
    return this.cannotReach;
  }

  /** Cancelled or unreachable: no new work starts. */
  get stopped(): boolean {
    return this.opts.signal.aborted || this.cannotReach;
  }

  /** A query that ended because the sync stopped (cancelled, or unreachable): nothing to tell or keep. */
  dropped(err: unknown): boolean {
    if (this.opts.signal.aborted) return true;
    const cause = err instanceof QueryFailed ? err.cause : err;
    return this.stop.signal.aborted && deskCodeOf(cause) === 'ABORTED';
  }

  /** Every page of one query; a note repeated across pages (the list moved while paging) is kept once. */
  async allPages(
    sellerId: string,
    start: NoteDay,
    end: NoteDay,
    status: ReplyStatus,
    more: PagesOptions = {},
  ): Promise<InboxNote[]> {
    const { onPage } = more;
    const { pageSize } = this.opts;
    const got = new Map<number, InboxNote>();
    let pages = 0;
    try {
      await readPages<SendNote>({
        pageSize,
        pageIndexBase: this.opts.pageIndexBase,
        concurrency: this.opts.concurrency,
        ...(more.expectedPages === undefined ? {} : { expectedPages: more.expectedPages }),
        fetchPage: (pageIndex) =>
          this.page({
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

  /**
   * One page as the wire has it (the status check reads most of its notes by SeqNo alone), retried by the SOAP
   * client's one policy (soap/retry.ts): nothing here sends it again.
   */
  private async page(request: RequestOf<'BuyerNoteList'>): Promise<readonly SendNote[]> {
    await this.turn();
    try {
      if (this.callSignal.aborted) throw this.callSignal.reason;
      this.count++;
      const { data } = await this.opts.client.market.buyerNoteList(request, {
        signal: this.callSignal,
        timeoutBudgetMs: UNREACHABLE_SILENCE_MS,
      });
      this.heard();
      return data?.SendNote ?? [];
    } catch (err) {
      if (this.opts.signal.aborted) throw err;
      this.heard(err);
      throw new QueryFailed(err, err instanceof SoapError ? (err.attempts ?? 1) : 1, 0, []);
    } finally {
      this.release();
    }
  }

  private async turn(): Promise<void> {
    if (this.inFlight < this.opts.concurrency) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.turns.push(resolve));
  }

  private release() {
    const next = this.turns.shift();
    if (next) next();
    else this.inFlight--;
  }

  /**
   * What a call's end says about the marketplace: an answer (an error one included) ends a silence; a refused
   * connection after every retry, or timeouts adding up to UNREACHABLE_SILENCE_MS, mean it cannot be reached.
   * Unreachable, the rest would only wait out the same backoff: new work stops, calls in flight are dropped,
   * what is left stays unsynced and the next refresh asks for it.
   */
  private heard(err?: unknown) {
    const code = deskCodeOf(err);
    if (code === 'ABORTED') return;
    if (code === 'NETWORK') this.stopUnreachable();
    if (code !== 'TIMEOUT') {
      this.silentMs = 0;
      return;
    }
    const timedOut = err instanceof TimeoutError ? err : undefined;
    this.silentMs += (timedOut?.timeoutMs ?? 0) * (timedOut?.attempts ?? 1);
    if (this.silentMs >= UNREACHABLE_SILENCE_MS) this.stopUnreachable();
  }

  private stopUnreachable() {
    this.cannotReach = true;
    if (!this.stop.signal.aborted) this.stop.abort(new AbortedError('the marketplace cannot be reached'));
  }
}
