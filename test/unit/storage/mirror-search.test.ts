// The store answers a search the way the inbox's own search box does, so the hint "N more in the last 90 days"
// counts exactly what widening the period then shows: words, initial consonants, and numbers whole or partial.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { toInboxNote } from '../../../src-main/storage/inbox-note';
import { MIRROR_VERSION, migrate } from '../../../src-main/storage/mirror-schema';
import { MirrorStore } from '../../../src-main/storage/mirror-store';
import { openDatabase } from '../../../src-main/storage/sqlite-file';
import { buildSearchIndex, searchHits } from '../../../src-renderer/features/inbox/model/note-view';
import { storeTextPatterns } from '../../../src-shared/note-search';

const NOW = new Date('2026-11-20T21:00:00+09:00');
const opened: MirrorStore[] = [];
afterAll(() => {
  for (const s of opened) s.close();
});

/** The full-width forms a Korean IME types for ASCII (U+FF01..U+FF5E). */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

function storeWith(notes: readonly InboxNote[]): MirrorStore {
  const file = join(mkdtempSync(join(tmpdir(), 'mirror-search-')), 'm.sqlite');
  const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
  migrate(db, { nowMs: NOW.getTime() });
  const store = new MirrorStore(db, file);
  store.writeNotes(notes);
  opened.push(store);
  return store;
}

/** SeqNos the inbox's search box finds among `notes`. */
function found(notes: readonly InboxNote[], query: string): number[] {
  const hits = searchHits(buildSearchIndex(notes), query);
  return notes.filter((_, i) => hits?.[i] === 1).map((n) => n.seqNo);
}

function storeFound(store: MirrorStore, query: string): number[] {
  return store
    .lookup({ text: query, limit: 500 })
    .notes.map((f) => f.note.seqNo)
    .sort((a, b) => a - b);
}

describe('the store answers a search as the inbox does', () => {
  const ALL = recentNotes(createBackend({ seed: 42, now: NOW, notes: 3000 })).map((n) => toInboxNote(n)!);
  const store = storeWith(ALL);
  const withOrder = ALL.filter((n) => n.orderNo !== undefined);
  const sample = withOrder[Math.floor(withOrder.length / 3)]!;

  it.each([
    ['a word', '환불'],
    ['two words typed without their space', '사이즈문의'],
    ['a word of a note in English, in another case', 'SIZE'],
    ['initial consonants', 'ㅂㅅ'],
    ['initial consonants of three syllables', 'ㅅㅇㅈ'],
    ['a whole order number', sample.orderNo!],
    ['the last six digits of an order number', sample.orderNo!.slice(-6)],
    ['an order number written with a dash', `${sample.orderNo!.slice(0, 4)}-${sample.orderNo!.slice(4)}`],
    ['part of an item number', sample.itemNo.slice(2, 8)],
    ['a whole SeqNo', String(sample.seqNo)],
    ['part of a buyer ID', sample.buyerId.slice(0, 5)],
    ['an order number in full-width digits', fullWidth(sample.orderNo!)],
    ['a word in full-width capitals', 'ＳＩＺＥ'],
    ['a word with a zero-width space in it', 'SI\u200bZE'],
  ])('%s (%s)', (_what, query) => {
    const want = found(ALL, query);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(ALL.length);
    expect(store.lookup({ text: query }).total).toBe(want.length);
    if (want.length <= 500) expect(storeFound(store, query)).toEqual([...want].sort((a, b) => a - b));
  });

  it('finds the note an order number names, by its whole number and by its last digits', () => {
    expect(found(ALL, sample.orderNo!)).toContain(sample.seqNo);
    expect(found(ALL, sample.orderNo!.slice(-6))).toContain(sample.seqNo);
    expect(storeFound(store, sample.orderNo!.slice(-6))).toContain(sample.seqNo);
  });

  it('full-width digits and letters and zero-width spaces change nothing, in the box or in the note', () => {
    expect(found(ALL, fullWidth(sample.orderNo!))).toEqual(found(ALL, sample.orderNo!));
    expect(found(ALL, fullWidth(sample.orderNo!))).toContain(sample.seqNo);
    expect(found(ALL, 'ＳＩＺＥ')).toEqual(found(ALL, 'size'));
    expect(found(ALL, '\u200bSI\u200bZE')).toEqual(found(ALL, 'size'));
    const notes = [
      {
        ...ALL[0]!,
        seqNo: 1,
        title: 'ＳＩＺＥ 문의',
        content: '',
        buyerId: 'a',
        orderNo: '３２５０９５７５５８',
      },
      { ...ALL[0]!, seqNo: 2, title: '사이\u200b즈 교환', content: '', buyerId: 'b', orderNo: '1' },
      { ...ALL[0]!, seqNo: 3, title: 'size', content: '', buyerId: 'c', orderNo: '2' },
    ].map((n) => ({ ...n, itemName: 'x', itemNo: '9' }));
    const store = storeWith(notes);
    for (const [query, want] of [
      ['size', [1, 3]],
      ['3250957558', [1]],
      ['957558', [1]],
      ['사이즈', [2]],
    ] as const) {
      expect(found(notes, query), query).toEqual(want);
      expect(storeFound(store, query), query).toEqual(want);
    }
  });

  it('initial consonants match initials only: ㅂㅅ finds 배송, not the ㅂ and ㅅ inside 없', () => {
    const notes = [
      { ...ALL[0]!, seqNo: 1, title: '배송 문의', content: '', buyerId: 'a', itemName: 'x' },
      { ...ALL[0]!, seqNo: 2, title: '재고 없나요', content: '', buyerId: 'b', itemName: 'y' },
    ];
    expect(found(notes, 'ㅂㅅ')).toEqual([1]);
    expect(storeFound(storeWith(notes), 'ㅂㅅ')).toEqual([1]);
  });

  it('is not asked about a syllable still being typed', () => {
    expect(storeTextPatterns('환ㅂ')).toBeUndefined();
    expect(storeTextPatterns('나ㅇ')).toBeUndefined();
    // A whole syllable may be one on its way (잌 before 이키): the store reads both.
    expect(storeTextPatterns('나잌')).toEqual(['*나[잌]*', '*나이[카-킿]*']);
    expect(storeTextPatterns('  ')).toBeUndefined();
  });
});

// Random notes and queries from small pools that share initials, vowels (compound ones too) and finals, so that
// last-syllable matches (가 in 각, 고 in 과, 잌 as 이+키) happen. Texts hold no standalone jamo: the store reads
// whole syllables (a buyer spelling a syllable out letter by letter is the one case where it says less).
const SYLLABLES = [...'가각간갃고과괘교구귀나낙난이익읷키카화환회부불붉사색반취매요주세없배송'];
// Full-width forms and a zero-width space too: the store's first pass must let every note the inbox finds through.
const OTHER = [...'aAbBzZ019 *?[%_Ａａ１', '\n', '\u200b'];
const unit = fc.oneof(
  fc.constantFrom(...SYLLABLES),
  fc.constantFrom(...SYLLABLES),
  fc.constantFrom(...OTHER),
);
const CONSONANTS = [...'ㄱㄴㅂㅅㅇㅎ'];
const queryArb = fc.oneof(
  fc.string({ unit, minLength: 1, maxLength: 3 }),
  fc.string({ unit: fc.constantFrom(...CONSONANTS), minLength: 1, maxLength: 3 }),
  fc.string({ unit: fc.constantFrom(...'0123456789- '), minLength: 1, maxLength: 5 }),
);
const noteArb = fc.record({
  title: fc.string({ unit, maxLength: 12 }),
  content: fc.string({ unit, maxLength: 20 }),
  buyerId: fc.string({ unit: fc.constantFrom(...'abz_19'), minLength: 1, maxLength: 6 }),
  itemNo: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 6 }),
  orderNo: fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 8 }), {
    nil: undefined,
  }),
});

describe('the store and the inbox agree on random notes and queries', () => {
  it('finds the same notes for every query the store is asked', () => {
    const base = toInboxNote(recentNotes(createBackend({ seed: 1, now: NOW, notes: 200 }))[0]!)!;
    fc.assert(
      fc.property(
        fc.array(noteArb, { minLength: 1, maxLength: 25 }),
        fc.array(queryArb, { maxLength: 6 }),
        (raw, queries) => {
          const notes = raw.map((r, i): InboxNote => {
            const { orderNo, ...rest } = r;
            const note: InboxNote = { ...base, ...rest, seqNo: 1000 + i, itemName: '상품' };
            delete note.orderNo;
            return orderNo === undefined ? note : { ...note, orderNo };
          });
          const store = storeWith(notes);
          try {
            for (const q of queries) {
              if (q.trim() === '' || storeTextPatterns(q) === undefined) continue;
              expect(storeFound(store, q), q).toEqual(found(notes, q));
            }
          } finally {
            store.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
