// A read-only connection to a mirror file, for work off the main thread (the export worker, the mirror's read
// worker: the inbox's reads and the insights figures): WAL lets it read beside the main thread's writer. It offers
// only the reads such work needs, as the NotesStore interface names them, so no one outside storage holds the
// SQLite class. MirrorStore registers the rollup's SQL functions before it prepares a statement.
import { DatabaseSync } from 'node:sqlite';
import { MirrorStore } from './mirror-store';
import type { NotesStore } from './notes-store';

export type MirrorReader = Pick<
  NotesStore,
  | 'marks'
  | 'notesBySeq'
  | 'period'
  | 'lookup'
  | 'count'
  | 'waitingOutside'
  | 'waiting'
  | 'insights'
  | 'status'
> & { close(): void };

/** How long a read waits for another connection's write to finish, as the app's own connections do. */
const BUSY_TIMEOUT_MS = 15_000;

export function openMirrorReader(file: string): MirrorReader {
  return new MirrorStore(new DatabaseSync(file, { readOnly: true, timeout: BUSY_TIMEOUT_MS }), file);
}
