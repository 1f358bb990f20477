import { afterAll, describe, expect, it } from 'vitest';
import { sharedResponseDecoder } from '../../../src-main/soap/decode-pool';
import { createTestDeps } from '../../support/host-deps';

const deps = createTestDeps();
afterAll(() => deps.close());

describe('connection to the built-in sandbox', () => {
  it('starts the sandbox on first use and passes the connection test on both services', async () => {
    const result = await deps.connection.test();
    expect(result.info.kind).toBe('sandbox');
    expect(result.info.apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(result.info.sellerIds).toEqual(['gangnam_style', 'seoul_mart', 'hongdae_closet']);
    expect(result.suggest).toMatchObject({ ok: true, operation: 'GetSuggestionNotice' });
    expect(result.market).toMatchObject({ ok: true, operation: 'GetSohoLookbook' });
  });

  it('calls all 12 suggest operations and both API operations with typed results', async () => {
    const { client } = await deps.connection.active();
    const s = client.suggest;
    const kw = await s.getKeywordsByKeywordHint({ keywordHint: 'ㄴㅇㅋ' });
    expect(kw.data?.KSDataT?.some((k) => k?.Keyword?.startsWith('나이키'))).toBe(true);
    expect(
      (await s.getSuggestionKeywordsByKeywordHint({ keywordHint: '운동화' })).data?.KSDataT?.length,
    ).toBeGreaterThan(0);
    expect((await s.getNicknamesByKeywordHint({ keywordHint: 'a' })).data).toBeDefined();
    expect(
      (await s.getKeywordByTopCategoryList({ keywordHint: '원피스' })).data?.KSTopCategoryDataT?.length,
    ).toBeGreaterThan(0);
    expect((await s.getBooksKeywordByKeywordHint({ keywordHint: '소설' })).data).toBeDefined();
    expect((await s.getTicketKeywordByKeywordHint({ keywordHint: '콘서트' })).data).toBeDefined();
    expect((await s.getSuggestionNotice({})).data?.SearchNoticeT?.length).toBeGreaterThan(0);
    const brands = await s.getBrandShopSuggestionBrandsByKeywordHint({ keywordHint: '나이키' });
    const brandId = brands.data?.KSDataBrandT?.[0]?.BrandCode;
    expect(brandId).toBeTypeOf('number');
    expect((await s.getBrandPlusItems({ brandId: brandId! })).data?.SuggestItemT?.length).toBeGreaterThan(0);
    const suggest = await s.getKeywordSuggest({ keywordHint: '나이키' });
    expect(suggest.data?.KeywordContents?.length).toBeGreaterThan(0);
    const bookNo = suggest.data?.KeywordContents?.find((c) => c.BookItemNo)?.BookItemNo;
    if (bookNo)
      expect((await s.getBook({ bookItemNo: bookNo })).data?.SuggestBookItemT?.[0]?.ISBN).toMatch(/^\d{13}$/);
    const catalog = await s.getCatalog({ catalogId: '5000000001' });
    expect(
      catalog.data?.SuggestOSCatalogT?.[0]?.SetCatalogs?.[0]?.SetCatalogs?.[0]?.SetCatalogs?.length,
    ).toBeGreaterThan(0);

    const lookbook = await client.market.getSohoLookbook({
      SellerId: 'gangnam_style',
      Pagination: { PageIndex: 1, PageSize: 5 },
    });
    expect(lookbook.data?.SohoShopName).toBeTruthy();
    expect(lookbook.data?.SohoShopItemList).toHaveLength(5);
    const notes = await client.market.buyerNoteList({
      StartDate: '2026-08-01T00:00:00+09:00',
      EndDate: '2026-11-20T23:59:59+09:00',
      ReplyStatus: 'All',
      Pagination: { PageIndex: 1, PageSize: 100 },
    });
    expect(notes.data?.SendNote).toHaveLength(100);
    expect(notes.exchange.requestXml).not.toContain('sandbox-member-ticket');
    expect(notes.exchange.requestXml).toContain('[redacted]');
  });

  it('logs the text of a response the decoding worker read, from a copy taken before the body moved there', async () => {
    const { client } = await deps.connection.active();
    const before = sharedResponseDecoder().stats.worker;
    const notes = await client.market.buyerNoteList({
      StartDate: '2026-08-01T00:00:00+09:00',
      EndDate: '2026-11-20T23:59:59+09:00',
      ReplyStatus: 'All',
      Pagination: { PageIndex: 1, PageSize: 500 },
    });
    // Large enough to be read in the worker, which takes the body's bytes with it.
    expect(sharedResponseDecoder().stats.worker).toBe(before + 1);
    const last = notes.data!.SendNote!.at(-1)!;
    const logged = deps.connection.network.get(notes.exchange.id)!;
    expect(logged.responseXml).toContain(`SeqNo="${last.SeqNo}"`);
    expect(logged.responseXml).not.toMatch(/sbx-enc-/);
  });

  it('records exchanges with tickets redacted and rotates the EncryptedTicket', async () => {
    const log = deps.connection.network.list({ operation: 'BuyerNoteList' });
    expect(log.length).toBeGreaterThan(0);
    for (const summary of deps.connection.network.list()) {
      expect(summary).not.toHaveProperty('requestXml');
      expect(summary).not.toHaveProperty('responseXml');
      const x = deps.connection.network.get(summary.id)!;
      expect(x.requestXml).not.toMatch(/sandbox-(auth|encrypted|member)-ticket|sbx-enc-/);
      expect(x.responseXml ?? '').not.toMatch(/sbx-enc-/);
    }
    const { client } = await deps.connection.active();
    // Three sequential calls, each with the ticket the previous response returned: the sandbox
    // would reject a ticket it never issued.
    for (let i = 0; i < 3; i++) {
      const r = await client.market.getSohoLookbook({
        SellerId: 'seoul_mart',
        Pagination: { PageIndex: 1, PageSize: 1 },
      });
      expect(r.exchange.status).toBe(200);
    }
  });
});
