import type { RecordOf } from '../schema';
// The suggest domain's channels: one per suggest operation, `suggest.<OperationName>`, request and result exactly
// as the schema decodes them (int -> number, long -> digit string, decimal -> exact text, dateTime -> text as
// sent; every attribute optional; list wrappers keep their nillable children as null).
//
// One channel per operation, rather than one fan-out channel, lets each panel of the keyword explorer show its own
// result, progress and error as soon as its operation answers, and a stale hint is cancelled through the ordinary
// per-call abort of each call.
//
// The records are the schema's own types (import type only: the contract stays pure).

export type KSDataDto = RecordOf<'KSDataT'>;
export type KSTopCategoryDataDto = RecordOf<'KSTopCategoryDataT'>;
export type SearchNoticeDto = RecordOf<'SearchNoticeT'>;
export type KSDataBrandDto = RecordOf<'KSDataBrandT'>;
export type KeywordSuggestDto = RecordOf<'KeywordSuggestT'>;
export type SuggestItemDto = RecordOf<'SuggestItemT'>;
export type SuggestBookItemDto = RecordOf<'SuggestBookItemT'>;
export type SuggestOSCatalogDto = RecordOf<'SuggestOSCatalogT'>;

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
