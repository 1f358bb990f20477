// The one place that pages through a seller's GetSohoLookbook: the inbox's "is this item in the lookbook" lookup
// and the whole-lookbook audit both walk the pages here, so a retry or ordering rule added later is added once.
import type { RequestOf, ResultOf } from '../schema';
import type { CallOptions, CallResult } from '../soap/client';

export interface LookbookClient {
  market: {
    getSohoLookbook(
      req: RequestOf<'GetSohoLookbook'>,
      opts?: CallOptions,
    ): Promise<CallResult<'GetSohoLookbook'>>;
  };
}

export interface LookbookPagingOptions {
  pageSize: number;
  /** Bounds a server that keeps answering full pages (or a TotalItemCount it never reaches). */
  maxPages: number;
  signal?: AbortSignal;
  /**
   * Called after each page with that page's result, its 0-based number and the items received so far. Paging
   * stops early when it returns false.
   */
  onPage: (
    page: ResultOf<'GetSohoLookbook'> | undefined,
    index: number,
    itemsSoFar: number,
  ) => boolean | void;
}

export interface LookbookPagingOutcome {
  pages: number;
  items: number;
  /** TotalItemCount of the last page that sent one. */
  totalItemCount: number | undefined;
  /** Stopped by maxPages while the server still promised more items. */
  truncated: boolean;
}

/** Pages from the connection's first PageIndex until a short page, TotalItemCount reached, or maxPages. */
export async function pageThroughLookbook(
  client: LookbookClient,
  sellerId: string,
  pageIndexBase: 0 | 1,
  opts: LookbookPagingOptions,
): Promise<LookbookPagingOutcome> {
  let items = 0;
  let totalItemCount: number | undefined;
  for (let i = 0; i < opts.maxPages; i++) {
    opts.signal?.throwIfAborted();
    const { data } = await client.market.getSohoLookbook(
      { SellerId: sellerId, Pagination: { PageIndex: pageIndexBase + i, PageSize: opts.pageSize } },
      { signal: opts.signal },
    );
    const received = data?.SohoShopItemList?.length ?? 0;
    items += received;
    totalItemCount = data?.TotalItemCount ?? totalItemCount;
    const more = opts.onPage(data, i, items) !== false;
    const done = received < opts.pageSize || (totalItemCount !== undefined && items >= totalItemCount);
    if (done || !more) return { pages: i + 1, items, totalItemCount, truncated: false };
  }
  return {
    pages: opts.maxPages,
    items,
    totalItemCount,
    truncated: totalItemCount === undefined || items < totalItemCount,
  };
}
