// Which items of a seller are in their Soho lookbook, so a note about one can open it in the lookbook page.
// The answer changes rarely and the detail pane asks on every note, so it is cached per seller for a while.
import type { RequestOf } from '../schema';
import type { CallOptions, CallResult } from '../soap/client';
import { readPages } from '../soap/pager';

export interface LookbookClient {
  market: {
    getSohoLookbook(
      req: RequestOf<'GetSohoLookbook'>,
      opts?: CallOptions,
    ): Promise<CallResult<'GetSohoLookbook'>>;
  };
}

export const LOOKBOOK_ITEMS_TTL_MS = 10 * 60_000;
const PAGE_SIZE = 100;

export async function fetchLookbookItemNos(
  client: LookbookClient,
  sellerId: string,
  pageIndexBase: 0 | 1,
  signal?: AbortSignal,
): Promise<string[]> {
  let total: number | undefined;
  const itemNos: string[] = [];
  await readPages({
    pageSize: PAGE_SIZE,
    pageIndexBase,
    fetchPage: async (pageIndex) => {
      const { data } = await client.market.getSohoLookbook(
        { SellerId: sellerId, Pagination: { PageIndex: pageIndex, PageSize: PAGE_SIZE } },
        { signal },
      );
      total = data?.TotalItemCount;
      return data?.SohoShopItemList ?? [];
    },
    onPage: (items) => {
      for (const item of items) if (item.ItemNo) itemNos.push(item.ItemNo);
      return !(total !== undefined && itemNos.length >= total);
    },
  });
  return itemNos;
}

export interface LookbookItemsCache {
  get(key: string, load: () => Promise<string[]>): Promise<string[]>;
}

export function createLookbookItemsCache(now: () => number = Date.now): LookbookItemsCache {
  const entries = new Map<string, { at: number; value: Promise<string[]> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < LOOKBOOK_ITEMS_TTL_MS) return hit.value;
      const value = load();
      entries.set(key, { at: now(), value });
      // A failure must not stick for ten minutes.
      value.catch(() => entries.delete(key));
      return value;
    },
  };
}
