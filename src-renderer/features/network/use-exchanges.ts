import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExchangeSummary, NetworkListRequest } from '../../../src-main/contract';
import { call } from '../../api/desk';

const NETWORK_POLL_MS = 1500;
const networkKey = ['network'] as const;

// Exchanges never change once recorded, so the same ids mean the same list: keeping the old array spares a
// deep comparison of up to 500 envelopes every poll and a re-render of the table.
function sameIds(old: unknown, next: ExchangeSummary[]): boolean {
  if (!Array.isArray(old) || old.length !== next.length) return false;
  return next.every((x, i) => (old[i] as ExchangeSummary | undefined)?.id === x.id);
}

/** The log, newest first. Polls only while mounted and the window is visible (react-query's default). */
export function useExchanges(filter: NetworkListRequest) {
  return useQuery({
    queryKey: [...networkKey, filter.operation ?? '', filter.outcome ?? ''],
    queryFn: async ({ signal }) => (await call('network.list', filter, signal)).reverse(),
    refetchInterval: NETWORK_POLL_MS,
    structuralSharing: (old, next) => (sameIds(old, next as ExchangeSummary[]) ? old : next),
  });
}

/**
 * One exchange with its envelopes, fetched when opened. Recorded exchanges never change, so it is never
 * refetched; null means it has left the log.
 */
export function useExchange(id: number | undefined) {
  return useQuery({
    queryKey: [...networkKey, 'exchange', id],
    queryFn: ({ signal }) => call('network.get', { id: id! }, signal),
    enabled: id !== undefined,
    staleTime: Infinity,
  });
}

export function useClearExchanges() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('network.clear', undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: networkKey }),
  });
}
