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
//   - A file that cannot be opened is moved aside with a notice in the fresh mirror that replaces it.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CarryOverOffer, NoteLocalMark } from '../contract';
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
import type { MirrorIdentity } from './mirror-store';
import type { NotesStore } from './notes-store';
import { inTransaction, moveDatabaseAside, openDatabase, UnreadableDatabaseError } from './sqlite-file';

export const MIRRORS_DIR = 'mirrors';
/** The owner of mirrors `desk sync` fills for an endpoint no saved profile has (never a valid profile id). */
export const COMMAND_LINE_OWNER = ':command-line';

/** What makes notes the same marketplace data. */
export interface Fingerprint {
  /** Canonical text; equal keys mean the same data. */
  key: string;
  /** How a seller recognizes the endpoint. */
  endpoint: string;
}

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

export interface MirrorOwner {
  profileId: string;
  profileName: string;
  kind: 'sandbox' | 'live';
  fingerprint: Fingerprint;
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
}

export interface MirrorRegistry {
  readonly dir: string;
  /** The owner's mirror, opened once and kept open; created, adopted or replaced as the rules above say. */
  open(owner: MirrorOwner, knownProfileIds: readonly string[]): MirrorStore;
  /** Replaces a mirror found damaged while in use: moved aside, a fresh one with a notice in its place. */
  recover(store: NotesStore, owner: MirrorOwner, knownProfileIds: readonly string[]): MirrorStore;
  /** Offers and carry-over take a store this registry opened (any other is refused). */
  offers(store: NotesStore, knownProfileIds: readonly string[]): CarryOverOffer[];
  carryOver(
    store: NotesStore,
    source: string,
    action: 'import' | 'discard',
    knownProfileIds: readonly string[],
  ): number;
  /** The mirrors a profile owns (normally one, more when its endpoint changed). */
  profileMirrors(profileId: string): MirrorFileInfo[];
  /** Deletes a removed profile's mirrors, or leaves them for a profile with the same fingerprint. */
  removeProfile(profileId: string, action: 'keep' | 'delete'): MirrorFileInfo[];
  close(): void;
}

const LEGACY_SOURCE = 'imported:notes-local';
/** The sandbox mirror's meta key for release 0.1.0's marks, once its files are gone. */
const LEGACY_MARKS = 'legacy_marks';

export function mirrorFileName(owner: { profileId: string; kind: string; fingerprint: Fingerprint }): string {
  const hash = createHash('sha256').update(`${owner.profileId}\n${owner.fingerprint.key}`).digest('hex');
  return `${owner.kind}-${hash.slice(0, 20)}.sqlite`;
}

function markCounts(marks: ReadonlyMap<number, NoteLocalMark>) {
  let handled = 0;
  let memos = 0;
  for (const m of marks.values()) {
    if (m.handled) handled++;
    if (m.memo !== '') memos++;
  }
  return { marks: marks.size, handled, memos };
}

export function createMirrorRegistry(opts: MirrorRegistryOptions): MirrorRegistry {
  const now = opts.now ?? Date.now;
  const dir = join(opts.dataDir, MIRRORS_DIR);
  const stores = new Map<string, MirrorStore>();
  let legacyChecked = false;

  function openFile(file: string, ctx: MigrationContext): MirrorStore {
    const cached = stores.get(file);
    if (cached) return cached;
    const db = openDatabase(join(dir, file), { maxVersion: MIRROR_VERSION });
    try {
      migrate(db, ctx);
    } catch (err) {
      db.close();
      throw err;
    }
    const store = new MirrorStore(db, file);
    stores.set(file, store);
    return store;
  }

  /** The registry's own store behind a NotesStore it handed out. */
  function own(store: NotesStore): MirrorStore {
    const mine = stores.get(store.file);
    if (mine !== store) throw new Error(`Mirror ${store.file} is not open in this registry.`);
    return mine;
  }

  function closeFile(file: string) {
    stores.get(file)?.close();
    stores.delete(file);
  }

  /** Every mirror file that opens, with its identity; damaged ones are skipped (they are handled when used). */
  function scan(): { file: string; store: MirrorStore; identity: MirrorIdentity }[] {
    if (!existsSync(dir)) return [];
    const out: { file: string; store: MirrorStore; identity: MirrorIdentity }[] = [];
    for (const file of readdirSync(dir)) {
      if (!/^(sandbox|live)-[0-9a-f]+\.sqlite$/.test(file)) continue;
      try {
        const store = openFile(file, { nowMs: now() });
        const identity = store.identity();
        if (identity) out.push({ file, store, identity });
      } catch {
        // Reported when its owner opens it.
      }
    }
    return out;
  }

  function stamp(store: MirrorStore, owner: MirrorOwner) {
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
        createdAt: current?.createdAt ?? now(),
      };
      store.setMeta('identity', JSON.stringify(next));
    });
  }

  function importLegacyOnce(known: readonly string[]) {
    if (legacyChecked) return;
    legacyChecked = true;
    if (!hasLegacyNotesFiles(opts.dataDir)) return;
    // Opening the sandbox profile's mirror runs its first migration, which imports the files.
    open(opts.sandbox, known);
  }

  function createOrOpen(owner: MirrorOwner, file: string): MirrorStore {
    const legacy =
      owner.profileId === opts.sandbox.profileId &&
      owner.fingerprint.key === opts.sandbox.fingerprint.key &&
      hasLegacyNotesFiles(opts.dataDir)
        ? readLegacyNotesFiles(opts.dataDir, now())
        : undefined;
    const store = openFile(file, { nowMs: now(), ...(legacy ? { legacy } : {}) });
    if (owner.profileId === opts.sandbox.profileId && owner.fingerprint.key === opts.sandbox.fingerprint.key)
      finishLegacyImport(store, legacy);
    return store;
  }

  /**
   * Imported by this open's migration, or by an earlier one (that stopped before the files went, or of a version
   * that kept them as *.imported.json): the marks are kept in the mirror for live profiles, the files deleted.
   */
  function finishLegacyImport(store: MirrorStore, legacy: LegacyNotesFiles | undefined) {
    if (store.meta('legacy_imported') === undefined) return;
    const leftOver = existsSync(join(opts.dataDir, IMPORTED_CACHE_FILE));
    if (store.meta(LEGACY_MARKS) === undefined) {
      const marks = legacy?.marks ?? readImportedMarks(opts.dataDir);
      if (marks) store.setMeta(LEGACY_MARKS, JSON.stringify(marks));
    }
    // A version that kept the files imported their last sync unscrubbed.
    const last = store.meta('last_sync');
    if (leftOver && last !== undefined) store.setMeta('last_sync', redactText(last));
    const deleted = deleteLegacyNotesFiles(opts.dataDir);
    if (deleted.length > 0) store.addNotice({ kind: 'legacy-deleted', file: deleted.join(', '), at: now() });
  }

  function open(owner: MirrorOwner, known: readonly string[]): MirrorStore {
    mkdirSync(dir, { recursive: true });
    importLegacyOnce(known);
    const file = mirrorFileName(owner);
    if (!stores.has(file) && !existsSync(join(dir, file))) {
      // A kept mirror of a removed profile (or one `desk sync` filled) with this fingerprint comes back.
      const orphan = scan().find(
        (m) =>
          m.identity.fingerprint === owner.fingerprint.key &&
          m.identity.kind === owner.kind &&
          m.identity.profileId !== owner.profileId &&
          (m.identity.profileId === COMMAND_LINE_OWNER || !known.includes(m.identity.profileId)),
      );
      if (orphan) {
        closeFile(orphan.file);
        for (const suffix of ['', '-wal', '-shm']) {
          if (existsSync(join(dir, orphan.file + suffix)))
            renameSync(join(dir, orphan.file + suffix), join(dir, file + suffix));
        }
      }
    }
    let store: MirrorStore;
    try {
      store = createOrOpen(owner, file);
    } catch (err) {
      if (!(err instanceof UnreadableDatabaseError)) throw err;
      closeFile(file);
      const moved = moveDatabaseAside(join(dir, file), now());
      store = createOrOpen(owner, file);
      store.addNotice({
        kind: 'mirror-reset',
        file: `${MIRRORS_DIR}/${moved}`,
        reason: err.reason,
        at: now(),
      });
    }
    stamp(store, owner);
    return store;
  }

  function sourceMarks(
    store: MirrorStore,
    known: readonly string[],
  ): { offer: CarryOverOffer; marks: () => Map<number, NoteLocalMark> }[] {
    const self = store.identity();
    if (!self) return [];
    const out: { offer: CarryOverOffer; marks: () => Map<number, NoteLocalMark> }[] = [];
    for (const m of scan()) {
      if (m.identity.mirrorId === self.mirrorId) continue;
      let kind: CarryOverOffer['kind'] | undefined;
      if (m.identity.profileId === self.profileId) kind = 'endpoint-changed';
      // A removed shop's marks go to shops, not to the sandbox's samples.
      else if (
        self.kind === 'live' &&
        m.identity.kind === 'live' &&
        m.identity.profileId !== COMMAND_LINE_OWNER &&
        !known.includes(m.identity.profileId)
      )
        kind = 'profile-removed';
      if (!kind) continue;
      const marks = m.store.marks();
      if (marks.size === 0) continue;
      out.push({
        offer: {
          source: `mirror:${m.identity.mirrorId}`,
          kind,
          profileName: m.identity.profileName,
          endpoint: m.identity.endpoint,
          ...markCounts(marks),
        },
        marks: () => m.store.marks(),
      });
    }
    if (self.kind === 'live') {
      const legacy = legacyMarks();
      if (legacy.size > 0) {
        out.push({
          offer: { source: LEGACY_SOURCE, kind: 'imported', ...markCounts(legacy) },
          marks: legacyMarks,
        });
      }
    }
    return out;
  }

  function legacyMarks(): Map<number, NoteLocalMark> {
    const sandbox = scan().find(
      (m) =>
        m.identity.profileId === opts.sandbox.profileId &&
        m.identity.fingerprint === opts.sandbox.fingerprint.key,
    );
    const marks = parseLegacyMarks(sandbox?.store.meta(LEGACY_MARKS)) ?? {};
    return new Map(Object.entries(marks).map(([seq, m]) => [Number(seq), m]));
  }

  function owned(profileId: string): MirrorFileInfo[] {
    return scan()
      .filter((m) => m.identity.profileId === profileId)
      .map((m) => ({
        file: m.file,
        identity: m.identity,
        notes: m.store.noteCount(),
        marks: m.store.marks().size,
        bytes: ['', '-wal'].reduce((sum, s) => {
          const path = join(dir, m.file + s);
          return sum + (existsSync(path) ? statSync(path).size : 0);
        }, 0),
      }));
  }

  return {
    dir,
    open,
    recover(store, owner, known) {
      closeFile(store.file);
      const moved = moveDatabaseAside(join(dir, store.file), now());
      const fresh = open(owner, known);
      fresh.addNotice({
        kind: 'mirror-reset',
        file: `${MIRRORS_DIR}/${moved}`,
        reason: 'integrity',
        at: now(),
      });
      return fresh;
    },
    offers(given, known) {
      const store = own(given);
      const decided = store.decidedSources();
      return sourceMarks(store, known)
        .map((s) => s.offer)
        .filter((o) => !decided.has(o.source));
    },
    carryOver(given, source, action, known) {
      const store = own(given);
      const found = sourceMarks(store, known).find((s) => s.offer.source === source);
      if (!found) return -1;
      if (action === 'discard') {
        store.decide(source, 'discard', 0, now());
        return 0;
      }
      return store.importMarks(source, found.marks(), now());
    },
    profileMirrors: owned,
    removeProfile(profileId, action) {
      const mirrors = owned(profileId);
      if (action === 'delete') {
        for (const m of mirrors) {
          closeFile(m.file);
          for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, m.file + suffix), { force: true });
        }
      }
      return mirrors;
    },
    close() {
      for (const file of [...stores.keys()]) closeFile(file);
    },
  };
}
