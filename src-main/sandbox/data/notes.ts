import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import type { Rng } from './prng';
import { DAY_MS, instantOf, toKstDateTime } from './dates';
import type { SellerItem } from './seller-items';
import type { ReplyStatusFilter, SearchQueryType, SendNote } from './types';
import type { NoteTemplate, NoteTemplatesFile } from './word-lists';

/** Notes span this many days back from `now`. */
export const NOTE_HISTORY_DAYS = 120;
/** The smallest OrderNo above 2^53; always present so the codec's long handling is exercised. */
export const BIG_ORDER_NO = '9007199254740993';
const FIRST_SEQ_NO = 100_001;

/** Share of notes per inquiry type. */
const QUERY_TYPE_SHARES: Record<SearchQueryType, number> = {
  Item: 0.3,
  Shipping: 0.3,
  Exchange: 0.12,
  Refund: 0.13,
  Other: 0.15,
};
const QUERY_TYPES = INQUIRY_TYPES.map((t) => [t, QUERY_TYPE_SHARES[t]] as const);
/** Share of notes per seller, in SELLER_IDS order; the broken lookbook seller gets few notes. */
const SELLER_SHARES = [0.55, 0.35, 0.1];

/**
 * Unanswered share by age: sellers answer within a day or two, so what is still waiting is mostly recent.
 * Over 60% in the last 2 days, falling to 10% at two weeks, 4% beyond.
 */
function noReplyProbability(ageDays: number): number {
  if (ageDays < 2) return 0.78;
  if (ageDays < 14) return 0.75 - ((ageDays - 2) / 12) * 0.65;
  return 0.04;
}

/** Template text split around its {placeholders} once, so filling 200k notes is just joins. */
interface CompiledTemplate {
  title: string;
  parts: string[];
}
function compileTemplate(t: NoteTemplate): CompiledTemplate {
  return { title: t.title, parts: t.content.split(/\{(\w+)\}/) };
}

function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  let u = rng.next();
  for (const [value, weight] of table) {
    if (u < weight) return value;
    u -= weight;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

export interface NotesInput {
  rng: Rng;
  nowMs: number;
  count: number;
  sellerIds: readonly string[];
  itemsBySeller: Record<string, SellerItem[]>;
  words: NoteTemplatesFile;
}

export function generateNotes({
  rng,
  nowMs,
  count,
  sellerIds,
  itemsBySeller,
  words,
}: NotesInput): SendNote[] {
  const times = new Float64Array(count);
  const span = NOTE_HISTORY_DAYS * DAY_MS;
  for (let i = 0; i < count; i++) {
    // u^1.5 puts more notes on recent days, as a growing shop would see.
    const age = span * Math.pow(rng.next(), 1.5);
    times[i] = Math.floor((nowMs - age) / 1000) * 1000;
  }
  times.sort();

  const queryTypes = QUERY_TYPES.map(([t]) => t);
  const templates = (lang: 'ko' | 'en'): Record<SearchQueryType, CompiledTemplate[]> =>
    Object.fromEntries(queryTypes.map((t) => [t, (words[lang][t] ?? []).map(compileTemplate)])) as Record<
      SearchQueryType,
      CompiledTemplate[]
    >;
  const ko = templates('ko');
  const en = templates('en');

  const buyers: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const b = words.buyerParts;
    buyers.push(`${rng.pick(b.first)}${rng.pick(b.joiners)}${rng.pick(b.last)}${rng.range(1, 999)}`);
  }
  const sellerTable = sellerIds.map((id, i) => [id, SELLER_SHARES[i] ?? 0.1] as const);
  const lastOrderOfBuyer = new Map<string, string>();
  let orderCounter = 3_100_000_000 - count * 3;
  let bigCounter = 1n;
  const forcedBigIndex = Math.floor(count / 2);

  const notes: SendNote[] = new Array<SendNote>(count);
  for (let i = 0; i < count; i++) {
    const t = times[i] as number;
    const ageDays = (nowMs - t) / DAY_MS;
    const sellerId = weighted(rng, sellerTable);
    const pool = itemsBySeller[sellerId] ?? [];
    // Squaring skews towards the first items: a few best-sellers draw most questions.
    const item = pool[Math.floor(pool.length * rng.next() * rng.next())] as SellerItem;
    const type = weighted(rng, QUERY_TYPES);
    const english = rng.chance(0.1);
    const template = rng.pick((english ? en : ko)[type]);
    const buyer = rng.pick(buyers);

    orderCounter += rng.range(1, 5);
    let orderNo: string | undefined;
    if (i === forcedBigIndex) orderNo = BIG_ORDER_NO;
    else if (type === 'Item' && rng.chance(0.4))
      orderNo = undefined; // asked before buying: no order yet
    else if (rng.chance(0.005)) orderNo = (BigInt(BIG_ORDER_NO) + bigCounter++).toString();
    else if (rng.chance(0.15) && lastOrderOfBuyer.has(buyer)) orderNo = lastOrderOfBuyer.get(buyer);
    else orderNo = String(orderCounter);
    if (orderNo !== undefined) lastOrderOfBuyer.set(buyer, orderNo);

    let content = '';
    const parts = template.parts;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p] as string;
      if (p % 2 === 0) {
        content += part;
        continue;
      }
      switch (part) {
        case 'item':
          content += item.ItemName;
          break;
        case 'order':
          content += orderNo ?? (english ? '(not ordered yet)' : '(주문 전)');
          break;
        case 'size':
          content += rng.pick(words.sizes);
          break;
        case 'color':
          content += rng.pick(words.colors);
          break;
        case 'days':
          content += String(rng.range(2, 9));
          break;
        default:
          content += `{${part}}`;
      }
    }
    // A few notes come from Windows clients or pasted tables: CRLF line breaks and tabs must survive the codec.
    if (rng.chance(0.03)) content = content.replace(/\n/g, '\r\n');
    if (rng.chance(0.02)) content = content.replace('\n', '\n\t');

    const note: SendNote = {
      SeqNo: FIRST_SEQ_NO + i,
      BuyerID: buyer,
      SellerID: sellerId,
      ItemNo: item.ItemNo,
      ItemName: item.ItemName,
      InsDate: toKstDateTime(t),
      Title: template.title,
      Content: content,
      ReplyStatus: rng.chance(noReplyProbability(ageDays)) ? 'NoReply' : 'ReplyComplete',
      SearchQueryType: type,
    };
    if (orderNo !== undefined) note.OrderNo = orderNo;
    notes[i] = note;
  }
  noteInstants.set(notes, times);
  return notes;
}

// Instants of each note's InsDate, parallel to the (sorted) notes array. Kept outside the data so SandboxData
// stays plain, serializable records; rebuilt on demand for a notes array that did not come from generateNotes.
const noteInstants = new WeakMap<readonly SendNote[], Float64Array>();

function instantsOf(notes: readonly SendNote[]): Float64Array {
  let times = noteInstants.get(notes);
  if (times === undefined) {
    times = new Float64Array(notes.length);
    for (let i = 0; i < notes.length; i++) times[i] = instantOf(notes[i]?.InsDate ?? '');
    noteInstants.set(notes, times);
  }
  return times;
}

/** First index whose instant is >= `ms` (times ascending). */
function lowerBound(times: Float64Array, ms: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface NoteFilter {
  /** Inclusive lower bound, xsd:dateTime (any offset; none means Korean time). */
  start?: string;
  /** Inclusive upper bound, same format. */
  end?: string;
  replyStatus?: ReplyStatusFilter;
  itemNo?: string;
  orderNo?: string;
  sellerId?: string;
}

/** The notes of one reply status and seller (either may be any), as positions in the notes array, oldest first. */
interface NoteIndex {
  positions: Int32Array;
  times: Float64Array;
}

// Built once per (reply status, seller) on first use and kept until a note's status changes (answerNote): a sync
// asks for one seller's day after another, so a query is two binary searches.
const noteIndexes = new WeakMap<readonly SendNote[], Map<string, NoteIndex>>();

/**
 * Answers the note with `seqNo` in place: its record is replaced by a ReplyComplete copy (a new object, so a
 * serialization memo keyed by the old one never serves its old bytes) and the reply-status indexes are rebuilt on
 * next use. Undefined for an unknown SeqNo; a note already answered stays as it is.
 */
export function answerNote(notes: SendNote[], seqNo: number): SendNote | undefined {
  // SeqNo ascends with InsDate in the seeded data, so a binary search finds it; a scan covers any other array.
  let lo = 0;
  let hi = notes.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const s = notes[mid]!.SeqNo ?? 0;
    if (s === seqNo) {
      at = mid;
      break;
    }
    if (s < seqNo) lo = mid + 1;
    else hi = mid - 1;
  }
  if (at < 0) at = notes.findIndex((n) => n.SeqNo === seqNo);
  if (at < 0) return undefined;
  const old = notes[at]!;
  if (old.ReplyStatus === 'ReplyComplete') return old;
  const answered: SendNote = { ...old, ReplyStatus: 'ReplyComplete' };
  notes[at] = answered;
  const byKey = noteIndexes.get(notes);
  // The all-status indexes hold positions, which did not move; only the per-status ones changed.
  if (byKey) for (const key of [...byKey.keys()]) if (!key.startsWith('\u0000')) byKey.delete(key);
  return answered;
}

function indexOf(
  notes: readonly SendNote[],
  status: string | undefined,
  sellerId: string | undefined,
): NoteIndex {
  let byKey = noteIndexes.get(notes);
  if (!byKey) noteIndexes.set(notes, (byKey = new Map()));
  const key = `${status ?? ''}\u0000${sellerId ?? ''}`;
  let index = byKey.get(key);
  if (index) return index;
  const all = instantsOf(notes);
  const positions: number[] = [];
  for (let i = 0; i < notes.length; i++) {
    const n = notes[i] as SendNote;
    if (status !== undefined && n.ReplyStatus !== status) continue;
    if (sellerId !== undefined && n.SellerID !== sellerId) continue;
    positions.push(i);
  }
  const times = new Float64Array(positions.length);
  for (let k = 0; k < positions.length; k++) times[k] = all[positions[k] as number] as number;
  index = { positions: Int32Array.from(positions), times };
  byKey.set(key, index);
  return index;
}

/**
 * Notes matching the filter, oldest first (ascending InsDate, then SeqNo): the order the server pages through.
 * Reply status and seller pick a prebuilt index, the date range is two binary searches in it, and only item and
 * order numbers are checked note by note. An unparsable start/end matches nothing rather than everything — a
 * wrong filter should not return all notes.
 */
export function queryNotes(data: { notes: readonly SendNote[] }, filter: NoteFilter = {}): SendNote[] {
  const notes = data.notes;
  const status = filter.replyStatus === 'All' ? undefined : filter.replyStatus;
  const { itemNo, orderNo, sellerId } = filter;
  let startMs = -Infinity;
  let endMs = Infinity;
  if (filter.start !== undefined) {
    startMs = instantOf(filter.start);
    if (Number.isNaN(startMs)) return [];
  }
  if (filter.end !== undefined) {
    endMs = instantOf(filter.end);
    if (Number.isNaN(endMs)) return [];
  }
  if (status === undefined && sellerId === undefined) {
    // Every note: the index is the notes array itself.
    const times = instantsOf(notes);
    const from = lowerBound(times, startMs);
    const to = lowerBound(times, endMs + 1);
    if (itemNo === undefined && orderNo === undefined) return notes.slice(from, Math.max(from, to));
    const out: SendNote[] = [];
    for (let i = from; i < to; i++) {
      const n = notes[i] as SendNote;
      if ((itemNo === undefined || n.ItemNo === itemNo) && (orderNo === undefined || n.OrderNo === orderNo))
        out.push(n);
    }
    return out;
  }
  const { positions, times } = indexOf(notes, status, sellerId);
  const from = lowerBound(times, startMs);
  const to = lowerBound(times, endMs + 1);
  const out: SendNote[] = [];
  for (let k = from; k < to; k++) {
    const n = notes[positions[k] as number] as SendNote;
    if ((itemNo === undefined || n.ItemNo === itemNo) && (orderNo === undefined || n.OrderNo === orderNo))
      out.push(n);
  }
  return out;
}
