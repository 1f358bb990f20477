// The host's dependencies, wired the same way for the Electron app, the CLI and the tests; only the
// vault, the URL opener and the sandbox options differ.
import type { AppInfo, EventName, Events } from '../contract';
import { startSandbox } from '../sandbox/server';
import type { SandboxOptions } from '../sandbox/server';
import { createConnectionManager } from '../services/connection';
import type { HostDeps } from './create-handlers';
import { createSettingsStore } from './settings-store';
import type { TicketVault } from './vault';

export interface AssembleOptions {
  dataDir: string;
  appInfo: AppInfo;
  vault: TicketVault;
  openExternal: (url: string) => Promise<void>;
  sandboxOptions?: SandboxOptions;
  emit?: <E extends EventName>(event: E, payload: Events[E]) => void;
}

export function assembleHost(opts: AssembleOptions): HostDeps & { close(): Promise<void> } {
  const settings = createSettingsStore(opts.dataDir);
  const connection = createConnectionManager({
    settings,
    vault: opts.vault,
    startSandbox,
    sandboxOptions: opts.sandboxOptions,
    onStateChange: (state) => opts.emit?.('connection.state', state),
  });
  return {
    appInfo: opts.appInfo,
    settings,
    vault: opts.vault,
    openExternal: opts.openExternal,
    connection,
    dataDir: opts.dataDir,
    close: () => connection.close(),
  };
}
