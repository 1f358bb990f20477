// Which file holds which connection's notes: one mirror per profile and endpoint fingerprint, carry-over offers
// instead of silent merges, removing a profile, damaged files moved aside, release 0.1.0's files imported.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import {
  IMPORTED_CACHE_FILE,
  IMPORTED_LOCAL_FILE,
  LEGACY_CACHE_FILE,
  LEGACY_LOCAL_FILE,
} from '../../../src-main/storage/legacy-notes-files';
import {
  createMirrorRegistry,
  endpointFingerprint,
  mirrorFileName,
  MIRRORS_DIR,
} from '../../../src-main/storage/mirror-registry';
import type { EndpointDescription, MirrorRegistry } from '../../../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../../../src-main/storage/notes-store';
import { MIRROR_VERSION } from '../../../src-main/storage/mirror-schema';
import { moveDatabaseAside } from '../../../src-main/storage/sqlite-file';

const NOW = Date.parse('2026-11-24T10:00:00+09:00');
const SANDBOX: MirrorOwner = {
  profileId: 'sandbox',
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: endpointFingerprint({ kind: 'sandbox', identity: 'seed=42;notes=5000' }),
};
const LIVE_ENDPOINT: Extract<EndpointDescription, { kind: 'live' }> = {
  kind: 'live',
  apiBaseUrl: 'https://api.example-market.co.kr',
  nsRoot: 'http://www.example-market.co.kr',
  schemaRoot: 'http://schemas.example-market.co.kr',
  soapVersion: '1.1',
  pageIndexBase: 1,
};
const live = (id: string, over: Partial<typeof LIVE_ENDPOINT> = {}, name = id): MirrorOwner => ({
  profileId: id,
  profileName: name,
  kind: 'live',
  fingerprint: endpointFingerprint({ ...LIVE_ENDPOINT, ...over }),
});

const registries: MirrorRegistry[] = [];
afterEach(() => {
  for (const r of registries.splice(0)) r.close();
});
function registry(dataDir = mkdtempSync(join(tmpdir(), 'mirrors-'))) {
  const r = createMirrorRegistry({ dataDir, sandbox: SANDBOX, now: () => NOW });
  registries.push(r);
  return { r, dataDir };
}

const note = (seqNo: number, over: Partial<InboxNote> = {}): InboxNote => ({
  seqNo,
  buyerId: 'buyer1',
  sellerId: 'gangnam_style',
  itemNo: 'I1',
  itemName: '니트',
  insDate: '2026-11-20T09:00:00+09:00',
  title: '배송 문의',
  content: '언제 오나요?',
  replyStatus: 'NoReply',
  queryType: 'Shipping',
  at: Date.parse('2026-11-20T09:00:00+09:00'),
  ...over,
});

describe('endpoint fingerprints', () => {
  it('are equal for the same service written differently, and differ where the data could', () => {
    const key = (over: Partial<typeof LIVE_ENDPOINT>) =>
      endpointFingerprint({ ...LIVE_ENDPOINT, ...over }).key;
    const base = key({});
    expect(key({ apiBaseUrl: 'HTTPS://API.Example-Market.co.kr:443/' })).toBe(base);
    expect(key({ nsRoot: 'http://www.example-market.co.kr/' })).toBe(base);
    expect(key({ apiBaseUrl: 'https://api2.example-market.co.kr' })).not.toBe(base);
    expect(key({ nsRoot: 'http://other' })).not.toBe(base);
    expect(key({ schemaRoot: 'http://other' })).not.toBe(base);
    expect(key({ soapVersion: '1.2' })).not.toBe(base);
    expect(key({ pageIndexBase: 0 })).not.toBe(base);
  });

  it('name files by a hash: no profile id appears in a file name', () => {
    const name = mirrorFileName(live('My-Shop_01'));
    expect(name).toMatch(/^live-[0-9a-f]{20}\.sqlite$/);
    expect(name).not.toContain('My-Shop_01');
    expect(mirrorFileName(live('my-shop_01'))).not.toBe(name);
  });
});

describe('one mirror per profile and fingerprint', () => {
  it('keeps two profiles’ notes apart even with the same seller IDs and SeqNos', () => {
    const { r } = registry();
    const a = r.open(live('a'), ['a', 'b']);
    const b = r.open(live('b', { apiBaseUrl: 'https://b.example' }), ['a', 'b']);
    a.writeNotes([note(1, { title: 'A의 문의' })]);
    b.writeNotes([note(1, { title: 'B의 문의' }), note(2)]);
    expect([...a.iterateNotes()].map((n) => n.title)).toEqual(['A의 문의']);
    expect([...b.iterateNotes()].map((n) => n.title)).toEqual(['B의 문의', '배송 문의']);
    expect(a.file).not.toBe(b.file);
  });

  it('starts a fresh mirror when the endpoint changes and offers the old marks by SeqNo, never merged silently', () => {
    const { r } = registry();
    const before = r.open(live('shop'), ['shop']);
    before.writeNotes([note(1), note(2)]);
    before.setMark(1, { handled: true, memo: '교환 접수' }, NOW - 10);
    before.setMark(9, { handled: true }, NOW - 5);

    const after = r.open(live('shop', { apiBaseUrl: 'https://new.example' }), ['shop']);
    expect(after.noteCount()).toBe(0);
    expect(after.marks().size).toBe(0);
    const offers = r.offers(after, ['shop']);
    expect(offers).toEqual([
      expect.objectContaining({
        kind: 'endpoint-changed',
        profileName: 'shop',
        marks: 2,
        handled: 2,
        memos: 1,
      }),
    ]);
    expect(r.carryOver(after, offers[0]!.source, 'import', ['shop'])).toBe(2);
    expect(after.mark(1)).toMatchObject({ handled: true, memo: '교환 접수' });
    expect(r.offers(after, ['shop'])).toEqual([]);
    // The old mirror is kept as it was.
    expect(before.noteCount()).toBe(2);
  });

  it('remembers a discarded offer', () => {
    const { r, dataDir } = registry();
    r.open(live('shop'), ['shop']).setMark(1, { handled: true }, NOW);
    const after = r.open(live('shop', { soapVersion: '1.2' }), ['shop']);
    const [offer] = r.offers(after, ['shop']);
    expect(r.carryOver(after, offer!.source, 'discard', ['shop'])).toBe(0);
    expect(after.marks().size).toBe(0);
    r.close();
    const again = createMirrorRegistry({ dataDir, sandbox: SANDBOX });
    registries.push(again);
    expect(again.offers(again.open(live('shop', { soapVersion: '1.2' }), ['shop']), ['shop'])).toEqual([]);
  });

  it('removing a profile deletes its mirror, or keeps it for a profile with the same endpoint', () => {
    const { r } = registry();
    const gone = r.open(live('old'), ['old']);
    gone.writeNotes([note(1), note(2)]);
    gone.setMark(2, { memo: '재고 확인' }, NOW);
    expect(r.profileMirrors('old')).toEqual([expect.objectContaining({ notes: 2, marks: 1 })]);

    // Kept: its marks are offered to other profiles, and a new profile with the same endpoint gets it back.
    r.removeProfile('old', 'keep');
    const other = r.open(live('other', { apiBaseUrl: 'https://other.example' }), ['other']);
    expect(r.offers(other, ['other'])).toEqual([
      expect.objectContaining({ kind: 'profile-removed', profileName: 'old', marks: 1 }),
    ]);
    // Not to the sandbox: its notes are samples.
    expect(r.offers(r.open(SANDBOX, ['sandbox', 'other']), ['sandbox', 'other'])).toEqual([]);
    const back = r.open(live('new', {}, '새 프로필'), ['other', 'new']);
    expect(back.noteCount()).toBe(2);
    expect(back.mark(2)).toMatchObject({ memo: '재고 확인' });
    expect(back.identity()).toMatchObject({ profileId: 'new', profileName: '새 프로필' });

    // Deleted: the files are gone.
    const files = r.removeProfile('new', 'delete');
    expect(files).toHaveLength(1);
    for (const f of files) expect(existsSync(join(r.dir, f.file))).toBe(false);
    expect(r.profileMirrors('new')).toEqual([]);
  });
});

describe('a damaged or newer mirror file', () => {
  it('is moved aside, and a fresh mirror says so', () => {
    const { r } = registry();
    const owner = live('shop');
    const file = join(r.dir, mirrorFileName(owner));
    mkdirSync(r.dir, { recursive: true });
    writeFileSync(file, 'this is not a database'.repeat(300));
    const store = r.open(owner, ['shop']);
    const [notice] = store.notices();
    expect(notice).toMatchObject({ kind: 'mirror-reset', reason: 'not-a-database' });
    const moved = notice!.file.replace(`${MIRRORS_DIR}/`, '');
    expect(moved).toMatch(/^live-[0-9a-f]+\.corrupt-\d{4}-\d{2}-\d{2}-\d{6}\.sqlite$/);
    expect(readFileSync(join(r.dir, moved), 'utf8')).toContain('this is not a database');
    expect(store.noteCount()).toBe(0);
  });

  it('takes its -wal and -shm along, never overwriting an earlier one moved aside', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aside-'));
    const file = join(dir, 'live-1.sqlite');
    const names: string[] = [];
    for (let round = 0; round < 2; round++) {
      writeFileSync(file, `db ${round}`);
      writeFileSync(`${file}-wal`, `wal ${round}`);
      writeFileSync(`${file}-shm`, `shm ${round}`);
      names.push(moveDatabaseAside(file, NOW));
    }
    expect(names[1]).not.toBe(names[0]);
    names.forEach((name, round) => {
      expect(readFileSync(join(dir, name), 'utf8')).toBe(`db ${round}`);
      expect(readFileSync(join(dir, `${name}-wal`), 'utf8')).toBe(`wal ${round}`);
      expect(readFileSync(join(dir, `${name}-shm`), 'utf8')).toBe(`shm ${round}`);
    });
    expect(existsSync(file)).toBe(false);
  });

  it('written by a newer release is kept untouched in its place, an interim one beside it', () => {
    const { r, dataDir } = registry();
    const owner = live('shop');
    const first = r.open(owner, ['shop']);
    first.writeNotes([note(1)]);
    first.db.exec(`PRAGMA user_version = ${MIRROR_VERSION + 1}`);
    r.close();
    const bytes = readFileSync(join(dataDir, MIRRORS_DIR, mirrorFileName(owner)));
    const again = createMirrorRegistry({ dataDir, sandbox: SANDBOX, now: () => NOW });
    registries.push(again);
    const store = again.open(owner, ['shop']);
    const [notice] = store.notices();
    expect(notice).toMatchObject({
      kind: 'mirror-newer',
      reason: 'newer-version',
      file: `${MIRRORS_DIR}/${mirrorFileName(owner)}`,
    });
    expect(readFileSync(join(again.dir, mirrorFileName(owner))).equals(bytes)).toBe(true);
    expect(store.noteCount()).toBe(0);
  });

  it('a file that fails its integrity check after a crash is moved aside', () => {
    const { r, dataDir } = registry();
    const owner = live('shop');
    const store = r.open(owner, ['shop']);
    store.writeNotes(Array.from({ length: 3000 }, (_, i) => note(i + 1, { content: '가'.repeat(200) })));
    r.close();
    const file = join(dataDir, MIRRORS_DIR, mirrorFileName(owner));
    // Damage an index page in the middle of the file, and leave a log behind as a crash would.
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096 * 20, 4096 * 21);
    writeFileSync(file, bytes);
    writeFileSync(`${file}-wal`, 'x'.repeat(32));
    const again = createMirrorRegistry({ dataDir, sandbox: SANDBOX, now: () => NOW });
    registries.push(again);
    const fresh = again.open(owner, ['shop']);
    expect(fresh.notices()).toMatchObject([{ kind: 'mirror-reset' }]);
    expect(fresh.noteCount()).toBe(0);
    expect(readdirSync(again.dir).some((f) => /\.corrupt-.*\.sqlite$/.test(f))).toBe(true);
  });
});

describe('release 0.1.0’s notes files', () => {
  function withLegacy() {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirrors-legacy-'));
    copyFileSync(join('test/fixtures/legacy-json', LEGACY_CACHE_FILE), join(dataDir, LEGACY_CACHE_FILE));
    copyFileSync(join('test/fixtures/legacy-json', LEGACY_LOCAL_FILE), join(dataDir, LEGACY_LOCAL_FILE));
    return dataDir;
  }

  it('go into the sandbox profile’s mirror, even when a live profile opens first; live profiles are offered the marks', () => {
    const { r, dataDir } = registry(withLegacy());
    const shop = r.open(live('shop'), ['sandbox', 'shop']);
    expect(shop.noteCount()).toBe(0);
    // Imported, then deleted, with a notice in the mirror that holds them.
    for (const name of [IMPORTED_CACHE_FILE, IMPORTED_LOCAL_FILE, LEGACY_CACHE_FILE, LEGACY_LOCAL_FILE])
      expect(existsSync(join(dataDir, name)), name).toBe(false);
    const sandbox = r.open(SANDBOX, ['sandbox', 'shop']);
    expect(sandbox.noteCount()).toBe(140);
    expect(sandbox.marks().size).toBe(4);
    expect(sandbox.notices()).toMatchObject([
      { kind: 'legacy-deleted', file: `${LEGACY_CACHE_FILE}, ${LEGACY_LOCAL_FILE}` },
    ]);
    // The sandbox already has them; a live profile is asked.
    expect(r.offers(sandbox, ['sandbox', 'shop'])).toEqual([]);
    const [offer] = r.offers(shop, ['sandbox', 'shop']);
    expect(offer).toMatchObject({ kind: 'imported', marks: 4, handled: 3, memos: 3 });
    expect(r.carryOver(shop, offer!.source, 'import', ['sandbox', 'shop'])).toBe(4);
    expect(shop.mark(101866)).toMatchObject({ handled: true, memo: '내일 재발송\n택배사 확인' });
  });

  // What release 0.1.0 wrote when a server echoed tickets: a ticket element in the last sync's error, a
  // ticket-like token in a failed slice and in a note.
  const ENVELOPE_TICKET = 'Zk9vYmFyMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A';
  const TOKEN_TICKET = 'Q2hlY2sgdGhpcyB0aWNrZXQgdmFsdWUgMTIzNDU2Nzg5MA==';
  function withLeakedTickets() {
    const dataDir = withLegacy();
    const file = join(dataDir, LEGACY_CACHE_FILE);
    const cache = JSON.parse(readFileSync(file, 'utf8')) as {
      lastSync: Record<string, unknown>;
      notes: { content: string }[];
    };
    cache.lastSync = {
      at: cache.lastSync['at'],
      ok: false,
      cancelled: false,
      errorCode: 'AUTH_FAILED',
      errorMessage: `The marketplace refused the tickets: <EncryptedTicket xmlns="urn:s"><Value>${ENVELOPE_TICKET}</Value></EncryptedTicket>`,
      failedSlices: [
        {
          sellerId: 'seoul_mart',
          day: '2026-11-19',
          code: 'AUTH_FAILED',
          message: `Ticket ${TOKEN_TICKET} expired`,
          attempts: 1,
          pagesFetched: 0,
        },
      ],
    };
    cache.notes[0]!.content += `\n${TOKEN_TICKET}`;
    writeFileSync(file, JSON.stringify(cache));
    return dataDir;
  }

  function filesUnder(dir: string): string[] {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(dir, name))
      .filter((path) => statSync(path).isFile());
  }

  it('bring no ticket that release leaked into the mirror, its -wal or the data folder', () => {
    const { r, dataDir } = registry(withLeakedTickets());
    const sandbox = r.open(SANDBOX, ['sandbox']);
    expect(sandbox.noteCount()).toBe(140);
    expect(sandbox.lastSync()).toMatchObject({ ok: false, errorCode: 'AUTH_FAILED' });
    expect(JSON.stringify(sandbox.lastSync())).toContain('[redacted]');
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
    for (const path of files) {
      const bytes = readFileSync(path);
      for (const ticket of [ENVELOPE_TICKET, TOKEN_TICKET]) expect(bytes.includes(ticket), path).toBe(false);
    }
  });

  it('kept as *.imported.json by an earlier version are deleted, the marks still offered to live profiles', () => {
    const dataDir = withLeakedTickets();
    // As an earlier version left the folder: the mirror imported, its last sync unscrubbed, the files renamed.
    const first = registry(dataDir).r;
    const mirror = first.open(SANDBOX, ['sandbox']);
    mirror.setMeta(
      'last_sync',
      JSON.stringify({ ok: false, errorMessage: `Ticket ${TOKEN_TICKET} expired` }),
    );
    mirror.db.exec("DELETE FROM meta WHERE key = 'legacy_marks'; DELETE FROM notices;");
    first.close();
    copyFileSync(join('test/fixtures/legacy-json', LEGACY_CACHE_FILE), join(dataDir, IMPORTED_CACHE_FILE));
    copyFileSync(join('test/fixtures/legacy-json', LEGACY_LOCAL_FILE), join(dataDir, IMPORTED_LOCAL_FILE));

    const { r } = registry(dataDir);
    const sandbox = r.open(SANDBOX, ['sandbox', 'shop']);
    expect(existsSync(join(dataDir, IMPORTED_CACHE_FILE))).toBe(false);
    expect(existsSync(join(dataDir, IMPORTED_LOCAL_FILE))).toBe(false);
    expect(sandbox.notices()).toMatchObject([
      { kind: 'legacy-deleted', file: `${IMPORTED_CACHE_FILE}, ${IMPORTED_LOCAL_FILE}` },
    ]);
    expect(JSON.stringify(sandbox.lastSync() ?? sandbox.meta('last_sync'))).not.toContain(TOKEN_TICKET);
    const shop = r.open(live('shop'), ['sandbox', 'shop']);
    expect(r.offers(shop, ['sandbox', 'shop'])).toMatchObject([{ kind: 'imported', marks: 4 }]);
  });
});
