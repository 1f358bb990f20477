import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { DEFAULT_MAX_PAGE_SIZE } from '../../../src-main/sandbox/server';
import { recentNotes } from '../../../src-main/sandbox/backend';
import { dateTimeInstant } from '../../../src-shared/date-time';
import type { SendNote, SohoShopItemList } from '../../../src-main/schema';
import { decodeResponse } from '../../../src-main/soap/result-read';
import type { SoapVersion } from '../../../src-main/soap/envelope-write';
import { call, sampleRequests, startTestSandbox, VERSIONS } from './support';

async function lookbookPage(
  sb: RunningSandbox,
  sellerId: string,
  index: number,
  size: number,
  version: SoapVersion = '1.1',
) {
  const reply = await call(
    sb,
    'GetSohoLookbook',
    { SellerId: sellerId, Pagination: { PageIndex: index, PageSize: size } },
    version,
  );
  expect(reply.status, reply.text).toBe(200);
  return decodeResponse('GetSohoLookbook', reply.env!.payload!, sb.ns)!;
}

async function notesPage(sb: RunningSandbox, index: number, size: number, version: SoapVersion = '1.1') {
  const reply = await call(
    sb,
    'BuyerNoteList',
    { ...sampleRequests(sb).BuyerNoteList, Pagination: { PageIndex: index, PageSize: size } },
    version,
  );
  expect(reply.status, reply.text).toBe(200);
  return decodeResponse('BuyerNoteList', reply.env!.payload!, sb.ns)?.SendNote ?? [];
}

describe('page base 1 (the default)', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  it('the bounds are 1..500', () => {
    expect(sb.pageBase).toBe(1);
    expect(sb.maxPageSize).toBe(500);
    expect(DEFAULT_MAX_PAGE_SIZE).toBe(500);
  });

  it.each(VERSIONS)(
    'lookbook pages over SOAP %s add up to the whole shop and TotalItemCount is exact on every page',
    async (version) => {
      for (const seller of sb.backend.sellerIds) {
        const all = sb.backend.data.lookbooks[seller]!.items;
        expect(all.length).toBeGreaterThan(7);
        const size = 7;
        const pages = Math.ceil(all.length / size);
        const seen: SohoShopItemList[] = [];
        for (let i = 1; i <= pages + 1; i++) {
          const page = await lookbookPage(sb, seller, i, size, version);
          expect(page.TotalItemCount).toBe(all.length);
          const items = page.SohoShopItemList ?? [];
          if (i < pages) expect(items).toHaveLength(size);
          if (i === pages) expect(items).toHaveLength(all.length - (pages - 1) * size);
          if (i > pages) expect(items).toHaveLength(0);
          seen.push(...items);
        }
        expect(seen.map((x) => x.ItemNo)).toEqual(all.map((x) => x.ItemNo));
      }
    },
  );

  it('PageSize 1 and PageSize 500 are both accepted', async () => {
    const one = await lookbookPage(sb, 'seoul_mart', 1, 1);
    expect(one.SohoShopItemList).toHaveLength(1);
    const max = await lookbookPage(sb, 'seoul_mart', 1, 500);
    expect(max.SohoShopItemList).toHaveLength(
      Math.min(500, sb.backend.data.lookbooks['seoul_mart']!.items.length),
    );
    expect((await notesPage(sb, 1, 500)).length).toBe(Math.min(500, sb.backend.notes(filterOf(sb)).length));
  });

  it('an unknown seller is an empty shop, not an error', async () => {
    const page = await lookbookPage(sb, 'nobody_here', 1, 10);
    expect(page.TotalItemCount).toBe(0);
    expect(page.SohoShopItemList).toEqual([]);
  });

  it('BuyerNoteList pages are the matching notes oldest first, without gaps or repeats', async () => {
    const expected = sb.backend.notes(filterOf(sb));
    expect(expected.length).toBeGreaterThan(100);
    const got: SendNote[] = [];
    for (let i = 1; ; i++) {
      const page = await notesPage(sb, i, 37, i % 2 ? '1.1' : '1.2');
      got.push(...page);
      if (page.length < 37) break;
    }
    expect(got.map((n) => n.SeqNo)).toEqual(expected.map((n) => n.SeqNo));
    const times = got.map((n) => dateTimeInstant(n.InsDate!)!);
    expect(times.every((t, i) => i === 0 || times[i - 1]! <= t)).toBe(true);
    expect(got[0]!.SeqNo).toBeLessThan(got[got.length - 1]!.SeqNo!);
  });

  it('the filters narrow the notes and the long OrderNo round-trips', async () => {
    const withOrder = recentNotes(sb.backend).find(
      (n) => n.OrderNo !== undefined && n.SellerID === 'seoul_mart',
    )!;
    const reply = await call(
      sb,
      'BuyerNoteList',
      {
        StartDate: '2025-01-01T00:00:00+09:00',
        EndDate: '2026-12-31T00:00:00+09:00',
        OrderNo: withOrder.OrderNo!,
        SellerID: 'seoul_mart',
        ReplyStatus: withOrder.ReplyStatus!,
        Pagination: { PageIndex: 1, PageSize: 50 },
      },
      '1.2',
    );
    const notes = decodeResponse('BuyerNoteList', reply.env!.payload!, sb.ns)?.SendNote ?? [];
    expect(notes.length).toBeGreaterThan(0);
    expect(
      notes.every(
        (n) =>
          n.OrderNo === withOrder.OrderNo &&
          n.SellerID === 'seoul_mart' &&
          n.ReplyStatus === withOrder.ReplyStatus,
      ),
    ).toBe(true);
    expect(notes.map((n) => n.SeqNo)).toContain(withOrder.SeqNo);
  });
});

function filterOf(sb: RunningSandbox) {
  const r = sampleRequests(sb).BuyerNoteList;
  return { start: r.StartDate, end: r.EndDate, replyStatus: r.ReplyStatus };
}

describe('page base 0', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ pageBase: 0 });
  });
  afterAll(() => sb.close());

  it('PageIndex 0 is the first page and -1 is refused', async () => {
    const all = sb.backend.data.lookbooks['gangnam_style']!.items;
    const first = await lookbookPage(sb, 'gangnam_style', 0, 5);
    expect(first.SohoShopItemList?.map((i) => i.ItemNo)).toEqual(all.slice(0, 5).map((i) => i.ItemNo));
    const second = await lookbookPage(sb, 'gangnam_style', 1, 5);
    expect(second.SohoShopItemList?.map((i) => i.ItemNo)).toEqual(all.slice(5, 10).map((i) => i.ItemNo));
    const below = await call(
      sb,
      'GetSohoLookbook',
      { SellerId: 'gangnam_style', Pagination: { PageIndex: -1, PageSize: 5 } },
      '1.2',
    );
    expect(below.status).toBe(500);
    expect(below.fault?.reason).toBe('Pagination/@PageIndex must be 0 or more (pages count from 0); got -1.');
  });

  it('an absent Pagination is the first page of 20', async () => {
    const reply = await call(
      sb,
      'BuyerNoteList',
      { ...sampleRequests(sb).BuyerNoteList, Pagination: undefined },
      '1.1',
    );
    const notes = decodeResponse('BuyerNoteList', reply.env!.payload!, sb.ns)?.SendNote ?? [];
    expect(notes.map((n) => n.SeqNo)).toEqual(
      sb.backend
        .notes(filterOf(sb))
        .slice(0, 20)
        .map((n) => n.SeqNo),
    );
  });
});
