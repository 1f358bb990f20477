// Local record types of the sandbox, named exactly after the spec's attributes and child elements so they can be
// swapped for the schema-derived types without renaming a field. Value conventions (shared with the SOAP codec):
//   xsd:int -> number; xsd:long -> string of decimal digits (may exceed 2^53); xsd:decimal -> exact decimal text;
//   xsd:boolean -> boolean; xsd:dateTime -> 'YYYY-MM-DDTHH:mm:ss+09:00'; xsd:string -> string.
// An absent optional attribute is absent (undefined), never null. Child elements are arrays named after the element.

/** xsd:long carried as decimal text. */
export type Long = string;
/** xsd:decimal carried as its exact decimal text. */
export type Decimal = string;
/** xsd:dateTime as Korean wall time with offset. */
export type DateTime = string;

// ---- Suggest service (Arche.Search.Suggest.xsd) ----

export interface KSDataT {
  Keyword?: string;
  KeywordReverse?: string;
  Priority?: number;
  /** Opaque display hint of the real service; the sandbox uses 0..3 without meaning. */
  DisplayType?: number;
  IsBold?: boolean;
  FontColorRgb?: string;
  KeywordRank?: number;
  ApplyingDate?: DateTime;
  ClosingDate?: DateTime;
  Hint?: string;
}

export interface KSTopCategoryDataT {
  Keyword?: string;
  CategoryCode?: number;
  CategoryName?: string;
  Priority?: number;
}

export interface SearchNoticeT {
  SeqNo?: number;
  GroupNo?: number;
  NoticeType?: number;
  IconType?: number;
  IsBold?: boolean;
  FontColor?: string;
  Contents?: string;
  Url?: string;
  StartDate?: DateTime;
  EndDate?: DateTime;
  InsertDate?: string;
  DisplayOrder?: number;
}

export interface KSDataBrandT {
  BrandCode?: number;
  BrandName?: string;
  IsBrandShop?: boolean;
  MdPicImg1?: string;
  MdPicImg2?: string;
  Hint?: string;
  InsDate?: DateTime;
  UpdDate?: DateTime;
}

export interface SuggestKeywordContentsT {
  Keyword?: string;
  Hint?: string;
  Priority?: number;
  BookItemNo?: string;
  CatalogID?: Long;
  BrandID?: number;
}

export interface SuggestKeywordShopT {
  Keyword?: string;
  ShopID?: string;
  ShopName?: string;
  LargeCategory?: string;
}

export interface SuggestKeywordMDT {
  Keyword?: string;
  MDID?: string;
  MDName?: string;
  LargeCategory?: string;
}

export interface SuggestKeywordDLPT {
  Keyword?: string;
}

export interface KeywordSuggestT {
  KeywordContents: SuggestKeywordContentsT[];
  TopCategory: KSTopCategoryDataT[];
  Shop: SuggestKeywordShopT[];
  MD: SuggestKeywordMDT[];
  DLP: SuggestKeywordDLPT[];
}

export interface SuggestItemT {
  ItemNo?: string;
  Price?: Decimal;
  DiscountPrice?: Decimal;
  CatalogID?: Long;
  ItemName?: string;
  IsAdult?: boolean;
  Category?: string;
  FixImage80?: string;
  FixImage100?: string;
  IsFreeOfCharge?: boolean;
  BrandName?: string;
  DiscountRate?: number;
}

export interface SuggestBookItemT extends SuggestItemT {
  ISBN?: string;
  Author?: string;
  Publisher?: string;
  Review?: string;
  BookCash?: number;
  ProductionDate?: DateTime;
  LowestPrice?: Decimal;
}

export interface SuggestOSCatalogT {
  ID?: Long;
  CatalogFullName?: string;
  ProductionDate?: DateTime;
  MainDescription?: string;
  LowestPrice?: Decimal;
  IacLowestPriceTotalPrice?: Decimal;
  MatchingItemCount?: number;
  SetAttributeElementName?: string;
  SetAttributeIsUnit?: boolean;
  SetAttributeUnitName?: string;
  Image100Path?: string;
  SetCatalogs: SuggestOSCatalogT[];
}

// ---- API service (Arche.APISvc.xsd) ----

export interface SohoShopItemList {
  ItemNo?: string;
  ItemName?: string;
  SellerID?: string;
  SellerNickName?: string;
  Price?: string;
  Premium?: boolean;
  Focus?: boolean;
  CouponDiscountPrice?: string;
  ItemLandingUrl?: string;
  Discount?: string;
  FeedbackCount?: string;
  SatisfactionRate?: string;
  SohoItemColorList: string[];
  SohoItemIconList: string[];
  ItemImagePathList: string[];
}

export interface SohoShopLookBookIntroElementList {
  PageNo?: number;
  TemplateType?: number;
  ElementType?: number;
  ElementSeqNo?: number;
  ImagePath?: string;
  LandingUrl?: string;
  LandingTargetYn?: boolean;
  Html?: string;
  Contents?: string;
}

export type ReplyStatus = 'NoReply' | 'ReplyComplete';
export type ReplyStatusFilter = 'All' | ReplyStatus;
export type SearchQueryType = 'Item' | 'Shipping' | 'Exchange' | 'Refund' | 'Other';
export type SearchQueryTypeFilter = 'All' | SearchQueryType;

export interface SendNote {
  SeqNo?: number;
  BuyerID?: string;
  SellerID?: string;
  ItemNo?: string;
  ItemName?: string;
  OrderNo?: Long;
  InsDate?: DateTime;
  Title?: string;
  Content?: string;
  ReplyStatus?: ReplyStatus;
  SearchQueryType?: SearchQueryType;
}
