// A mirror from before version 5 gets its notes' search text off the main thread (storage/search-fill.ts): the open
// returns with the notes not filled yet and main answers while the fill worker waits at a gate (told by order,
// never by time); a search meanwhile finds what the inbox's own matcher finds over every note; and a fill stopped
// midway goes on from its last batch at the next open, every note filled once, the index whole. A file found
// damaged while its fill runs is moved aside as any damaged mirror is, once the fill has let go of it.
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { toInboxNote } from '../../../src-main/storage/inbox-note';
import { createMirrorRegistry, mirrorFileName } from '../../../src-main/storage/mirror-registry';
import type { MirrorRegistry, MirrorRegistryOptions } from '../../../src-main/storage/mirror-registry';
import { MirrorReads } from '../../../src-main/storage/mirror-reads';
import { openMirrorReader } from '../../../src-main/storage/mirror-reader';
import { createNotesMirror } from '../../../src-main/services/notes-mirror';
import { MIRROR_VERSION, SEARCH_FILL_KEY, migrate } from '../../../src-main/storage/mirror-schema';
import { MirrorStore } from '../../../src-main/storage/mirror-store';
import { fillSearchBatch } from '../../../src-main/storage/search-fill';
import type { SearchFillProgress } from '../../../src-main/storage/search-fill';
import { openDatabase } from '../../../src-main/storage/sqlite-file';
import { buildSearchIndex, searchHits } from '../../../src-renderer/features/inbox/model/note-view';
import { addDays, dayEndMs, dayStartMs, marketDayOf } from '../../../src-shared/market-day';
import { DRILL_OWNER, writeVersion4Mirror } from '../../support/mirror';

const GATED = fileURLToPath(new URL('../../support/gated-search-fill-worker.ts', import.meta.url));
const HELD = fileURLToPath(new URL('../../support/held-search-fill-worker.ts', import.meta.url));
const NOW = new Date('2026-11-20T21:00:00+09:00');
const NOTES = recentNotes(createBackend({ seed: 11, now: NOW, notes: 4000 })).map((n) => toInboxNote(n)!);
const QUERIES = ['ㅇ', 'ㄴㅇ', '니다', '사이즈', NOTES[1234]!.buyerId, NOTES[2345]!.orderNo ?? '202'];

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0).reverse()) c();
});

/** A data folder whose drill mirror is a version-4 file holding `notes` (as a release of that version wrote it). */
function version4Folder(notes: readonly InboxNote[]): { dataDir: string; file: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-fill-'));
  mkdirSync(join(dataDir, 'mirrors'));
  const file = join(dataDir, 'mirrors', mirrorFileName(DRILL_OWNER));
  writeVersion4Mirror(file, notes, NOW.getTime());
  return { dataDir, file };
}

function registry(dataDir: string, more: Partial<MirrorRegistryOptions> = {}): MirrorRegistry {
  const r = createMirrorRegistry({ dataDir, sandbox: DRILL_OWNER, now: () => NOW.getTime(), ...more });
  cleanup.push(() => r.close());
  return r;
}

const unfilled = (db: DatabaseSync) =>
  Number((db.prepare("SELECT count(*) AS n FROM notes WHERE search_text = ''").get() as { n: number }).n);

/** The brute-force reference: every note the inbox's search box finds, newest first (as the store lists them). */
function reference(notes: readonly InboxNote[], query: string): InboxNote[] {
  const hits = searchHits(buildSearchIndex(notes), query);
  return notes.filter((_, i) => hits?.[i] === 1).sort((a, b) => b.at - a.at || b.seqNo - a.seqNo);
}

/** Every query's lookup and week count through the read worker equal the reference over `notes`. */
async function searchesMatch(file: string, notes: readonly InboxNote[]) {
  const reads = new MirrorReads(file);
  cleanup.push(() => reads.close());
  const today = marketDayOf(NOW.getTime());
  const week = { start: addDays(today, -6), end: today };
  for (const query of QUERIES) {
    const want = reference(notes, query);
    expect(want.length, query).toBeGreaterThan(0);
    const found = await reads.ask('notes.lookup', { text: query, limit: 5000 });
    expect(found.total, query).toBe(want.length);
    expect(found.notes.map((f) => f.note.seqNo)).toEqual(want.map((n) => n.seqNo));
    const inWeek = want.filter((n) => n.at >= dayStartMs(week.start) && n.at <= dayEndMs(week.end));
    const counted = await reads.ask('notes.count', { ...week, text: query });
    expect(counted.total, query).toBe(inWeek.length);
  }
}

const searchColumns = (db: DatabaseSync) =>
  db.prepare('SELECT seq_no, search_text, initials FROM notes ORDER BY seq_no').all();

/** Every note holds the text and initials a new mirror's store writes with it, and the trigram index is whole. */
function filledAsWritten(db: DatabaseSync, notes: readonly InboxNote[]) {
  const dir = mkdtempSync(join(tmpdir(), 'search-fill-written-'));
  const fresh = openDatabase(join(dir, 'm.sqlite'), { maxVersion: MIRROR_VERSION });
  migrate(fresh, { nowMs: NOW.getTime() });
  const written = new MirrorStore(fresh, 'm.sqlite');
  written.writeNotes(notes);
  expect(searchColumns(db)).toEqual(searchColumns(fresh));
  written.close();
  db.exec("INSERT INTO notes_search (notes_search, rank) VALUES ('integrity-check', 1)");
}

describe('the search text of a mirror from before version 5 is filled off the main thread', () => {
  it('the open returns before the fill, main answers while it waits, and it ends with every note filled', async () => {
    const { dataDir } = version4Folder(NOTES);
    const gate = new Int32Array(new SharedArrayBuffer(4));
    const order: string[] = [];
    const progress: SearchFillProgress[] = [];
    const mirrors = registry(dataDir, {
      searchFill: { workerFile: GATED, workerData: { gate: gate.buffer }, batch: 700 },
      onSearchFill: (_file, p) => progress.push(p),
    });
    const store = mirrors.open(DRILL_OWNER, [DRILL_OWNER.profileId]);
    order.push('opened');
    // Nothing filled yet: the migration left every note to the fill, which waits at the gate.
    expect(unfilled(store.db)).toBe(NOTES.length);
    expect(store.searchFillDue()).toBe(true);
    const fill = mirrors.searchFill(store.file)!;
    void fill.ended.then(() => order.push('filled'));
    // Main answers: a count and a search of its own, and a mark written.
    expect(store.count({ start: '2026-01-01', end: '2026-12-31', text: '니다' }).total).toBeGreaterThan(0);
    store.setMark(NOTES[0]!.seqNo, { handled: true }, NOW.getTime());
    order.push('main answered');
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    await fill.ended;
    expect(order).toEqual(['opened', 'main answered', 'filled']);
    expect(progress.map((p) => p.total)).toEqual(progress.map(() => NOTES.length));
    expect(progress.map((p) => p.done)).toEqual([700, 1400, 2100, 2800, 3500, NOTES.length]);
    expect(store.searchFillDue()).toBe(false);
    expect(store.mark(NOTES[0]!.seqNo)?.handled).toBe(true);
    filledAsWritten(store.db, NOTES);
  });

  it('a search while the fill runs finds what a brute-force pass finds', async () => {
    const { dataDir, file } = version4Folder(NOTES);
    const gate = new Int32Array(new SharedArrayBuffer(4));
    cleanup.push(() => Atomics.notify(gate, 0));
    const mirrors = registry(dataDir, {
      searchFill: { workerFile: GATED, workerData: { gate: gate.buffer } },
    });
    const store = mirrors.open(DRILL_OWNER, [DRILL_OWNER.profileId]);
    // Part of the notes filled, as after the fill's first batches; then a sync rewrites some on each side.
    fillSearchBatch(store.db, 1500);
    const rewritten = [NOTES[100]!, NOTES[3000]!].map((n) => ({ ...n, content: `자몽에이드 ${n.content}` }));
    store.writeNotes(rewritten);
    const notes = NOTES.map((n) => rewritten.find((r) => r.seqNo === n.seqNo) ?? n);
    expect(unfilled(store.db)).toBe(NOTES.length - 1500 - 1);
    QUERIES.push('자몽에이드');
    try {
      await searchesMatch(file, notes);
    } finally {
      QUERIES.pop();
    }
    // And on main's own connection (a mirror the OS let main read only in memory reads there).
    expect(store.lookup({ text: '자몽에이드' }).notes.map((f) => f.note.seqNo)).toEqual(
      reference(notes, '자몽에이드').map((n) => n.seqNo),
    );
    Atomics.store(gate, 0, 1);
  });

  it('a fill stopped midway goes on from its last batch at the next open', async () => {
    const { dataDir, file } = version4Folder(NOTES);
    const progress: SearchFillProgress[] = [];
    const first = registry(dataDir, {
      searchFill: { batch: 500 },
      onSearchFill: (_f, p) => {
        // The app quits after the second batch.
        if (progress.push(p) === 2) first.close();
      },
    });
    const store = first.open(DRILL_OWNER, [DRILL_OWNER.profileId]);
    await first.searchFill(store.file)!.ended;
    const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
    const after = (
      db.prepare('SELECT value FROM meta WHERE key = ?').get(SEARCH_FILL_KEY) as { value: string }
    ).value;
    const left = unfilled(db);
    db.close();
    expect(progress.length).toBeLessThan(NOTES.length / 500);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(NOTES.length);
    expect(NOTES.filter((n) => n.seqNo > Number(after)).length).toBe(left);

    const seen: SearchFillProgress[] = [];
    const second = registry(dataDir, { onSearchFill: (_f, p) => seen.push(p) });
    const again = second.open(DRILL_OWNER, [DRILL_OWNER.profileId]);
    await second.searchFill(again.file)!.ended;
    // It began where the first stopped: only what was left.
    expect(seen.at(-1)).toEqual({ done: left, total: left });
    expect(again.searchFillDue()).toBe(false);
    filledAsWritten(again.db, NOTES);
    await searchesMatch(file, NOTES);
  });
});

describe('a file already at version 5 or later', () => {
  it('has no fill due: a new mirror writes each note with its text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-fill-new-'));
    const db = openDatabase(join(dir, 'm.sqlite'), { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW.getTime() });
    const store = new MirrorStore(db, 'm.sqlite');
    cleanup.push(() => store.close());
    store.writeNotes(NOTES.slice(0, 50));
    expect(store.searchFillDue()).toBe(false);
    expect(fillSearchBatch(db)).toBe(0);
    expect(unfilled(db)).toBe(0);
  });
});

/** Deterministic noise over one page of the file, written in place (the connections on it stay open). */
function damagePage(file: string, db: DatabaseSync, table: string) {
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as {
    rootpage: number;
  };
  const { page_size: size } = db.prepare('PRAGMA page_size').get() as { page_size: number };
  const noise = Buffer.alloc(Number(size));
  let x = 7;
  for (let i = 0; i < noise.length; i++) noise[i] = (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) >>> 24;
  const fd = openSync(file, 'r+');
  writeSync(fd, noise, 0, noise.length, (Number(rootpage) - 1) * Number(size));
  closeSync(fd);
}

const marksOf = (marks: Map<number, { handled: boolean; memo: string }>) =>
  Object.fromEntries([...marks].map(([seq, m]) => [seq, { handled: m.handled, memo: m.memo }]));

describe('a mirror found damaged while its search fill runs', () => {
  it('is moved aside with its notice and marks offered back, the fill stopped first; the fresh mirror opens again', async () => {
    const { dataDir, file } = version4Folder(NOTES);
    const gate = new Int32Array(new SharedArrayBuffer(4));
    cleanup.push(() => (Atomics.store(gate, 0, 1), Atomics.notify(gate, 0)));
    let batched!: () => void;
    const firstBatch = new Promise<void>((resolve) => (batched = resolve));
    const mirrors = registry(dataDir, {
      searchFill: { workerFile: HELD, workerData: { gate: gate.buffer }, batch: 700 },
      onSearchFill: () => batched(),
    });
    const choice = { owner: DRILL_OWNER, known: [DRILL_OWNER.profileId] };
    const store = mirrors.open(choice.owner, choice.known);
    NOTES.filter((_, i) => i % 97 === 0).forEach((n, i) =>
      store.setMark(
        n.seqNo,
        { handled: i % 2 === 0, memo: i % 3 === 0 ? `메모 ${i} 😀` : '' },
        NOW.getTime(),
      ),
    );
    const marks = marksOf(store.marks());
    const fill = mirrors.searchFill(store.file)!;
    // The fill committed its first batch and goes on (held there): the disk goes bad under it.
    await firstBatch;
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    damagePage(file, store.db, 'notes');
    let fillEnded = false;
    void fill.ended.then(() => (fillEnded = true));

    // The inbox's read finds the damage in the read worker: the usual recovery answers from a fresh mirror.
    const today = marketDayOf(NOW.getTime());
    const span = { start: addDays(today, -29), end: today };
    const service = createNotesMirror(mirrors);
    const answer = await service.use(choice, (m) => mirrors.reads(m.store)!.ask('notes.period', span));
    expect(answer).toMatchObject({ unchanged: false, count: 0 });
    // The fill stopped before the file moved (it was held, not done), without an error.
    expect(fillEnded).toBe(true);
    expect(mirrors.searchFill(store.file)).toBeUndefined();
    // The fill, were it still running, would write on; it ended, so opening the gate changes nothing.
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    const fresh = mirrors.open(choice.owner, choice.known);
    expect(fresh === store).toBe(false);
    expect(fresh.notices().map((n) => n.kind)).toEqual(['mirror-reset']);
    expect(readdirSync(join(dataDir, 'mirrors')).filter((f) => /\.corrupt-.*\.sqlite$/.test(f))).toHaveLength(
      1,
    );
    const offer = mirrors.offers(fresh, choice.known).find((o) => o.kind === 'recovered');
    expect(offer).toMatchObject({ marks: Object.keys(marks).length });
    expect(mirrors.carryOver(fresh, offer!.source, 'import', choice.known)).toBe(Object.keys(marks).length);
    // A connection opened now reads what the fresh mirror holds: its -wal and -shm are its own.
    const reader = openMirrorReader(file);
    cleanup.push(() => reader.close());
    expect(marksOf(reader.marks())).toEqual(marks);

    mirrors.close();
    const second = registry(dataDir);
    const again = second.open(choice.owner, choice.known);
    expect(again.notices().map((n) => n.kind)).toEqual(['mirror-reset']);
    expect(marksOf(again.marks())).toEqual(marks);
    expect(again.searchFillDue()).toBe(false);
    // And it takes a sync's notes and answers the inbox's reads through its read worker.
    again.writeNotes(NOTES);
    const own = again.period(span.start, span.end);
    const read = await second.reads(again)!.ask('notes.period', span);
    expect(read).toMatchObject({ unchanged: false, count: own.unchanged ? -1 : own.count });
    expect(own.unchanged ? 0 : own.count).toBeGreaterThan(0);
  });
});
