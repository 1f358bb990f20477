// What the phases of one sync share, handed to each explicitly: its calls, its tally, the mirror and the limits.
import type { NotesStore } from '../../storage/notes-store';
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
}
