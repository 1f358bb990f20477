import type { AppInfo } from '../contract';
import type { Handlers, RequestSchemas } from './dispatch';
import { settingsHandlers, settingsRequestSchemas } from './handlers/settings';
import { shellHandlers, shellRequestSchemas } from './handlers/shell';
import { vaultHandlers, vaultRequestSchemas } from './handlers/vault';
import { voidRequest } from './handlers/void-request';
import type { SettingsStore } from './settings-store';
import type { TicketVault } from './vault';
import type { ConnectionManager } from '../services/connection';
import type { SyncCoordinator } from '../services/sync-coordinator';
import type { MirrorRegistry } from '../storage/mirror-registry';
import { connectionHandlers, connectionRequestSchemas } from './handlers/connection';
import { notesHandlers, notesRequestSchemas } from './handlers/notes';
import { lookbookHandlers, lookbookRequestSchemas } from './handlers/lookbook';
import { suggestHandlers, suggestRequestSchemas } from './handlers/suggest';

export interface HostDeps {
  appInfo: AppInfo;
  settings: SettingsStore;
  vault: TicketVault;
  /** Opens an already validated http(s) URL in the OS browser (Electron's shell in the app). */
  openExternal: (url: string) => Promise<void>;
  /** The active marketplace connection (the in-process sandbox by default). */
  connection: ConnectionManager;
  /** The user-data directory: settings, vault and the notes mirrors live here. */
  dataDir: string;
  /** The notes mirrors, one SQLite file per connection profile and endpoint. */
  mirrors: MirrorRegistry;
  /** One sync per mirror at a time, across every caller in this process. */
  syncs: SyncCoordinator;
  /** Asks where to save (the OS dialog in the app); resolves to the path written, undefined if dismissed. */
  saveFile?: (name: string, data: Uint8Array) => Promise<string | undefined>;
  /**
   * Asks which file to open (the OS dialog in the app); resolves to its bytes, `tooLarge` instead of reading
   * one over `maxBytes`, undefined if dismissed.
   */
  /** Reveals a file in the OS file manager (Electron's shell.showItemInFolder in the app). */
  showItemInFolder?: (path: string) => Promise<void>;
  openFile?: (maxBytes: number) => Promise<{ data: Uint8Array; tooLarge?: boolean } | undefined>;
}

// Each domain contributes its part; the `Handlers` type makes a missing channel a compile error.
export function createHandlers(given: HostDeps): Handlers {
  // Every path the app saved this session: the only ones "show in folder" may reveal.
  const saved = new Set<string>();
  const saveFile = given.saveFile;
  const deps: HostDeps = saveFile
    ? {
        ...given,
        saveFile: async (name, data) => {
          const path = await saveFile(name, data);
          if (path !== undefined) saved.add(path);
          return path;
        },
      }
    : given;
  return {
    'app.info': async () => deps.appInfo,
    ...shellHandlers({ ...deps, savedThisSession: (path) => saved.has(path) }),
    ...settingsHandlers(deps),
    ...vaultHandlers(deps),
    ...connectionHandlers(deps),
    ...notesHandlers(deps),
    ...lookbookHandlers(deps),
    ...suggestHandlers(deps),
  };
}

export const requestSchemas: RequestSchemas = {
  'app.info': voidRequest,
  ...shellRequestSchemas,
  ...settingsRequestSchemas,
  ...vaultRequestSchemas,
  ...connectionRequestSchemas,
  ...notesRequestSchemas,
  ...lookbookRequestSchemas,
  ...suggestRequestSchemas,
};
