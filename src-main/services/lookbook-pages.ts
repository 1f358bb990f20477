// The one place that pages through a seller's GetSohoLookbook: the inbox's "is this item in the lookbook" lookup
// and the whole-lookbook audit both walk the pages here, so a retry or ordering rule added later is added once.
import type { RequestOf, ResultOf } from '../schema';
import type { CallOptions, CallResult } from '../soap/client';
import { readPages, TooManyPagesError } from '../soap/pager';

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
  /** Bounds a server that keeps answering full pages (or a TotalItemCount it never reaches); the pager's cap when absent. */
  maxPages?: number;
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

/**
 * Pages from the connection's first PageIndex until a short page, TotalItemCount reached, or maxPages, through the
 * client's one pager (so the one page cap and the one retry policy hold here too). A lookbook longer than maxPages
 * is reported as truncated rather than thrown: what was read is still worth auditing.
 */
export async function pageThroughLookbook(
  client: LookbookClient,
  sellerId: string,
  pageIndexBase: 0 | 1,
  opts: LookbookPagingOptions,
): Promise<LookbookPagingOutcome> {
  let items = 0;
  let totalItemCount: number | undefined;
  let page: ResultOf<'GetSohoLookbook'> | undefined;
  try {
    const pages = await readPages({
      pageSize: opts.pageSize,
      pageIndexBase,
      maxPages: opts.maxPages,
      fetchPage: async (pageIndex) => {
        opts.signal?.throwIfAborted();
        const { data } = await client.market.getSohoLookbook(
          { SellerId: sellerId, Pagination: { PageIndex: pageIndex, PageSize: opts.pageSize } },
          { signal: opts.signal },
        );
        page = data;
        totalItemCount = data?.TotalItemCount ?? totalItemCount;
        return data?.SohoShopItemList ?? [];
      },
      onPage: (rows, pageIndex) => {
        items += rows.length;
        const more = opts.onPage(page, pageIndex - pageIndexBase, items) !== false;
        return more && !(totalItemCount !== undefined && items >= totalItemCount);
      },
    });
    return { pages, items, totalItemCount, truncated: false };
  } catch (err) {
    if (!(err instanceof TooManyPagesError)) throw err;
    return {
      pages: err.pages,
      items,
      totalItemCount,
      truncated: totalItemCount === undefined || items < totalItemCount,
    };
  }
}
