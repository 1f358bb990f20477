import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Settings, SettingsPatch, TicketSet } from '../../src-main/contract';
import { call } from './desk';
import {
  appInfoQuery,
  queryKeys,
  refreshConnection,
  rereadNotes,
  settingsQuery,
  vaultStatusQuery,
} from './queries';

export function useAppInfo() {
  return useQuery(appInfoQuery);
}

export function useSettings() {
  return useQuery(settingsQuery);
}

/**
 * One part of the settings, for components that show it: such a component re-renders when its part changes,
 * not on every save (the inbox saves its filters as the seller clicks them; that must not re-render the shell).
 * The part is compared by value, so a selected object keeps its identity while its contents stay the same.
 */
export function useSettingsValue<T>(select: (settings: Settings) => T): T | undefined {
  return useQuery({ ...settingsQuery, select: (view) => select(view.settings) }).data;
}

/** After the profiles or the active one changed: the connection and its notes mirror may be another. */
function connectionChanged(qc: QueryClient) {
  void refreshConnection(qc);
  void rereadNotes(qc);
}

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => call('settings.update', patch),
    onSuccess: (settings, patch) => {
      qc.setQueryData(queryKeys.settings, (old: { notice?: unknown } | undefined) => ({ ...old, settings }));
      // The vault's status is per profile: only a change of profiles can change it.
      if (patch.activeProfileId !== undefined || patch.profiles !== undefined) {
        void qc.invalidateQueries({ queryKey: queryKeys.vaultRoot });
        connectionChanged(qc);
      }
    },
  });
}

/** Removes a live profile, keeping or deleting its notes mirror. */
export function useRemoveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: { profileId: string; mirror: 'keep' | 'delete' }) =>
      call('settings.removeProfile', req),
    onSuccess: (settings) => {
      qc.setQueryData(queryKeys.settings, (old: { notice?: unknown } | undefined) => ({ ...old, settings }));
      void qc.invalidateQueries({ queryKey: queryKeys.vaultRoot });
      connectionChanged(qc);
    },
  });
}

export function useDismissSettingsNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('settings.resetNotice', undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.settings }),
  });
}

export function useVaultStatus(profileId: string | undefined) {
  return useQuery(vaultStatusQuery(profileId));
}

export function useVaultMutations(profileId: string) {
  const qc = useQueryClient();
  const onSuccess = (status: Awaited<ReturnType<typeof call<'vault.status'>>>) =>
    qc.setQueryData(queryKeys.vault(profileId), status);
  return {
    set: useMutation({
      mutationFn: (tickets: TicketSet) => call('vault.set', { profileId, tickets }),
      onSuccess,
    }),
    clear: useMutation({ mutationFn: () => call('vault.clear', { profileId }), onSuccess }),
    acceptWeaker: useMutation({
      mutationFn: (accept: boolean) => call('vault.acceptWeakerStorage', { accept }),
      onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.vaultRoot }),
    }),
  };
}
