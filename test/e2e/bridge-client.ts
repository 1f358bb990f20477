// Bundled into the page's init script: installs the same API object the preload installs,
// but over Playwright bindings instead of ipcRenderer. Never part of the production bundle.
import { buildDeskApi } from '../../src-main/preload/build-api';
import { ARRAY_BUFFER_TAG } from './array-buffer-tag';

type Listener = (payload: unknown) => void;
const w = window as unknown as {
  __deskInvoke: (channel: string, req: unknown, callId: string | null) => Promise<string>;
  __deskAbort: (callId: string) => Promise<void>;
  __deskEmit: (event: string, payload: unknown) => void;
  desk: unknown;
};
const listeners = new Map<string, Set<Listener>>();
w.__deskEmit = (event, payload) => {
  for (const l of listeners.get(event) ?? []) l(payload);
};
/** An ArrayBuffer the harness sent as base64 under ARRAY_BUFFER_TAG (the period's packed notes), as Electron gives it. */
function revive(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || !(ARRAY_BUFFER_TAG in value)) return value;
  const text = atob((value as Record<string, string>)[ARRAY_BUFFER_TAG]!);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

const desk = buildDeskApi({
  invoke: (channel, req, callId) =>
    w.__deskInvoke(channel, req, callId).then((text) => JSON.parse(text, revive) as unknown),
  abort: (callId) => void w.__deskAbort(callId),
  subscribe: (event, listener) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  },
});
Object.defineProperty(window, 'desk', { value: desk, writable: false, configurable: false });
