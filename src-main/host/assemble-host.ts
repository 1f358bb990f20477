// The host's dependencies, wired the same way for the Electron app, the CLI and the tests; only the
// vault, the URL opener and the sandbox options differ.
import type { AppInfo, EventName, Events } from '../contract';
import { connectMarket, sandboxFingerprint } from './connect';
import type { SandboxOptions } from './connect';
import { sharedResponseDecoder } from '../soap/decode-pool';
import { createSyncCoordinator } from '../services/sync-coordinator';
import { createMirrorRegistry } from '../storage/mirror-registry';
import type { HostDeps } from './host-deps';
import { defaultSettings, SANDBOX_PROFILE_ID } from '../storage/settings-schema';
import { createSettingsStore } from '../storage/settings-store';
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
}

export function assembleHost(opts: AssembleOptions): HostDeps & { close(): Promise<void> } {
  if (opts.warmDecoder) void sharedResponseDecoder().warm();
  const settings = createSettingsStore(opts.dataDir);
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
  });
  const syncs = createSyncCoordinator();
  return {
    appInfo: opts.appInfo,
    settings,
    vault: opts.vault,
    openExternal: opts.openExternal,
    connection,
    dataDir: opts.dataDir,
    mirrors,
    syncs,
    close: async () => {
      syncs.cancelAll();
      // A cancelled sync still records its outcome; the files close after it.
      await syncs.idle();
      await connection.close();
      mirrors.close();
    },
  };
}
