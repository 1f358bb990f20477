// (b) Encoding all 14 requests: operations per second.
import { DEFAULT_NAMESPACES, OPERATION_NAMES } from '../src-main/schema';
import type { OperationName, RequestOf } from '../src-main/schema';
import { buildRequest } from '../src-main/soap/envelope-write';
import { median } from './stats';

const tickets = { authTicket: 'a', encryptedTicket: 'e', memberTicket: 'm' };
const hint = { keywordHint: '나이키 운동화' };
const REQ: { [N in OperationName]: RequestOf<N> } = {
  GetKeywordsByKeywordHint: hint,
  GetSuggestionKeywordsByKeywordHint: hint,
  GetNicknamesByKeywordHint: hint,
  GetKeywordByTopCategoryList: hint,
  GetBooksKeywordByKeywordHint: hint,
  GetTicketKeywordByKeywordHint: hint,
  GetSuggestionNotice: {},
  GetBrandShopSuggestionBrandsByKeywordHint: hint,
  GetKeywordSuggest: hint,
  GetBrandPlusItems: { brandId: 7 },
  GetBook: { bookItemNo: 'B0001' },
  GetCatalog: { catalogId: '9007199254740993' },
  GetSohoLookbook: { SellerId: 'gangnam_style', Pagination: { PageIndex: 1, PageSize: 20 } },
  BuyerNoteList: {
    StartDate: '2026-11-01T00:00:00+09:00',
    EndDate: '2026-11-20T00:00:00+09:00',
    ReplyStatus: 'NoReply',
    Pagination: { PageIndex: 1, PageSize: 100 },
  },
};

export interface EncodeRow {
  operation: string;
  opsPerSec: number;
}

export function benchEncode(): EncodeRow[] {
  return OPERATION_NAMES.map((op) => {
    const runs: number[] = [];
    for (let r = 0; r < 7; r++) {
      const n = 400;
      const t = performance.now();
      for (let i = 0; i < n; i++) buildRequest(op, REQ[op] as never, { version: i % 2 ? '1.2' : '1.1', ns: DEFAULT_NAMESPACES, tickets });
      if (r >= 2) runs.push(n / ((performance.now() - t) / 1000));
    }
    return { operation: op, opsPerSec: median(runs) };
  });
}
