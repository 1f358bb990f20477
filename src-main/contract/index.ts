import type { AppContract } from './app';
import { APP_CHANNELS } from './app';
import type { Envelope } from './envelope';

export * from './envelope';
export * from './app';

/** channel → (request, response). Each domain declares its own part; this is their intersection. */
export type Contract = AppContract;

export type Channel = keyof Contract;
export type Req<K extends Channel> = Contract[K]['req'];
export type Res<K extends Channel> = Contract[K]['res'];

export const CHANNELS = [...APP_CHANNELS] as const satisfies readonly Channel[];

/** Push events from main to the renderer. */
export interface Events {
  'connection.state': { state: 'online' | 'offline' | 'starting'; profile: string; detail?: string };
}
export type EventName = keyof Events;
export const EVENTS = ['connection.state'] as const satisfies readonly EventName[];

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
