// TypeScript types derived from RECORDS: no hand-written duplicate interfaces.
import type { ChildSpec, RecordName } from './records';
import type { RECORDS } from './records';
import type { ReplyStatus, SearchQueryType } from './records';
import type { Scalar, ScalarValue } from './scalar';

export type Defs = typeof RECORDS;
export type AttrValues<A> = { -readonly [K in keyof A]?: A[K] extends Scalar ? ScalarValue<A[K]> : never };

export type ChildValue<C> = C extends { type: infer T }
  ? T extends RecordName
    ? RecordOf<T>
    : T extends Scalar
      ? ScalarValue<T>
      : never
  : never;
export type ChildSlot<C> = C extends { many: true }
  ? C extends { nillable: true }
    ? (ChildValue<C> | null)[]
    : ChildValue<C>[]
  : ChildValue<C>;
export type ChildValues<C> = { -readonly [K in keyof C]?: ChildSlot<C[K]> };

export type Refine<N extends RecordName, T> = N extends 'SendNote'
  ? Omit<T, 'ReplyStatus' | 'SearchQueryType'> & {
      ReplyStatus?: ReplyStatus;
      SearchQueryType?: SearchQueryType;
    }
  : N extends 'BuyerNoteListReq'
    ? Omit<T, 'ReplyStatus'> & { ReplyStatus?: ReplyStatus }
    : T;

export type RecordOf<N extends RecordName> = Refine<
  N,
  AttrValues<Defs[N]['attrs']> & (Defs[N] extends { children: infer C } ? ChildValues<C> : unknown)
>;

export type KSDataT = RecordOf<'KSDataT'>;
export type KSTopCategoryDataT = RecordOf<'KSTopCategoryDataT'>;
export type SearchNoticeT = RecordOf<'SearchNoticeT'>;
export type KSDataBrandT = RecordOf<'KSDataBrandT'>;
export type KeywordSuggestT = RecordOf<'KeywordSuggestT'>;
export type SuggestKeywordContentsT = RecordOf<'SuggestKeywordContentsT'>;
export type SuggestKeywordShopT = RecordOf<'SuggestKeywordShopT'>;
export type SuggestKeywordMDT = RecordOf<'SuggestKeywordMDT'>;
export type SuggestKeywordDLPT = RecordOf<'SuggestKeywordDLPT'>;
export type SuggestItemT = RecordOf<'SuggestItemT'>;
export type SuggestBookItemT = RecordOf<'SuggestBookItemT'>;
export type SuggestOSCatalogT = RecordOf<'SuggestOSCatalogT'>;
export type Pagination = RecordOf<'Pagination'>;
export type SohoShopItemList = RecordOf<'SohoShopItemList'>;
export type SohoShopLookBookIntroElementList = RecordOf<'SohoShopLookBookIntroElementList'>;
export type GetSohoLookbookResult = RecordOf<'GetSohoLookbookResult'>;
export type SendNote = RecordOf<'SendNote'>;
export type BuyerNoteListResult = RecordOf<'BuyerNoteListResult'>;
export type GetSohoLookbookReq = RecordOf<'GetSohoLookbookReq'>;
export type BuyerNoteListReq = RecordOf<'BuyerNoteListReq'>;

export type { ChildSpec };
