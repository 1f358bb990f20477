// The whole-lookbook read behind the audit: every item page through the one lookbook pager, with progress and
// cancel, over the real sandbox (a seeded backend with one seller added where a case needs more pages).
import { afterAll, describe, expect, it } from 'vitest';
import type { LookbookProgressEvent, Lookbook, WholeLookbook } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { createBackend } from '../../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../../src-main/sandbox/backend';
import type { SohoShopItemList, SohoShopLookBookIntroElementList } from '../../../src-main/schema';
import { pageThroughLookbook } from '../../../src-main/services/lookbook-pages';
import type { LookbookClient } from '../../../src-main/services/lookbook-pages';
import { WHOLE_LOOKBOOK_PAGE_SIZE } from '../../../src-main/services/lookbook';
import { TEST_NOW, createTestDeps } from '../../support/host-deps';

const BIG_SELLER = 'big_shop';
const BIG_ITEMS = 2 * WHOLE_LOOKBOOK_PAGE_SIZE + 37;
const INTRO: SohoShopLookBookIntroElementList[] = [
  { PageNo: 1, TemplateType: 1, ElementType: 3, ElementSeqNo: 1, Contents: '소개 글' },
  { PageNo: 1, TemplateType: 1, ElementType: 3, ElementSeqNo: 1, Contents: '소개 글' },
];

/** The seeded sandbox plus a seller with three pages of items; counts the lookbook calls it answers. */
function bigBackend(): SandboxBackend & { lookbookCalls: string[] } {
  const base = createBackend({ seed: 42, now: TEST_NOW, notes: 50 });
  const items: SohoShopItemList[] = Array.from({ length: BIG_ITEMS }, (_, i) => ({
    ItemNo: `B${String(i).padStart(4, '0')}`,
    ItemName: `상품 ${i}`,
    SellerID: BIG_SELLER,
    Price: String(10_000 + i),
  }));
  const lookbookCalls: string[] = [];
  return {
    ...base,
    lookbookCalls,
    sellerIds: [...base.sellerIds, BIG_SELLER],
    lookbook(sellerId, origin) {
      lookbookCalls.push(sellerId);
      if (sellerId !== BIG_SELLER) return base.lookbook(sellerId, origin);
      return { SohoShopName: '큰 가게', SohoShopDescription: '', items, intro: INTRO };
    },
  };
}

const backend = bigBackend();
const deps = createTestDeps({ sandbox: { backend } });
const events: LookbookProgressEvent[] = [];
let onProgress: (e: LookbookProgressEvent) => void = () => {};
const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, (event, payload) => {
  if (event !== 'lookbook.progress') return;
  events.push(payload as LookbookProgressEvent);
  onProgress(payload as LookbookProgressEvent);
});
afterAll(() => deps.close());

async function whole(sellerId: string, runId = 'run-1'): Promise<WholeLookbook> {
  const env = await dispatcher.dispatch('lookbook.getAll', { sellerId, runId }, null);
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.data as WholeLookbook;
}

describe('the whole lookbook for the audit', () => {
  it('reads every item page once, in order, with the intro once and progress per page', async () => {
    events.length = 0;
    backend.lookbookCalls.length = 0;
    const lb = await whole(BIG_SELLER, 'run-big');
    expect(lb.items).toHaveLength(BIG_ITEMS);
    expect(lb.totalItemCount).toBe(BIG_ITEMS);
    expect(lb.pages).toBe(3);
    expect(lb.truncated).toBe(false);
    expect(backend.lookbookCalls).toEqual([BIG_SELLER, BIG_SELLER, BIG_SELLER]);
    expect(lb.items.map((i) => i.itemNo)).toEqual(
      Array.from({ length: BIG_ITEMS }, (_, i) => `B${String(i).padStart(4, '0')}`),
    );
    expect(lb.items.map((i) => i.position)).toEqual([...Array(BIG_ITEMS).keys()]);
    expect(new Set(lb.items.map((i) => i.key)).size).toBe(BIG_ITEMS);
    // The intro comes with every page; it is audited once, and the first page's repeated element is kept.
    expect(lb.elements).toHaveLength(INTRO.length);
    expect(lb.shopName).toBe('큰 가게');
    expect(events).toEqual([
      { runId: 'run-big', items: 100, totalItems: BIG_ITEMS, pages: 1 },
      { runId: 'run-big', items: 200, totalItems: BIG_ITEMS, pages: 2 },
      { runId: 'run-big', items: BIG_ITEMS, totalItems: BIG_ITEMS, pages: 3 },
    ]);
  });

  it('gives an item the same key and position as the page that shows it', async () => {
    const all = await whole(BIG_SELLER);
    const env = await dispatcher.dispatch(
      'lookbook.get',
      { sellerId: BIG_SELLER, page: 3, pageSize: 40 },
      null,
    );
    const page = (env as { data: Lookbook }).data;
    for (const item of page.items) {
      const same = all.items[item.position]!;
      expect([same.key, same.itemNo]).toEqual([item.key, item.itemNo]);
    }
    expect(page.items[0]?.position).toBe(80);
  });

  it('audits the seeded sellers whole: the broken one keeps its defects, the clean one all its items', async () => {
    const broken = await whole('hongdae_closet');
    expect(broken.items).toHaveLength(12);
    expect(broken.elements.filter((e) => e.pageNo === undefined)).toHaveLength(1);
    const clean = await whole('gangnam_style');
    expect(clean.items).toHaveLength(36);
    expect(clean.pages).toBe(1);
  });

  it('answers an unknown seller with an empty lookbook, not an error', async () => {
    const lb = await whole('nobody_here');
    expect([lb.totalItemCount, lb.items.length, lb.elements.length]).toEqual([0, 0, 0]);
  });

  it('stops paging when the call is cancelled', async () => {
    backend.lookbookCalls.length = 0;
    events.length = 0;
    // Cancelled as soon as the first page has arrived.
    onProgress = (e) => {
      if (e.runId === 'run-cancel') dispatcher.abort('c1');
    };
    const env = await dispatcher.dispatch(
      'lookbook.getAll',
      { sellerId: BIG_SELLER, runId: 'run-cancel' },
      'c1',
    );
    onProgress = () => {};
    expect(env.ok ? 'ok' : env.error.code).toBe('ABORTED');
    expect(backend.lookbookCalls).toEqual([BIG_SELLER]);
    expect(events.map((e) => e.pages)).toEqual([1]);
  });

  it('refuses a request without a run id or with a hostile seller ID before any SOAP call', async () => {
    backend.lookbookCalls.length = 0;
    for (const req of [
      { sellerId: BIG_SELLER },
      { sellerId: 'a<b', runId: 'r' },
      { sellerId: '', runId: 'r' },
    ]) {
      const env = await dispatcher.dispatch('lookbook.getAll', req, null);
      expect(env.ok ? 'ok' : env.error.code).toBe('INVALID_ARGUMENT');
    }
    expect(backend.lookbookCalls).toEqual([]);
  });
});

describe('the lookbook pager', () => {
  /** A server that answers full pages forever, with a TotalItemCount it never reaches. */
  const endless = (total: number | undefined): LookbookClient & { calls: number[] } => {
    const calls: number[] = [];
    return {
      calls,
      market: {
        getSohoLookbook: async (req) => {
          calls.push(req.Pagination!.PageIndex!);
          const size = req.Pagination!.PageSize!;
          return {
            data: {
              ...(total !== undefined ? { TotalItemCount: total } : {}),
              SohoShopItemList: Array.from({ length: size }, (_, i) => ({ ItemNo: `${i}` })),
            },
            exchange: {} as never,
          };
        },
      },
    };
  };

  it('stops at maxPages and says the lookbook was cut short', async () => {
    const client = endless(1_000_000);
    const out = await pageThroughLookbook(client, 's', 0, { pageSize: 10, maxPages: 4, onPage: () => {} });
    expect(out).toEqual({ pages: 4, items: 40, totalItemCount: 1_000_000, truncated: true });
    expect(client.calls).toEqual([0, 1, 2, 3]);
  });

  it('stops when TotalItemCount is reached, even on a full page, counting from the page base', async () => {
    const client = endless(20);
    const out = await pageThroughLookbook(client, 's', 1, { pageSize: 10, maxPages: 100, onPage: () => {} });
    expect(out).toEqual({ pages: 2, items: 20, totalItemCount: 20, truncated: false });
    expect(client.calls).toEqual([1, 2]);
  });

  it('stops when onPage says so', async () => {
    const client = endless(undefined);
    const out = await pageThroughLookbook(client, 's', 1, {
      pageSize: 10,
      maxPages: 100,
      onPage: (_d, index) => index < 2,
    });
    expect(out.pages).toBe(3);
    expect(out.truncated).toBe(false);
  });
});
