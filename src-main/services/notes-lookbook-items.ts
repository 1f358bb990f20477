// Which items of a seller are in their Soho lookbook, so a note about one can open it in the lookbook page.
// The answer changes rarely and the detail pane asks on every note, so it is cached per seller for a while.
import { pageThroughLookbook } from './lookbook-pages';
import type { LookbookClient } from './lookbook-pages';

const LOOKBOOK_ITEMS_TTL_MS = 10 * 60_000;
const PAGE_SIZE = 100;

export async function fetchLookbookItemNos(
  client: LookbookClient,
  sellerId: string,
  pageIndexBase: 0 | 1,
  signal?: AbortSignal,
): Promise<string[]> {
  const itemNos: string[] = [];
  await pageThroughLookbook(client, sellerId, pageIndexBase, {
    pageSize: PAGE_SIZE,
    signal,
    onPage: (data) => {
      for (const item of data?.SohoShopItemList ?? []) if (item.ItemNo) itemNos.push(item.ItemNo);
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
