// The suggest domain's channels: one per suggest operation, `suggest.<OperationName>`, request and result exactly
// as the schema decodes them (int -> number, long -> digit string, decimal -> exact text, dateTime -> text as
// sent; every attribute optional; list wrappers keep their nillable children as null).
//
// One channel per operation, rather than one fan-out channel, lets each panel of the keyword explorer show its own
// result, progress and error as soon as its operation answers, and a stale hint is cancelled through the ordinary
// per-call abort of each call.
//
// The records are written out here because the renderer's project type-checks the contract without the schema;
// test/unit/services/suggest-contract.test.ts fails to compile if they ever drift from RecordOf/RequestOf/ResultOf.

export interface KSDataDto {
  Keyword?: string;
  KeywordReverse?: string;
  Priority?: number;
  DisplayType?: number;
  IsBold?: boolean;
  FontColorRgb?: string;
  KeywordRank?: number;
  ApplyingDate?: string;
  ClosingDate?: string;
  Hint?: string;
}
export interface KSTopCategoryDataDto {
  Keyword?: string;
  CategoryCode?: number;
  CategoryName?: string;
  Priority?: number;
}
export interface SearchNoticeDto {
  SeqNo?: number;
  GroupNo?: number;
  NoticeType?: number;
  IconType?: number;
  IsBold?: boolean;
  FontColor?: string;
  Contents?: string;
  Url?: string;
  StartDate?: string;
  EndDate?: string;
  InsertDate?: string;
  DisplayOrder?: number;
}
export interface KSDataBrandDto {
  BrandCode?: number;
  BrandName?: string;
  IsBrandShop?: boolean;
  MdPicImg1?: string;
  MdPicImg2?: string;
  Hint?: string;
  InsDate?: string;
  UpdDate?: string;
}
export interface SuggestKeywordContentsDto {
  Keyword?: string;
  Hint?: string;
  Priority?: number;
  BookItemNo?: string;
  CatalogID?: string;
  BrandID?: number;
}
export interface SuggestKeywordShopDto {
  Keyword?: string;
  ShopID?: string;
  ShopName?: string;
  LargeCategory?: string;
}
export interface SuggestKeywordMDDto {
  Keyword?: string;
  MDID?: string;
  MDName?: string;
  LargeCategory?: string;
}
export interface SuggestKeywordDLPDto {
  Keyword?: string;
}
export interface KeywordSuggestDto {
  KeywordContents?: SuggestKeywordContentsDto[];
  TopCategory?: KSTopCategoryDataDto[];
  Shop?: SuggestKeywordShopDto[];
  MD?: SuggestKeywordMDDto[];
  DLP?: SuggestKeywordDLPDto[];
}
export interface SuggestItemDto {
  ItemNo?: string;
  Price?: string;
  DiscountPrice?: string;
  CatalogID?: string;
  ItemName?: string;
  IsAdult?: boolean;
  Category?: string;
  FixImage80?: string;
  FixImage100?: string;
  IsFreeOfCharge?: boolean;
  BrandName?: string;
  DiscountRate?: number;
}
export interface SuggestBookItemDto extends SuggestItemDto {
  ISBN?: string;
  Author?: string;
  Publisher?: string;
  Review?: string;
  BookCash?: number;
  ProductionDate?: string;
  LowestPrice?: string;
}
export interface SuggestOSCatalogDto {
  ID?: string;
  CatalogFullName?: string;
  ProductionDate?: string;
  MainDescription?: string;
  LowestPrice?: string;
  IacLowestPriceTotalPrice?: string;
  MatchingItemCount?: number;
  SetAttributeElementName?: string;
  SetAttributeIsUnit?: boolean;
  SetAttributeUnitName?: string;
  Image100Path?: string;
  SetCatalogs?: SuggestOSCatalogDto[];
}

export interface KeywordHintRequest {
  keywordHint?: string;
}
/** Results are undefined when the optional <Operation>Result element is absent. */
type List<K extends string, T> = { [P in K]?: (T | null)[] } | undefined;

export interface SuggestContract {
  'suggest.GetKeywordsByKeywordHint': { req: KeywordHintRequest; res: List<'KSDataT', KSDataDto> };
  'suggest.GetSuggestionKeywordsByKeywordHint': { req: KeywordHintRequest; res: List<'KSDataT', KSDataDto> };
  'suggest.GetNicknamesByKeywordHint': { req: KeywordHintRequest; res: List<'KSDataT', KSDataDto> };
  'suggest.GetKeywordByTopCategoryList': {
    req: KeywordHintRequest;
    res: List<'KSTopCategoryDataT', KSTopCategoryDataDto>;
  };
  'suggest.GetBooksKeywordByKeywordHint': { req: KeywordHintRequest; res: List<'KSDataT', KSDataDto> };
  'suggest.GetTicketKeywordByKeywordHint': { req: KeywordHintRequest; res: List<'KSDataT', KSDataDto> };
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  'suggest.GetSuggestionNotice': { req: {}; res: List<'SearchNoticeT', SearchNoticeDto> };
  'suggest.GetBrandShopSuggestionBrandsByKeywordHint': {
    req: KeywordHintRequest;
    res: List<'KSDataBrandT', KSDataBrandDto>;
  };
  'suggest.GetKeywordSuggest': { req: KeywordHintRequest; res: KeywordSuggestDto | undefined };
  'suggest.GetBrandPlusItems': { req: { brandId: number }; res: List<'SuggestItemT', SuggestItemDto> };
  'suggest.GetBook': { req: { bookItemNo?: string }; res: List<'SuggestBookItemT', SuggestBookItemDto> };
  /** catalogId is an xsd:long written in digits, so ids above 2^53 survive. */
  'suggest.GetCatalog': { req: { catalogId: string }; res: List<'SuggestOSCatalogT', SuggestOSCatalogDto> };
}

export type SuggestChannel = keyof SuggestContract;

export const SUGGEST_CHANNELS = [
  'suggest.GetKeywordsByKeywordHint',
  'suggest.GetSuggestionKeywordsByKeywordHint',
  'suggest.GetNicknamesByKeywordHint',
  'suggest.GetKeywordByTopCategoryList',
  'suggest.GetBooksKeywordByKeywordHint',
  'suggest.GetTicketKeywordByKeywordHint',
  'suggest.GetSuggestionNotice',
  'suggest.GetBrandShopSuggestionBrandsByKeywordHint',
  'suggest.GetKeywordSuggest',
  'suggest.GetBrandPlusItems',
  'suggest.GetBook',
  'suggest.GetCatalog',
] as const satisfies readonly SuggestChannel[];

/** The longest keywordHint the host forwards; the spec sets no limit, and a search box needs no more. */
export const MAX_KEYWORD_HINT_LENGTH = 100;
