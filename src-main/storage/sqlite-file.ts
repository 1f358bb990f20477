// Opening an SQLite file the way every database of the app is opened, through node:sqlite (built into Node 24
// and Electron; nothing to compile or download):
//   - WAL, so readers (the inbox) never wait for the writer (a sync) and a crash mid-write loses nothing
//     committed;
//   - synchronous=FULL: a commit is on disk before it returns, so a mark the UI confirms survives a power cut;
//   - a busy timeout, so the app and `desk sync` writing the same folder wait for each other instead of failing;
//   - foreign keys on.
// A file that is not a database, fails its integrity check or was written by a newer release is refused with an
// UnreadableDatabaseError; the caller moves it aside (moveDatabaseAside) and starts a fresh one.
import { existsSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { thrownPart } from '../../src-shared/thrown';

/** How long a writer waits for another process's write to finish before giving up. */
const BUSY_TIMEOUT_MS = 15_000;

export type UnreadableReason = 'not-a-database' | 'integrity' | 'newer-version';

export class UnreadableDatabaseError extends Error {
  constructor(
    readonly reason: UnreadableReason,
    readonly detail: string,
  ) {
    super(`The database cannot be read (${reason}): ${detail}`);
    this.name = 'UnreadableDatabaseError';
  }
}

// SQLITE_CORRUPT and SQLITE_NOTADB, from any statement.
const CORRUPT_CODES = new Set([11, 26]);

/** Whether an error thrown by node:sqlite says the file is damaged (rather than busy, full or misused). */
export function isCorruption(err: unknown): boolean {
  const code = thrownPart(err, 'errcode');
  return typeof code === 'number' && CORRUPT_CODES.has(code & 0xff);
}

export interface OpenOptions {
  /** Highest `user_version` this release understands; a newer file is refused, never written. */
  maxVersion: number;
  readOnly?: boolean;
}

/**
 * Opens (creating when absent) and checks an SQLite file. The full integrity check runs when the previous
 * session did not close cleanly (its write-ahead log was left behind): a clean close folds the log into the file,
 * so a leftover log is the one sign a crash or a kill might have left damage. Damage found later, by any
 * statement, is reported by isCorruption.
 */
export function openDatabase(file: string, opts: OpenOptions): DatabaseSync {
  const leftoverLog = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, {
      readOnly: opts.readOnly ?? false,
      timeout: BUSY_TIMEOUT_MS,
      enableForeignKeyConstraints: true,
    });
  } catch (err) {
    if (isCorruption(err)) throw new UnreadableDatabaseError('not-a-database', String(err));
    throw err;
  }
  try {
    if (!opts.readOnly) {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
    }
    // Reading the schema is what fails first on a file that is not a database.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const version = userVersion(db);
    if (version > opts.maxVersion) {
      throw new UnreadableDatabaseError(
        'newer-version',
        `version ${version}; this release reads up to ${opts.maxVersion}`,
      );
    }
    if (leftoverLog) {
      const rows = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
      if (rows.length !== 1 || rows[0]!.quick_check !== 'ok') {
        throw new UnreadableDatabaseError(
          'integrity',
          rows
            .slice(0, 3)
            .map((r) => r.quick_check)
            .join('; '),
        );
      }
    }
    return db;
  } catch (err) {
    db.close();
    if (err instanceof UnreadableDatabaseError) throw err;
    if (isCorruption(err)) throw new UnreadableDatabaseError('not-a-database', String(err));
    throw err;
  }
}

export function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/** Runs `work` in one write transaction (taken at once, so two processes never deadlock upgrading a read). */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = work();
    db.exec('COMMIT');
    return out;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

/** `2026-11-20-093015`: the seller's local time, as the file names the app writes elsewhere. */
export function localStamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * Moves an unreadable database and its -wal/-shm files to `<name>.corrupt-<local time>.sqlite` beside it, so the
 * seller's data is kept for support and a fresh file can take its place. Returns the new file name.
 */
export function moveDatabaseAside(file: string, nowMs: number): string {
  const dir = dirname(file);
  const base = basename(file).replace(/\.sqlite$/, '');
  let target = `${base}.corrupt-${localStamp(nowMs)}.sqlite`;
  for (let n = 2; existsSync(join(dir, target)); n++)
    target = `${base}.corrupt-${localStamp(nowMs)}-${n}.sqlite`;
  if (existsSync(file)) renameSync(file, join(dir, target));
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, join(dir, target + suffix));
  }
  return target;
}
