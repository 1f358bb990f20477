// Bundled into the page's init script: installs the same API object the preload installs,
// but over Playwright bindings instead of ipcRenderer. Never part of the production bundle.
import { buildDeskApi } from '../../src-main/preload/build-api';

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
const desk = buildDeskApi({
  invoke: (channel, req, callId) =>
    w.__deskInvoke(channel, req, callId).then((text) => JSON.parse(text) as unknown),
  abort: (callId) => void w.__deskAbort(callId),
  subscribe: (event, listener) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  },
});
Object.defineProperty(window, 'desk', { value: desk, writable: false, configurable: false });
