// A notes mirror in a data folder, for tests and drills that sync without the host.
import type { InboxNote } from '../../src-main/contract';
import type { HostDeps } from '../../src-main/host/host-deps';
import { activeMirrorChoice } from '../../src-main/services/notes-mirror';
import { createMirrorRegistry, endpointFingerprint } from '../../src-main/storage/mirror-registry';
import type { MirrorRegistry } from '../../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../../src-main/storage/notes-store';
import type { MirrorStore } from '../../src-main/storage/mirror-store';
import { marketDayOf } from '../../src-shared/market-day';

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
