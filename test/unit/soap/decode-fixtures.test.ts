// Hand-written response bodies for every operation, each read in several serializations: other
// envelope prefixes, a default namespace for the payload, explicit prefixes on every element,
// SOAP 1.2. The expected values are written out by hand below, not computed by the codec.
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES } from '../../../src-main/schema';
import type { OperationName } from '../../../src-main/schema';
import { decodeResponse } from '../../../src-main/soap/result-read';
import { parseXml } from '../../../src-main/soap/xml-read';
import { readEnvelope } from '../../../src-main/soap/envelope-read';

const SG = 'ns';
const ST = 'http://schema.market.example.com/Arche.Search.Suggest.xsd';
const MK = 'http://api.market.example.com/APIv1/MarketService';
const AT = 'http://schema.market.example.com/Arche.APISvc.xsd';
const ENV11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const ENV12 = 'http://www.w3.org/2003/05/soap-envelope';

/** Wraps a payload in an envelope; `p` is the payload's prefix form: default namespace or a prefix. */
type Style = { name: string; env: string; envNs: string; prefix: string | null };
const STYLES: Style[] = [
  { name: 'soap 1.1, default ns', env: 'soap', envNs: ENV11, prefix: null },
  { name: 'soapenv, prefixed payload', env: 'soapenv', envNs: ENV11, prefix: 'x' },
  { name: 'SOAP 1.2, prefix S, payload prefix q1', env: 'S', envNs: ENV12, prefix: 'q1' },
];

// Payload templates: {o} = operation-namespace element prefix form, {t} = record-type element form.
function wrap(style: Style, opNs: string, typeNs: string, payload: string): string {
  const o = style.prefix ? `${style.prefix}:` : '';
  const t = style.prefix ? 'rt:' : '';
  const decl = style.prefix ? ` xmlns:${style.prefix}="${opNs}" xmlns:rt="${typeNs}"` : ` xmlns="${opNs}"`;
  const body = payload
    .replaceAll('{o}', o)
    .replaceAll('{t}', style.prefix ? t : '')
    .replace('{decl}', decl);
  return `<?xml version="1.0" encoding="utf-8"?><${style.env}:Envelope xmlns:${style.env}="${style.envNs}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><${style.env}:Body>${body}</${style.env}:Body></${style.env}:Envelope>`;
}

// In default-namespace style the record-type children are in the default (operation) namespace;
// in prefixed style they are in the record type's own namespace. Both are valid readings.
interface Case {
  op: OperationName;
  typeNs: string;
  payload: string;
  expected: unknown;
}

const CASES: Case[] = [
  {
    op: 'GetKeywordsByKeywordHint',
    typeNs: SG,
    payload: `<{o}GetKeywordsByKeywordHintResponse{decl}><{o}GetKeywordsByKeywordHintResult><{o}KSDataT Priority="10" Keyword="나이키 운동화" KeywordReverse="화동운 키이나" IsBold="1" FontColorRgb="#FF0000" KeywordRank="1" DisplayType="2" ApplyingDate="2026-11-01T00:00:00+09:00" Hint="나이키"/><{o}KSDataT xsi:nil="true"/><{o}KSDataT Keyword="나이키 &amp; 아디다스" IsBold="false"/></{o}GetKeywordsByKeywordHintResult></{o}GetKeywordsByKeywordHintResponse>`,
    expected: {
      KSDataT: [
        {
          Keyword: '나이키 운동화',
          KeywordReverse: '화동운 키이나',
          Priority: 10,
          DisplayType: 2,
          IsBold: true,
          FontColorRgb: '#FF0000',
          KeywordRank: 1,
          ApplyingDate: '2026-11-01T00:00:00+09:00',
          Hint: '나이키',
        },
        null,
        { Keyword: '나이키 & 아디다스', IsBold: false },
      ],
    },
  },
  {
    op: 'GetSuggestionKeywordsByKeywordHint',
    typeNs: SG,
    payload: `<{o}GetSuggestionKeywordsByKeywordHintResponse{decl}><{o}GetSuggestionKeywordsByKeywordHintResult/></{o}GetSuggestionKeywordsByKeywordHintResponse>`,
    expected: { KSDataT: [] },
  },
  {
    op: 'GetNicknamesByKeywordHint',
    typeNs: SG,
    payload: `<{o}GetNicknamesByKeywordHintResponse{decl}><{o}GetNicknamesByKeywordHintResult><{o}KSDataT Keyword="seoul_mart"/></{o}GetNicknamesByKeywordHintResult></{o}GetNicknamesByKeywordHintResponse>`,
    expected: { KSDataT: [{ Keyword: 'seoul_mart' }] },
  },
  {
    op: 'GetKeywordByTopCategoryList',
    typeNs: SG,
    payload: `<{o}GetKeywordByTopCategoryListResponse{decl}><{o}GetKeywordByTopCategoryListResult><{o}KSTopCategoryDataT CategoryName="패션의류" CategoryCode="100000001" Keyword="원피스" Priority="3"/></{o}GetKeywordByTopCategoryListResult></{o}GetKeywordByTopCategoryListResponse>`,
    expected: {
      KSTopCategoryDataT: [
        { Keyword: '원피스', CategoryCode: 100000001, CategoryName: '패션의류', Priority: 3 },
      ],
    },
  },
  {
    op: 'GetBooksKeywordByKeywordHint',
    typeNs: SG,
    payload: `<{o}GetBooksKeywordByKeywordHintResponse{decl}/>`,
    expected: undefined,
  },
  {
    op: 'GetTicketKeywordByKeywordHint',
    typeNs: SG,
    payload: `<{o}GetTicketKeywordByKeywordHintResponse{decl}><{o}GetTicketKeywordByKeywordHintResult><{o}KSDataT Keyword="뮤지컬&#xD;&#xA;티켓" ClosingDate="2026-12-31T23:59:59Z"/></{o}GetTicketKeywordByKeywordHintResult></{o}GetTicketKeywordByKeywordHintResponse>`,
    expected: { KSDataT: [{ Keyword: '뮤지컬\r\n티켓', ClosingDate: '2026-12-31T23:59:59Z' }] },
  },
  {
    op: 'GetSuggestionNotice',
    typeNs: SG,
    payload: `<{o}GetSuggestionNoticeResponse{decl}><{o}GetSuggestionNoticeResult><{o}SearchNoticeT SeqNo="7" GroupNo="1" NoticeType="2" IconType="0" IsBold="true" FontColor="red" Contents="연말 &lt;세일&gt;" Url="https://m.example.com/n/7" StartDate="2026-11-01T00:00:00+09:00" EndDate="2026-12-01T00:00:00+09:00" InsertDate="2026-10-30" DisplayOrder="1"/></{o}GetSuggestionNoticeResult></{o}GetSuggestionNoticeResponse>`,
    expected: {
      SearchNoticeT: [
        {
          SeqNo: 7,
          GroupNo: 1,
          NoticeType: 2,
          IconType: 0,
          IsBold: true,
          FontColor: 'red',
          Contents: '연말 <세일>',
          Url: 'https://m.example.com/n/7',
          StartDate: '2026-11-01T00:00:00+09:00',
          EndDate: '2026-12-01T00:00:00+09:00',
          InsertDate: '2026-10-30',
          DisplayOrder: 1,
        },
      ],
    },
  },
  {
    op: 'GetBrandShopSuggestionBrandsByKeywordHint',
    typeNs: SG,
    payload: `<{o}GetBrandShopSuggestionBrandsByKeywordHintResponse{decl}><{o}GetBrandShopSuggestionBrandsByKeywordHintResult><{o}KSDataBrandT BrandCode="1042" BrandName="아디다스" IsBrandShop="true" InsDate="2025-01-01T10:00:00"/></{o}GetBrandShopSuggestionBrandsByKeywordHintResult></{o}GetBrandShopSuggestionBrandsByKeywordHintResponse>`,
    expected: {
      KSDataBrandT: [
        { BrandCode: 1042, BrandName: '아디다스', IsBrandShop: true, InsDate: '2025-01-01T10:00:00' },
      ],
    },
  },
  {
    op: 'GetKeywordSuggest',
    typeNs: ST,
    payload: `<{o}GetKeywordSuggestResponse{decl}><{o}GetKeywordSuggestResult><{t}KeywordContents Keyword="나이키" CatalogID="9007199254740993" BrandID="7"/><{t}TopCategory CategoryCode="1" CategoryName="신발"/><{t}Shop ShopID="s1" ShopName="나이키 공식"/><{t}MD MDID="m1" MDName="김엠디"/><{t}DLP Keyword="나이키 기획전"/><{t}DLP Keyword="나이키 아울렛"/></{o}GetKeywordSuggestResult></{o}GetKeywordSuggestResponse>`,
    expected: {
      KeywordContents: [{ Keyword: '나이키', CatalogID: '9007199254740993', BrandID: 7 }],
      TopCategory: [{ CategoryCode: 1, CategoryName: '신발' }],
      Shop: [{ ShopID: 's1', ShopName: '나이키 공식' }],
      MD: [{ MDID: 'm1', MDName: '김엠디' }],
      DLP: [{ Keyword: '나이키 기획전' }, { Keyword: '나이키 아울렛' }],
    },
  },
  {
    op: 'GetBrandPlusItems',
    typeNs: SG,
    payload: `<{o}GetBrandPlusItemsResponse{decl}><{o}GetBrandPlusItemsResult><{o}SuggestItemT ItemNo="A0001" Price="15900.00" DiscountPrice="12900.50" CatalogID="12" ItemName="러닝화" IsAdult="0" IsFreeOfCharge="1" DiscountRate="19"/></{o}GetBrandPlusItemsResult></{o}GetBrandPlusItemsResponse>`,
    expected: {
      SuggestItemT: [
        {
          ItemNo: 'A0001',
          Price: '15900.00',
          DiscountPrice: '12900.50',
          CatalogID: '12',
          ItemName: '러닝화',
          IsAdult: false,
          IsFreeOfCharge: true,
          DiscountRate: 19,
        },
      ],
    },
  },
  {
    op: 'GetBook',
    typeNs: SG,
    payload: `<{o}GetBookResponse{decl}><{o}GetBookResult><{o}SuggestBookItemT ItemNo="B0001" ISBN="9788936434120" Author="한강" Publisher="창비" BookCash="500" LowestPrice="13500" Price="15000"/></{o}GetBookResult></{o}GetBookResponse>`,
    expected: {
      SuggestBookItemT: [
        {
          ItemNo: 'B0001',
          ISBN: '9788936434120',
          Author: '한강',
          Publisher: '창비',
          BookCash: 500,
          LowestPrice: '13500',
          Price: '15000',
        },
      ],
    },
  },
  {
    op: 'GetCatalog',
    typeNs: ST,
    payload: `<{o}GetCatalogResponse{decl}><{o}GetCatalogResult><{o}SuggestOSCatalogT ID="1" CatalogFullName="세트"><{t}SetCatalogs ID="2"><{t}SetCatalogs ID="3"><{t}SetCatalogs ID="9007199254740993" SetAttributeIsUnit="true"/></{t}SetCatalogs></{t}SetCatalogs></{o}SuggestOSCatalogT></{o}GetCatalogResult></{o}GetCatalogResponse>`,
    expected: {
      SuggestOSCatalogT: [
        {
          ID: '1',
          CatalogFullName: '세트',
          SetCatalogs: [
            {
              ID: '2',
              SetCatalogs: [
                {
                  ID: '3',
                  SetCatalogs: [{ ID: '9007199254740993', SetAttributeIsUnit: true, SetCatalogs: [] }],
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    op: 'GetSohoLookbook',
    typeNs: AT,
    payload: `<{o}GetSohoLookbookResponse{decl}><{o}GetSohoLookbookResult SohoShopDescription="봄 신상&#x9;입고" TotalItemCount="2" SohoShopName="강남 스타일"><{o}SohoShopItemList ItemNo="I1" Price="가격문의" Premium="true"><{t}SohoItemColorList>#1E3A8A</{t}SohoItemColorList><{t}SohoItemColorList>블랙</{t}SohoItemColorList><{t}ItemImagePathList>/images/item/1.svg</{t}ItemImagePathList></{o}SohoShopItemList><{o}SohoShopLookBookIntroElementList PageNo="1" ElementType="2" ElementSeqNo="1" Html="&lt;b&gt;굵게&lt;/b&gt;" LandingTargetYn="false"/></{o}GetSohoLookbookResult></{o}GetSohoLookbookResponse>`,
    expected: {
      TotalItemCount: 2,
      SohoShopName: '강남 스타일',
      SohoShopDescription: '봄 신상\t입고',
      SohoShopItemList: [
        {
          ItemNo: 'I1',
          Price: '가격문의',
          Premium: true,
          SohoItemColorList: ['#1E3A8A', '블랙'],
          SohoItemIconList: [],
          ItemImagePathList: ['/images/item/1.svg'],
        },
      ],
      SohoShopLookBookIntroElementList: [
        { PageNo: 1, ElementType: 2, ElementSeqNo: 1, Html: '<b>굵게</b>', LandingTargetYn: false },
      ],
    },
  },
  {
    op: 'BuyerNoteList',
    typeNs: AT,
    payload: `<{o}BuyerNoteListResponse{decl}><{o}BuyerNoteListResult><{t}SendNote SeqNo="1" OrderNo="9007199254740993" Title="배송 언제 되나요?" Content="첫 줄&#xA;둘째 줄" ReplyStatus="NoReply" SearchQueryType="Shipping" InsDate="2026-11-21T14:03:00+09:00" SellerID="seoul_mart" BuyerID="buyer01" ItemNo="007" ItemName="니트"/></{o}BuyerNoteListResult></{o}BuyerNoteListResponse>`,
    expected: {
      SendNote: [
        {
          SeqNo: 1,
          BuyerID: 'buyer01',
          SellerID: 'seoul_mart',
          ItemNo: '007',
          ItemName: '니트',
          OrderNo: '9007199254740993',
          InsDate: '2026-11-21T14:03:00+09:00',
          Title: '배송 언제 되나요?',
          Content: '첫 줄\n둘째 줄',
          ReplyStatus: 'NoReply',
          SearchQueryType: 'Shipping',
        },
      ],
    },
  },
];

const opNsOf = (op: OperationName) => (op === 'GetSohoLookbook' || op === 'BuyerNoteList' ? MK : SG);

describe.each(STYLES)('decoding: $name', (style) => {
  it.each(CASES.map((c) => [c.op, c] as const))('%s', (_op, c) => {
    // Default-namespace style puts record-type children in the operation namespace; the prefixed
    // styles put them in the type namespace. The decoder must accept both.
    const xml = wrap(style, opNsOf(c.op), c.typeNs === SG ? SG : c.typeNs, c.payload);
    const env = readEnvelope(parseXml(xml));
    expect(env.version).toBe(style.envNs === ENV11 ? '1.1' : '1.2');
    expect(decodeResponse(c.op, env.payload!, DEFAULT_NAMESPACES)).toEqual(c.expected);
  });
});

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('did not throw');
}

describe('decoding edge cases', () => {
  it('ignores unknown attributes and elements and rejects a wrong operation namespace', () => {
    const ok = `<soap:Envelope xmlns:soap="${ENV11}"><soap:Body><GetNicknamesByKeywordHintResponse xmlns="ns"><GetNicknamesByKeywordHintResult><Extra/><KSDataT Future="x" Keyword="a"/></GetNicknamesByKeywordHintResult></GetNicknamesByKeywordHintResponse></soap:Body></soap:Envelope>`;
    expect(
      decodeResponse('GetNicknamesByKeywordHint', readEnvelope(parseXml(ok)).payload!, DEFAULT_NAMESPACES),
    ).toEqual({
      KSDataT: [{ Keyword: 'a' }],
    });
    const wrong = ok.replace('xmlns="ns"', 'xmlns="urn:other"');
    expect(
      thrown(() =>
        decodeResponse(
          'GetNicknamesByKeywordHint',
          readEnvelope(parseXml(wrong)).payload!,
          DEFAULT_NAMESPACES,
        ),
      ),
    ).toMatchObject({
      deskCode: 'BAD_RESPONSE',
      detail: expect.stringMatching(/Expected GetNicknamesByKeywordHintResponse in namespace ns/),
    });
  });

  it('names the field when a value does not fit its type', () => {
    const bad = `<soap:Envelope xmlns:soap="${ENV11}"><soap:Body><BuyerNoteListResponse xmlns="${MK}"><BuyerNoteListResult><SendNote SeqNo="1"/><SendNote SeqNo="x"/></BuyerNoteListResult></BuyerNoteListResponse></soap:Body></soap:Envelope>`;
    expect(
      thrown(() => decodeResponse('BuyerNoteList', readEnvelope(parseXml(bad)).payload!, DEFAULT_NAMESPACES)),
    ).toMatchObject({
      deskCode: 'BAD_RESPONSE',
      detail: expect.stringMatching(/BuyerNoteListResult\/SendNote@SeqNo: "x" is not a valid xsd:int/),
    });
  });
});
