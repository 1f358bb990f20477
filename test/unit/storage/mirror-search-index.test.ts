// The mirror answers a search from its index (mirror version 5: the search text column and its FTS5 trigram
// index) through its read worker, and finds exactly what the inbox's own search finds: on a generated mirror, the
// worker's answers equal a brute-force pass of the inbox's matcher over every note, for the queries sellers type
// (ㅇ, ㄴㅇ, 니다, a buyer ID, a word, a number).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { toInboxNote } from '../../../src-main/storage/inbox-note';
import { MirrorReads } from '../../../src-main/storage/mirror-reads';
import { MIRROR_VERSION, migrate } from '../../../src-main/storage/mirror-schema';
import { MirrorStore } from '../../../src-main/storage/mirror-store';
import { openDatabase } from '../../../src-main/storage/sqlite-file';
import { buildSearchIndex, searchHits } from '../../../src-renderer/features/inbox/model/note-view';
import { addDays, dayEndMs, dayStartMs, marketDayOf } from '../../../src-shared/market-day';

const NOW = new Date('2026-11-20T21:00:00+09:00');
const closing: { close(): void }[] = [];
afterAll(() => {
  for (const c of closing) c.close();
});

function mirrorWith(notes: readonly InboxNote[]): { store: MirrorStore; file: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'mirror-index-')), 'm.sqlite');
  const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
  migrate(db, { nowMs: NOW.getTime() });
  const store = new MirrorStore(db, file);
  store.writeNotes(notes);
  closing.push(store);
  return { store, file };
}

/** The brute-force reference: every note the inbox's search box finds, newest first (as the store lists them). */
function reference(notes: readonly InboxNote[], query: string): InboxNote[] {
  const hits = searchHits(buildSearchIndex(notes), query);
  return notes.filter((_, i) => hits?.[i] === 1).sort((a, b) => b.at - a.at || b.seqNo - a.seqNo);
}

describe('the read worker answers a search from the index, as the inbox finds it', () => {
  const ALL = recentNotes(createBackend({ seed: 7, now: NOW, notes: 4000 })).map((n) => toInboxNote(n)!);
  const { file } = mirrorWith(ALL);
  const reads = new MirrorReads(file);
  closing.push(reads);
  const withOrder = ALL.filter((n) => n.orderNo !== undefined);
  const sample = withOrder[Math.floor(withOrder.length / 2)]!;
  const today = marketDayOf(NOW.getTime());
  const week = { start: addDays(today, -6), end: today };

  it.each([
    ['one initial', 'ㅇ'],
    ['two initials', 'ㄴㅇ'],
    ['two syllables (the scan over the column)', '니다'],
    ['a buyer ID (the trigram index)', sample.buyerId],
    ['a word of three syllables (the trigram index)', '사이즈'],
    ['the last digits of an order number', sample.orderNo!.slice(-6)],
    ['a number written with a dash', `${sample.orderNo!.slice(0, 4)}-${sample.orderNo!.slice(4)}`],
  ])('%s (%s): the same notes, the same counts', async (_what, query) => {
    const want = reference(ALL, query);
    expect(want.length).toBeGreaterThan(0);
    const found = await reads.ask('notes.lookup', { text: query, limit: 500 });
    expect(found.total).toBe(want.length);
    expect(found.oldestAt).toBe(Math.min(...want.map((n) => n.at)));
    expect(found.notes.map((f) => f.note.seqNo)).toEqual(want.slice(0, 500).map((n) => n.seqNo));
    const inWeek = want.filter((n) => n.at >= dayStartMs(week.start) && n.at <= dayEndMs(week.end));
    const counted = await reads.ask('notes.count', { ...week, text: query });
    expect(counted.total).toBe(inWeek.length);
    expect(counted.noReply).toBe(inWeek.filter((n) => n.replyStatus === 'NoReply').length);
    // Bounded where only "this many or more" is needed.
    const bounded = await reads.ask('notes.lookup', { text: query, limit: 1, totalUpTo: 3 });
    expect(bounded.total).toBe(Math.min(3, want.length));
    expect(bounded.oldestAt).toBe(found.oldestAt);
  });
});

describe('the search index follows the notes', () => {
  const notes = recentNotes(createBackend({ seed: 3, now: NOW, notes: 300 })).map((n) => toInboxNote(n)!);
  const { store } = mirrorWith(notes);
  const seqNos = (text: string) => store.lookup({ text }).notes.map((f) => f.note.seqNo);

  it('a note rewritten is found by its new words, no longer by its old ones', () => {
    const note = notes[10]!;
    expect(seqNos('자몽에이드')).toEqual([]);
    store.writeNotes([{ ...note, content: '자몽에이드 주문했는데 아직이에요' }]);
    expect(seqNos('자몽에이드')).toEqual([note.seqNo]);
    store.writeNotes([{ ...note, content: '레몬에이드로 바꿀게요' }]);
    expect(seqNos('자몽에이드')).toEqual([]);
    expect(seqNos('레몬에이드')).toEqual([note.seqNo]);
  });

  it('a query with three letters in a row is answered by the trigram index', () => {
    expect(store.lookup({ text: '레몬에이드' }).total).toBe(1);
    // The index answers alone: emptied, it finds nothing (the store does not fall back to reading every note).
    store.db.exec(`INSERT INTO notes_search (notes_search) VALUES ('delete-all')`);
    expect(store.lookup({ text: '레몬에이드' }).total).toBe(0);
    store.db.exec(`INSERT INTO notes_search (notes_search) VALUES ('rebuild')`);
    expect(store.lookup({ text: '레몬에이드' }).total).toBe(1);
  });
});
