// The one pager of the SOAP client: every paged operation (BuyerNoteList, GetSohoLookbook) is read page by page
// until a page comes back shorter than the page size, or the caller has all it wants, under one page cap. Each
// page is one call, so each is retried by the client's one policy (retry.ts); the pager never sends a page again.
import { SoapError } from './errors';

/** No real query of one seller comes near this; a server that ignores PageIndex would otherwise page forever. */
export const MAX_PAGES = 2000;

/** The marketplace kept answering full pages past the cap. */
export class TooManyPagesError extends SoapError {
  constructor(readonly pages: number) {
    super(
      'BAD_RESPONSE',
      `The marketplace kept returning full pages after ${pages} pages; it may ignore PageIndex, or the range is too wide.`,
    );
    this.name = 'TooManyPagesError';
  }
}

export interface PagerOptions<T> {
  pageSize: number;
  /** The first PageIndex of the marketplace (0 or 1). */
  pageIndexBase: 0 | 1;
  maxPages?: number;
  /**
   * How many pages the caller expects (it knows how many rows it held last time): that many are asked for without
   * waiting for the one before, at most `concurrency` at once; past them, one after another again. A list with
   * no total count can only be paged blind, so a good guess saves a round trip per page and a bad one costs at
   * most the pages asked for beyond the end (which come back empty). Default 1: strictly one after another.
   */
  expectedPages?: number;
  /** Pages in flight at once while within `expectedPages` (default 4). */
  concurrency?: number;
  /** One call for the page at `pageIndex`, resolving with its rows. */
  fetchPage: (pageIndex: number) => Promise<readonly T[]>;
  /** Takes each page as it comes, in order; returning `false` stops (the caller has all it wants). */
  onPage: (rows: readonly T[], pageIndex: number) => boolean | void;
}

/** Reads every page; resolves with how many were read, throws TooManyPagesError past the cap. */
export async function readPages<T>(opts: PagerOptions<T>): Promise<number> {
  const maxPages = opts.maxPages ?? MAX_PAGES;
  const expected = Math.min(maxPages, Math.max(1, Math.floor(opts.expectedPages ?? 1)));
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 4));
  // Pages asked for ahead of the one being read, by index; each is awaited in order or abandoned.
  const ahead = new Map<number, Promise<readonly T[]>>();
  const ask = (i: number) => {
    const p = opts.fetchPage(opts.pageIndexBase + i);
    // An abandoned page (the list ended before it) must not surface as an unhandled rejection.
    p.catch(() => {});
    ahead.set(i, p);
  };
  for (let i = 0; i < maxPages; i++) {
    if (!ahead.has(i)) ask(i);
    for (let j = i + 1; j < Math.min(expected, i + concurrency); j++) if (!ahead.has(j)) ask(j);
    const rows = await ahead.get(i)!;
    ahead.delete(i);
    if (opts.onPage(rows, opts.pageIndexBase + i) === false || rows.length < opts.pageSize) return i + 1;
  }
  throw new TooManyPagesError(maxPages);
}
