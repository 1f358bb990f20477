// A damaged or unusable mirror file loses nothing: each kind of damage is found at open, said in a notice, and the
// seller's marks and memos are either still there or offered back by SeqNo; a file the OS refuses is kept as it is
// and the mirror lives in memory meanwhile; a newer release's file is kept and taken back by a release that reads it.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import {
  createMirrorRegistry,
  endpointFingerprint,
  mirrorFileName,
  MIRRORS_DIR,
} from '../../../src-main/storage/mirror-registry';
import type { MirrorRegistry } from '../../../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../../../src-main/storage/notes-store';
import { MIRROR_VERSION } from '../../../src-main/storage/mirror-schema';
import type { MirrorStore } from '../../../src-main/storage/mirror-store';
import { SMALL_TABLES } from '../../../src-main/storage/mirror-checks';
import { openDatabase, UnreadableDatabaseError } from '../../../src-main/storage/sqlite-file';

const NOW = Date.parse('2026-11-24T10:00:00+09:00');
const SANDBOX: MirrorOwner = {
  profileId: 'sandbox',
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: endpointFingerprint({ kind: 'sandbox', identity: 'seed=42;notes=5000' }),
};
const SHOP: MirrorOwner = {
  profileId: 'shop',
  profileName: 'shop',
  kind: 'live',
  fingerprint: endpointFingerprint({
    kind: 'live',
    apiBaseUrl: 'https://api.example-market.co.kr',
    nsRoot: 'http://www.example-market.co.kr',
    schemaRoot: 'http://schemas.example-market.co.kr',
    soapVersion: '1.1',
    pageIndexBase: 1,
  }),
};
const KNOWN = ['shop'];

const registries: MirrorRegistry[] = [];
const modes: (() => void)[] = [];
afterEach(() => {
  for (const restore of modes.splice(0)) restore();
  for (const r of registries.splice(0)) r.close();
});

function registry(dataDir: string, maxVersion?: number) {
  const r = createMirrorRegistry({
    dataDir,
    sandbox: SANDBOX,
    now: () => NOW,
    ...(maxVersion === undefined ? {} : { maxVersion }),
  });
  registries.push(r);
  return r;
}

const note = (seqNo: number): InboxNote => ({
  seqNo,
  buyerId: `buyer${seqNo % 50}`,
  sellerId: 'gangnam_style',
  itemNo: `I${seqNo % 40}`,
  itemName: '니트',
  insDate: '2026-11-20T09:00:00+09:00',
  title: '배송 문의',
  content: `언제 오나요? ${'배송 '.repeat(40)}${seqNo}`,
  replyStatus: 'NoReply',
  queryType: 'Shipping',
  at: Date.parse('2026-11-20T09:00:00+09:00'),
});

/** SeqNos 1..3000 synced, 400 of them marked (handled, a memo or both; some memos long), then 1,000 more synced. */
function seededMirror(): { dataDir: string; file: string; marks: Map<number, NoteLocalMark> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'mirror-damage-'));
  const r = registry(dataDir);
  const store = r.open(SHOP, KNOWN);
  store.writeNotes(Array.from({ length: 3000 }, (_, i) => note(i + 1)));
  for (let i = 0; i < 400; i++) {
    const seq = 1 + i * 7;
    store.setMark(
      seq,
      {
        handled: i % 3 !== 0,
        memo: i % 2 === 0 ? `메모 ${seq} ${'길게 '.repeat(i % 5 === 0 ? 900 : 3)}` : '',
      },
      NOW - i,
    );
  }
  store.writeSlice(
    {
      sellerId: 'gangnam_style',
      day: '2026-11-20',
      notes: Array.from({ length: 1000 }, (_, i) => note(5000 + i)),
      complete: false,
    },
    NOW,
  );
  const marks = store.marks();
  r.close();
  registries.splice(registries.indexOf(r), 1);
  return { dataDir, file: join(dataDir, MIRRORS_DIR, mirrorFileName(SHOP)), marks };
}

function rootPage(file: string, table: string): { page: number; pageSize: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as {
      rootpage: number;
    };
    const { page_size } = db.prepare('PRAGMA page_size').get() as { page_size: number };
    return { page: Number(rootpage), pageSize: Number(page_size) };
  } finally {
    db.close();
  }
}

/** Deterministic noise (no wall clock, no Math.random): the same bytes on every run. */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

function overwritePage(file: string, page: number, pageSize: number) {
  const bytes = readFileSync(file);
  noise(pageSize, page).copy(bytes, (page - 1) * pageSize);
  writeFileSync(file, bytes);
}

function withDb(file: string, sql: string) {
  const db = new DatabaseSync(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

const sameMarks = (a: Map<number, NoteLocalMark>, b: Map<number, NoteLocalMark>) =>
  expect(Object.fromEntries([...a].sort((x, y) => x[0] - y[0]))).toEqual(
    Object.fromEntries([...b].sort((x, y) => x[0] - y[0])),
  );

/** Every notes read the inbox makes answers on the store (none throws). */
function readsAnswer(store: MirrorStore) {
  expect(() => {
    store.status();
    store.period('2026-11-01', '2026-11-24');
    store.count({ start: '2026-11-01', end: '2026-11-24' });
    store.lookup({ text: '배송', limit: 5 });
    store.waitingOutside({ start: '2026-11-01', end: '2026-11-24', lateBeforeMs: NOW });
    store.waiting(NOW);
    store.setMark(1, { memo: '새 메모' }, NOW);
  }).not.toThrow();
}

function reopenDamaged(dataDir: string) {
  const r = registry(dataDir);
  const store = r.open(SHOP, KNOWN);
  return { r, store };
}

/** The recovered offer imported: what it brought back, and the store's marks after. */
function importRecovered(r: MirrorRegistry, store: MirrorStore) {
  const offers = r.offers(store, KNOWN).filter((o) => o.kind === 'recovered');
  expect(offers).toHaveLength(1);
  const offer = offers[0]!;
  const imported = r.carryOver(store, offer.source, 'import', KNOWN);
  expect(r.offers(store, KNOWN).filter((o) => o.kind === 'recovered')).toEqual([]);
  return { offer, imported, marks: store.marks() };
}

describe('a damaged mirror is moved aside, said, and its marks offered back', () => {
  it.each(['notes', 'marks', 'meta', 'coverage'])('random bytes on the root page of %s', (table) => {
    const { dataDir, file, marks } = seededMirror();
    const { page, pageSize } = rootPage(file, table);
    overwritePage(file, page, pageSize);
    const { r, store } = reopenDamaged(dataDir);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-reset', reason: 'integrity' }]);
    expect(readdirSync(r.dir).some((f) => /\.corrupt-.*\.sqlite$/.test(f))).toBe(true);
    const { offer, marks: after } = importRecovered(r, store);
    expect(offer).toMatchObject({ marks: marks.size });
    sameMarks(after, marks);
    readsAnswer(store);
  });

  it('marks that all fit on one page: bytes over that page, and every mark still offered back (the journal)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-one-page-'));
    const r0 = registry(dataDir);
    const store0 = r0.open(SHOP, KNOWN);
    store0.writeNotes(Array.from({ length: 300 }, (_, i) => note(i + 1)));
    store0.setMark(5, { handled: true }, NOW - 30);
    store0.setMark(17, { memo: '환불 요청 확인함' }, NOW - 20);
    store0.setMark(23, { handled: true, memo: '교환 접수' }, NOW - 10);
    store0.setMark(23, { memo: '교환 접수 · 택배 회수 예약' }, NOW - 5);
    store0.setMark(40, { handled: true }, NOW - 4);
    store0.setMark(40, { handled: false }, NOW - 3);
    const marks = store0.marks();
    expect([...marks.keys()].sort((a, b) => a - b)).toEqual([5, 17, 23]);
    r0.close();
    registries.splice(registries.indexOf(r0), 1);
    const file = join(dataDir, MIRRORS_DIR, mirrorFileName(SHOP));
    const { page, pageSize } = rootPage(file, 'marks');
    overwritePage(file, page, pageSize);
    const { r, store } = reopenDamaged(dataDir);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-reset', reason: 'integrity' }]);
    const { offer, marks: after } = importRecovered(r, store);
    expect(offer).toMatchObject({ marks: 3 });
    sameMarks(after, marks);
    readsAnswer(store);
  });

  it('a file cut short: notice, and every mark in the part left offered back', () => {
    const { dataDir, file, marks } = seededMirror();
    const size = readFileSync(file).length;
    // The last 1,000 notes came after the marks: their pages are the file's tail.
    truncateSync(file, size - 8 * 4096);
    const { r, store } = reopenDamaged(dataDir);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-reset', reason: 'truncated' }]);
    const { marks: after } = importRecovered(r, store);
    sameMarks(after, marks);
    readsAnswer(store);
  });

  it('an empty file is damage said, not a new mirror started silently, and its marks come back from the journal', () => {
    const { dataDir, file, marks } = seededMirror();
    truncateSync(file, 0);
    const { r, store } = reopenDamaged(dataDir);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-reset', reason: 'truncated' }]);
    // Nothing of an empty file can be read back; the journal moved aside with it has every mark.
    expect(readdirSync(r.dir).some((f) => /\.corrupt-.*\.sqlite$/.test(f))).toBe(true);
    expect(readdirSync(r.dir).some((f) => /\.corrupt-.*\.sqlite\.marks\.log$/.test(f))).toBe(true);
    sameMarks(importRecovered(r, store).marks, marks);
    readsAnswer(store);
  });

  it('an empty file and no journal (a mirror from before it, damaged before it opened again): no offer', () => {
    const { dataDir, file } = seededMirror();
    truncateSync(file, 0);
    rmSync(file + '.marks.log');
    const { r, store } = reopenDamaged(dataDir);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-reset', reason: 'truncated' }]);
    expect(r.offers(store, KNOWN)).toEqual([]);
    readsAnswer(store);
  });

  it('user_version 0 over existing tables', () => {
    const { dataDir, file, marks } = seededMirror();
    withDb(file, 'PRAGMA user_version = 0');
    const { r, store } = reopenDamaged(dataDir);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-reset', reason: 'schema' }]);
    sameMarks(importRecovered(r, store).marks, marks);
    readsAnswer(store);
  });

  it.each(['coverage', 'notices', 'meta'])('a dropped table (%s)', (table) => {
    const { dataDir, file, marks } = seededMirror();
    withDb(file, `DROP TABLE ${table}`);
    const { r, store } = reopenDamaged(dataDir);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-reset', reason: 'schema' }]);
    sameMarks(importRecovered(r, store).marks, marks);
    readsAnswer(store);
  });

  it('the offer can be declined, and is not offered again', () => {
    const { dataDir, file } = seededMirror();
    withDb(file, 'DROP TABLE coverage');
    const { r, store } = reopenDamaged(dataDir);
    const [offer] = r.offers(store, KNOWN);
    expect(offer).toMatchObject({ kind: 'recovered' });
    expect(r.carryOver(store, offer!.source, 'discard', KNOWN)).toBe(0);
    expect(r.offers(store, KNOWN)).toEqual([]);
    expect(store.marks().size).toBe(0);
  });
});

describe('the checks at open on a file above the whole-file quick_check size', () => {
  it('still check the small tables, so bytes over the marks table’s page are found at open', () => {
    const { file } = seededMirror();
    const { page, pageSize } = rootPage(file, 'marks');
    overwritePage(file, page, pageSize);
    // Above the size (0 bytes here) and closed cleanly: only the small tables are checked.
    const open = (alwaysChecked: readonly string[]) => () =>
      openDatabase(file, { maxVersion: MIRROR_VERSION, alwaysChecked, quickCheckMaxBytes: 0 }).close();
    expect(open([])).not.toThrow();
    expect(open(SMALL_TABLES)).toThrow(UnreadableDatabaseError);
  });
});

describe('a newer release’s mirror is kept and taken back', () => {
  it('uses an interim mirror with a notice, then a release that reads it opens it again and offers the interim marks', () => {
    const { dataDir, file, marks } = seededMirror();
    withDb(file, `PRAGMA user_version = ${MIRROR_VERSION + 1}`);
    const before = readFileSync(file);
    const old = registry(dataDir);
    const interim = old.open(SHOP, KNOWN);
    expect(interim.notices()).toMatchObject([{ kind: 'mirror-newer', reason: 'newer-version' }]);
    expect(interim.noteCount()).toBe(0);
    readsAnswer(interim);
    interim.setMark(2999, { handled: true, memo: '임시 보관함에서' }, NOW + 1);
    old.close();
    // Opened again by the same release: still the interim mirror, the notice said once.
    const again = registry(dataDir).open(SHOP, KNOWN);
    expect(again.notices().filter((n) => n.kind === 'mirror-newer')).toHaveLength(1);
    expect(again.mark(2999)).toMatchObject({ memo: '임시 보관함에서' });
    registries.splice(0).forEach((r) => r.close());
    expect(readFileSync(file).equals(before)).toBe(true);

    const newer = registry(dataDir, MIRROR_VERSION + 1);
    const kept = newer.open(SHOP, KNOWN);
    expect(kept.noteCount()).toBe(4000);
    sameMarks(new Map([...kept.marks()].filter(([seq]) => seq !== 2999)), marks);
    const offers = newer.offers(kept, KNOWN);
    expect(offers).toMatchObject([{ kind: 'interim', marks: 2 }]);
    newer.carryOver(kept, offers[0]!.source, 'import', KNOWN);
    expect(kept.mark(2999)).toMatchObject({ handled: true, memo: '임시 보관함에서' });
  });
});

const asRoot = process.getuid?.() === 0;
const ROOT_REASON =
  'running as root: the OS lets root read and write a file or folder whatever its mode, so mode 000 and ' +
  'read-only files and folders refuse nothing here (the folder-in-place and mirrors-is-a-file cases still run)';
if (asRoot) console.info(`mirror-damage: permission cases skipped, ${ROOT_REASON}`);

describe('a mirror the OS refuses is kept as it is, and the app stays usable in memory', () => {
  function refused(prepare: (p: { dataDir: string; file: string }) => () => void) {
    const seeded = seededMirror();
    const before = readFileSync(seeded.file);
    modes.push(prepare(seeded));
    const r = registry(seeded.dataDir);
    const store = r.open(SHOP, KNOWN);
    const [notice] = store.notices();
    readsAnswer(store);
    // The next open this session is the same in-memory mirror, with what was set in it.
    expect(r.open(SHOP, KNOWN).mark(1)).toMatchObject({ memo: '새 메모' });
    r.close();
    for (const restore of modes.splice(0)) restore();
    // Untouched: every mark is still in the file, which opens as before once fixed.
    expect(readFileSync(seeded.file).equals(before)).toBe(true);
    const fixed = registry(seeded.dataDir).open(SHOP, KNOWN);
    sameMarks(fixed.marks(), seeded.marks);
    expect(fixed.notices()).toEqual([]);
    return notice;
  }

  it('a folder in the file’s place', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-damage-'));
    const file = join(dataDir, MIRRORS_DIR, mirrorFileName(SHOP));
    mkdirSync(file, { recursive: true });
    writeFileSync(join(file, 'inside'), 'kept');
    const r = registry(dataDir);
    const store = r.open(SHOP, KNOWN);
    expect(store.notices()).toMatchObject([{ kind: 'mirror-inaccessible', reason: 'not-a-file', file }]);
    readsAnswer(store);
    expect(readFileSync(join(file, 'inside'), 'utf8')).toBe('kept');
  });

  it('`mirrors` is a file', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-damage-'));
    writeFileSync(join(dataDir, MIRRORS_DIR), 'not a folder');
    const r = registry(dataDir);
    const store = r.open(SHOP, KNOWN);
    expect(store.notices()).toMatchObject([
      { kind: 'mirror-inaccessible', reason: 'not-a-folder', file: join(dataDir, MIRRORS_DIR) },
    ]);
    readsAnswer(store);
    expect(r.offers(store, KNOWN)).toEqual([]);
    expect(r.profileMirrors('shop')).toEqual([]);
    expect(readFileSync(join(dataDir, MIRRORS_DIR), 'utf8')).toBe('not a folder');
  });

  it('is an error naming the path where memory would not do (the command line)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-damage-'));
    writeFileSync(join(dataDir, MIRRORS_DIR), 'not a folder');
    const r = createMirrorRegistry({ dataDir, sandbox: SANDBOX, now: () => NOW, failWhenInaccessible: true });
    registries.push(r);
    const err = (() => {
      try {
        r.open(SHOP, KNOWN);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toMatchObject({
      deskCode: 'DATA_FILE',
      reason: 'not-a-folder',
      path: join(dataDir, MIRRORS_DIR),
    });
  });

  it.skipIf(asRoot)('mode 000 on the file', () => {
    const notice = refused(({ file }) => {
      chmodSync(file, 0o000);
      return () => chmodSync(file, 0o644);
    });
    expect(notice).toMatchObject({ kind: 'mirror-inaccessible', reason: 'permission' });
  });

  it.skipIf(asRoot)('a read-only file', () => {
    const notice = refused(({ file }) => {
      chmodSync(file, 0o444);
      return () => chmodSync(file, 0o644);
    });
    expect(notice).toMatchObject({ kind: 'mirror-inaccessible', reason: 'permission' });
  });

  it.skipIf(asRoot)('a read-only folder', () => {
    const notice = refused(({ dataDir }) => {
      const dir = join(dataDir, MIRRORS_DIR);
      chmodSync(dir, 0o555);
      return () => chmodSync(dir, 0o755);
    });
    expect(notice).toMatchObject({ kind: 'mirror-inaccessible', reason: 'permission' });
  });

  // As root the OS refuses nothing, so the same three cases run in a child process under the unprivileged uid
  // 65534 (setpriv, from util-linux): the files made its own, then their mode changed, as a user's would be.
  const setpriv = asRoot ? ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) : undefined;
  const CHILD = fileURLToPath(new URL('../../support/mirror-permission-child.ts', import.meta.url));
  function refusedToAUser(prepare: (p: { dataDir: string; file: string }) => () => void) {
    const seeded = seededMirror();
    const before = readFileSync(seeded.file);
    // The user's own: the data folder and a temporary folder; the test run's temporary root only passed through.
    const childTmp = mkdtempSync(join(tmpdir(), 'unprivileged-'));
    execFileSync('chown', ['-R', '65534:65534', seeded.dataDir, childTmp]);
    const rootMode = statSync(tmpdir()).mode & 0o7777;
    chmodSync(tmpdir(), rootMode | 0o001);
    modes.push(prepare(seeded));
    let printed: string;
    try {
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      printed = execFileSync(
        setpriv!,
        [
          ...['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--import', tsx, CHILD],
          ...[seeded.dataDir, JSON.stringify(SHOP), String(NOW)],
        ],
        { encoding: 'utf8', env: { ...process.env, HOME: childTmp, TMPDIR: childTmp } },
      );
    } finally {
      for (const restore of modes.splice(0)) restore();
      chmodSync(tmpdir(), rootMode);
    }
    const seen = JSON.parse(printed.trim().split('\n').at(-1)!) as Record<string, unknown>;
    // Untouched: every mark is still in the file, which opens as before once fixed.
    expect(readFileSync(seeded.file).equals(before)).toBe(true);
    const fixed = registry(seeded.dataDir).open(SHOP, KNOWN);
    sameMarks(fixed.marks(), seeded.marks);
    expect(fixed.notices()).toEqual([]);
    return seen;
  }

  it.runIf(setpriv !== undefined)('as root: mode 000 on the file, opened by an unprivileged user', () => {
    const seen = refusedToAUser(({ file }) => {
      chmodSync(file, 0o000);
      return () => chmodSync(file, 0o644);
    });
    expect(seen).toMatchObject({
      uid: 65534,
      notices: [{ kind: 'mirror-inaccessible', reason: 'permission' }],
      inMemory: true,
      markAgain: '새 메모',
    });
  });

  it.runIf(setpriv !== undefined)('as root: a read-only file, opened by an unprivileged user', () => {
    const seen = refusedToAUser(({ file }) => {
      chmodSync(file, 0o444);
      return () => chmodSync(file, 0o644);
    });
    expect(seen).toMatchObject({
      uid: 65534,
      notices: [{ kind: 'mirror-inaccessible', reason: 'permission' }],
      inMemory: true,
      markAgain: '새 메모',
    });
  });

  it.runIf(setpriv !== undefined)('as root: a read-only folder, opened by an unprivileged user', () => {
    const seen = refusedToAUser(({ dataDir }) => {
      const dir = join(dataDir, MIRRORS_DIR);
      chmodSync(dir, 0o555);
      return () => chmodSync(dir, 0o755);
    });
    expect(seen).toMatchObject({
      uid: 65534,
      notices: [{ kind: 'mirror-inaccessible', reason: 'permission' }],
      inMemory: true,
      markAgain: '새 메모',
    });
  });

  // A read-only file system (EROFS: a backup restored read-only, a disk mounted so after an error). Root can make
  // one with a read-only bind mount of the mirrors folder over itself; as another user, or where the container
  // refuses mounts, the case says why it did not run.
  const roMount = (dir: string): (() => void) | string => {
    try {
      execFileSync('mount', ['--bind', dir, dir], { stdio: 'pipe' });
    } catch (err) {
      return `mount refused: ${String(err).split('\n')[0]}`;
    }
    const undo = () => execFileSync('umount', [dir], { stdio: 'pipe' });
    try {
      execFileSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'pipe' });
    } catch (err) {
      undo();
      return `read-only remount refused: ${String(err).split('\n')[0]}`;
    }
    return undo;
  };

  it.runIf(asRoot)('a read-only file system (EROFS), as root by a read-only bind mount', (ctx) => {
    let skipped: string | undefined;
    const notice = (() => {
      const probe = mkdtempSync(join(tmpdir(), 'erofs-probe-'));
      const tried = roMount(probe);
      if (typeof tried === 'string') return ((skipped = tried), undefined);
      tried();
      return refused(({ dataDir }) => {
        const undo = roMount(join(dataDir, MIRRORS_DIR));
        if (typeof undo === 'string') throw new Error(undo);
        return undo;
      });
    })();
    if (skipped !== undefined) {
      console.info(`mirror-damage: the EROFS case skipped, ${skipped}`);
      return ctx.skip();
    }
    expect(notice).toMatchObject({ kind: 'mirror-inaccessible', reason: 'read-only' });
  });

  it('a folder in the file’s place leaves nothing behind once removed', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-damage-'));
    const file = join(dataDir, MIRRORS_DIR, mirrorFileName(SHOP));
    mkdirSync(file, { recursive: true });
    registry(dataDir).open(SHOP, KNOWN);
    registries.splice(0).forEach((r) => r.close());
    rmSync(file, { recursive: true });
    const store = registry(dataDir).open(SHOP, KNOWN);
    expect(store.notices()).toEqual([]);
    expect(existsSync(file)).toBe(true);
  });
});
