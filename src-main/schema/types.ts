// TypeScript types derived from RECORDS: no hand-written duplicate interfaces.
import type { RecordName } from './records';
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

export type SohoShopItemList = RecordOf<'SohoShopItemList'>;
export type SohoShopLookBookIntroElementList = RecordOf<'SohoShopLookBookIntroElementList'>;
export type SendNote = RecordOf<'SendNote'>;
