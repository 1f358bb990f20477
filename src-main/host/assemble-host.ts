// The host's dependencies, wired the same way for the Electron app, the CLI and the tests; only the
// vault, the URL opener and the sandbox options differ.
import type { AppInfo, EventName, Events } from '../contract';
import { autoRefreshRequest, startAutoRefresh } from './auto-refresh';
import { syncActiveMirror } from './active-mirror';
import { createTeamHost } from './team-host';
import { createNoteLinkRoute } from './note-link-route';
import type { AutoRefresher, Scheduler } from './auto-refresh';
import { connectMarket, sandboxFingerprint } from './connect';
import type { SandboxOptions } from './connect';
import { sharedResponseDecoder } from '../soap/decode-pool';
import { createSyncCoordinator } from '../services/sync-coordinator';
import { createMirrorRegistry } from '../storage/mirror-registry';
import type { MirrorRegistryOptions } from '../storage/mirror-registry';
import type { HostDeps } from './host-deps';
import { defaultSettings, SANDBOX_PROFILE_ID } from '../storage/settings-schema';
import { createSettingsStore } from '../storage/settings-store';
import type { SettingsStore } from '../storage/settings-store';
import type { TicketVault } from '../storage/vault';

export interface AssembleOptions {
  dataDir: string;
  appInfo: AppInfo;
  vault: TicketVault;
  openExternal: (url: string) => Promise<void>;
  sandboxOptions?: SandboxOptions;
  emit?: <E extends EventName>(event: E, payload: Events[E]) => void;
  /**
   * Start the response decoder's worker now, while the window loads, so the first refresh does not wait for a
   * thread to start and compile its code (the app; one-shot commands and tests start it when first needed).
   */
  warmDecoder?: boolean;
  /** The host's clock (Date.now unless told; tests pin it). */
  now?: () => number;
  /**
   * Run main's auto refresh (auto-refresh.ts) on this scheduler: the app passes its timers, tests a hand they move.
   * Without it nothing refreshes by itself (the command line, most tests).
   */
  autoRefresh?: { scheduler: Scheduler };
  /** Team mode's caller loop and pull intervals (tests shorten them) and where PGPASSWORD is looked up. */
  team?: { loopMs?: number; pollMs?: number; env?: Record<string, string | undefined> };
  /** The search text fill's worker and batch (tests hold it midway). */
  searchFill?: MirrorRegistryOptions['searchFill'];
}

export function assembleHost(opts: AssembleOptions): HostDeps & { close(): Promise<void> } {
  if (opts.warmDecoder) void sharedResponseDecoder().warm();
  const now = opts.now ?? Date.now;
  let refresher: AutoRefresher | undefined;
  // Every change of the settings, whoever makes it, reaches the auto refresh (its interval, the active profile).
  const store = createSettingsStore(opts.dataDir);
  const settings: SettingsStore = {
    ...store,
    update: async (patch) => {
      const next = await store.update(patch);
      await refresher?.settingsChanged().catch(() => {});
      // The team session follows the active profile (declared below; no update runs before it exists).
      await teams.settingsChanged();
      return next;
    },
  };
  const connection = connectMarket({
    settings,
    vault: opts.vault,
    sandboxOptions: opts.sandboxOptions,
    onStateChange: (state) => opts.emit?.('connection.state', state),
  });
  const sandboxProfile = defaultSettings().profiles.find((p) => p.id === SANDBOX_PROFILE_ID)!;
  const mirrors = createMirrorRegistry({
    dataDir: opts.dataDir,
    // The built-in sandbox profile's mirror imports release 0.1.0's notes files.
    sandbox: {
      profileId: SANDBOX_PROFILE_ID,
      profileName: sandboxProfile.name,
      kind: 'sandbox',
      fingerprint: sandboxFingerprint(opts.sandboxOptions),
    },
    // The window says how far a search index fill is, and stops saying it when it ends.
    onSearchFill: (_file, { done, total }, profileId) =>
      opts.emit?.('notes.searchFill', { profileId, fill: { done, total } }),
    onSearchFillEnd: (_file, profileId) => opts.emit?.('notes.searchFill', { profileId }),
    ...(opts.searchFill ? { searchFill: opts.searchFill } : {}),
  });
  const syncs = createSyncCoordinator(now);
  const deps: HostDeps = {
    appInfo: opts.appInfo,
    settings,
    vault: opts.vault,
    openExternal: opts.openExternal,
    connection,
    dataDir: opts.dataDir,
    mirrors,
    syncs,
    now,
  };
  const emit = opts.emit ?? (() => {});
  const teams = createTeamHost(deps, {
    emit,
    ...opts.team,
    // Another desktop asked: this caller syncs for the team, and the window here follows.
    syncForTeam: async (req) => {
      const { mirror, outcome } = await syncActiveMirror(deps, req ?? autoRefreshRequest(now()), emit);
      const lastSync = mirror.store.lastSync();
      emit('notes.refreshed', {
        profileId: mirror.owner.profileId,
        ...(lastSync ? { lastSync } : {}),
        arrived: outcome.arrivedNoReply.length,
      });
    },
  });
  deps.teams = teams;
  // Links to a note, from the OS (Electron main) or the test bridge, through one route.
  deps.links = createNoteLinkRoute({
    settings,
    vault: opts.vault,
    teams,
    sandboxConnection: sandboxFingerprint(opts.sandboxOptions).key,
    ...(opts.team?.env ? { env: opts.team.env } : {}),
    emit,
  });
  // The app starts the active profile's team session at once (its caller loop, its pull); tests on first use.
  if (opts.autoRefresh) void teams.settingsChanged();
  if (opts.autoRefresh) {
    refresher = startAutoRefresh({ ...deps, scheduler: opts.autoRefresh.scheduler, emit });
  }
  return {
    ...deps,
    close: async () => {
      refresher?.stop();
      // The caller lock is released before the syncs end: another desktop may take over at once.
      await teams.close();
      syncs.cancelAll();
      // A cancelled sync still records its outcome; the files close after it.
      await syncs.idle();
      await connection.close();
      mirrors.close();
    },
  };
}
