// The spec (parts 2 and 4) as data: every record of both services, declared once.
// Types, encoders, decoders, the sandbox and the WSDL documents are all derived from this table,
// so a new field is one line here.
import { QUERY_TYPES, REPLY_STATUSES } from '../../src-shared/note-fields';
import type { Scalar } from './scalar';

/** Where a record's complexType lives; resolved to a URI by the service configuration. */
export type NsKey = 'suggest' | 'suggestTypes' | 'market' | 'apiTypes' | 'security';

export interface ChildSpec {
  /** A record name, or a scalar for an element with simple content (e.g. SohoItemColorList). A test checks every name resolves. */
  readonly type: string;
  readonly many?: boolean;
  readonly nillable?: boolean;
}

export interface RecordSpec {
  readonly ns: NsKey;
  readonly base?: string;
  readonly attrs: Readonly<Record<string, Scalar>>;
  readonly children?: Readonly<Record<string, ChildSpec>>;
}

const suggestItemAttrs = {
  ItemNo: 'string',
  Price: 'decimal',
  DiscountPrice: 'decimal',
  CatalogID: 'long',
  ItemName: 'string',
  IsAdult: 'boolean',
  Category: 'string',
  FixImage80: 'string',
  FixImage100: 'string',
  IsFreeOfCharge: 'boolean',
  BrandName: 'string',
  DiscountRate: 'int',
} as const;

const list = <T extends string>(type: T) => ({ type, many: true, nillable: true }) as const;

export const RECORDS = {
  // ── Suggest service records ({schema_root}/Arche.Search.Suggest.xsd) ──
  KSDataT: {
    ns: 'suggestTypes',
    attrs: {
      Keyword: 'string',
      KeywordReverse: 'string',
      Priority: 'int',
      DisplayType: 'int',
      IsBold: 'boolean',
      FontColorRgb: 'string',
      KeywordRank: 'int',
      ApplyingDate: 'dateTime',
      ClosingDate: 'dateTime',
      Hint: 'string',
    },
  },
  KSTopCategoryDataT: {
    ns: 'suggestTypes',
    attrs: { Keyword: 'string', CategoryCode: 'int', CategoryName: 'string', Priority: 'int' },
  },
  SearchNoticeT: {
    ns: 'suggestTypes',
    attrs: {
      SeqNo: 'int',
      GroupNo: 'int',
      NoticeType: 'int',
      IconType: 'int',
      IsBold: 'boolean',
      FontColor: 'string',
      Contents: 'string',
      Url: 'string',
      StartDate: 'dateTime',
      EndDate: 'dateTime',
      InsertDate: 'string',
      DisplayOrder: 'int',
    },
  },
  KSDataBrandT: {
    ns: 'suggestTypes',
    attrs: {
      BrandCode: 'int',
      BrandName: 'string',
      IsBrandShop: 'boolean',
      MdPicImg1: 'string',
      MdPicImg2: 'string',
      Hint: 'string',
      InsDate: 'dateTime',
      UpdDate: 'dateTime',
    },
  },
  KeywordSuggestT: {
    ns: 'suggestTypes',
    attrs: {},
    children: {
      KeywordContents: { type: 'SuggestKeywordContentsT', many: true },
      TopCategory: { type: 'KSTopCategoryDataT', many: true },
      Shop: { type: 'SuggestKeywordShopT', many: true },
      MD: { type: 'SuggestKeywordMDT', many: true },
      DLP: { type: 'SuggestKeywordDLPT', many: true },
    },
  },
  SuggestKeywordContentsT: {
    ns: 'suggestTypes',
    attrs: {
      Keyword: 'string',
      Hint: 'string',
      Priority: 'int',
      BookItemNo: 'string',
      CatalogID: 'long',
      BrandID: 'int',
    },
  },
  SuggestKeywordShopT: {
    ns: 'suggestTypes',
    attrs: { Keyword: 'string', ShopID: 'string', ShopName: 'string', LargeCategory: 'string' },
  },
  SuggestKeywordMDT: {
    ns: 'suggestTypes',
    attrs: { Keyword: 'string', MDID: 'string', MDName: 'string', LargeCategory: 'string' },
  },
  SuggestKeywordDLPT: { ns: 'suggestTypes', attrs: { Keyword: 'string' } },
  SuggestItemT: { ns: 'suggestTypes', attrs: suggestItemAttrs },
  SuggestBookItemT: {
    ns: 'suggestTypes',
    base: 'SuggestItemT',
    attrs: {
      ...suggestItemAttrs,
      ISBN: 'string',
      Author: 'string',
      Publisher: 'string',
      Review: 'string',
      BookCash: 'int',
      ProductionDate: 'dateTime',
      LowestPrice: 'decimal',
    },
  },
  SuggestOSCatalogT: {
    ns: 'suggestTypes',
    attrs: {
      ID: 'long',
      CatalogFullName: 'string',
      ProductionDate: 'dateTime',
      MainDescription: 'string',
      LowestPrice: 'decimal',
      IacLowestPriceTotalPrice: 'decimal',
      MatchingItemCount: 'int',
      SetAttributeElementName: 'string',
      SetAttributeIsUnit: 'boolean',
      SetAttributeUnitName: 'string',
      Image100Path: 'string',
    },
    children: { SetCatalogs: { type: 'SuggestOSCatalogT', many: true } },
  },
  // List wrappers (namespace ns): repeated, nillable children.
  ArrayOfKSDataT: { ns: 'suggest', attrs: {}, children: { KSDataT: list('KSDataT') } },
  ArrayOfKSTopCategoryDataT: {
    ns: 'suggest',
    attrs: {},
    children: { KSTopCategoryDataT: list('KSTopCategoryDataT') },
  },
  ArrayOfSearchNoticeT: { ns: 'suggest', attrs: {}, children: { SearchNoticeT: list('SearchNoticeT') } },
  ArrayOfKSDataBrandT: { ns: 'suggest', attrs: {}, children: { KSDataBrandT: list('KSDataBrandT') } },
  ArrayOfSuggestItemT: { ns: 'suggest', attrs: {}, children: { SuggestItemT: list('SuggestItemT') } },
  ArrayOfSuggestBookItemT: {
    ns: 'suggest',
    attrs: {},
    children: { SuggestBookItemT: list('SuggestBookItemT') },
  },
  ArrayOfSuggestOSCatalogT: {
    ns: 'suggest',
    attrs: {},
    children: { SuggestOSCatalogT: list('SuggestOSCatalogT') },
  },

  // ── API service records ({schema_root}/Arche.APISvc.xsd unless noted) ──
  Pagination: { ns: 'apiTypes', attrs: { PageIndex: 'int', PageSize: 'int' } },
  MemberTicket: { ns: 'apiTypes', attrs: {}, children: { Ticket: { type: 'string' } } },
  SohoShopItemList: {
    ns: 'apiTypes',
    attrs: {
      ItemNo: 'string',
      ItemName: 'string',
      SellerID: 'string',
      SellerNickName: 'string',
      Price: 'string',
      Premium: 'boolean',
      Focus: 'boolean',
      CouponDiscountPrice: 'string',
      ItemLandingUrl: 'string',
      Discount: 'string',
      FeedbackCount: 'string',
      SatisfactionRate: 'string',
    },
    children: {
      SohoItemColorList: { type: 'string', many: true },
      SohoItemIconList: { type: 'string', many: true },
      ItemImagePathList: { type: 'string', many: true },
    },
  },
  SohoShopLookBookIntroElementList: {
    ns: 'apiTypes',
    attrs: {
      PageNo: 'int',
      TemplateType: 'int',
      ElementType: 'int',
      ElementSeqNo: 'int',
      ImagePath: 'string',
      LandingUrl: 'string',
      LandingTargetYn: 'boolean',
      Html: 'string',
      Contents: 'string',
    },
  },
  // ({ns_root}/APIv1/MarketService, as the spec notes)
  GetSohoLookbookResult: {
    ns: 'market',
    attrs: { TotalItemCount: 'int', SohoShopName: 'string', SohoShopDescription: 'string' },
    children: {
      SohoShopItemList: { type: 'SohoShopItemList', many: true },
      SohoShopLookBookIntroElementList: { type: 'SohoShopLookBookIntroElementList', many: true },
    },
  },
  SendNote: {
    ns: 'apiTypes',
    attrs: {
      SeqNo: 'int',
      BuyerID: 'string',
      SellerID: 'string',
      ItemNo: 'string',
      ItemName: 'string',
      OrderNo: 'long',
      InsDate: 'dateTime',
      Title: 'string',
      Content: 'string',
      ReplyStatus: 'string',
      SearchQueryType: 'string',
    },
  },
  BuyerNoteListResult: {
    ns: 'apiTypes',
    attrs: {},
    children: { SendNote: { type: 'SendNote', many: true } },
  },
  // The spec names the request element `req` but not its type; these names are ours.
  GetSohoLookbookReq: {
    ns: 'apiTypes',
    attrs: { SellerId: 'string' },
    children: { Pagination: { type: 'Pagination' } },
  },
  BuyerNoteListReq: {
    ns: 'apiTypes',
    attrs: {
      StartDate: 'dateTime',
      EndDate: 'dateTime',
      ReplyStatus: 'string',
      ItemNo: 'string',
      OrderNo: 'long',
      SellerID: 'string',
    },
    children: { Pagination: { type: 'Pagination' }, MemberTicket: { type: 'MemberTicket' } },
  },
} as const satisfies Record<string, RecordSpec>;

export type RecordName = keyof typeof RECORDS;

/** Closed value sets the spec gives (part 2.2); carried as xsd:string restrictions. */
export const ENUMS = {
  ReplyStatus: ['All', ...REPLY_STATUSES],
  SearchQueryType: QUERY_TYPES,
} as const;
export type ReplyStatus = (typeof ENUMS.ReplyStatus)[number];
export type SearchQueryType = (typeof ENUMS.SearchQueryType)[number];

/** Which attributes carry an enumeration (record → attribute → enum name). */
export const ENUM_ATTRS: Partial<Record<RecordName, Record<string, keyof typeof ENUMS>>> = {
  SendNote: { ReplyStatus: 'ReplyStatus', SearchQueryType: 'SearchQueryType' },
  BuyerNoteListReq: { ReplyStatus: 'ReplyStatus' },
};
