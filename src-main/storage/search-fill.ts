// The search text of the notes a mirror held before version 5 (mirror-schema.ts), filled off the main thread.
//
// Version 5 leaves those notes' search_text empty and records in meta (SEARCH_FILL_KEY) the highest SeqNo filled
// so far. A worker of its own (search-fill-worker.ts), started when the mirror is opened, fills them in SeqNo
// order, a batch per transaction that also moves the key on: so the app quitting (or the worker being stopped)
// between or inside batches loses nothing, and the next open goes on from the last batch committed. The triggers
// put each filled note into the trigram index in the same transaction. Until the key is gone the store's search
// reads an unfilled note's text through a function (mirror-store.ts), so a search meanwhile finds what it will
// find once the fill ends.
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { SEARCHED_FIELDS, initialsText, normalizedSearchText } from '../../src-shared/note-search';
import { SEARCH_FILL_KEY } from './mirror-schema';
import { workerEntry } from './mirror-reads';
import { inTransaction } from './sqlite-file';

/** Notes per transaction: short enough that the main thread's writes (a mark, a synced day) barely wait. */
const SEARCH_FILL_BATCH = 2000;

/** How far a fill is: notes filled (or found filled) in this run, of the notes the fill had left when it began. */
export interface SearchFillProgress {
  done: number;
  total: number;
}

/** The notes a fill still has to look at (above the key); 0 when no fill is due. */
export function searchFillLeft(db: DatabaseSync): number {
  const after = db.prepare('SELECT value FROM meta WHERE key = ?').get(SEARCH_FILL_KEY) as
    { value: string } | undefined;
  if (after === undefined) return 0;
  const row = db.prepare('SELECT count(*) AS n FROM notes WHERE seq_no > ?').get(Number(after.value)) as {
    n: number;
  };
  return Number(row.n);
}

/**
 * Fills one batch: the next `limit` notes above the key, those still without a text, and moves the key past them
 * (removes it after the last), in one transaction. Returns how many notes it looked at (0: nothing was due).
 */
export function fillSearchBatch(db: DatabaseSync, limit = SEARCH_FILL_BATCH): number {
  const columns = SEARCHED_FIELDS.map((f) => f.column);
  return inTransaction(db, () => {
    const key = db.prepare('SELECT value FROM meta WHERE key = ?').get(SEARCH_FILL_KEY) as
      { value: string } | undefined;
    if (key === undefined) return 0;
    const select = db.prepare(
      `SELECT seq_no, search_text, ${columns.join(', ')} FROM notes WHERE seq_no > ? ORDER BY seq_no LIMIT ?`,
    );
    select.setReturnArrays(true);
    const rows = select.all(Number(key.value), limit) as unknown as unknown[][];
    const update = db.prepare('UPDATE notes SET search_text = ?, initials = ? WHERE seq_no = ?');
    for (const row of rows) {
      // A note written since the open already has its text (the store writes it with the note).
      if (row[1] !== '') continue;
      const text = normalizedSearchText(row.slice(2) as (string | number | null)[]);
      update.run(text, initialsText(text), row[0] as number);
    }
    if (rows.length < limit) db.prepare('DELETE FROM meta WHERE key = ?').run(SEARCH_FILL_KEY);
    else
      db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(
        String(rows[rows.length - 1]![0]),
        SEARCH_FILL_KEY,
      );
    return rows.length;
  });
}

/** A message of the fill worker to main. */
export type SearchFillMessage = { kind: 'progress'; done: number; total: number } | { kind: 'done' };

export interface SearchFillOptions {
  /** The worker's script (default: the built file beside this module, else the source through tsx). */
  workerFile?: string;
  /** More for the worker's workerData (a test's gate). */
  workerData?: Record<string, unknown>;
  batch?: number;
}

/** Main's side of one mirror's fill worker: started once, told to stop when the mirror is closed. */
export class SearchFill {
  private worker: Worker | undefined;
  /** Settles when the worker has stopped, the fill done or not. */
  readonly ended: Promise<void>;
  /** How far it is (nothing done until the worker's first batch). */
  progress: SearchFillProgress = { done: 0, total: 0 };

  constructor(file: string, onProgress: (p: SearchFillProgress) => void, opts: SearchFillOptions = {}) {
    const entry = workerEntry('search-fill-worker', opts.workerFile);
    const worker = new Worker(entry.file, {
      execArgv: entry.execArgv,
      workerData: { ...opts.workerData, file, batch: opts.batch ?? SEARCH_FILL_BATCH },
    });
    this.worker = worker;
    // The fill never keeps the app (or a test run) alive on its own: it resumes at the next open.
    worker.unref();
    worker.on('message', (m: SearchFillMessage) => {
      if (m.kind !== 'progress') return;
      this.progress = { done: m.done, total: m.total };
      onProgress(this.progress);
    });
    this.ended = new Promise<void>((resolve) => {
      worker.on('exit', () => resolve());
      // A failure (the file damaged, say) ends the fill; the key stays and the next open tries again.
      worker.on('error', () => {});
    });
  }

  /**
   * Stops the fill at once (a file found damaged): the batch it was writing rolls back. Settles when its thread has
   * ended, its connection to the file closed.
   */
  terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate().catch(() => {});
    return this.ended;
  }

  /** Stops the fill after its current batch (what it committed stays; the next open goes on from there). */
  stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    worker?.postMessage('stop');
    return this.ended;
  }
}
