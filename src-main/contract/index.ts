import type { AppContract } from './app';
import { APP_CHANNELS } from './app';
import type { Envelope } from './envelope';
import type { SettingsContract } from './settings';
import { SETTINGS_CHANNELS } from './settings';
import type { VaultContract } from './vault';
import { VAULT_CHANNELS } from './vault';
import type { ConnectionContract } from './connection';
import { CONNECTION_CHANNELS } from './connection';
import type { NetworkContract } from './network';
import { NETWORK_CHANNELS } from './network';
import type {
  NotesArrivedEvent,
  NotesContract,
  NotesExportProgressEvent,
  NotesProgressEvent,
  NotesRefreshedEvent,
  NotesSearchFillEvent,
} from './notes';
import { NOTES_CHANNELS } from './notes';
import type { LookbookContract, LookbookProgressEvent } from './lookbook';
import { LOOKBOOK_CHANNELS } from './lookbook';
import type { SuggestContract } from './suggest';
import { SUGGEST_CHANNELS } from './suggest';
import type { InsightsContract } from './insights';
import { INSIGHTS_CHANNELS } from './insights';
import type { FiguresContract } from './figures';
import { FIGURES_CHANNELS } from './figures';
import type { TeamContract, TeamPresenceEvent } from './team';
import { TEAM_CHANNELS } from './team';
import type { LinksArrivedEvent, TeamLinksContract } from './team-links';
import { TEAM_LINKS_CHANNELS } from './team-links';
import type { TeamNotesContract } from './team-notes';
import { TEAM_NOTES_CHANNELS } from './team-notes';

export * from './envelope';
export * from './app';
export * from './settings';
export * from './vault';
export * from './connection';
export * from './network';
export * from './notes';
export * from './lookbook';
export * from './suggest';
export * from './insights';
export * from './figures';
export * from './team';
export * from './team-links';
export * from './team-notes';

/** channel → (request, response). Each domain declares its own part; this is their intersection. */
export type Contract = AppContract &
  SettingsContract &
  VaultContract &
  ConnectionContract &
  NetworkContract &
  NotesContract &
  LookbookContract &
  SuggestContract &
  InsightsContract &
  FiguresContract &
  TeamContract &
  TeamLinksContract &
  TeamNotesContract;

export type Channel = keyof Contract;
export type Req<K extends Channel> = Contract[K]['req'];
export type Res<K extends Channel> = Contract[K]['res'];

export const CHANNELS = [
  ...APP_CHANNELS,
  ...SETTINGS_CHANNELS,
  ...VAULT_CHANNELS,
  ...CONNECTION_CHANNELS,
  ...NETWORK_CHANNELS,
  ...NOTES_CHANNELS,
  ...LOOKBOOK_CHANNELS,
  ...SUGGEST_CHANNELS,
  ...INSIGHTS_CHANNELS,
  ...FIGURES_CHANNELS,
  ...TEAM_CHANNELS,
  ...TEAM_LINKS_CHANNELS,
  ...TEAM_NOTES_CHANNELS,
] as const satisfies readonly Channel[];

/** Push events from main to the renderer. */
export interface Events {
  'connection.state': { state: 'online' | 'offline' | 'starting'; profile: string; detail?: string };
  'notes.progress': NotesProgressEvent;
  'notes.arrived': NotesArrivedEvent;
  'notes.refreshed': NotesRefreshedEvent;
  'notes.exportProgress': NotesExportProgressEvent;
  'notes.searchFill': NotesSearchFillEvent;
  'lookbook.progress': LookbookProgressEvent;
  'team.presence': TeamPresenceEvent;
  'links.arrived': LinksArrivedEvent;
}
export type EventName = keyof Events;
export const EVENTS = [
  'connection.state',
  'notes.progress',
  'notes.arrived',
  'notes.refreshed',
  'notes.exportProgress',
  'notes.searchFill',
  'lookbook.progress',
  'team.presence',
  'links.arrived',
] as const satisfies readonly EventName[];

/** The object the preload exposes as `window.desk` (and the E2E bridge installs the same). */
export interface DeskApi {
  readonly invoke: <K extends Channel>(
    channel: K,
    req: Req<K>,
    opts?: { callId?: string },
  ) => Promise<Envelope<Res<K>>>;
  /** Cancels a call started with the same callId; the host aborts it down to the transport. */
  readonly abort: (callId: string) => void;
  readonly on: <E extends EventName>(event: E, listener: (payload: Events[E]) => void) => () => void;
  readonly channels: readonly Channel[];
}
