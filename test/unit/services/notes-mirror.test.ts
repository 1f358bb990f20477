// The notes-mirror service: the app and the command line choose one mirror for one endpoint; a store found damaged
// while in use is replaced and the call answered from the fresh one; the status is the store's plus its owner's;
// and it works over the NotesStore interface alone, so a second kind of store can stand behind it.
import { describe, expect, it } from 'vitest';
import type { CarryOverOffer, Profile } from '../../../src-main/contract';
import {
  activeMirrorChoice,
  AmbiguousEndpointError,
  createNotesMirror,
  endpointMirrorChoice,
} from '../../../src-main/services/notes-mirror';
import type { ActiveConnection } from '../../../src-main/services/connection';
import { endpointFingerprint, mirrorFileName } from '../../../src-main/storage/mirror-registry';
import { COMMAND_LINE_OWNER } from '../../../src-main/storage/notes-store';
import type {
  Fingerprint,
  MirrorOwner,
  NotesMirrors,
  NotesStore,
  NotesStoreStatus,
} from '../../../src-main/storage/notes-store';
import { defaultSettings } from '../../../src-main/storage/settings-schema';
import type { SettingsView } from '../../../src-main/contract';
import { importGraph } from '../../support/import-graph';
import { toDeskError } from '../../../src-main/host/dispatch';

const sandboxProfile = defaultSettings().profiles[0]!;
const live = (id: string, apiBaseUrl: string): Profile => ({
  ...sandboxProfile,
  id,
  name: `Shop ${id}`,
  kind: 'live',
  apiBaseUrl,
});
const fingerprintOf = (p: Profile): Fingerprint =>
  p.kind === 'sandbox'
    ? endpointFingerprint({ kind: 'sandbox', identity: 'test' })
    : endpointFingerprint({
        kind: 'live',
        apiBaseUrl: p.apiBaseUrl,
        nsRoot: p.nsRoot,
        schemaRoot: p.schemaRoot,
        soapVersion: p.soapVersion,
        pageIndexBase: p.pageIndexBase,
      });

describe('choosing the mirror', () => {
  const shop = live('shop', 'https://api.example.com/soap');
  const other = live('other', 'https://other.example.com/soap');
  const profiles = [sandboxProfile, shop, other];

  it('gives the app and the command line the same mirror for a saved profile’s endpoint', async () => {
    const app = await activeMirrorChoice({
      connection: {
        active: async () => ({ profile: shop, fingerprint: fingerprintOf(shop) }) as ActiveConnection,
      },
      settings: { get: async () => ({ settings: { ...defaultSettings(), profiles } }) as SettingsView },
    });
    // Endpoint flags naming shop's endpoint (the address written another way) find shop's mirror.
    const desk = endpointMirrorChoice(
      { kind: 'live', fingerprint: fingerprintOf(live('x', 'HTTPS://API.example.com/soap/')) },
      profiles,
      fingerprintOf,
    );
    expect(desk).toEqual({ owner: app.owner, known: app.known });
    expect(mirrorFileName(desk.owner)).toBe(mirrorFileName(app.owner));
  });

  it('gives an endpoint no saved profile has the command line’s own mirror, and a named profile its own', () => {
    const fingerprint = fingerprintOf(live('x', 'https://new.example.com/soap'));
    expect(endpointMirrorChoice({ kind: 'live', fingerprint }, profiles, fingerprintOf).owner).toEqual({
      profileId: COMMAND_LINE_OWNER,
      profileName: 'desk',
      kind: 'live',
      fingerprint,
    });
    const named = { kind: 'live' as const, fingerprint, profile: { id: 'shop', name: 'Shop shop' } };
    expect(endpointMirrorChoice(named, profiles, fingerprintOf).owner.profileId).toBe('shop');
  });

  it('refuses to guess between two saved profiles with one endpoint', () => {
    const twin = live('twin', shop.apiBaseUrl);
    const choose = () =>
      endpointMirrorChoice(
        { kind: 'live', fingerprint: fingerprintOf(shop) },
        [...profiles, twin],
        fingerprintOf,
      );
    expect(choose).toThrow(AmbiguousEndpointError);
    expect(choose).toThrow('Saved profiles shop, twin all use this endpoint');
  });
});

/** A store of another kind: only what NotesStore declares, answering from memory. */
function memoryStore(file: string, status: NotesStoreStatus, fail?: () => never): NotesStore {
  const no = () => {
    throw new Error('not used here');
  };
  return {
    file,
    status: () => status,
    waiting: (late) => {
      fail?.();
      return { waiting: status.notes, late: late > 0 ? 1 : 0 };
    },
    period: no,
    lookup: no,
    count: no,
    waitingOutside: no,
    notesBySeq: no,
    iterateNotes: no,
    lastSync: () => status.lastSync,
    asOf: () => status.asOf,
    marks: () => new Map(),
    setMark: no,
    dismissNotice: no,
    coveredDays: no,
    heldRange: no,
    newestAt: no,
    newestNoteAt: no,
    waitingNotes: no,
    writeSlice: no,
    writeNotes: no,
    recordSync: no,
    recordChecked: no,
    recordAnswerOpened: no,
    insights: { replySpeed: no, weeks: no, days: no, topItems: no, arrivals: no },
  };
}

describe('the service over any NotesStore', () => {
  const owner: MirrorOwner = {
    profileId: 'shop',
    profileName: 'Shop',
    kind: 'live',
    fingerprint: endpointFingerprint({ kind: 'sandbox', identity: 'x' }),
  };
  const offer: CarryOverOffer = {
    source: 'mirror:1',
    kind: 'endpoint-changed',
    marks: 2,
    handled: 1,
    memos: 1,
  };
  const damaged = () => {
    throw Object.assign(new Error('database disk image is malformed'), { errcode: 11 });
  };

  function mirrorsOf(first: NotesStore, fresh: NotesStore) {
    const calls: string[] = [];
    const mirrors: NotesMirrors = {
      open: () => (calls.push('open'), first),
      recover: (store) => (calls.push(`recover ${store.file}`), fresh),
      offers: (store) => (store === first ? [offer] : []),
      carryOver: (_store, source) => (source === offer.source ? 2 : -1),
      profileMirrors: () => [
        { notes: 3, marks: 1, bytes: 100 },
        { notes: 4, marks: 0, bytes: 50 },
      ],
    };
    return { mirrors, calls };
  }

  it('answers a call from a fresh mirror when the store is found damaged on the way', async () => {
    const first = memoryStore('a', { notices: [], notes: 5, sellerIds: [], revision: 1 }, damaged);
    const fresh = memoryStore('a', { notices: [], notes: 0, sellerIds: [], revision: 0 });
    const { mirrors, calls } = mirrorsOf(first, fresh);
    const service = createNotesMirror(mirrors);
    const answer = await service.use({ owner, known: ['shop'] }, (m) => m.store.waiting(10));
    expect(answer).toEqual({ waiting: 0, late: 1 });
    expect(calls).toEqual(['open', 'recover a']);
  });

  it('turns an OS refusal in the middle of a call into a DATA_FILE error naming the mirror, never SQLite’s text', async () => {
    const store = memoryStore('live-1.sqlite', { notices: [], notes: 5, sellerIds: [], revision: 1 }, () => {
      throw Object.assign(new Error('attempt to write a readonly database'), { errcode: 8 });
    });
    const { mirrors, calls } = mirrorsOf(store, store);
    const err = await createNotesMirror(mirrors)
      .use({ owner, known: [] }, (m) => m.store.waiting(0))
      .catch((e: unknown) => e);
    expect(toDeskError(err)).toMatchObject({
      code: 'DATA_FILE',
      message: 'The database file live-1.sqlite cannot be used (read-only).',
    });
    expect(calls).toEqual(['open']);
  });

  it('leaves any other error to the caller, the store kept', async () => {
    const store = memoryStore('a', { notices: [], notes: 5, sellerIds: [], revision: 1 }, () => {
      throw new Error('busy');
    });
    const { mirrors, calls } = mirrorsOf(store, store);
    await expect(
      createNotesMirror(mirrors).use({ owner, known: [] }, (m) => m.store.waiting(0)),
    ).rejects.toThrow('busy');
    expect(calls).toEqual(['open']);
  });

  it('says the status as the store has it, with its owner and the offers, and sums a profile’s mirrors', () => {
    const status: NotesStoreStatus = {
      notices: [],
      notes: 12,
      sellerIds: ['s1'],
      revision: 7,
      asOf: 1000,
      firstDay: '2026-11-01',
      lastDay: '2026-11-20',
    };
    const store = memoryStore('a', status);
    const service = createNotesMirror(mirrorsOf(store, store).mirrors);
    const m = service.open({ owner, known: ['shop'] });
    expect(service.status(m)).toEqual({
      ...status,
      profile: { id: 'shop', name: 'Shop', kind: 'live' },
      sample: false,
      offers: [offer],
    });
    expect(service.carryOver(m, offer.source, 'import')).toBe(2);
    expect(service.carryOver(m, 'mirror:gone', 'import')).toBeUndefined();
    expect(service.profileTotals('shop')).toEqual({ notes: 7, marks: 1, bytes: 150 });
  });
});

describe('the store behind an interface', () => {
  it('is reached by the services, the host and the command line through NotesStore, never the SQLite class', () => {
    const graph = importGraph(process.cwd(), ['src-main']);
    const direct = [...graph]
      .filter(
        ([file, targets]) =>
          !file.startsWith('src-main/storage/') && targets.includes('src-main/storage/mirror-store.ts'),
      )
      .map(([file]) => file);
    expect(direct).toEqual([]);
  });
});
