// What lasts on disk is written atomically and read defensively. A file that cannot be read or written (a folder
// standing where it should be, no permission, a read-only or full disk) raises DataFileError: a typed error that
// names the file and says why in words, never a raw errno. Temp files left by writes a crash interrupted are
// removed the first time a process touches their directory.
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode for a newly written file (the temp file carries it through the rename). */
  mode?: number;
}

const REASONS: Record<string, string> = {
  EISDIR: 'a folder stands where the file should be',
  ENOTDIR: 'a file stands where a folder should be',
  EACCES: 'permission is denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the data folder is on a read-only disk',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EIO: 'the disk reported an error',
  EMFILE: 'too many files are open',
  ENAMETOOLONG: 'the path is too long',
};

/** A data file that cannot be read or written, for a reason the seller can act on. */
export class DataFileError extends Error {
  readonly deskCode = 'DATA_FILE';
  readonly detail: string;
  constructor(
    readonly operation: 'read' | 'write',
    readonly file: string,
    readonly errno: string,
    options: { cause?: unknown } = {},
  ) {
    const reason = REASONS[errno] ?? `the system reported ${errno}`;
    super(
      `Seller Desk cannot ${operation} its data file ${basename(file)} because ${reason}; check the data folder's permissions and free space.`,
      options,
    );
    this.name = 'DataFileError';
    this.detail = `${operation} ${file}: ${errno}`;
  }
}

function codeOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}

function asDataFileError(operation: 'read' | 'write', file: string, err: unknown): unknown {
  if (err instanceof DataFileError) return err;
  // Anything without an errno is a bug of ours, not the disk's: keep it as it is.
  return typeof (err as NodeJS.ErrnoException | null)?.code === 'string'
    ? new DataFileError(operation, file, codeOf(err), { cause: err })
    : err;
}

// `.<name>.<pid>.<12 hex>.tmp`, as writeFileAtomic names its temp files.
const TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, it is just not ours.
    return codeOf(err) === 'EPERM';
  }
}

/**
 * Removes the temp files of interrupted atomic writes in `dir`: those of processes no longer running (a live
 * one, this process included, may be writing them now). They hold copies of settings, tickets' sealed data and
 * memos that no one will ever read back. Returns the names removed.
 */
export async function removeStaleTempFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMP_FILE.exec(name);
    if (!m || isAlive(Number(m[1]))) continue;
    try {
      await rm(join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // A temp file that cannot be removed is only clutter; it never stands in the way.
    }
  }
  return removed;
}

const swept = new Map<string, Promise<unknown>>();

/** The first read or write in a directory (per process) sweeps it of stale temp files. */
function sweepOnce(dir: string): Promise<unknown> {
  let done = swept.get(dir);
  if (!done) {
    done = removeStaleTempFiles(dir);
    swept.set(dir, done);
  }
  return done;
}

/**
 * Replaces `target` so a reader (or a crash) only ever sees the old bytes or the new ones, never a mix:
 * the temp file lives in the same directory because rename is only atomic within one file system.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  const dir = dirname(target);
  await sweepOnce(dir);
  const temp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', opts.mode ?? 0o644);
    try {
      await handle.writeFile(data);
      // Without this the rename can reach the disk before the data and leave an empty file after power loss.
      await handle.sync();
    } catch (err) {
      await handle.close();
      await rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    try {
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    await syncDirectory(dir);
  } catch (err) {
    throw asDataFileError('write', target, err);
  }
}

/** Makes the rename itself durable. Windows cannot open a directory for fsync, so there it is skipped. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    // Some file systems (network mounts, some containers) refuse fsync on directories: the data is still
    // written, only the rename's durability is left to the OS.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EPERM' && code !== 'EISDIR' && code !== 'ENOTSUP') throw err;
  } finally {
    await handle?.close();
  }
}

/** Reads a file as UTF-8, or undefined when it does not exist; DataFileError when it cannot be read. */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  await sweepOnce(dirname(path));
  try {
    const handle = await open(path, 'r');
    try {
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw asDataFileError('read', path, err);
  }
}

/**
 * Moves a file (or whatever stands in its place) aside as `<name>.<label>-<time><ext>` in the same folder, so
 * a fresh one can be written and the old one is kept for support. Returns the new name; DataFileError when even
 * that is impossible (a read-only folder).
 */
export async function setAside(file: string, label: string, now: Date): Promise<string> {
  const ext = extname(file);
  const name = `${basename(file, ext)}.${label}-${now.toISOString().replace(/[:.]/g, '-')}${ext}`;
  try {
    await rename(file, join(dirname(file), name));
  } catch (err) {
    throw asDataFileError('write', file, err);
  }
  return name;
}
