// What the phases of one sync share, handed to each explicitly: its calls, its tally, the mirror and the limits.
import type { NotesStore, SettlingStore } from '../../storage/notes-store';
import type { NoteCalls } from './calls';
import type { SyncTally } from './tally';

export interface SyncRun {
  calls: NoteCalls;
  tally: SyncTally;
  store: NotesStore;
  clock: () => number;
  concurrency: number;
  pageSize: number;
  /** Longest date range one query may ask for (SyncOptions.statusWindowDays). */
  statusWindowDays: number | undefined;
  /**
   * Resolves when the store's writes elsewhere are within its bound (SettlingStore.caughtUp), or once the sync is
   * stopped: awaited before each slice, so a team's caller never runs far ahead of the team database.
   */
  pace: () => Promise<void>;
}

/** The sync's pace for a store: its caughtUp(), cut short by the sync's signal (a cancel, a lost caller lock). */
export function paceOf(store: NotesStore, signal: AbortSignal): () => Promise<void> {
  const settling = store as Partial<SettlingStore>;
  if (typeof settling.caughtUp !== 'function') return () => Promise.resolve();
  const caughtUp = settling.caughtUp.bind(store);
  return async () => {
    if (signal.aborted) return;
    let stop = (): void => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    signal.addEventListener('abort', stop, { once: true });
    try {
      await Promise.race([caughtUp(), stopped]);
    } finally {
      signal.removeEventListener('abort', stop);
    }
  };
}
