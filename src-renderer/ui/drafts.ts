// Unsaved work that must survive the seller leaving the page: pages unmount when the sidebar switches, so a
// half-filled profile or a typed ticket lives here, in memory only (never written to disk), until it is saved
// or cancelled. Keys are namespaced by page ('settings.profile', 'settings.tickets.<id>').
import { useCallback, useSyncExternalStore } from 'react';

const drafts = new Map<string, unknown>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type DraftUpdate<T> = T | undefined | ((old: T | undefined) => T | undefined);

/** A draft kept across page changes; `undefined` means none. Setting `undefined` discards it. */
export function useDraft<T>(key: string): [T | undefined, (next: DraftUpdate<T>) => void] {
  const value = useSyncExternalStore(subscribe, () => drafts.get(key) as T | undefined);
  const set = useCallback(
    (next: DraftUpdate<T>) => {
      const resolved =
        typeof next === 'function'
          ? (next as (old: T | undefined) => T | undefined)(drafts.get(key) as T | undefined)
          : next;
      if (resolved === undefined) drafts.delete(key);
      else drafts.set(key, resolved);
      changed();
    },
    [key],
  );
  return [value, set];
}

/** Whether any draft under `prefix` is waiting (the sidebar marks the page). */
export function useHasDraft(prefix: string): boolean {
  useSyncExternalStore(subscribe, () => version);
  for (const key of drafts.keys()) if (key.startsWith(prefix)) return true;
  return false;
}
