// From the cached notes to what the inbox shows: one pass applies every filter and collects the facet counts
// (each facet counted with all OTHER filters applied, so a chip says what clicking it would show), then the
// view is sorted and summarized. The search index is built once per data revision; the matcher is lazy, so a
// plain query pays only for normalized text and the 초성/jamo forms are built the first time one is typed.
import type { InboxNote, NoteQueryType, NoteReplyStatus } from '../../../src-main/contract';
import { createTextIndex } from '../../../src-shared/korean-matcher';
import type { TextIndex } from '../../../src-shared/korean-matcher';
import { daysBetween, dayNumberOf, marketDayNumber } from '../../../src-shared/market-day';
import type { InboxFilters, ResolvedRange, SortKey } from './filters';

export interface SearchIndex {
  notes: readonly InboxNote[];
  text: TextIndex;
}

// A separator the normalizer keeps, so a query cannot match across the end of one field and the next.
const SEP = '\u0001';

export function buildSearchIndex(notes: readonly InboxNote[]): SearchIndex {
  return { notes, text: createTextIndex(notes, (n) => `${n.title}${SEP}${n.content}${SEP}${n.buyerId}${SEP}${n.itemName}`) };
}

/** Which notes match the free-text search, as a mask over `index.notes`; undefined when there is no search. */
export function searchHits(index: SearchIndex, query: string): Uint8Array | undefined {
  if (query.trim() === '') return undefined;
  return index.text.matchMask(query);
}

export type Counts<K extends string> = Record<K, number>;

export interface FilteredView {
  notes: InboxNote[];
  statusCounts: Counts<'All' | NoteReplyStatus>;
  typeCounts: Counts<NoteQueryType>;
}

const emptyTypes = (): Counts<NoteQueryType> => ({ All: 0, Item: 0, Shipping: 0, Exchange: 0, Refund: 0, Other: 0 });

/**
 * The notes that pass the filters, in the order `order` gives (positions into `notes`, e.g. from
 * sortOrder, so a keystroke never re-sorts 100,000 notes), with the status and type counts.
 */
export function filterNotes(
  notes: readonly InboxNote[],
  f: InboxFilters,
  range: ResolvedRange,
  hits: Uint8Array | undefined,
  order?: Int32Array,
): FilteredView {
  const statusCounts = { All: 0, NoReply: 0, ReplyComplete: 0 };
  const typeCounts = emptyTypes();
  const out: InboxNote[] = [];
  const types = f.types.length > 0 ? new Set<NoteQueryType>(f.types) : undefined;
  const itemNo = f.itemNo.trim();
  const orderNo = f.orderNo.trim();
  const count = order ? order.length : notes.length;
  for (let k = 0; k < count; k++) {
    const i = order ? order[k]! : k;
    const n = notes[i]!;
    if (n.at < range.startMs || n.at > range.endMs) continue;
    // Item, order and seller match exactly, as BuyerNoteList's own filters do.
    if (itemNo && n.itemNo !== itemNo) continue;
    if (orderNo && n.orderNo !== orderNo) continue;
    if (f.sellerId && n.sellerId !== f.sellerId) continue;
    // `hits` is a mask over the same array (the index is built over these notes).
    if (hits && hits[i] !== 1) continue;
    const typeOk = types === undefined || types.has(n.queryType);
    const statusOk = f.status === 'All' || n.replyStatus === f.status;
    if (typeOk) {
      statusCounts.All++;
      statusCounts[n.replyStatus]++;
    }
    if (statusOk) typeCounts[n.queryType]++;
    if (typeOk && statusOk) out.push(n);
  }
  return { notes: out, statusCounts, typeCounts };
}

const collator = new Intl.Collator('ko', { numeric: true });

function compareBy(key: SortKey): (a: InboxNote, b: InboxNote) => number {
  switch (key) {
    case 'status':
      // NoReply before ReplyComplete in ascending order.
      return (a, b) => (a.replyStatus === b.replyStatus ? 0 : a.replyStatus === 'NoReply' ? -1 : 1);
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

/** Positions of `notes` in sorted order (same rule as sortNotes), computed once per data or sort change. */
export function sortOrder(notes: readonly InboxNote[], sort: InboxFilters['sort']): Int32Array {
  const primary = compareBy(sort.key);
  const sign = sort.dir === 'asc' ? 1 : -1;
  const order = Int32Array.from(notes.keys());
  return order.sort((x, y) => {
    const a = notes[x]!;
    const b = notes[y]!;
    return sign * primary(a, b) || a.at - b.at || a.seqNo - b.seqNo;
  });
}

/** Sorted copy; ties fall back to oldest first, then SeqNo, so the order is total and stable. */
export function sortNotes(notes: readonly InboxNote[], sort: InboxFilters['sort']): InboxNote[] {
  const primary = compareBy(sort.key);
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...notes].sort((a, b) => sign * primary(a, b) || a.at - b.at || a.seqNo - b.seqNo);
}

export interface Summary {
  byStatus: Counts<NoteReplyStatus>;
  byType: Counts<NoteQueryType>;
  pastSla: number;
  oldestWaiting: InboxNote | undefined;
  days: { day: string; NoReply: number; ReplyComplete: number }[];
}

export function isPastSla(n: InboxNote, nowMs: number, slaHours: number): boolean {
  return n.replyStatus === 'NoReply' && nowMs - n.at > slaHours * 3_600_000;
}

export function summarize(notes: readonly InboxNote[], range: ResolvedRange, nowMs: number, slaHours: number): Summary {
  const byStatus = { NoReply: 0, ReplyComplete: 0 };
  const byType = emptyTypes();
  // Keyed by day number: formatting a date string per note costs more than everything else here.
  const perDay = new Map(daysBetween(range.start, range.end).map((d) => [dayNumberOf(d), { day: d, NoReply: 0, ReplyComplete: 0 }]));
  let pastSla = 0;
  let oldestWaiting: InboxNote | undefined;
  for (const n of notes) {
    byStatus[n.replyStatus]++;
    byType[n.queryType]++;
    const bucket = perDay.get(marketDayNumber(n.at));
    if (bucket) bucket[n.replyStatus]++;
    if (n.replyStatus === 'NoReply') {
      if (isPastSla(n, nowMs, slaHours)) pastSla++;
      if (!oldestWaiting || n.at < oldestWaiting.at) oldestWaiting = n;
    }
  }
  return { byStatus, byType, pastSla, oldestWaiting, days: [...perDay.values()] };
}
