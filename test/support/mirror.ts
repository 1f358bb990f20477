// A notes mirror in a data folder, for tests and drills that sync without the host.
import type { InboxNote } from '../../src-main/contract';
import type { HostDeps } from '../../src-main/host/host-deps';
import { activeMirrorChoice } from '../../src-main/services/notes-mirror';
import { createMirrorRegistry, endpointFingerprint } from '../../src-main/storage/mirror-registry';
import type { MirrorRegistry } from '../../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../../src-main/storage/notes-store';
import type { MirrorStore } from '../../src-main/storage/mirror-store';
import { MIGRATIONS, MIRROR_VERSION, migrate } from '../../src-main/storage/mirror-schema';
import { openDatabase } from '../../src-main/storage/sqlite-file';
import { marketDayOf } from '../../src-shared/market-day';
import { NOTE_FIELDS } from '../../src-shared/note-fields';

export const DRILL_OWNER: MirrorOwner = {
  profileId: 'sandbox',
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: endpointFingerprint({ kind: 'sandbox', identity: 'drill' }),
};

export function openMirror(
  dataDir: string,
  owner: MirrorOwner = DRILL_OWNER,
): { registry: MirrorRegistry; store: MirrorStore; close(): void } {
  const registry = createMirrorRegistry({ dataDir, sandbox: owner });
  const store = registry.open(owner, [owner.profileId]);
  return { registry, store, close: () => registry.close() };
}

/** Every note the mirror lists (withdrawn ones left out), oldest first. */
export function heldNotes(store: MirrorStore) {
  return [...store.iterateNotes()].filter((n) => n.withdrawnAt === undefined);
}

/**
 * Fills a mirror as a finished sync of `days` would have: every seller-day of `sellerIds` written whole and
 * marked synced, and the sync recorded as of `asOf`.
 */
export function seedMirror(
  store: MirrorStore,
  notes: readonly InboxNote[],
  sellerIds: readonly string[],
  days: readonly string[],
  asOf: number,
): void {
  const bySlice = new Map<string, InboxNote[]>();
  for (const n of notes) {
    const key = `${n.sellerId} ${marketDayOf(n.at)}`;
    const list = bySlice.get(key);
    if (list) list.push(n);
    else bySlice.set(key, [n]);
  }
  for (const sellerId of sellerIds) {
    for (const day of days) {
      store.writeSlice(
        { sellerId, day, notes: bySlice.get(`${sellerId} ${day}`) ?? [], complete: true },
        asOf,
      );
    }
  }
  store.recordSync({ at: asOf, ok: true, cancelled: false, failedSlices: [] }, asOf);
}

/** The active connection's mirror, as the host's handlers open it (the notes-mirror service chooses it). */
export async function activeMirror(deps: HostDeps): Promise<MirrorStore> {
  const { owner, known } = await activeMirrorChoice(deps);
  return deps.mirrors.open(owner, known);
}

/**
 * A version-4 mirror file holding `notes`, as a release of that version wrote it (no search text: opening it
 * with this release leaves the text to the search fill, storage/search-fill.ts).
 */
export function writeVersion4Mirror(file: string, notes: readonly InboxNote[], nowMs: number): void {
  const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
  migrate(db, { nowMs }, MIGRATIONS, 4);
  const columns = NOTE_FIELDS.map((f) => f.column);
  const insert = db.prepare(
    `INSERT INTO notes (${columns.join(', ')}, at, day) VALUES (${columns.map(() => '?').join(', ')}, ?, ?)`,
  );
  db.exec('BEGIN');
  for (const n of notes) {
    const values = n as unknown as Record<string, string | number | undefined>;
    insert.run(...NOTE_FIELDS.map((f) => values[f.key] ?? null), n.at, marketDayOf(n.at));
  }
  db.exec('COMMIT');
  db.close();
}
