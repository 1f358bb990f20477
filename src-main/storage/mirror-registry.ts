// Which mirror file holds which connection's notes. One SQLite file per mirror, in `mirrors/` of the data folder,
// so two connections' notes cannot mix by construction and removing a mirror is deleting a file.
//
// A mirror belongs to one connection profile and one endpoint fingerprint (what makes the notes the same
// marketplace data: kind, API address, namespace roots, SOAP version, page base; for the sandbox, its seed and
// size). Its file name is derived from both, hashed (profile ids are user strings and never appear raw in a file
// name), so the app and `desk sync` opening the same connection open the same file.
//
//   - A profile whose fingerprint changes gets a fresh mirror; the old one stays and its marks are offered.
//   - A removed profile's mirror is deleted or kept, as the seller chooses. A kept one comes back to a profile
//     added later with the same fingerprint, and its marks are offered to the others.
//   - Release 0.1.0's notes files are imported into the sandbox profile's mirror by its first migration, scrubbed
//     of tickets, then deleted with a notice; their marks, kept in that mirror's meta, are offered to live
//     profiles (that release's one cache could mix sandbox and live notes).
//   - A damaged file (not a database, a failed check, cut short, a table missing) is moved aside with a notice in
//     the fresh mirror that replaces it, and the marks and memos it still yields are offered back ('recovered').
//   - A file written by a newer release is kept where it is: an interim mirror (<name>.interim.sqlite) is used
//     with a notice, and when a release that reads the file opens the folder, it simply opens it again and offers
//     the interim mirror's marks ('interim').
//   - A file or folder the OS refuses (permissions, read-only, a folder where the file is, a file where `mirrors`
//     is) is not damaged and is never moved: the mirror lives in memory for this session (the app stays usable,
//     a sync fills it) with a notice naming the path and saying nothing is saved until it is fixed. Once fixed,
//     the next start opens the file as before.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { CarryOverOffer, NoteLocalMark } from '../contract';
import { carryOverSources, keptFileSources } from './mirror-carry-over';
import { missingMirrorSchema, readMarksTolerant, SMALL_TABLES } from './mirror-checks';
import { MARKS_JOURNAL_SUFFIX, MarksJournal } from './marks-journal';
import type { CarryOverSource } from './mirror-carry-over';
import {
  deleteLegacyNotesFiles,
  hasLegacyNotesFiles,
  IMPORTED_CACHE_FILE,
  parseLegacyMarks,
  readImportedMarks,
  readLegacyNotesFiles,
} from './legacy-notes-files';
import type { LegacyNotesFiles } from './legacy-notes-files';
import { redactText } from '../soap/redact';
import { migrate, MIRROR_VERSION } from './mirror-schema';
import type { MigrationContext } from './mirror-schema';
import { MirrorStore } from './mirror-store';
import { MirrorReads } from './mirror-reads';
import type { MirrorReadsOptions } from './mirror-reads';
import { SearchFill } from './search-fill';
import type { SearchFillOptions, SearchFillProgress } from './search-fill';
import type { MirrorIdentity } from './mirror-store';
import { COMMAND_LINE_OWNER } from './notes-store';
import type { Fingerprint, MirrorOwner, NotesMirrors, NotesStore } from './notes-store';
import {
  inaccessible,
  InaccessibleDatabaseError,
  inTransaction,
  moveDatabaseAside,
  openDatabase,
  UnreadableDatabaseError,
} from './sqlite-file';

export const MIRRORS_DIR = 'mirrors';

export type EndpointDescription =
  | { kind: 'sandbox'; identity: string }
  | {
      kind: 'live';
      apiBaseUrl: string;
      nsRoot: string;
      schemaRoot: string;
      soapVersion: '1.1' | '1.2';
      pageIndexBase: 0 | 1;
    };

function normalizeUrl(raw: string): string {
  try {
    const u = new URL(raw.trim());
    // URL lower-cases the scheme and host and drops a default port; a trailing slash names the same service.
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return raw.trim();
  }
}

const normalizeNs = (raw: string) => raw.trim().replace(/\/+$/, '');

export function endpointFingerprint(e: EndpointDescription): Fingerprint {
  if (e.kind === 'sandbox') {
    return { key: JSON.stringify(['sandbox', e.identity]), endpoint: `sandbox (${e.identity})` };
  }
  const api = normalizeUrl(e.apiBaseUrl);
  return {
    key: JSON.stringify([
      'live',
      api,
      normalizeNs(e.nsRoot),
      normalizeNs(e.schemaRoot),
      e.soapVersion,
      e.pageIndexBase,
    ]),
    endpoint: api,
  };
}

export interface MirrorFileInfo {
  file: string;
  identity: MirrorIdentity;
  notes: number;
  marks: number;
  bytes: number;
}

export interface MirrorRegistryOptions {
  /** The data folder; mirrors live in its `mirrors/` folder, release 0.1.0's files in it directly. */
  dataDir: string;
  /** The built-in sandbox profile, whose mirror imports release 0.1.0's notes files. */
  sandbox: MirrorOwner;
  now?: () => number;
  /** The newest mirror version this release reads (MIRROR_VERSION; a test plays a newer release with more). */
  maxVersion?: number;
  /**
   * A file the OS refuses throws its InaccessibleDatabaseError (DATA_FILE) instead of a mirror in memory: for the
   * command line, where a sync into memory would report notes saved that are not.
   */
  failWhenInaccessible?: boolean;
  /** The read workers' options (tests: a gated worker). */
  reads?: MirrorReadsOptions;
  /** The search text fill's options (tests: a gated worker, a smaller batch). */
  searchFill?: SearchFillOptions;
  /**
   * How far the search text fill of a mirror from before version 5 is, after each batch (search-fill.ts), with the
   * profile that opened it.
   */
  onSearchFill?: (file: string, progress: SearchFillProgress, profileId: string) => void;
  /** A fill ended: done, failed, stopped with its mirror closed, or stopped for a damaged file. */
  onSearchFillEnd?: (file: string, profileId: string) => void;
}

/** The SQLite mirrors: the service's NotesMirrors over MirrorStore files, and what only files have. */
export interface MirrorRegistry extends NotesMirrors<MirrorStore> {
  readonly dir: string;
  /** The mirrors a profile owns (normally one, more when its endpoint changed), with their files. */
  profileMirrors(profileId: string): MirrorFileInfo[];
  /** Deletes a removed profile's mirrors, or leaves them for a profile with the same fingerprint. */
  removeProfile(profileId: string, action: 'keep' | 'delete'): MirrorFileInfo[];
  /**
   * The read worker of a mirror this registry has open (one per file, stopped when the file is closed), or
   * undefined for one held in memory (a file the OS refused), which main reads itself.
   */
  reads(store: NotesStore): MirrorReads | undefined;
  /** The search text fill of an open mirror while it runs (search-fill.ts). */
  searchFill(file: string): SearchFill | undefined;
  close(): void;
}

/** The sandbox mirror's meta key for release 0.1.0's marks, once its files are gone. */
const LEGACY_MARKS = 'legacy_marks';
const MIRROR_FILE = /^(sandbox|live)-[0-9a-f]+\.sqlite$/;
/** A mirror's database and its write-ahead log and shared memory beside it. */
const FILE_PARTS = ['', '-wal', '-shm', MARKS_JOURNAL_SUFFIX];

/** The mirror used while `file` is a newer release's. */
const interimName = (file: string) => file.replace(/\.sqlite$/, '.interim.sqlite');

export function mirrorFileName(owner: { profileId: string; kind: string; fingerprint: Fingerprint }): string {
  const hash = createHash('sha256').update(`${owner.profileId}\n${owner.fingerprint.key}`).digest('hex');
  return `${owner.kind}-${hash.slice(0, 20)}.sqlite`;
}

interface ScannedMirror {
  file: string;
  store: MirrorStore;
  identity: MirrorIdentity;
}

export function createMirrorRegistry(opts: MirrorRegistryOptions): MirrorRegistry {
  return new SqliteMirrors(opts);
}

/** The open mirror files of one data folder, each opened once and kept open. */
class SqliteMirrors implements MirrorRegistry {
  readonly dir: string;
  private readonly now: () => number;
  private readonly stores = new Map<string, MirrorStore>();
  private readonly readers = new Map<string, MirrorReads>();
  private readonly fills = new Map<string, SearchFill>();
  /** Damaged files being replaced: their workers are stopping, no new one starts on them (recover). */
  private readonly recovering = new Map<string, Promise<MirrorStore>>();
  /** What each damaged or interim file kept beside a mirror still yields, read once. */
  private readonly keptMarks = new Map<string, Map<number, NoteLocalMark>>();
  private legacyChecked = false;

  constructor(private readonly opts: MirrorRegistryOptions) {
    this.now = opts.now ?? Date.now;
    this.dir = join(opts.dataDir, MIRRORS_DIR);
  }

  open(owner: MirrorOwner, known: readonly string[]): MirrorStore {
    const file = mirrorFileName(owner);
    let store: MirrorStore;
    try {
      this.ensureDir();
      this.importLegacyOnce(known);
      if (!this.stores.has(file) && !existsSync(join(this.dir, file))) this.adoptOrphan(owner, known, file);
      store = this.openOrReplace(owner, file);
      this.fillSearchText(store, owner.profileId);
    } catch (err) {
      if (!(err instanceof InaccessibleDatabaseError) || this.opts.failWhenInaccessible) throw err;
      store = this.inMemory(file, err);
    }
    this.stamp(store, owner);
    return store;
  }

  /** Starts the search text fill of a mirror that has one due (once per open file); it ends on its own. */
  private fillSearchText(store: MirrorStore, profileId: string) {
    if (this.fills.has(store.file) || this.recovering.has(store.file) || !store.searchFillDue()) return;
    const fill = new SearchFill(
      join(this.dir, store.file),
      (p) => this.opts.onSearchFill?.(store.file, p, profileId),
      this.opts.searchFill,
    );
    this.fills.set(store.file, fill);
    void fill.ended.then(() => {
      if (this.fills.get(store.file) === fill) this.fills.delete(store.file);
      this.opts.onSearchFillEnd?.(store.file, profileId);
    });
  }

  /** The search text fill of an open mirror while it runs (tests wait for it to end). */
  searchFill(file: string): SearchFill | undefined {
    return this.fills.get(file);
  }

  private ensureDir() {
    try {
      mkdirSync(this.dir, { recursive: true });
    } catch (err) {
      throw inaccessible(err, this.dir);
    }
  }

  /** The owner's file; a damaged one moved aside and replaced, a newer one kept and an interim one used. */
  private openOrReplace(owner: MirrorOwner, file: string): MirrorStore {
    try {
      return this.createOrOpen(owner, file);
    } catch (err) {
      if (!(err instanceof UnreadableDatabaseError)) throw err;
      this.closeFile(file);
      if (err.reason === 'newer-version') return this.interim(file);
      const moved = moveDatabaseAside(join(this.dir, file), this.now(), [MARKS_JOURNAL_SUFFIX]);
      const store = this.createOrOpen(owner, file);
      store.addNotice({
        kind: 'mirror-reset',
        file: `${MIRRORS_DIR}/${moved}`,
        reason: err.reason,
        at: this.now(),
      });
      return store;
    }
  }

  /** The mirror used while `file` is a newer release's: beside it, said once. */
  private interim(file: string): MirrorStore {
    const store = this.openFile(interimName(file), { nowMs: this.now() });
    if (!store.notices().some((n) => n.kind === 'mirror-newer'))
      store.addNotice({
        kind: 'mirror-newer',
        file: `${MIRRORS_DIR}/${file}`,
        reason: 'newer-version',
        at: this.now(),
      });
    return store;
  }

  /** This session's mirror when the file cannot be used: in memory, under the file's name, with a notice. */
  private inMemory(file: string, err: InaccessibleDatabaseError): MirrorStore {
    const cached = this.stores.get(file);
    if (cached) return cached;
    const db = new DatabaseSync(':memory:');
    migrate(db, { nowMs: this.now() });
    const store = new MirrorStore(db, file);
    this.stores.set(file, store);
    store.addNotice({ kind: 'mirror-inaccessible', file: err.path, reason: err.reason, at: this.now() });
    return store;
  }

  recover(given: NotesStore, owner: MirrorOwner, known: readonly string[]): Promise<MirrorStore> {
    const file = given.file;
    const pending = this.recovering.get(file);
    if (pending) return pending;
    // Another call that found the same damage has replaced it already: the fresh mirror answers.
    if (this.stores.get(file) !== given) return Promise.resolve(this.open(owner, known));
    const replaced = this.replaceDamaged(file, owner, known).finally(() => this.recovering.delete(file));
    this.recovering.set(file, replaced);
    return replaced;
  }

  /**
   * Moves a damaged file aside once every worker on it has let go (the search fill's and the read worker's own
   * connections), then opens a fresh one with a notice. A connection to the old file that closed after the move
   * would take the fresh mirror's -wal and -shm, which have its names, for its own and delete them.
   */
  private async replaceDamaged(file: string, owner: MirrorOwner, known: readonly string[]) {
    const fill = this.fills.get(file);
    const reads = this.readers.get(file);
    this.fills.delete(file);
    this.readers.delete(file);
    reads?.close();
    await Promise.all([fill?.terminate(), reads?.stopped()]);
    this.closeFile(file);
    const moved = moveDatabaseAside(join(this.dir, file), this.now(), [MARKS_JOURNAL_SUFFIX]);
    const fresh = this.open(owner, known);
    fresh.addNotice({
      kind: 'mirror-reset',
      file: `${MIRRORS_DIR}/${moved}`,
      reason: 'integrity',
      at: this.now(),
    });
    return fresh;
  }

  offers(given: NotesStore, known: readonly string[]): CarryOverOffer[] {
    const store = this.own(given);
    const decided = store.decidedSources();
    return this.sources(store, known)
      .map((s) => s.offer)
      .filter((o) => !decided.has(o.source));
  }

  carryOver(
    given: NotesStore,
    source: string,
    action: 'import' | 'discard',
    known: readonly string[],
  ): number {
    const store = this.own(given);
    const found = this.sources(store, known).find((s) => s.offer.source === source);
    if (!found) return -1;
    if (action === 'discard') {
      store.decide(source, 'discard', 0, this.now());
      return 0;
    }
    return store.importMarks(source, found.marks(), this.now());
  }

  profileMirrors(profileId: string): MirrorFileInfo[] {
    return this.scan()
      .filter((m) => m.identity.profileId === profileId)
      .map((m) => ({
        file: m.file,
        identity: m.identity,
        notes: m.store.noteCount(),
        marks: m.store.marks().size,
        bytes: ['', '-wal'].reduce((sum, s) => {
          const path = join(this.dir, m.file + s);
          return sum + (existsSync(path) ? statSync(path).size : 0);
        }, 0),
      }));
  }

  removeProfile(profileId: string, action: 'keep' | 'delete'): MirrorFileInfo[] {
    const mirrors = this.profileMirrors(profileId);
    if (action === 'delete') {
      for (const m of mirrors) {
        this.closeFile(m.file);
        for (const part of FILE_PARTS) rmSync(join(this.dir, m.file + part), { force: true });
      }
    }
    return mirrors;
  }

  close(): void {
    for (const file of [...this.stores.keys()]) this.closeFile(file);
  }

  private openFile(file: string, ctx: MigrationContext): MirrorStore {
    const cached = this.stores.get(file);
    if (cached) return cached;
    const db = openDatabase(join(this.dir, file), {
      maxVersion: this.opts.maxVersion ?? MIRROR_VERSION,
      alwaysChecked: SMALL_TABLES,
      checkSchema: missingMirrorSchema,
    });
    try {
      migrate(db, ctx, undefined, this.opts.maxVersion ?? MIRROR_VERSION);
    } catch (err) {
      db.close();
      throw err;
    }
    const journal = new MarksJournal(join(this.dir, file) + MARKS_JOURNAL_SUFFIX);
    const store = new MirrorStore(db, file, journal);
    // A mirror from before the journal: its marks written into a new one once.
    if (!existsSync(journal.path)) journal.append(store.marks(), () => store.marks());
    this.stores.set(file, store);
    return store;
  }

  /** The registry's own store behind a NotesStore it handed out (any other is refused). */
  private own(store: NotesStore): MirrorStore {
    const mine = this.stores.get(store.file);
    if (mine !== store) throw new Error(`Mirror ${store.file} is not open in this registry.`);
    return mine;
  }

  private closeFile(file: string) {
    void this.fills.get(file)?.stop();
    this.fills.delete(file);
    this.readers.get(file)?.close();
    this.readers.delete(file);
    this.stores.get(file)?.close();
    this.stores.delete(file);
  }

  reads(given: NotesStore): MirrorReads | undefined {
    const store = this.stores.get(given.file);
    // A file being replaced gets no new worker: main's own read of it finds the damage and waits for the fresh one.
    if (!store || store.db.location() === null || this.recovering.has(given.file)) return undefined;
    let reads = this.readers.get(given.file);
    if (!reads) {
      reads = new MirrorReads(join(this.dir, given.file), this.opts.reads);
      this.readers.set(given.file, reads);
    }
    return reads;
  }

  /** Every mirror file that opens, with its identity; damaged ones are skipped (they are handled when used). */
  private scan(): ScannedMirror[] {
    const out: ScannedMirror[] = [];
    for (const file of this.files()) {
      if (!MIRROR_FILE.test(file)) continue;
      try {
        const store = this.openFile(file, { nowMs: this.now() });
        const identity = store.identity();
        if (identity) out.push({ file, store, identity });
      } catch {
        // Reported when its owner opens it.
      }
    }
    return out;
  }

  /** The names in the mirrors folder; none when it cannot be read (said by the notice of the mirror in use). */
  private files(): string[] {
    try {
      return readdirSync(this.dir);
    } catch {
      return [];
    }
  }

  /** A kept mirror of a removed profile (or one `desk sync` filled) with this fingerprint comes back. */
  private adoptOrphan(owner: MirrorOwner, known: readonly string[], file: string) {
    const orphan = this.scan().find(
      (m) =>
        m.identity.fingerprint === owner.fingerprint.key &&
        m.identity.kind === owner.kind &&
        m.identity.profileId !== owner.profileId &&
        (m.identity.profileId === COMMAND_LINE_OWNER || !known.includes(m.identity.profileId)),
    );
    if (!orphan) return;
    this.closeFile(orphan.file);
    for (const part of FILE_PARTS) {
      if (existsSync(join(this.dir, orphan.file + part)))
        renameSync(join(this.dir, orphan.file + part), join(this.dir, file + part));
    }
  }

  private stamp(store: MirrorStore, owner: MirrorOwner) {
    const identity = store.identity();
    if (
      identity &&
      identity.profileId === owner.profileId &&
      identity.profileName === owner.profileName &&
      identity.fingerprint === owner.fingerprint.key
    ) {
      return;
    }
    inTransaction(store.db, () => {
      const current = store.identity();
      const next: MirrorIdentity = {
        mirrorId: current?.mirrorId ?? randomUUID(),
        profileId: owner.profileId,
        profileName: owner.profileName,
        kind: owner.kind,
        fingerprint: owner.fingerprint.key,
        endpoint: owner.fingerprint.endpoint,
        createdAt: current?.createdAt ?? this.now(),
      };
      store.setMeta('identity', JSON.stringify(next));
    });
  }

  private isSandbox(owner: MirrorOwner): boolean {
    const { sandbox } = this.opts;
    return owner.profileId === sandbox.profileId && owner.fingerprint.key === sandbox.fingerprint.key;
  }

  private importLegacyOnce(known: readonly string[]) {
    if (this.legacyChecked) return;
    this.legacyChecked = true;
    if (!hasLegacyNotesFiles(this.opts.dataDir)) return;
    // Opening the sandbox profile's mirror runs its first migration, which imports the files.
    this.open(this.opts.sandbox, known);
  }

  private createOrOpen(owner: MirrorOwner, file: string): MirrorStore {
    const sandbox = this.isSandbox(owner);
    const legacy =
      sandbox && hasLegacyNotesFiles(this.opts.dataDir)
        ? readLegacyNotesFiles(this.opts.dataDir, this.now())
        : undefined;
    const store = this.openFile(file, { nowMs: this.now(), ...(legacy ? { legacy } : {}) });
    if (sandbox) this.finishLegacyImport(store, legacy);
    return store;
  }

  /**
   * Imported by this open's migration, or by an earlier one (that stopped before the files went, or of a version
   * that kept them as *.imported.json): the marks are kept in the mirror for live profiles, the files deleted.
   */
  private finishLegacyImport(store: MirrorStore, legacy: LegacyNotesFiles | undefined) {
    const { dataDir } = this.opts;
    if (store.meta('legacy_imported') === undefined) return;
    const leftOver = existsSync(join(dataDir, IMPORTED_CACHE_FILE));
    if (store.meta(LEGACY_MARKS) === undefined) {
      const marks = legacy?.marks ?? readImportedMarks(dataDir);
      if (marks) store.setMeta(LEGACY_MARKS, JSON.stringify(marks));
    }
    // A version that kept the files imported their last sync unscrubbed.
    const last = store.meta('last_sync');
    if (leftOver && last !== undefined) store.setMeta('last_sync', redactText(last));
    const deleted = deleteLegacyNotesFiles(dataDir);
    if (deleted.length > 0)
      store.addNotice({ kind: 'legacy-deleted', file: deleted.join(', '), at: this.now() });
  }

  /** Whose marks this mirror may take over: other mirrors of its profile or of removed shops, and 0.1.0's. */
  private sources(store: MirrorStore, known: readonly string[]): CarryOverSource[] {
    const self = store.identity();
    if (!self) return [];
    const others = this.scan().filter((m) => m.identity.mirrorId !== self.mirrorId);
    return [
      ...keptFileSources(store.file, this.files(), (name) => this.marksKept(name)),
      ...carryOverSources(self, others, known, () => this.legacyMarks()),
    ];
  }

  private marksKept(name: string): Map<number, NoteLocalMark> {
    let marks = this.keptMarks.get(name);
    if (!marks) {
      marks = readMarksTolerant(join(this.dir, name));
      this.keptMarks.set(name, marks);
    }
    return marks;
  }

  private legacyMarks(): Map<number, NoteLocalMark> {
    const sandbox = this.scan().find(
      (m) =>
        m.identity.profileId === this.opts.sandbox.profileId &&
        m.identity.fingerprint === this.opts.sandbox.fingerprint.key,
    );
    const marks = parseLegacyMarks(sandbox?.store.meta(LEGACY_MARKS)) ?? {};
    return new Map(Object.entries(marks).map(([seq, m]) => [Number(seq), m]));
  }
}
