// The 14 operations of both services (spec part 4), declared once.
import type { RecordName } from './records';
import type { Scalar, ScalarValue } from './scalar';
import type { RecordOf } from './types';
import { nsUri } from './namespaces';
import type { ServiceNamespaces } from './namespaces';

export type ServiceName = 'suggest' | 'market';

interface ParamSpec {
  readonly type: Scalar;
  readonly required?: boolean;
}

export interface SuggestOperationSpec {
  readonly service: 'suggest';
  /** Request children, in order. */
  readonly params: Readonly<Record<string, ParamSpec>>;
  readonly result: RecordName;
}
export interface MarketOperationSpec {
  readonly service: 'market';
  /** The type of the single `req` child; its values travel as attributes (the live service rejects elements). */
  readonly req: RecordName;
  readonly result: RecordName;
  readonly memberTicket: boolean;
}
export type OperationSpec = SuggestOperationSpec | MarketOperationSpec;

const hint = { keywordHint: { type: 'string' } } as const;

export const OPERATIONS = {
  GetKeywordsByKeywordHint: { service: 'suggest', params: hint, result: 'ArrayOfKSDataT' },
  GetSuggestionKeywordsByKeywordHint: { service: 'suggest', params: hint, result: 'ArrayOfKSDataT' },
  GetNicknamesByKeywordHint: { service: 'suggest', params: hint, result: 'ArrayOfKSDataT' },
  GetKeywordByTopCategoryList: { service: 'suggest', params: hint, result: 'ArrayOfKSTopCategoryDataT' },
  GetBooksKeywordByKeywordHint: { service: 'suggest', params: hint, result: 'ArrayOfKSDataT' },
  GetTicketKeywordByKeywordHint: { service: 'suggest', params: hint, result: 'ArrayOfKSDataT' },
  GetSuggestionNotice: { service: 'suggest', params: {}, result: 'ArrayOfSearchNoticeT' },
  GetBrandShopSuggestionBrandsByKeywordHint: {
    service: 'suggest',
    params: hint,
    result: 'ArrayOfKSDataBrandT',
  },
  GetKeywordSuggest: { service: 'suggest', params: hint, result: 'KeywordSuggestT' },
  GetBrandPlusItems: {
    service: 'suggest',
    params: { brandId: { type: 'int', required: true } },
    result: 'ArrayOfSuggestItemT',
  },
  GetBook: {
    service: 'suggest',
    params: { bookItemNo: { type: 'string' } },
    result: 'ArrayOfSuggestBookItemT',
  },
  GetCatalog: {
    service: 'suggest',
    params: { catalogId: { type: 'long', required: true } },
    result: 'ArrayOfSuggestOSCatalogT',
  },
  GetSohoLookbook: {
    service: 'market',
    req: 'GetSohoLookbookReq',
    result: 'GetSohoLookbookResult',
    memberTicket: false,
  },
  BuyerNoteList: {
    service: 'market',
    req: 'BuyerNoteListReq',
    result: 'BuyerNoteListResult',
    memberTicket: true,
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;
export type SuggestOperationName = {
  [K in OperationName]: (typeof OPERATIONS)[K]['service'] extends 'suggest' ? K : never;
}[OperationName];
export type MarketOperationName = Exclude<OperationName, SuggestOperationName>;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export const SUGGEST_OPERATIONS = OPERATION_NAMES.filter(
  (n) => OPERATIONS[n].service === 'suggest',
) as SuggestOperationName[];

type Params<P> = {
  -readonly [K in keyof P as P[K] extends { required: true } ? K : never]: P[K] extends {
    type: infer S extends Scalar;
  }
    ? ScalarValue<S>
    : never;
} & {
  -readonly [K in keyof P as P[K] extends { required: true } ? never : K]?: P[K] extends {
    type: infer S extends Scalar;
  }
    ? ScalarValue<S>
    : never;
};

type Ops = typeof OPERATIONS;
export type RequestOf<N extends OperationName> = Ops[N] extends { params: infer P }
  ? Params<P>
  : Ops[N] extends { req: infer R extends RecordName }
    ? RecordOf<R>
    : never;
/** The decoded `<Operation>Result`; undefined when the (optional) element is absent. */
export type ResultOf<N extends OperationName> = RecordOf<Ops[N]['result']> | undefined;

/** The namespace of the operation's request and response elements. */
export function operationNs(service: ServiceName, ns: ServiceNamespaces): string {
  return service === 'suggest' ? nsUri('suggest', ns) : nsUri('market', ns);
}

/** ns/<Operation> for the suggest service; {ns_root}/APIv1/MarketService/<Operation> for the API service. */
export function soapAction(op: OperationName, ns: ServiceNamespaces): string {
  return `${operationNs(OPERATIONS[op].service, ns).replace(/\/+$/, '')}/${op}`;
}
