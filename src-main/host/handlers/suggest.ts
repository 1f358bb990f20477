import { z } from 'zod';
import { MAX_KEYWORD_HINT_LENGTH, SUGGEST_CHANNELS } from '../../contract';
import type { SuggestContract } from '../../contract';
import type { SuggestOperationName } from '../../schema';
import { createSuggestService } from '../../services/suggest';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';

type Channels = keyof SuggestContract;

export function suggestHandlers(deps: HostDeps): Pick<Handlers, Channels> {
  const service = createSuggestService(deps.connection);
  // Every channel is the operation of the same name; the request schemas below validated the request already.
  return Object.fromEntries(
    SUGGEST_CHANNELS.map((channel) => {
      const op = channel.slice('suggest.'.length) as SuggestOperationName;
      return [channel, (req: never, ctx: { signal: AbortSignal }) => service.query(op, req, ctx.signal)];
    }),
  ) as unknown as Pick<Handlers, Channels>;
}

const hint = z.strictObject({ keywordHint: z.string().max(MAX_KEYWORD_HINT_LENGTH).optional() });
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const LONG_MIN = -9_223_372_036_854_775_808n;
const LONG_MAX = 9_223_372_036_854_775_807n;
const LONG_TEXT = /^-?\d{1,20}$/;

export const suggestRequestSchemas: Pick<RequestSchemas, Channels> = {
  'suggest.GetKeywordsByKeywordHint': hint,
  'suggest.GetSuggestionKeywordsByKeywordHint': hint,
  'suggest.GetNicknamesByKeywordHint': hint,
  'suggest.GetKeywordByTopCategoryList': hint,
  'suggest.GetBooksKeywordByKeywordHint': hint,
  'suggest.GetTicketKeywordByKeywordHint': hint,
  'suggest.GetBrandShopSuggestionBrandsByKeywordHint': hint,
  'suggest.GetKeywordSuggest': hint,
  // IPC may carry undefined or null for the empty request element.
  'suggest.GetSuggestionNotice': z.union([z.strictObject({}), z.undefined(), z.null()]).transform(() => ({})),
  'suggest.GetBrandPlusItems': z.strictObject({ brandId: z.number().int().min(INT_MIN).max(INT_MAX) }),
  'suggest.GetBook': z.strictObject({ bookItemNo: z.string().max(64).optional() }),
  'suggest.GetCatalog': z.strictObject({
    catalogId: z
      .string()
      .refine(
        (s) => LONG_TEXT.test(s) && BigInt(s) >= LONG_MIN && BigInt(s) <= LONG_MAX,
        'a catalog id is an xsd:long written in digits',
      ),
  }),
};
