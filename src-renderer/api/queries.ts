// Every query the shell and more than one page read, each defined once: its key and how it is fetched. Pages
// call `useQuery(xQuery)` (or the hooks below) so the same data is never cached twice under two keys.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, getDesk } from './desk';

export const queryKeys = {
  appInfo: ['app.info'] as const,
  settings: ['settings'] as const,
  vaultRoot: ['vault'] as const,
  vault: (profileId: string) => ['vault', profileId] as const,
  connectionInfo: ['connection.info'] as const,
};

export const appInfoQuery = queryOptions({
  queryKey: queryKeys.appInfo,
  queryFn: ({ signal }) => call('app.info', undefined, signal),
});

export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: ({ signal }) => call('settings.get', undefined, signal),
});

export const vaultStatusQuery = (profileId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.vault(profileId ?? ''),
    queryFn: ({ signal }) => call('vault.status', { profileId: profileId! }, signal),
    enabled: profileId !== undefined,
  });

/**
 * The active connection as main sees it (profile, seller IDs, the sandbox's addresses once it runs). It changes
 * only with the connection, and every such change is announced: the cache is invalidated then, not polled.
 */
export const connectionInfoQuery = queryOptions({
  queryKey: queryKeys.connectionInfo,
  queryFn: ({ signal }) => call('connection.info', undefined, signal),
  staleTime: 60_000,
});

export function useConnectionInfo() {
  return useQuery(connectionInfoQuery);
}

/** What depends on which connection is active: its description, the active profile, its tickets. */
export function invalidateConnectionQueries(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: queryKeys.connectionInfo });
  void qc.invalidateQueries({ queryKey: queryKeys.settings });
  void qc.invalidateQueries({ queryKey: queryKeys.vaultRoot });
}

/**
 * Follows main's `connection.state` events (the sandbox started, a connection test found it on- or offline,
 * the active profile changed): the connection's queries are refetched then, so nothing on screen describes a
 * connection that is no longer the one in use. Mounted once, at the app's root.
 */
export function useConnectionEvents() {
  const qc = useQueryClient();
  useEffect(() => getDesk().on('connection.state', () => invalidateConnectionQueries(qc)), [qc]);
}
