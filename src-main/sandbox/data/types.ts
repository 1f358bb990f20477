// The sandbox's records are the schema's own types (one declaration of the spec). Value conventions, as the
// SOAP codec reads and writes them:
//   xsd:int -> number; xsd:long -> string of decimal digits (may exceed 2^53); xsd:decimal -> exact decimal text;
//   xsd:boolean -> boolean; xsd:dateTime -> 'YYYY-MM-DDTHH:mm:ss+09:00'; xsd:string -> string.
// An absent optional attribute is absent (undefined), never null. Child elements are arrays named after the element.

import type { RecordOf } from '../../schema';
import type { NoteQueryType, NoteReplyStatus } from '../../../src-shared/note-fields';

export type KSDataT = RecordOf<'KSDataT'>;
export type KSTopCategoryDataT = RecordOf<'KSTopCategoryDataT'>;
export type SearchNoticeT = RecordOf<'SearchNoticeT'>;
export type KSDataBrandT = RecordOf<'KSDataBrandT'>;
export type SuggestKeywordContentsT = RecordOf<'SuggestKeywordContentsT'>;
export type SuggestKeywordShopT = RecordOf<'SuggestKeywordShopT'>;
export type SuggestKeywordMDT = RecordOf<'SuggestKeywordMDT'>;
export type KeywordSuggestT = RecordOf<'KeywordSuggestT'>;
export type SuggestItemT = RecordOf<'SuggestItemT'>;
export type SuggestBookItemT = RecordOf<'SuggestBookItemT'>;
export type SuggestOSCatalogT = RecordOf<'SuggestOSCatalogT'>;
export type SohoShopItemList = RecordOf<'SohoShopItemList'>;
export type SohoShopLookBookIntroElementList = RecordOf<'SohoShopLookBookIntroElementList'>;
export type SendNote = RecordOf<'SendNote'>;

/** The statuses a stored note has (All is only a filter value). */
export type ReplyStatus = NoteReplyStatus;
export type ReplyStatusFilter = 'All' | ReplyStatus;
/** The inquiry types the sandbox's notes carry. */
export type SearchQueryType = Exclude<NoteQueryType, 'All'>;
