import { describe, expect, it } from 'vitest';
import { SUGGEST_CHANNELS } from '../../../src-main/contract';
import type { Req, Res } from '../../../src-main/contract';
import { SUGGEST_OPERATIONS } from '../../../src-main/schema';
import type { RequestOf, ResultOf } from '../../../src-main/schema';

// Each channel's request and result must be exactly what the schema gives its operation (a channel wired to the
// wrong record or wrapper makes `tsc -b` fail here).
/** Mutual assignability: `true` is only accepted when A and B describe the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checked: string[] = [];
function same<A, B>(ok: Same<A, B>): void {
  checked.push(String(ok));
}

describe('suggest contract', () => {
  it('has one channel per suggest operation of the schema', () => {
    expect([...SUGGEST_CHANNELS].sort()).toEqual(SUGGEST_OPERATIONS.map((op) => `suggest.${op}`).sort());
  });

  it('types each channel exactly as the schema types its operation', () => {
    same<Res<'suggest.GetKeywordsByKeywordHint'>, ResultOf<'GetKeywordsByKeywordHint'>>(true);
    same<Res<'suggest.GetSuggestionKeywordsByKeywordHint'>, ResultOf<'GetSuggestionKeywordsByKeywordHint'>>(
      true,
    );
    same<Res<'suggest.GetNicknamesByKeywordHint'>, ResultOf<'GetNicknamesByKeywordHint'>>(true);
    same<Res<'suggest.GetKeywordByTopCategoryList'>, ResultOf<'GetKeywordByTopCategoryList'>>(true);
    same<Res<'suggest.GetBooksKeywordByKeywordHint'>, ResultOf<'GetBooksKeywordByKeywordHint'>>(true);
    same<Res<'suggest.GetTicketKeywordByKeywordHint'>, ResultOf<'GetTicketKeywordByKeywordHint'>>(true);
    same<Res<'suggest.GetSuggestionNotice'>, ResultOf<'GetSuggestionNotice'>>(true);
    same<
      Res<'suggest.GetBrandShopSuggestionBrandsByKeywordHint'>,
      ResultOf<'GetBrandShopSuggestionBrandsByKeywordHint'>
    >(true);
    same<Res<'suggest.GetKeywordSuggest'>, ResultOf<'GetKeywordSuggest'>>(true);
    same<Res<'suggest.GetBrandPlusItems'>, ResultOf<'GetBrandPlusItems'>>(true);
    same<Res<'suggest.GetBook'>, ResultOf<'GetBook'>>(true);
    same<Res<'suggest.GetCatalog'>, ResultOf<'GetCatalog'>>(true);

    same<Req<'suggest.GetKeywordSuggest'>, RequestOf<'GetKeywordSuggest'>>(true);
    same<Req<'suggest.GetBrandPlusItems'>, RequestOf<'GetBrandPlusItems'>>(true);
    same<Req<'suggest.GetBook'>, RequestOf<'GetBook'>>(true);
    same<Req<'suggest.GetCatalog'>, RequestOf<'GetCatalog'>>(true);
    expect(checked).toHaveLength(16);
  });
});
