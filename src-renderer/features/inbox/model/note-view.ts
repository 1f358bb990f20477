// From the cached notes to what the inbox shows, per data revision: the search index (its forms are built
// while the app is idle, see index.tsx) and the display order. The filter pass itself is note-columns.ts.
import type { InboxNote } from '../../../../src-main/contract';
import { createTextIndex } from '../../../../src-shared/korean-matcher';
import type { TextIndex } from '../../../../src-shared/korean-matcher';
import { numberAlternative, searchTextOf } from '../../../../src-shared/note-search';
import type { InboxFilters } from './filters';
import { columnComparator } from './list-columns';
import type { Marks } from './note-state';

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

/**
 * Positions of `notes` in sorted order, computed once per data or sort change; ties fall back to oldest first,
 * then SeqNo, so the order is total and stable.
 */
export function sortOrder(
  notes: readonly InboxNote[],
  sort: InboxFilters['sort'],
  local: Marks = {},
): Int32Array {
  const primary = columnComparator(sort.key, local);
  const sign = sort.dir === 'asc' ? 1 : -1;
  const order = Int32Array.from(notes.keys());
  return order.sort((x, y) => {
    const a = notes[x]!;
    const b = notes[y]!;
    return sign * primary(a, b) || a.at - b.at || a.seqNo - b.seqNo;
  });
}
