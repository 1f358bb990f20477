// Every query the shell and more than one page read, each defined once: its key and how it is fetched. Pages
// call `useQuery(xQuery)` (or the hooks below) so the same data is never cached twice under two keys.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConnectionInfo } from '../../src-main/contract';
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
const connectionInfoQuery = queryOptions({
  queryKey: queryKeys.connectionInfo,
  queryFn: ({ signal }) => call('connection.info', undefined, signal),
  staleTime: 60_000,
});

export function useConnectionInfo() {
  return useQuery(connectionInfoQuery);
}

/** Queries whose answers came from one connection's marketplace: stale once another connection is in use. */
const MARKET_ROOTS: ReadonlySet<unknown> = new Set([
  'lookbook',
  'lookbook.getAll',
  'suggest',
  'notes.lookbookItems',
]);

const sameConnection = (a: ConnectionInfo, b: ConnectionInfo) =>
  a.profileId === b.profileId && a.apiBaseUrl === b.apiBaseUrl && a.suggestBaseUrl === b.suggestBaseUrl;

/**
 * The connection may have changed: its description is fetched again, and when it is another connection than
 * the one on screen, so is everything its marketplace answered.
 */
export async function refreshConnection(qc: QueryClient): Promise<void> {
  const before = qc.getQueryData(connectionInfoQuery.queryKey);
  let after: ConnectionInfo;
  try {
    after = await qc.fetchQuery({ ...connectionInfoQuery, staleTime: 0 });
  } catch {
    // The query keeps its error for whoever shows it; nothing is known to have changed.
    return;
  }
  if (before !== undefined && !sameConnection(before, after)) {
    await qc.invalidateQueries({ predicate: (q) => MARKET_ROOTS.has(q.queryKey[0]) });
  }
}

/**
 * Follows main's `connection.state` events (the sandbox started, a connection test found it on- or offline,
 * the active profile changed): the connection's queries are refreshed then, the active profile and its tickets
 * too, so nothing on screen describes a connection that is no longer the one in use. Mounted once, at the app's
 * root.
 */
export function useConnectionEvents() {
  const qc = useQueryClient();
  useEffect(
    () =>
      getDesk().on('connection.state', () => {
        // Another window or the command line may have changed the active profile or its tickets.
        void qc.invalidateQueries({ queryKey: queryKeys.settings });
        void qc.invalidateQueries({ queryKey: queryKeys.vaultRoot });
        void refreshConnection(qc);
      }),
    [qc],
  );
}

/** Every query of the notes mirror starts with this: one invalidation refreshes them all. */
export const NOTES_ROOT = ['notes'] as const;

/**
 * The mirror changed (a sync ended, main refreshed it, the profile changed): every answer of it on screen is read
 * again. A read still on its way was read before the change: it is dropped and asked again. Invalidating alone
 * would not do for a first read (no answer yet): TanStack Query lets it finish, and the list would stay as the
 * mirror was when it was read, mid-sync, until the next change.
 */
export async function rereadNotes(qc: QueryClient): Promise<void> {
  await qc.cancelQueries({ queryKey: NOTES_ROOT });
  await qc.invalidateQueries({ queryKey: NOTES_ROOT });
}
