import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exchange, NetworkListRequest } from '../../../src-main/contract';
import { call } from '../../api/desk';

export const NETWORK_POLL_MS = 1500;
const networkKey = ['network'] as const;

// Exchanges never change once recorded, so the same ids mean the same list: keeping the old array spares a
// deep comparison of up to 500 envelopes every poll and a re-render of the table.
function sameIds(old: unknown, next: Exchange[]): boolean {
  if (!Array.isArray(old) || old.length !== next.length) return false;
  return next.every((x, i) => (old[i] as Exchange | undefined)?.id === x.id);
}

/** The log, newest first. Polls only while mounted and the window is visible (react-query's default). */
export function useExchanges(filter: NetworkListRequest) {
  return useQuery({
    queryKey: [...networkKey, filter.operation ?? '', filter.outcome ?? ''],
    queryFn: async ({ signal }) => (await call('network.list', filter, signal)).reverse(),
    refetchInterval: NETWORK_POLL_MS,
    structuralSharing: (old, next) => (sameIds(old, next as Exchange[]) ? old : next),
  });
}

export function useClearExchanges() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('network.clear', undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: networkKey }),
  });
}
