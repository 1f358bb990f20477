// Pure: builds the `window.desk` object from the contract's allowlists over any transport.
// The real preload passes ipcRenderer; the web E2E bridge passes Playwright bindings.
import { CHANNELS, EVENTS } from '../contract';
import type { DeskApi, Envelope } from '../contract';

export interface DeskTransport {
  invoke(channel: string, req: unknown, callId: string | null): Promise<unknown>;
  abort(callId: string): void;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

export function buildDeskApi(transport: DeskTransport): DeskApi {
  const channels = new Set<string>(CHANNELS);
  const events = new Set<string>(EVENTS);
  const api: DeskApi = {
    invoke: (channel, req, opts) => {
      if (!channels.has(channel)) {
        const refused: Envelope<never> = {
          ok: false,
          error: { code: 'INVALID_ARGUMENT', message: `Channel not allowed: ${String(channel)}` },
        };
        return Promise.resolve(refused);
      }
      return transport.invoke(channel, req, opts?.callId ?? null) as never;
    },
    abort: (callId) => {
      if (typeof callId === 'string') transport.abort(callId);
    },
    on: (event, listener) => {
      if (!events.has(event)) throw new Error(`Event not allowed: ${String(event)}`);
      return transport.subscribe(event, listener as (payload: unknown) => void);
    },
    channels: Object.freeze([...CHANNELS]),
  };
  return Object.freeze(api);
}
