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
  /** One call for the page at `pageIndex`, resolving with its rows. */
  fetchPage: (pageIndex: number) => Promise<readonly T[]>;
  /** Takes each page as it comes; returning `false` stops (the caller has all it wants). */
  onPage: (rows: readonly T[], pageIndex: number) => boolean | void;
}

/** Reads every page; resolves with how many were read, throws TooManyPagesError past the cap. */
export async function readPages<T>(opts: PagerOptions<T>): Promise<number> {
  const maxPages = opts.maxPages ?? MAX_PAGES;
  for (let i = 0; i < maxPages; i++) {
    const pageIndex = opts.pageIndexBase + i;
    const rows = await opts.fetchPage(pageIndex);
    if (opts.onPage(rows, pageIndex) === false || rows.length < opts.pageSize) return i + 1;
  }
  throw new TooManyPagesError(maxPages);
}
