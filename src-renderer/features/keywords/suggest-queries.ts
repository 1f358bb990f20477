// TanStack Query hooks over the suggest channels. Every query consumes its AbortSignal, so when the hint changes
// the stale query loses its observer and TanStack Query aborts it: the renderer's abort reaches the host through
// desk.abort, the host aborts the handler's signal, and the transport drops the SOAP request.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Res, SuggestChannel } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useConnectionInfo } from '../../api/queries';

/** The eight operations a hint fans out to, in panel order. */
export const HINT_OPERATIONS = [
  'GetKeywordSuggest',
  'GetKeywordsByKeywordHint',
  'GetSuggestionKeywordsByKeywordHint',
  'GetBrandShopSuggestionBrandsByKeywordHint',
  'GetKeywordByTopCategoryList',
  'GetNicknamesByKeywordHint',
  'GetBooksKeywordByKeywordHint',
  'GetTicketKeywordByKeywordHint',
] as const;
export type HintOperation = (typeof HINT_OPERATIONS)[number];

/** A result with the hint it answers, so a panel can never show one hint's rows under another. */
export interface Answer<T> {
  hint: string;
  data: T;
}

const suggestKeys = {
  hint: (op: HintOperation, hint: string) => ['suggest', op, hint] as const,
  notices: ['suggest', 'GetSuggestionNotice'] as const,
  brand: (id: number) => ['suggest', 'GetBrandPlusItems', id] as const,
  book: (no: string) => ['suggest', 'GetBook', no] as const,
  catalog: (id: string) => ['suggest', 'GetCatalog', id] as const,
};

export function useHintQuery<O extends HintOperation>(op: O, hint: string) {
  return useQuery(hintQueryOptions(op, hint));
}

/** One panel's query; the page also reads all eight together to show a failure they share once. */
export function hintQueryOptions<O extends HintOperation>(op: O, hint: string) {
  return queryOptions({
    queryKey: suggestKeys.hint(op, hint),
    queryFn: async ({ signal }): Promise<Answer<Res<`suggest.${O}`>>> => ({
      hint,
      data: (await call(
        `suggest.${op}` as SuggestChannel,
        { keywordHint: hint },
        signal,
      )) as Res<`suggest.${O}`>,
    }),
    enabled: hint !== '',
    // The last answer stays (dimmed) while the next hint loads, instead of eight panels flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useNotices() {
  return useQuery({
    queryKey: suggestKeys.notices,
    queryFn: ({ signal }) => call('suggest.GetSuggestionNotice', {}, signal),
    staleTime: 5 * 60_000,
  });
}

export function useBrandItems(brandId: number | undefined) {
  return useQuery({
    queryKey: suggestKeys.brand(brandId ?? -1),
    queryFn: ({ signal }) => call('suggest.GetBrandPlusItems', { brandId: brandId! }, signal),
    enabled: brandId !== undefined,
  });
}

export function useBook(bookItemNo: string | undefined) {
  return useQuery({
    queryKey: suggestKeys.book(bookItemNo ?? ''),
    queryFn: ({ signal }) => call('suggest.GetBook', { bookItemNo: bookItemNo! }, signal),
    enabled: bookItemNo !== undefined,
  });
}

export function useCatalog(catalogId: string | undefined) {
  return useQuery({
    queryKey: suggestKeys.catalog(catalogId ?? ''),
    queryFn: ({ signal }) => call('suggest.GetCatalog', { catalogId: catalogId! }, signal),
    enabled: catalogId !== undefined,
  });
}

/** Where the suggest service's relative image paths live. */
export function useSuggestBase(): string | undefined {
  const info = useConnectionInfo();
  return info.data?.suggestBaseUrl;
}
