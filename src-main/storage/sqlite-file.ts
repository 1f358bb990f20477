// Opening an SQLite file the way every database of the app is opened, through node:sqlite (built into Node 24
// and Electron; nothing to compile or download):
//   - WAL, so readers (the inbox) never wait for the writer (a sync) and a crash mid-write loses nothing
//     committed;
//   - synchronous=FULL: a commit is on disk before it returns, so a mark the UI confirms survives a power cut;
//   - a busy timeout, so the app and `desk sync` writing the same folder wait for each other instead of failing;
//   - foreign keys on.
// Two kinds of failure are told apart, because they call for opposite answers:
//   - damaged (UnreadableDatabaseError): not a database, a failed integrity check, cut short, a table missing,
//     user_version 0 over existing tables, or written by a newer release. The caller moves a damaged file aside
//     (moveDatabaseAside), starts a fresh one and offers back what can still be read (readMarksTolerant); a newer
//     file is kept where it is, untouched.
//   - not accessible (InaccessibleDatabaseError, deskCode DATA_FILE): permissions (EACCES/EPERM), a read-only
//     file, folder or disk (EROFS), a folder where the file should be, or a file where its folder should be. The
//     file may be perfectly good: it is never moved or written, and the caller says which path is wrong.
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readSync,
  renameSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { thrownPart } from '../../src-shared/thrown';

/** How long a writer waits for another process's write to finish before giving up. */
const BUSY_TIMEOUT_MS = 15_000;

export type UnreadableReason = 'not-a-database' | 'integrity' | 'truncated' | 'schema' | 'newer-version';
export type InaccessibleReason = 'permission' | 'read-only' | 'not-a-file' | 'not-a-folder';

/** The file (or its folder) cannot be opened for writing; nothing is wrong with what it holds, as far as known. */
export class InaccessibleDatabaseError extends Error {
  readonly deskCode = 'DATA_FILE';
  constructor(
    readonly reason: InaccessibleReason,
    /** The path at fault: the file, or its folder. */
    readonly path: string,
    readonly detail: string,
  ) {
    super(`The database file ${path} cannot be used (${reason}).`);
    this.name = 'InaccessibleDatabaseError';
  }
}

// SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH: what SQLite says when the OS refuses.
const ACCESS_CODES = new Set([3, 8, 14, 23]);

/** Whether an error thrown by node:sqlite says the file cannot be reached or written (not that it is damaged). */
export function isAccessFailure(err: unknown): boolean {
  const code = thrownPart(err, 'errcode');
  return typeof code === 'number' && ACCESS_CODES.has(code & 0xff);
}

function accessReason(err: unknown): InaccessibleReason {
  const code = thrownPart(err, 'code');
  if (code === 'EROFS') return 'read-only';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'not-a-folder';
  if (code === 'EISDIR') return 'not-a-file';
  const errcode = thrownPart(err, 'errcode');
  if (typeof errcode === 'number' && (errcode & 0xff) === 8) return 'read-only';
  return 'permission';
}

/** The inaccessible error for an OS or SQLite error about `path`. */
export function inaccessible(err: unknown, path: string): InaccessibleDatabaseError {
  return new InaccessibleDatabaseError(accessReason(err), path, String(err));
}

/**
 * Refuses, before SQLite sees it, a file that cannot be a writable database: a folder in its place, a file that
 * may not be read or written, or a folder that may not be written (the -wal and -shm files live beside it).
 */
function assertAccessible(file: string): void {
  const dir = dirname(file);
  try {
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    throw inaccessible(err, dir);
  }
  if (!existsSync(file)) return;
  try {
    if (statSync(file).isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    accessSync(file, constants.R_OK | constants.W_OK);
  } catch (err) {
    throw inaccessible(err, file);
  }
}

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

/**
 * The whole-file quick_check runs at open when the file is at most this big (or the last session did not close
 * cleanly). Measured: PRAGMA quick_check over a 200,000-note mirror (92 MB) took 400-590 ms on the CI machine,
 * about 5 ms per MB, warm; the small tables (meta, marks, notices, carry_over, coverage) took 0.2 ms together.
 * 16 MB (about 35,000 notes) keeps the whole check under about 100 ms at every open; a bigger file has its small
 * tables checked at every open (they hold the seller's marks), the notes table only after an unclean shutdown.
 */
const QUICK_CHECK_MAX_BYTES = 16 * 1024 * 1024;

export interface OpenOptions {
  /** Highest `user_version` this release understands; a newer file is refused, never written. */
  maxVersion: number;
  readOnly?: boolean;
  /** The tables quick_check reads at every open, whatever the file's size (the small ones). */
  alwaysChecked?: readonly string[];
  /** What the file's schema must hold at its version: a text saying what is missing, or undefined. */
  checkSchema?: (db: DatabaseSync, version: number) => string | undefined;
  quickCheckMaxBytes?: number;
}

function quickCheck(db: DatabaseSync, table?: string): void {
  const sql = table === undefined ? 'PRAGMA quick_check' : `PRAGMA quick_check('${table}')`;
  let rows: { quick_check: string }[];
  try {
    rows = db.prepare(sql).all() as { quick_check: string }[];
  } catch (err) {
    // A page too damaged to walk stops the check itself.
    if (isCorruption(err)) throw new UnreadableDatabaseError('integrity', String(err));
    throw err;
  }
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

/** The cheap checks every open runs: version, size against the page count, schema, quick_check. */
function checkOpened(db: DatabaseSync, opts: OpenOptions, before: FileState): void {
  // Reading the schema is what fails first on a file that is not a database.
  const tables = Number((db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n);
  const version = userVersion(db);
  if (version > opts.maxVersion) {
    throw new UnreadableDatabaseError(
      'newer-version',
      `version ${version}; this release reads up to ${opts.maxVersion}`,
    );
  }
  if (version === 0 && tables > 0)
    throw new UnreadableDatabaseError('schema', `user_version 0 over ${tables} schema entries`);
  if (!before.leftoverLog && before.size > 0) {
    const pages = Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    const pageSize = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
    if (before.size < pages * pageSize)
      throw new UnreadableDatabaseError(
        'truncated',
        `${before.size} bytes for ${pages} pages of ${pageSize}`,
      );
  }
  const missing = opts.checkSchema?.(db, version);
  if (missing !== undefined) throw new UnreadableDatabaseError('schema', missing);
  if (before.leftoverLog || before.size <= (opts.quickCheckMaxBytes ?? QUICK_CHECK_MAX_BYTES)) quickCheck(db);
  else for (const table of opts.alwaysChecked ?? []) quickCheck(db, table);
}

interface FileState {
  existed: boolean;
  size: number;
  leftoverLog: boolean;
}

function fileState(file: string): FileState {
  const existed = existsSync(file);
  return {
    existed,
    size: existed ? statSync(file).size : 0,
    leftoverLog: existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0,
  };
}

/**
 * The size the file's own header gives (page size × page count), read before SQLite opens it: SQLite stops at
 * the first statement on a file cut short, saying only "malformed". The count is trusted only where SQLite
 * trusts it (the change counter equals the version-valid-for number); undefined when it cannot say.
 */
function headerSize(file: string): number | undefined {
  const head = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    if (readSync(fd, head, 0, 100, 0) < 100) return undefined;
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1', 0, 16) !== 'SQLite format 3\0') return undefined;
  if (head.readUInt32BE(24) !== head.readUInt32BE(92)) return undefined;
  const raw = head.readUInt16BE(16);
  return (raw === 1 ? 65_536 : raw) * head.readUInt32BE(28);
}

/** A file shorter than its header says, with no log that could hold the rest: cut short. */
function assertWhole(file: string, before: FileState): void {
  if (!before.existed || before.leftoverLog || before.size === 0) return;
  const expected = headerSize(file);
  if (expected !== undefined && before.size < expected)
    throw new UnreadableDatabaseError(
      'truncated',
      `${before.size} bytes of the ${expected} its header gives`,
    );
}

/**
 * Opens (creating when absent) and checks an SQLite file (checkOpened). The whole quick_check runs when the file
 * is small (QUICK_CHECK_MAX_BYTES) or the previous session did not close cleanly (its write-ahead log was left
 * behind: a clean close folds the log into the file). Damage found later, by any statement, is reported by
 * isCorruption; a file or folder the OS refuses, by an InaccessibleDatabaseError.
 */
export function openDatabase(file: string, opts: OpenOptions): DatabaseSync {
  if (!opts.readOnly) assertAccessible(file);
  const before = fileState(file);
  // A file that was there and is empty held a mirror once (a fresh one is never left empty: WAL mode writes its
  // header at once): whatever it held is gone, which is damage to say, not a new mirror to start silently.
  if (before.existed && before.size === 0 && !before.leftoverLog)
    throw new UnreadableDatabaseError('truncated', 'the file is empty');
  assertWhole(file, before);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, {
      readOnly: opts.readOnly ?? false,
      timeout: BUSY_TIMEOUT_MS,
      enableForeignKeyConstraints: true,
    });
  } catch (err) {
    if (isCorruption(err)) throw new UnreadableDatabaseError('not-a-database', String(err));
    if (isAccessFailure(err)) throw inaccessible(err, file);
    throw err;
  }
  try {
    if (!opts.readOnly) {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
    }
    checkOpened(db, opts, before);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof UnreadableDatabaseError) throw err;
    if (isCorruption(err)) throw new UnreadableDatabaseError('not-a-database', String(err));
    if (isAccessFailure(err)) throw inaccessible(err, file);
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
 * Moves an unreadable database and its -wal/-shm files (and the `companions`, by suffix) to `<name>.corrupt-<local time>.sqlite` beside it, so the
 * seller's data is kept for support and a fresh file can take its place. Returns the new file name.
 */
export function moveDatabaseAside(file: string, nowMs: number, companions: readonly string[] = []): string {
  const dir = dirname(file);
  const base = basename(file).replace(/\.sqlite$/, '');
  let target = `${base}.corrupt-${localStamp(nowMs)}.sqlite`;
  for (let n = 2; existsSync(join(dir, target)); n++)
    target = `${base}.corrupt-${localStamp(nowMs)}-${n}.sqlite`;
  if (existsSync(file)) renameSync(file, join(dir, target));
  for (const suffix of ['-wal', '-shm', ...companions]) {
    if (existsSync(file + suffix)) renameSync(file + suffix, join(dir, target + suffix));
  }
  return target;
}
