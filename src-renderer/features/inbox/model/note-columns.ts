// The inbox's filter pass over typed columns. The cached notes are laid out once per data change as
// columns (instant, a status-and-type code, seller/item/order dictionary codes, Korean day number), and
// the view is computed in two stages, each one loop over typed arrays:
//   1. narrowView, when the period, item, order, seller or search changes: the notes passing those
//      filters in display order, with their codes and, per code, how many there are, per day, past the
//      reply SLA, and the oldest;
//   2. facetView, when the reply status or the inquiry types change (the chips): the rows on screen are
//      the narrowed rows whose code passes, and every count and the summary are sums of the per-code
//      tallies. A chip keystroke therefore never looks at the 100,000 notes, only at one byte per
//      narrowed row.
// The rules are exactly those of the straightforward filter the unit tests compare this with
// (test/unit/renderer/inbox-columns.test.ts):
//   - period, item, order, buyer and seller narrow everything (they match exactly: they are the scopes the
//     note pane's "all notes of this item / order / buyer" sets; item and order numbers are trimmed);
//   - the free-text search narrows everything (a mask over the notes, from the search index);
//   - a status chip counts the notes of every other filter (types included) with that status, a type
//     chip those of every other filter (status included) with that type;
//   - the summary (per status, per type, past the reply SLA, oldest waiting, per Korean day) is over
//     the rows shown, in display order.
import type { InboxNote, NoteLocalMark, NoteQueryType, NoteReplyStatus } from '../../../../src-main/contract';
import {
  MAX_PERIOD_DAYS,
  dayNumberOf,
  daysBetween,
  marketDayNumber,
  periodDays,
} from '../../../../src-shared/market-day';
import { QUERY_TYPES, REPLY_STATUSES } from '../../../../src-shared/note-fields';
import type { ResolvedRange, StatusFilter } from './filters';

export type Counts<K extends string> = Record<K, number>;

/**
 * What the inbox counts a note as: NoReply waits for an answer; Handled is a NoReply note the seller marked as
 * dealt with (done for now: out of the queue, the SLA count and the badge, back when unticked); ReplyComplete is
 * answered on the marketplace, handled or not (the marketplace's word is the final one).
 */
export type NoteState = NoteReplyStatus | 'Handled';

export interface Summary {
  byStatus: Counts<NoteState>;
  byType: Counts<NoteQueryType>;
  pastSla: number;
  oldestWaiting: InboxNote | undefined;
  days: { day: string; NoReply: number; ReplyComplete: number }[];
}

// A note's code is status * 8 + type. Values outside the contract get the code after the last (status
// 2, type 6): they pass only when that facet is not filtered, and no chip or summary figure counts them. A
// handled NoReply note has status 3.
const TYPES = QUERY_TYPES;
const STATUSES = REPLY_STATUSES;
const typeCode = new Map<string, number>(TYPES.map((t, i) => [t, i]));
const statusCode = new Map<string, number>([...STATUSES.map((s, i) => [s, i] as const), ['Handled', 3]]);
const CODES = 32;
const statusOf = (code: number) => code >> 3;
const typeOf = (code: number) => code & 7;
const NO_REPLY = 0;
const HANDLED = 3;

export interface NoteColumns {
  readonly notes: readonly InboxNote[];
  readonly at: Float64Array;
  /** Korean day number of `at` (marketDayNumber). */
  readonly day: Int32Array;
  readonly seqNo: Float64Array;
  /** status * 8 + type. */
  readonly code: Uint8Array;
  readonly seller: Int32Array;
  readonly buyer: Int32Array;
  readonly item: Int32Array;
  /** -1 when the note has no order number. */
  readonly order: Int32Array;
  readonly sellerCodes: ReadonlyMap<string, number>;
  readonly buyerCodes: ReadonlyMap<string, number>;
  readonly itemCodes: ReadonlyMap<string, number>;
  readonly orderCodes: ReadonlyMap<string, number>;
}

function encoder(codes: Map<string, number>) {
  return (value: string): number => {
    let c = codes.get(value);
    if (c === undefined) codes.set(value, (c = codes.size));
    return c;
  };
}

/** The notes as columns; `local` holds the seller's marks by SeqNo (a handled waiting note counts as Handled). */
export function buildColumns(
  notes: readonly InboxNote[],
  local: Readonly<Record<string, NoteLocalMark>> = {},
): NoteColumns {
  const n = notes.length;
  const at = new Float64Array(n);
  const day = new Int32Array(n);
  const seqNo = new Float64Array(n);
  const code = new Uint8Array(n);
  const seller = new Int32Array(n);
  const buyer = new Int32Array(n);
  const item = new Int32Array(n);
  const order = new Int32Array(n);
  const sellerCodes = new Map<string, number>();
  const buyerCodes = new Map<string, number>();
  const itemCodes = new Map<string, number>();
  const orderCodes = new Map<string, number>();
  const sellerOf = encoder(sellerCodes);
  const buyerOf = encoder(buyerCodes);
  const itemOf = encoder(itemCodes);
  const orderOf = encoder(orderCodes);
  for (let i = 0; i < n; i++) {
    const note = notes[i]!;
    at[i] = note.at;
    day[i] = marketDayNumber(note.at);
    seqNo[i] = note.seqNo;
    const status = statusCode.get(note.replyStatus) ?? STATUSES.length;
    const handled = status === NO_REPLY && local[note.seqNo]?.handled === true;
    code[i] = (handled ? HANDLED : status) * 8 + (typeCode.get(note.queryType) ?? TYPES.length);
    seller[i] = sellerOf(note.sellerId);
    buyer[i] = buyerOf(note.buyerId);
    item[i] = itemOf(note.itemNo);
    order[i] = note.orderNo === undefined ? -1 : orderOf(note.orderNo);
  }
  return {
    notes,
    at,
    day,
    seqNo,
    code,
    seller,
    buyer,
    item,
    order,
    sellerCodes,
    buyerCodes,
    itemCodes,
    orderCodes,
  };
}

/** The filters that narrow everything (stage 1). */
export interface NarrowQuery {
  range: ResolvedRange;
  itemNo: string;
  orderNo: string;
  /** '' (or absent) means every buyer; matched exactly. */
  buyerId?: string;
  /** '' means every seller. */
  sellerId: string;
  /** Which notes the free-text search matches (1 = match), or undefined without a search. */
  hits: Uint8Array | undefined;
  /** Only notes still waiting (not handled) for longer than this many hours at nowMs; absent: no such filter. */
  waitingOverHours?: number;
  nowMs: number;
  slaHours: number;
}

/** The chips (stage 2). */
export interface FacetQuery {
  status: StatusFilter;
  /** Empty means every type. */
  types: readonly NoteQueryType[];
}

export type ViewQuery = NarrowQuery & FacetQuery;

export interface NarrowedView {
  readonly cols: NoteColumns;
  /** Positions into the notes that pass the narrowing filters, in display order. */
  readonly rows: Int32Array;
  /** Their codes. */
  readonly codes: Uint8Array;
  /** Per code: how many rows. */
  readonly tally: Int32Array;
  /** Per code: how many rows are past the reply SLA (waiting longer than slaHours). */
  readonly late: Int32Array;
  /** Per code: the first row (index into `rows`) with the earliest instant, or -1. */
  readonly oldest: Int32Array;
  /** The period's days, and per day and code how many rows. */
  readonly days: readonly string[];
  readonly perDay: Int32Array;
}

export interface NoteView {
  /** The rows on screen, in display order, as positions into the notes. */
  rows: Int32Array;
  statusCounts: Counts<'All' | NoteState>;
  typeCounts: Counts<NoteQueryType>;
  summary: Summary;
}

/** No filter on this column. */
const ANY = -2;
/** A value no note has. */
const NONE = -3;

const codeOf = (codes: ReadonlyMap<string, number>, value: string): number =>
  value === '' ? ANY : (codes.get(value) ?? NONE);

/**
 * Stage 1: the notes that pass the period, item, order, seller and search, in the order `order` gives
 * (positions into the notes, e.g. from sortOrder; the notes' own order without it), with per-code tallies.
 */
export function narrowView(cols: NoteColumns, order: Int32Array | undefined, q: NarrowQuery): NarrowedView {
  const { at, day, code, seller, buyer, item } = cols;
  const orderCol = cols.order;
  const count = order ? order.length : cols.notes.length;
  const { startMs, endMs } = q.range;
  const wantItem = codeOf(cols.itemCodes, q.itemNo.trim());
  const wantOrder = codeOf(cols.orderCodes, q.orderNo.trim());
  const wantSeller = codeOf(cols.sellerCodes, q.sellerId);
  const wantBuyer = codeOf(cols.buyerCodes, q.buyerId ?? '');
  const hits = q.hits;
  // The period is bounded where it is chosen (resolveRange); one out of bounds draws no per-day chart rather
  // than walking towards its end.
  const span = periodDays(q.range.start, q.range.end);
  const days = span !== undefined && span <= MAX_PERIOD_DAYS ? daysBetween(q.range.start, q.range.end) : [];
  const dayCount = days.length;
  const firstDay = dayCount > 0 ? dayNumberOf(days[0]!) : 0;
  const perDay = new Int32Array(dayCount * CODES);
  const nowMs = q.nowMs;
  const slaMs = q.slaHours * 3_600_000;
  const waitedMs = q.waitingOverHours === undefined ? undefined : q.waitingOverHours * 3_600_000;

  const rows = new Int32Array(count);
  const codes = new Uint8Array(count);
  const tally = new Int32Array(CODES);
  const late = new Int32Array(CODES);
  const oldest = new Int32Array(CODES).fill(-1);
  const oldestAt = new Float64Array(CODES);
  let n = 0;
  for (let k = 0; k < count; k++) {
    const i = order ? order[k]! : k;
    const a = at[i]!;
    if (a < startMs || a > endMs) continue;
    if (wantItem !== ANY && item[i] !== wantItem) continue;
    if (wantOrder !== ANY && orderCol[i] !== wantOrder) continue;
    if (wantSeller !== ANY && seller[i] !== wantSeller) continue;
    if (wantBuyer !== ANY && buyer[i] !== wantBuyer) continue;
    if (hits !== undefined && hits[i] !== 1) continue;
    const c = code[i]!;
    if (waitedMs !== undefined && (statusOf(c) !== NO_REPLY || !(nowMs - a > waitedMs))) continue;
    rows[n] = i;
    codes[n] = c;
    tally[c]!++;
    // The same comparison as isPastSla, so a note exactly at the limit counts the same way.
    if (nowMs - a > slaMs) late[c]!++;
    if (oldest[c]! < 0 || a < oldestAt[c]!) {
      oldest[c] = n;
      oldestAt[c] = a;
    }
    const d = day[i]! - firstDay;
    if (d >= 0 && d < dayCount) perDay[d * CODES + c]!++;
    n++;
  }
  return { cols, rows: rows.slice(0, n), codes: codes.slice(0, n), tally, late, oldest, days, perDay };
}

const typeCounts = (c: ArrayLike<number>): Counts<NoteQueryType> => ({
  All: c[0]!,
  Item: c[1]!,
  Shipping: c[2]!,
  Exchange: c[3]!,
  Refund: c[4]!,
  Other: c[5]!,
});

/** Stage 2: the rows whose status and type pass, the chip counts and the summary of those rows. */
export function facetView(v: NarrowedView, q: FacetQuery): NoteView {
  // Bit b set: status (type) b passes. Without a filter every value passes, unknown ones included.
  const statusBits = q.status === 'All' ? ~0 : 1 << statusCode.get(q.status)!;
  let typeBits = q.types.length === 0 ? ~0 : 0;
  for (const t of q.types) typeBits |= 1 << typeCode.get(t)!;
  const statusOk = (c: number) => (statusBits >>> statusOf(c)) & 1;
  const typeOk = (c: number) => (typeBits >>> typeOf(c)) & 1;

  const shown = new Uint8Array(CODES);
  const statusTally = new Int32Array(8);
  const typeTally = new Int32Array(8);
  const byStatus = new Int32Array(8);
  const byType = new Int32Array(8);
  let statusAll = 0;
  let total = 0;
  let pastSla = 0;
  // The earliest instant among the shown waiting rows; among equal ones the first in display order.
  let oldest = -1;
  let oldestAt = 0;
  for (let c = 0; c < CODES; c++) {
    const n = v.tally[c]!;
    if (n === 0) continue;
    const s = statusOf(c);
    const t = typeOf(c);
    if (typeOk(c)) {
      statusAll += n;
      statusTally[s]! += n;
    }
    if (statusOk(c)) typeTally[t]! += n;
    if (!typeOk(c) || !statusOk(c)) continue;
    shown[c] = 1;
    total += n;
    byStatus[s]! += n;
    byType[t]! += n;
    if (s !== NO_REPLY) continue;
    pastSla += v.late[c]!;
    const o = v.oldest[c]!;
    const a = v.cols.at[v.rows[o]!]!;
    if (oldest < 0 || a < oldestAt || (a === oldestAt && o < oldest)) {
      oldest = o;
      oldestAt = a;
    }
  }

  const rows = new Int32Array(total);
  const all = v.rows;
  const codes = v.codes;
  let k = 0;
  if (total === all.length) rows.set(all);
  else for (let j = 0; j < all.length && k < total; j++) if (shown[codes[j]!] === 1) rows[k++] = all[j]!;

  const days = v.days.map((day, d) => {
    let noReply = 0;
    let replied = 0;
    for (let c = 0; c < CODES; c++) {
      if (shown[c] === 0) continue;
      const s = statusOf(c);
      if (s === 0) noReply += v.perDay[d * CODES + c]!;
      else if (s === 1) replied += v.perDay[d * CODES + c]!;
    }
    return { day, NoReply: noReply, ReplyComplete: replied };
  });
  return {
    rows,
    statusCounts: {
      All: statusAll,
      NoReply: statusTally[0]!,
      Handled: statusTally[HANDLED]!,
      ReplyComplete: statusTally[1]!,
    },
    typeCounts: typeCounts(typeTally),
    summary: {
      byStatus: { NoReply: byStatus[0]!, Handled: byStatus[HANDLED]!, ReplyComplete: byStatus[1]! },
      byType: typeCounts(byType),
      pastSla,
      oldestWaiting: oldest < 0 ? undefined : v.cols.notes[v.rows[oldest]!],
      days,
    },
  };
}

/**
 * facetView over one narrowed view, remembering the last few chip combinations: a seller flips between
 * the same few chips, and each answer holds up to one row per note. Answers are shared, never mutated.
 */
export function facetCache(v: NarrowedView, size = 8): (q: FacetQuery) => NoteView {
  const kept = new Map<string, NoteView>();
  return (q) => {
    const key = `${q.status}|${[...q.types].sort().join(',')}`;
    let view = kept.get(key);
    if (view) kept.delete(key);
    else view = facetView(v, q);
    kept.set(key, view);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return view;
  };
}

/** Both stages at once. */
export function viewOf(cols: NoteColumns, order: Int32Array | undefined, q: ViewQuery): NoteView {
  return facetView(narrowView(cols, order, q), q);
}

/** Position in `rows` of the note with `seqNo`, or -1. */
export function rowOfSeq(cols: NoteColumns, rows: Int32Array, seqNo: number | undefined): number {
  if (seqNo === undefined) return -1;
  const seq = cols.seqNo;
  for (let k = 0; k < rows.length; k++) if (seq[rows[k]!] === seqNo) return k;
  return -1;
}

/** SeqNos of `rows`, in order. */
export function seqNosOf(cols: NoteColumns, rows: Int32Array): number[] {
  return Array.from(rows, (i) => cols.seqNo[i]!);
}
