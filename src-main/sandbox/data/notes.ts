// Buyer notes on an absolute timeline. Each Korean calendar day's notes are drawn from (seed, day) alone, so a
// SeqNo is the same note whenever the sandbox starts and whatever it is asked first. Only a note's reply status
// depends on the clock: every note carries the moment its seller answers it (drawn from the seed; some are never
// answered), and a query is answered "as of now". A day is drawn when first asked for and kept in a bounded cache:
// its compact skeleton (time, seller, item, order, answer time) for filtering, and SendNote records, built only for
// the notes a query returns, for the server to serialize once and reuse.
import { REPLY_STATUSES } from '../../../src-shared/note-fields';
import type { Rng } from './prng';
import { Mulberry32, createRng, memberSeed } from './prng';
import { HOUR_MS, koreanDayOf, koreanDayStart, weekdayOf } from './dates';
import type { SellerItem } from './seller-items';
import type { ReplyStatusFilter, SearchQueryType, SendNote } from './types';
import type { NoteTemplate, NoteTemplatesFile } from './word-lists';
import { marketDateTime, marketInstant } from '../../../src-shared/date-time';
import { DAY_MS, marketDayOf } from '../../../src-shared/market-day';

/** `--notes N` means about N notes over this many days: N ÷ 120 a day on average. */
export const NOTE_HISTORY_DAYS = 120;
/** The largest `--notes`: about 8,300 a day, a million over the last 120 days. */
export const MAX_NOTE_COUNT = 1_000_000;
/** The smallest OrderNo above 2^53; every Thursday has a note about it, so the codec's long handling is exercised. */
export const BIG_ORDER_NO = '9007199254740993';
/** The shop opened on 2020-01-01 (Korean time): the history starts there and SeqNos count from it. */
export const OPENING_DAY = koreanDayOf(Date.parse('2020-01-01T00:00:00+09:00'));
export const FIRST_SEQ_NO = 100_001;
/**
 * SeqNos reserved per day: the marketplace numbers the notes of all its shops, so one shop's SeqNos have gaps.
 * A day's count never reaches it (the largest rate draws under 12,000), and SeqNo stays an xsd:int until 2137.
 */
export const SEQ_NOS_PER_DAY = 50_000;
/** The last day whose SeqNos fit an xsd:int (in 2137): the history ends there. */
export const LAST_DAY = OPENING_DAY + Math.floor((2 ** 31 - 1 - FIRST_SEQ_NO) / SEQ_NOS_PER_DAY) - 1;

const QUERY_TYPE_WEIGHTS: readonly [SearchQueryType, number][] = [
  ['Item', 0.3],
  ['Shipping', 0.3],
  ['Exchange', 0.12],
  ['Refund', 0.13],
  ['Other', 0.15],
];
/** Share of notes per seller, in SELLER_IDS order; the broken lookbook seller gets few notes. */
const SELLER_SHARES = [0.55, 0.35, 0.1];
/** Notes per weekday (Sunday first) relative to the average day: Monday brings the weekend's questions. */
const WEEKDAY_FACTORS = [0.85, 1.2, 1.1, 1.0, 1.0, 0.95, 0.9];
/** Notes per Korean hour of the day, relative: quiet at night, busy late morning and evening. */
const HOUR_WEIGHTS = [3, 2, 1, 1, 1, 1, 2, 4, 6, 8, 9, 9, 8, 8, 8, 7, 7, 7, 8, 9, 10, 10, 8, 5];
const HOUR_CUMULATIVE = (() => {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let sum = 0;
  return HOUR_WEIGHTS.map((w) => (sum += w) / total);
})();
const BUYER_POOL = 3000;
/** A regular order number: ORDER_BASE + (order day since opening) × 100,000 + the buyer's slot that day. */
const ORDER_BASE = 3_000_000_000;
const ORDER_SLOTS_PER_BUYER = 33;

/**
 * How long a seller takes to answer, from two uniform draws. Sellers on this marketplace keep up (an unanswered
 * note counts against them): nearly half are answered within a few hours, a third the next working day, most of
 * the rest within five days, a few within two weeks, and 1 in 100 never. So what is still waiting is recent: about
 * 4 in 10 notes of the last two days, one in twenty at a week, 1% past two weeks. What waits is what a refresh
 * re-checks, so a shop that keeps up costs few calls however long its history is.
 */
function answerDelayMs(a: number, b: number): number {
  if (a < 0.01) return Infinity;
  if (a < 0.46) return Math.round(-Math.log(1 - b) * 3 * HOUR_MS);
  if (a < 0.81) return Math.round(12 * HOUR_MS + b * DAY_MS);
  if (a < 0.96) return Math.round(2 * DAY_MS + b * 3 * DAY_MS);
  return Math.round(5 * DAY_MS + b * 9 * DAY_MS);
}

/** Template text split around its {placeholders} once, so filling notes is just joins. */
interface CompiledTemplate {
  title: string;
  parts: string[];
}
function compileTemplate(t: NoteTemplate): CompiledTemplate {
  return { title: t.title, parts: t.content.split(/\{(\w+)\}/) };
}

function weighted(rng: Rng, weights: readonly number[]): number {
  let u = rng.next();
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    if (u < w) return i;
    u -= w;
  }
  return weights.length - 1;
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

export interface NotePage {
  /** Matching notes to pass over. */
  offset: number;
  /** Most notes to return. */
  size: number;
}

export interface NoteTimeline {
  /** Average notes per day (`--notes` ÷ NOTE_HISTORY_DAYS). */
  readonly ratePerDay: number;
  /**
   * The notes matching the filter as of `nowMs` (those whose InsDate has come, with the reply status they have
   * then), oldest first: ascending InsDate, then SeqNo. With a page, only that slice, found without building the
   * notes before it where the filter allows.
   */
  query(filter: NoteFilter, nowMs: number, page?: NotePage): SendNote[];
  /**
   * Answers a note at `nowMs`; it stays answered for every later query of this timeline. Undefined when no such
   * note has arrived by `nowMs`. A note already answered keeps the moment it was answered.
   */
  reply(seqNo: number, nowMs: number): { answeredAt: number } | undefined;
  /** The number of notes of a Korean calendar day (see koreanDayOf), arrived or not; drawn without the notes. */
  countOn(day: number): number;
  /** What the cache holds now: days drawn, notes in their skeletons, SendNote records built. */
  cacheStats(): { days: number; notes: number; records: number };
}

export interface TimelineInput {
  /** The notes stream's seed (streamSeed(seed, 'notes')). */
  seed: number;
  /** `--notes`: about this many notes over the last NOTE_HISTORY_DAYS days. */
  count: number;
  sellerIds: readonly string[];
  itemsBySeller: Record<string, SellerItem[]>;
  words: NoteTemplatesFile;
  /** The buyers' names (drawn from their own stream). */
  buyers: readonly string[];
  /** Cache bounds: notes kept in day skeletons (about 40 bytes each), SendNote records kept (about 1 kB each). */
  maxCachedNotes?: number;
  maxCachedRecords?: number;
}

/** One day's notes in columns, by position in time order; SeqNo = the day's first SeqNo + position. */
interface DayNotes {
  day: number;
  seed: number;
  count: number;
  firstSeqNo: number;
  /** InsDate instants, ascending. */
  times: Float64Array;
  /** When the seller answers: Infinity never; -Infinity answered through reply(). */
  answerAt: Float64Array;
  seller: Uint8Array;
  item: Uint16Array;
  /** SearchQueryType index, plus 8 for an English note. */
  kind: Uint8Array;
  template: Uint8Array;
  buyer: Uint16Array;
  /** The note's generator state after the draws above: its text is drawn from here. */
  textState: Uint32Array;
  /** A regular order number; NaN for none or one above 2^53 (then in bigOrders). */
  order: Float64Array;
  bigOrders: Map<number, string> | undefined;
  /** Positions of each seller's notes, ascending. */
  bySeller: Int32Array[];
  /** The day as YYYY-MM-DD (Korean calendar). */
  date: string;
  /** SendNote records built so far, per status (NoReply, ReplyComplete), by position. */
  records: [(SendNote | undefined)[] | undefined, (SendNote | undefined)[] | undefined];
  recordCount: number;
}

/** What one note's draws decide, in the order they are drawn; its text is drawn after them. */
interface NoteDraw {
  seller: number;
  item: number;
  type: number;
  english: boolean;
  template: number;
  buyer: number;
  orderNo: string | number | undefined;
  answerDelay: number;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** An instant of the day as xsd:dateTime in Korean time, as formatDateTime writes it. */
function dateTimeInDay(d: { date: string; day: number }, ms: number): string {
  const seconds = Math.floor((ms - koreanDayStart(d.day)) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return marketDateTime(d.date, `${twoDigits(h)}:${twoDigits(m)}:${twoDigits(seconds % 60)}`);
}

/** First index k in [0, n) whose time (times[k], or times[positions[k]]) is > ms, or >= ms when `inclusive`. */
function bound(
  times: Float64Array,
  positions: Int32Array | undefined,
  ms: number,
  inclusive: boolean,
): number {
  let lo = 0;
  let hi = positions ? positions.length : times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = times[positions ? (positions[mid] as number) : mid] as number;
    if (t < ms || (!inclusive && t === ms)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createNoteTimeline(input: TimelineInput): NoteTimeline {
  const setup = noteSetup(input);
  /** Notes answered through reply(): day → position → when. Outlives the cache, so an evicted day keeps them. */
  const replies = new Map<number, Map<number, number>>();
  const cache = new DayCache(new NoteDrawer(setup, replies), input);
  return {
    ratePerDay: setup.ratePerDay,
    query: (filter, nowMs, page) => queryNotes(setup, cache, filter, nowMs, page),
    reply: (seqNo, nowMs) => replyTo(cache, replies, seqNo, nowMs),
    countOn: (day) => cache.countOn(day),
    cacheStats: () => cache.stats(),
  };
}

/** What every note of a timeline is drawn from: its seed, rate, sellers, items, templates and buyers. */
interface NoteSetup {
  seed: number;
  ratePerDay: number;
  openingMs: number;
  ordersSeed: number;
  sellerIds: readonly string[];
  words: NoteTemplatesFile;
  buyers: readonly string[];
  types: SearchQueryType[];
  typeWeights: number[];
  sellerWeights: number[];
  ko: CompiledTemplate[][];
  en: CompiledTemplate[][];
  pools: SellerItem[][];
  itemByNo: Map<string, { seller: number; index: number }>;
}

function noteSetup(input: TimelineInput): NoteSetup {
  const { seed, count, sellerIds, itemsBySeller, words, buyers } = input;
  if (!Number.isInteger(count) || count < 0 || count > MAX_NOTE_COUNT) {
    throw new Error(`notes must be a whole number from 0 to ${MAX_NOTE_COUNT}: ${count}`);
  }
  if (sellerIds.length > 255) throw new Error('at most 255 sellers');
  const types = QUERY_TYPE_WEIGHTS.map(([t]) => t);
  const templates = (lang: 'ko' | 'en'): CompiledTemplate[][] =>
    types.map((t) => (words[lang][t] ?? []).map(compileTemplate));
  const pools = sellerIds.map((id) => itemsBySeller[id] ?? []);
  const itemByNo = new Map<string, { seller: number; index: number }>();
  pools.forEach((pool, seller) => pool.forEach((it, index) => itemByNo.set(it.ItemNo, { seller, index })));
  return {
    seed,
    ratePerDay: count / NOTE_HISTORY_DAYS,
    openingMs: koreanDayStart(OPENING_DAY),
    ordersSeed: memberSeed(seed, 0x6f72),
    sellerIds,
    words,
    buyers,
    types,
    typeWeights: QUERY_TYPE_WEIGHTS.map(([, w]) => w),
    sellerWeights: sellerIds.map((_, i) => SELLER_SHARES[i] ?? 0.1),
    ko: templates('ko'),
    en: templates('en'),
    pools,
    itemByNo,
  };
}

const bigPosition = (day: number, n: number) => (weekdayOf(day) === 4 && n > 0 ? n >> 1 : -1);

/**
 * Draws days and builds records. One generator and one draw record, reused for every note: a large sandbox draws
 * a million.
 */
class NoteDrawer {
  private readonly rng = new Mulberry32(0);
  private readonly draw: NoteDraw = {
    seller: 0,
    item: 0,
    type: 0,
    english: false,
    template: 0,
    buyer: 0,
    orderNo: undefined,
    answerDelay: 0,
  };

  constructor(
    readonly setup: NoteSetup,
    private readonly replies: ReadonlyMap<number, ReadonlyMap<number, number>>,
  ) {}

  daySeed(day: number): number {
    return memberSeed(this.setup.seed, day);
  }

  /** The day's note count: the first draws of its stream, so it is known without drawing the notes. */
  countFrom(rng: Rng, day: number): number {
    const { ratePerDay } = this.setup;
    if (ratePerDay === 0 || day < OPENING_DAY || day > LAST_DAY) return 0;
    const expected = ratePerDay * (WEEKDAY_FACTORS[weekdayOf(day)] as number) * (0.85 + 0.3 * rng.next());
    let n = Math.floor(expected + rng.next());
    if (weekdayOf(day) === 4) n = Math.max(n, 1); // Thursday's note about BIG_ORDER_NO
    return Math.min(n, SEQ_NOS_PER_DAY);
  }

  drawDay(day: number): DayNotes {
    const { rng, draw } = this;
    const s = this.daySeed(day);
    const n = this.countFrom(rng.reseed(s), day);
    const start = koreanDayStart(day);
    const times = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      let hour = 0;
      while (hour < 23 && u >= (HOUR_CUMULATIVE[hour] as number)) hour++;
      times[i] = start + hour * HOUR_MS + rng.int(3600) * 1000;
    }
    times.sort();
    const d = emptyDay(day, s, times, marketDayOf(start));
    const big = bigPosition(day, n);
    for (let i = 0; i < n; i++) {
      rng.reseed(memberSeed(s, i + 1));
      this.drawNote(day, i === big);
      d.seller[i] = draw.seller;
      d.item[i] = draw.item;
      d.kind[i] = draw.type + (draw.english ? 8 : 0);
      d.template[i] = draw.template;
      d.buyer[i] = draw.buyer;
      d.textState[i] = rng.state;
      d.answerAt[i] = times[i]! + draw.answerDelay;
      if (typeof draw.orderNo === 'number') d.order[i] = draw.orderNo;
      else {
        d.order[i] = NaN;
        if (draw.orderNo !== undefined) (d.bigOrders ??= new Map()).set(i, draw.orderNo);
      }
    }
    d.bySeller = positionsBySeller(d.seller, this.setup.sellerIds.length);
    for (const position of this.replies.get(day)?.keys() ?? []) d.answerAt[position] = -Infinity;
    return d;
  }

  /** Draws a note's facts into `draw`, from `rng` seeded for that note. */
  private drawNote(day: number, bigOrder: boolean): void {
    const { rng, draw, setup } = this;
    const seller = weighted(rng, setup.sellerWeights);
    // Squaring skews towards the first items: a few best-sellers draw most questions.
    const item = Math.floor((setup.pools[seller]?.length ?? 0) * rng.next() * rng.next());
    const type = weighted(rng, setup.typeWeights);
    const english = rng.chance(0.1);
    const template = rng.int(((english ? setup.en : setup.ko)[type] ?? []).length);
    const buyer = rng.int(setup.buyers.length);
    const noOrder = rng.next();
    const bigShare = rng.next();
    const orderDraw = rng.next();
    let orderNo: string | number | undefined;
    if (bigOrder) orderNo = BIG_ORDER_NO;
    else if (setup.types[type] === 'Item' && noOrder < 0.4)
      orderNo = undefined; // asked before buying: no order yet
    else if (bigShare < 0.005)
      orderNo = (BigInt(BIG_ORDER_NO) + BigInt(1 + Math.floor(orderDraw * 1e6))).toString();
    else {
      // Ordered up to two weeks before writing. A buyer has one order a day here, so two notes of a buyer about
      // the same day's order share its number, whatever days they were written on.
      const orderDay = day - Math.floor(orderDraw * 15);
      const slot = memberSeed(memberSeed(setup.ordersSeed, orderDay), buyer) % ORDER_SLOTS_PER_BUYER;
      orderNo = ORDER_BASE + (orderDay - OPENING_DAY) * 100_000 + buyer * ORDER_SLOTS_PER_BUYER + slot;
    }
    draw.seller = seller;
    draw.item = item;
    draw.type = type;
    draw.english = english;
    draw.template = template;
    draw.buyer = buyer;
    draw.orderNo = orderNo;
    draw.answerDelay = answerDelayMs(rng.next(), rng.next());
  }

  buildRecord(d: DayNotes, i: number, status: (typeof REPLY_STATUSES)[number]): SendNote {
    const { rng, setup } = this;
    rng.reseed(d.textState[i]!);
    const seller = d.seller[i]!;
    const item = setup.pools[seller]![d.item[i]!] as SellerItem;
    const kind = d.kind[i]!;
    const english = kind >= 8;
    const type = kind & 7;
    const template = (english ? setup.en : setup.ko)[type]![d.template[i]!] as CompiledTemplate;
    const regular = d.order[i]!;
    const orderNo = Number.isNaN(regular) ? d.bigOrders?.get(i) : String(regular);
    let content = this.fill(template, item, orderNo, english);
    // A few notes come from Windows clients or pasted tables: CRLF line breaks and tabs must survive the codec.
    if (rng.chance(0.03)) content = content.replace(/\n/g, '\r\n');
    if (rng.chance(0.02)) content = content.replace('\n', '\n\t');
    const note: SendNote = {
      SeqNo: d.firstSeqNo + i,
      BuyerID: setup.buyers[d.buyer[i]!] as string,
      SellerID: setup.sellerIds[seller] as string,
      ItemNo: item.ItemNo,
      ItemName: item.ItemName,
      InsDate: dateTimeInDay(d, d.times[i]!),
      Title: template.title,
      Content: content,
      ReplyStatus: status,
      SearchQueryType: setup.types[type] as SearchQueryType,
    };
    if (orderNo !== undefined) note.OrderNo = orderNo;
    return note;
  }

  /** The template's text with its placeholders filled, drawing from `rng` as it goes. */
  private fill(template: CompiledTemplate, item: SellerItem, orderNo: string | undefined, english: boolean) {
    const { rng } = this;
    const { words } = this.setup;
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
    return content;
  }
}

/** A day of `times.length` notes, every column allocated and nothing drawn yet. */
function emptyDay(day: number, seed: number, times: Float64Array, date: string): DayNotes {
  const n = times.length;
  return {
    day,
    seed,
    count: n,
    firstSeqNo: FIRST_SEQ_NO + (day - OPENING_DAY) * SEQ_NOS_PER_DAY,
    times,
    answerAt: new Float64Array(n),
    seller: new Uint8Array(n),
    item: new Uint16Array(n),
    kind: new Uint8Array(n),
    template: new Uint8Array(n),
    buyer: new Uint16Array(n),
    textState: new Uint32Array(n),
    order: new Float64Array(n),
    bigOrders: undefined,
    bySeller: [],
    date,
    records: [undefined, undefined],
    recordCount: 0,
  };
}

/** Positions of each seller's notes, ascending. */
function positionsBySeller(seller: Uint8Array, sellers: number): Int32Array[] {
  const perSeller = new Int32Array(sellers);
  for (let i = 0; i < seller.length; i++) perSeller[seller[i]!]!++;
  const bySeller = Array.from(perSeller, (c) => new Int32Array(c));
  const filled = new Int32Array(sellers);
  for (let i = 0; i < seller.length; i++) {
    const s = seller[i]!;
    bySeller[s]![filled[s]!++] = i;
  }
  return bySeller;
}

/** The days drawn and the records built, least recently used first, within their bounds. */
class DayCache {
  // A Map keeps insertion order; a use moves the day to the end.
  private readonly days = new Map<number, DayNotes>();
  private cachedNotes = 0;
  private cachedRecords = 0;
  private readonly maxCachedNotes: number;
  private readonly maxCachedRecords: number;

  constructor(
    private readonly drawer: NoteDrawer,
    bounds: Pick<TimelineInput, 'maxCachedNotes' | 'maxCachedRecords'>,
  ) {
    this.maxCachedNotes = bounds.maxCachedNotes ?? 2_500_000;
    this.maxCachedRecords = bounds.maxCachedRecords ?? 100_000;
  }

  stats() {
    return { days: this.days.size, notes: this.cachedNotes, records: this.cachedRecords };
  }

  countOn(day: number): number {
    const cached = this.days.get(day);
    return cached ? cached.count : this.drawer.countFrom(createRng(this.drawer.daySeed(day)), day);
  }

  dayNotes(day: number): DayNotes {
    let d = this.days.get(day);
    if (d) {
      this.days.delete(day);
      this.days.set(day, d);
      return d;
    }
    d = this.drawer.drawDay(day);
    this.days.set(day, d);
    this.cachedNotes += d.count;
    return d;
  }

  /** The note's record in one status: built once and kept while its day's records are cached. */
  recordOf(d: DayNotes, i: number, answered: boolean): SendNote {
    const slot = answered ? 1 : 0;
    const list = (d.records[slot] ??= new Array<SendNote | undefined>(d.count));
    const cached = list[i];
    if (cached) return cached;
    const status = REPLY_STATUSES[slot];
    const twin = d.records[1 - slot]?.[i];
    const built = twin ? { ...twin, ReplyStatus: status } : this.drawer.buildRecord(d, i, status);
    list[i] = built;
    d.recordCount++;
    this.cachedRecords++;
    return built;
  }

  /** Sheds the least recently used days' records, then whole days, beyond the bounds; never `keep`. */
  trim(keep: DayNotes) {
    if (this.cachedRecords > this.maxCachedRecords) {
      for (const d of this.days.values()) {
        if (this.cachedRecords <= this.maxCachedRecords) break;
        if (d !== keep) this.dropRecords(d);
      }
    }
    if (this.cachedNotes > this.maxCachedNotes) {
      for (const [day, d] of this.days) {
        if (this.cachedNotes <= this.maxCachedNotes) break;
        if (d === keep) continue;
        this.dropRecords(d);
        this.days.delete(day);
        this.cachedNotes -= d.count;
      }
    }
  }

  private dropRecords(d: DayNotes) {
    this.cachedRecords -= d.recordCount;
    d.records = [undefined, undefined];
    d.recordCount = 0;
  }
}

function orderTest(orderNo: string): (d: DayNotes, i: number) => boolean {
  const n = /^[1-9]\d*$/.test(orderNo) ? Number(orderNo) : NaN;
  if (Number.isSafeInteger(n)) return (d, i) => d.order[i] === n;
  return (d, i) => d.bigOrders?.get(i) === orderNo;
}

/** A filter read once: its instants, status, and the seller, item and order it asks for. */
interface NoteCriteria {
  startMs: number;
  endMs: number;
  status: ReplyStatusFilter | undefined;
  seller: number | undefined;
  item: { seller: number; index: number } | undefined;
  order: ((d: DayNotes, i: number) => boolean) | undefined;
}

/** The filter's criteria; undefined when it can match nothing (an unparsable date, an unknown seller or item). */
function criteriaOf(setup: NoteSetup, filter: NoteFilter, nowMs: number): NoteCriteria | undefined {
  let startMs = setup.openingMs;
  let endMs = nowMs;
  // An unparsable start/end matches nothing rather than everything: a wrong filter should not return all notes.
  if (filter.start !== undefined) {
    const ms = marketInstant(filter.start);
    if (ms === undefined) return undefined;
    startMs = Math.max(startMs, ms);
  }
  if (filter.end !== undefined) {
    const ms = marketInstant(filter.end);
    if (ms === undefined) return undefined;
    endMs = Math.min(endMs, ms);
  }
  if (!(startMs <= endMs) || setup.ratePerDay === 0) return undefined;
  const status = filter.replyStatus === 'All' ? undefined : filter.replyStatus;
  let seller: number | undefined;
  if (filter.sellerId !== undefined) {
    seller = setup.sellerIds.indexOf(filter.sellerId);
    if (seller < 0) return undefined;
  }
  let item: { seller: number; index: number } | undefined;
  if (filter.itemNo !== undefined) {
    item = setup.itemByNo.get(filter.itemNo);
    if (!item || (seller !== undefined && item.seller !== seller)) return undefined;
    seller = item.seller;
  }
  const order = filter.orderNo === undefined ? undefined : orderTest(filter.orderNo);
  return { startMs, endMs, status, seller, item, order };
}

function queryNotes(
  setup: NoteSetup,
  cache: DayCache,
  filter: NoteFilter,
  nowMs: number,
  page: NotePage | undefined,
): SendNote[] {
  const c = criteriaOf(setup, filter, nowMs);
  if (!c) return [];
  const { startMs, endMs, status, seller, item, order } = c;
  // Without status, item or order tests a day's matches are counted by two binary searches, so a page far in
  // needs no records for the notes before it.
  const countable = status === undefined && item === undefined && order === undefined;
  let skip = page ? Math.max(0, page.offset) : 0;
  let room = page ? page.size : Infinity;
  const out: SendNote[] = [];
  const lastDay = koreanDayOf(endMs);
  for (let day = koreanDayOf(startMs); day <= lastDay && room > 0; day++) {
    // A whole day of an unfiltered query is passed over on its count alone, without drawing its notes. Notes
    // fall on whole seconds, so a range ending at 23:59:59 holds the whole day.
    if (countable && seller === undefined && skip > 0) {
      const whole = koreanDayStart(day) >= startMs && koreanDayStart(day + 1) - 1000 <= endMs;
      const n = whole ? cache.countOn(day) : Infinity;
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    const d = cache.dayNotes(day);
    const positions = seller === undefined ? undefined : d.bySeller[seller];
    const lo = bound(d.times, positions, startMs, true);
    const hi = bound(d.times, positions, endMs, false);
    if (countable && hi - lo <= skip) {
      skip -= hi - lo;
      cache.trim(d);
      continue;
    }
    for (let k = lo; k < hi; k++) {
      const i = positions ? (positions[k] as number) : k;
      if (item !== undefined && d.item[i] !== item.index) continue;
      if (order !== undefined && !order(d, i)) continue;
      const answered = (d.answerAt[i] as number) <= nowMs;
      if (status !== undefined && (status === 'ReplyComplete') !== answered) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push(cache.recordOf(d, i, answered));
      if (--room === 0) break;
    }
    cache.trim(d);
  }
  return out;
}

function replyTo(
  cache: DayCache,
  replies: Map<number, Map<number, number>>,
  seqNo: number,
  nowMs: number,
): { answeredAt: number } | undefined {
  if (!Number.isSafeInteger(seqNo) || seqNo < FIRST_SEQ_NO) return undefined;
  const offset = seqNo - FIRST_SEQ_NO;
  const day = OPENING_DAY + Math.floor(offset / SEQ_NOS_PER_DAY);
  const position = offset % SEQ_NOS_PER_DAY;
  if (day > koreanDayOf(nowMs) || position >= cache.countOn(day)) return undefined;
  const d = cache.dayNotes(day);
  try {
    if ((d.times[position] as number) > nowMs) return undefined;
    const earlier = replies.get(day)?.get(position);
    if (earlier !== undefined) return { answeredAt: earlier };
    const natural = d.answerAt[position] as number;
    if (natural <= nowMs) return { answeredAt: natural };
    let ofDay = replies.get(day);
    if (!ofDay) replies.set(day, (ofDay = new Map()));
    ofDay.set(position, nowMs);
    d.answerAt[position] = -Infinity;
    return { answeredAt: nowMs };
  } finally {
    cache.trim(d);
  }
}

/** The buyers who write to the shop: `BUYER_POOL` names, drawn once per seed. */
export function drawBuyers(rng: Rng, parts: NoteTemplatesFile['buyerParts']): string[] {
  const buyers: string[] = [];
  for (let i = 0; i < BUYER_POOL; i++) {
    buyers.push(
      `${rng.pick(parts.first)}${rng.pick(parts.joiners)}${rng.pick(parts.last)}${rng.range(1, 999)}`,
    );
  }
  return buyers;
}
