// What the host's handlers are given: the same for the Electron app, the web test bridge and the command line
// (assemble-host.ts wires it). Its own file, so handlers and createHandlers both depend on it and not on each other.
import type { AppInfo } from '../contract';
import type { RunningSandbox } from '../sandbox/server';
import type { ConnectionManager } from '../services/connection';
import type { SyncCoordinator } from '../services/sync-coordinator';
import type { MirrorRegistry } from '../storage/mirror-registry';
import type { SettingsStore } from '../storage/settings-store';
import type { TicketVault } from '../storage/vault';
import type { NoteLinkRoute } from './note-link-route';
import type { TeamHost } from './team-host';

export interface HostDeps {
  appInfo: AppInfo;
  settings: SettingsStore;
  vault: TicketVault;
  /** Opens an already validated http(s) URL in the OS browser (Electron's shell in the app). */
  openExternal: (url: string) => Promise<void>;
  /** The active marketplace connection (the in-process sandbox by default). */
  connection: ConnectionManager<RunningSandbox>;
  /** The user-data directory: settings, vault and the notes mirrors live here. */
  dataDir: string;
  /** The notes mirrors, one SQLite file per connection profile and endpoint. */
  mirrors: MirrorRegistry;
  /** One sync per mirror at a time, across every caller in this process. */
  syncs: SyncCoordinator;
  /** Team mode: the active profile's team session, when its profile names a team database (assemble-host.ts). */
  teams?: TeamHost;
  /** Links to a note the OS (or the test bridge) delivers: routed here, taken by the window (assemble-host.ts). */
  links?: NoteLinkRoute;
  /** Puts text on the OS clipboard (Electron's clipboard in the app; tests record it). */
  copyText?: (text: string) => void | Promise<void>;
  /** The host's clock: syncs, marks and the auto refresh read it (tests pin it). */
  now: () => number;
  /** Asks where to save (the OS dialog in the app); resolves to the path written, undefined if dismissed. */
  saveFile?: (name: string, data: Uint8Array) => Promise<string | undefined>;
  /**
   * Asks where to save a file the app then writes itself, a piece at a time (the OS dialog in the app); resolves
   * to the path chosen, undefined if dismissed. Where it is missing, an export is saved whole through saveFile.
   */
  chooseSavePath?: (name: string) => Promise<string | undefined>;
  /**
   * Asks which file to open (the OS dialog in the app); resolves to its bytes, `tooLarge` instead of reading
   * one over `maxBytes`, undefined if dismissed.
   */
  openFile?: (maxBytes: number) => Promise<{ data: Uint8Array; tooLarge?: boolean } | undefined>;
  /** Reveals a file in the OS file manager (Electron's shell.showItemInFolder in the app). */
  showItemInFolder?: (path: string) => Promise<void>;
}
