// From the cached notes to what the inbox shows, per data revision: the search index (its forms are built
// while the app is idle, see index.tsx) and the display order. The filter pass itself is note-columns.ts.
import type { InboxNote, NoteLocalMark } from '../../../../src-main/contract';
import { createTextIndex } from '../../../../src-shared/korean-matcher';
import type { TextIndex } from '../../../../src-shared/korean-matcher';
import { numberAlternative, searchTextOf } from '../../../../src-shared/note-search';
import type { InboxFilters, SortKey } from './filters';

export interface SearchIndex {
  notes: readonly InboxNote[];
  text: TextIndex;
}

/** Words and numbers, one field after another (src-shared/note-search.ts: what is searched and why). */
export function buildSearchIndex(notes: readonly InboxNote[]): SearchIndex {
  return { notes, text: createTextIndex(notes, searchTextOf) };
}

/**
 * Which notes the one search box finds, as a mask over `index.notes`; undefined when there is no search. Initial
 * consonants (ㅂㅅ) match initials only, the way the store answers them too; a number typed with spaces or dashes
 * also finds it written without them.
 */
export function searchHits(index: SearchIndex, query: string): Uint8Array | undefined {
  if (query.trim() === '') return undefined;
  const words = index.text.matchMask(query, { initialsOnly: true });
  const digits = numberAlternative(query);
  const numbers = digits === undefined ? undefined : index.text.matchMask(digits);
  if (!words || !numbers) return words ?? numbers;
  // Masks are the index's own: combine into a new one.
  const both = new Uint8Array(words.length);
  for (let i = 0; i < both.length; i++) both[i] = words[i]! | numbers[i]!;
  return both;
}

const collator = new Intl.Collator('ko', { numeric: true });

type Marks = Readonly<Record<string, NoteLocalMark>>;

/** Waiting 0, handled 1, answered 2: the order of the status chips. */
function stateRank(n: InboxNote, local: Marks): number {
  if (n.replyStatus !== 'NoReply') return 2;
  return local[n.seqNo]?.handled === true ? 1 : 0;
}

function compareBy(key: SortKey, local: Marks): (a: InboxNote, b: InboxNote) => number {
  switch (key) {
    case 'status':
      // Waiting, then handled, then answered in ascending order.
      return (a, b) => stateRank(a, local) - stateRank(b, local);
    case 'waiting':
      // Ascending: what still waits first, the longest wait first (the oldest); handled and answered after it.
      return (a, b) => Math.min(stateRank(a, local), 1) - Math.min(stateRank(b, local), 1) || a.at - b.at;
    case 'type':
      return (a, b) => collator.compare(a.queryType, b.queryType);
    case 'title':
      return (a, b) => collator.compare(a.title, b.title);
    case 'buyer':
      return (a, b) => collator.compare(a.buyerId, b.buyerId);
    case 'item':
      return (a, b) => collator.compare(a.itemName, b.itemName);
    case 'order':
      return (a, b) => compareDigits(a.orderNo, b.orderNo);
    case 'received':
      return (a, b) => a.at - b.at;
  }
}

/** Order numbers are longs beyond 2^53: compare as digit strings, absent ones last. */
function compareDigits(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a.length - b.length || (a < b ? -1 : 1);
}

/**
 * Positions of `notes` in sorted order, computed once per data or sort change; ties fall back to oldest first,
 * then SeqNo, so the order is total and stable.
 */
export function sortOrder(
  notes: readonly InboxNote[],
  sort: InboxFilters['sort'],
  local: Marks = {},
): Int32Array {
  const primary = compareBy(sort.key, local);
  const sign = sort.dir === 'asc' ? 1 : -1;
  const order = Int32Array.from(notes.keys());
  return order.sort((x, y) => {
    const a = notes[x]!;
    const b = notes[y]!;
    return sign * primary(a, b) || a.at - b.at || a.seqNo - b.seqNo;
  });
}

export function isPastSla(n: InboxNote, nowMs: number, slaHours: number): boolean {
  return n.replyStatus === 'NoReply' && nowMs - n.at > slaHours * 3_600_000;
}
