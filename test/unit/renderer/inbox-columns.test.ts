import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InboxNote, NoteLocalMark, NoteQueryType, NoteReplyStatus } from '../../../src-main/contract';
import { STATUSES } from '../../../src-renderer/features/inbox/model/filters';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import type { ResolvedRange, StatusFilter } from '../../../src-renderer/features/inbox/model/filters';
import {
  buildColumns,
  facetCache,
  facetView,
  narrowView,
  rowOfSeq,
  seqNosOf,
  viewOf,
} from '../../../src-renderer/features/inbox/model/note-columns';
import type { Counts, Summary, ViewQuery } from '../../../src-renderer/features/inbox/model/note-columns';
import { isPastSla } from '../../../src-renderer/features/inbox/model/note-state';
import { sortOrder } from '../../../src-renderer/features/inbox/model/note-view';
import {
  addDays,
  dayEndMs,
  dayNumberOf,
  dayStartMs,
  daysBetween,
  marketDayNumber,
} from '../../../src-shared/market-day';

// The straightforward rules the columnar pass must reproduce: filter an array of notes (each facet
// counted with every OTHER filter applied), then summarize the notes shown. This is the inbox's
// previous implementation, kept here as the reference.
const emptyTypes = (): Counts<NoteQueryType> => ({
  All: 0,
  Item: 0,
  Shipping: 0,
  Exchange: 0,
  Refund: 0,
  Other: 0,
});

type Marks = Record<string, NoteLocalMark>;
/** A waiting note the seller marked handled counts as Handled; an answered one stays answered. */
const stateOf = (n: InboxNote, marks: Marks) =>
  n.replyStatus === 'NoReply' && marks[n.seqNo]?.handled === true ? 'Handled' : n.replyStatus;

function referenceFilter(
  notes: readonly InboxNote[],
  q: ViewQuery,
  order: Int32Array | undefined,
  marks: Marks = {},
) {
  const statusCounts = { All: 0, NoReply: 0, Handled: 0, ReplyComplete: 0 };
  const typeCounts = emptyTypes();
  const out: InboxNote[] = [];
  const types = q.types.length > 0 ? new Set<NoteQueryType>(q.types) : undefined;
  const itemNo = q.itemNo.trim();
  const orderNo = q.orderNo.trim();
  const count = order ? order.length : notes.length;
  for (let k = 0; k < count; k++) {
    const i = order ? order[k]! : k;
    const n = notes[i]!;
    if (n.at < q.range.startMs || n.at > q.range.endMs) continue;
    if (itemNo && n.itemNo !== itemNo) continue;
    if (orderNo && n.orderNo !== orderNo) continue;
    if (q.sellerId && n.sellerId !== q.sellerId) continue;
    if (q.hits && q.hits[i] !== 1) continue;
    // The waiting filter: still waiting (handled notes are not) for longer than that.
    if (
      q.waitingOverHours !== undefined &&
      !(stateOf(n, marks) === 'NoReply' && q.nowMs - n.at > q.waitingOverHours * HOUR)
    )
      continue;
    const typeOk = types === undefined || types.has(n.queryType);
    const state = stateOf(n, marks);
    const statusOk = q.status === 'All' || state === q.status;
    if (typeOk) {
      statusCounts.All++;
      statusCounts[state]++;
    }
    if (statusOk) typeCounts[n.queryType]++;
    if (typeOk && statusOk) out.push(n);
  }
  return { notes: out, statusCounts, typeCounts };
}

function referenceSummary(
  notes: readonly InboxNote[],
  range: ResolvedRange,
  nowMs: number,
  slaHours: number,
  marks: Marks = {},
): Summary {
  const byStatus = { NoReply: 0, Handled: 0, ReplyComplete: 0 };
  const byType = emptyTypes();
  const perDay = new Map(
    daysBetween(range.start, range.end).map((d) => [
      dayNumberOf(d),
      { day: d, NoReply: 0, ReplyComplete: 0 },
    ]),
  );
  let pastSla = 0;
  let oldestWaiting: InboxNote | undefined;
  for (const n of notes) {
    const state = stateOf(n, marks);
    byStatus[state]++;
    byType[n.queryType]++;
    const bucket = perDay.get(marketDayNumber(n.at));
    if (bucket && state !== 'Handled') bucket[state]++;
    if (state === 'NoReply') {
      if (isPastSla(n, nowMs, slaHours)) pastSla++;
      if (!oldestWaiting || n.at < oldestWaiting.at) oldestWaiting = n;
    }
  }
  return { byStatus, byType, pastSla, oldestWaiting, days: [...perDay.values()] };
}

// ---- random notes and filter states, drawn from small pools so that filters actually hit ----
const FIRST_DAY = '2026-07-01';
const SELLERS = ['gangnam_style', 'seoul_shop', 'busan'];
const ITEMS = ['1001', '1002', '2079842982'];
const ORDERS = ['3099700017', '3099700018', '99999999999999999999'];
const ALL_TYPES: NoteQueryType[] = ['All', ...INQUIRY_TYPES];
const HOUR = 3_600_000;
const BASE_MS = dayStartMs(FIRST_DAY);

const noteArb = fc.record({
  sellerId: fc.constantFrom(...SELLERS),
  itemNo: fc.constantFrom(...ITEMS),
  orderNo: fc.option(fc.constantFrom(...ORDERS), { nil: undefined }),
  // Over ten days: every six hours (ties in time, and exactly at the SLA against a clock on that grid), at
  // day edges (a range ends at 23:59:59.999 Korean time) or anywhere.
  at: fc.oneof(
    fc.integer({ min: 0, max: 10 * 4 }).map((q) => BASE_MS + q * 6 * HOUR),
    fc
      .integer({ min: 0, max: 10 })
      .chain((d) => fc.constantFrom(-1, 0, 1).map((e) => BASE_MS + d * 24 * HOUR + e)),
    fc.integer({ min: 0, max: 10 * 24 * HOUR }).map((ms) => BASE_MS + ms),
  ),
  replyStatus: fc.constantFrom<NoteReplyStatus>('NoReply', 'ReplyComplete'),
  queryType: fc.constantFrom(...ALL_TYPES),
});

const notesArb = fc.array(noteArb, { maxLength: 60 }).map((raw) =>
  raw.map((r, i): InboxNote => ({
    seqNo: 100 + i,
    sellerId: r.sellerId,
    buyerId: `buyer${i % 7}`,
    itemNo: r.itemNo,
    itemName: `item ${r.itemNo}`,
    insDate: new Date(r.at).toISOString(),
    at: r.at,
    title: `title ${i}`,
    content: '',
    replyStatus: r.replyStatus,
    queryType: r.queryType,
    ...(r.orderNo !== undefined ? { orderNo: r.orderNo } : {}),
  })),
);

const rangeArb = fc
  .tuple(fc.integer({ min: -1, max: 11 }), fc.integer({ min: 0, max: 6 }))
  .map(([from, len]): ResolvedRange => {
    const start = addDays(FIRST_DAY, from);
    const end = addDays(start, len);
    return { start, end, startMs: dayStartMs(start), endMs: dayEndMs(end) };
  });

/** Mostly unset, so that combinations of few filters are common. */
const orUnset = (values: string[]) =>
  fc.oneof({ arbitrary: fc.constant(''), weight: 3 }, fc.constantFrom(...values));
const facetArb = fc.record({
  status: fc.constantFrom<StatusFilter>(...STATUSES),
  types: fc.oneof(fc.constant([]), fc.subarray([...INQUIRY_TYPES])),
});
const filterArb = fc.record({
  // Trimmed by the filter; one value no note has.
  itemNo: orUnset([...ITEMS, ` ${ITEMS[0]} `, '4040']),
  orderNo: orUnset([...ORDERS, `${ORDERS[1]} `, '1']),
  // Not trimmed.
  sellerId: orUnset([...SELLERS, ` ${SELLERS[0]}`, 'nobody']),
  slaHours: fc.constantFrom(1, 24, 48, 72.5),
  waitingOverHours: fc.constantFrom(undefined, 24, 48, 72.5),
  nowOffset: fc.oneof(
    fc.integer({ min: 0, max: 14 * 4 }).map((q) => q * 6 * HOUR),
    fc.integer({ min: 0, max: 14 * 24 * HOUR }),
  ),
});

const scenario = notesArb.chain((notes) =>
  fc.record({
    notes: fc.constant(notes),
    range: rangeArb,
    filter: filterArb,
    // The chips change without the rest: one narrowed view serves several chip states.
    facets: fc.array(facetArb, { minLength: 1, maxLength: 3 }),
    hits: fc.option(fc.uint8Array({ min: 0, max: 1, minLength: notes.length, maxLength: notes.length }), {
      nil: undefined,
    }),
    // Handled marks on some notes, waiting and answered alike (an answered note stays answered).
    marks: fc
      .subarray(notes.map((n) => n.seqNo))
      .map((seqs): Marks =>
        Object.fromEntries(seqs.map((s) => [s, { handled: true, memo: '', updatedAt: 0 }])),
      ),
    order: fc.oneof(
      fc.constant(undefined),
      fc
        .record({
          key: fc.constantFrom('status' as const, 'received' as const, 'order' as const),
          dir: fc.constantFrom('asc' as const, 'desc' as const),
        })
        .map((sort) => sortOrder(notes, sort)),
      fc.shuffledSubarray([...notes.keys()], { minLength: notes.length }).map((p) => Int32Array.from(p)),
    ),
  }),
);

/** A note that differs from the others only in what a test sets. */
const plainNote = (n: Pick<InboxNote, 'seqNo' | 'at' | 'replyStatus' | 'queryType'>): InboxNote => ({
  sellerId: 's',
  buyerId: 'b',
  itemNo: '1',
  itemName: 'i',
  insDate: '',
  title: 't',
  content: '',
  ...n,
});

describe('inbox filter pass over columns', () => {
  it('equals the straightforward filter and summary for random notes and filter states', () => {
    fc.assert(
      fc.property(scenario, ({ notes, range, filter, facets, hits, order, marks }) => {
        const cols = buildColumns(notes, marks);
        const narrowed = narrowView(cols, order, {
          range,
          hits,
          ...filter,
          nowMs: BASE_MS + filter.nowOffset,
        });
        for (const facet of facets) {
          const q: ViewQuery = { range, hits, ...filter, ...facet, nowMs: BASE_MS + filter.nowOffset };
          const want = referenceFilter(notes, q, order, marks);
          const got = facetView(narrowed, facet);
          expect(viewOf(cols, order, q)).toEqual(got);
          expect(Array.from(got.rows, (i) => notes[i])).toEqual(want.notes);
          // Same objects, not just equal ones: the list and the detail pane look notes up by identity.
          got.rows.forEach((i, k) => expect(notes[i]).toBe(want.notes[k]));
          expect(got.statusCounts).toEqual(want.statusCounts);
          expect(got.typeCounts).toEqual(want.typeCounts);
          const summary = referenceSummary(want.notes, range, q.nowMs, q.slaHours, marks);
          expect(got.summary).toEqual(summary);
          expect(got.summary.oldestWaiting).toBe(summary.oldestWaiting);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('remembers chip combinations: the same answers as the reference, kept for the last eight', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.array(facetArb, { minLength: 1, maxLength: 30 }),
        ({ notes, range, filter, hits, order }, facets) => {
          const cols = buildColumns(notes);
          const nowMs = BASE_MS + filter.nowOffset;
          const narrowed = narrowView(cols, order, { range, hits, ...filter, nowMs });
          const cached = facetCache(narrowed);
          for (const facet of facets) {
            const want = referenceFilter(notes, { range, hits, ...filter, ...facet, nowMs }, order);
            const got = cached(facet);
            expect(Array.from(got.rows, (i) => notes[i])).toEqual(want.notes);
            expect(got.statusCounts).toEqual(want.statusCounts);
            expect(got.typeCounts).toEqual(want.typeCounts);
            // The order of the types chosen does not matter: the same combination, the same answer.
            expect(cached({ status: facet.status, types: [...facet.types].reverse() })).toBe(got);
          }
        },
      ),
      { numRuns: 300 },
    );
    const cached = facetCache(
      narrowView(buildColumns([]), undefined, {
        range: { start: FIRST_DAY, end: FIRST_DAY, startMs: 0, endMs: 0 },
        itemNo: '',
        orderNo: '',
        sellerId: '',
        hits: undefined,
        nowMs: BASE_MS,
        slaHours: 24,
      }),
    );
    const combos = INQUIRY_TYPES.slice(0, 5).flatMap((t) =>
      STATUSES.map((status) => ({ status, types: [t] })),
    );
    const first = cached(combos[0]!);
    for (const q of combos.slice(1, 8)) cached(q);
    expect(cached(combos[0]!)).toBe(first); // within the last eight
    for (const q of combos.slice(1, 9)) cached(q); // eight others since: combos[0] is evicted
    const again = cached(combos[0]!);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('counts each facet with every other filter applied', () => {
    const at = dayStartMs(FIRST_DAY) + HOUR;
    const note = (seqNo: number, replyStatus: NoteReplyStatus, queryType: NoteQueryType) =>
      plainNote({ seqNo, at: at + seqNo, replyStatus, queryType });
    const notes = [
      note(1, 'NoReply', 'Refund'),
      note(2, 'ReplyComplete', 'Refund'),
      note(3, 'NoReply', 'Shipping'),
    ];
    const range = {
      start: FIRST_DAY,
      end: FIRST_DAY,
      startMs: dayStartMs(FIRST_DAY),
      endMs: dayEndMs(FIRST_DAY),
    };
    const base = {
      range,
      itemNo: '',
      orderNo: '',
      sellerId: '',
      hits: undefined,
      nowMs: at + 100 * HOUR,
      slaHours: 48,
    };
    const v = viewOf(buildColumns(notes), undefined, { ...base, status: 'NoReply', types: ['Refund'] });
    expect(seqNosOf(buildColumns(notes), v.rows)).toEqual([1]);
    expect(v.statusCounts).toEqual({ All: 2, NoReply: 1, Handled: 0, ReplyComplete: 1 });
    expect(v.typeCounts).toMatchObject({ Refund: 1, Shipping: 1 });
    expect(v.summary).toMatchObject({
      pastSla: 1,
      oldestWaiting: notes[0],
      byStatus: { NoReply: 1, Handled: 0, ReplyComplete: 0 },
    });
    expect(v.summary.days).toEqual([{ day: FIRST_DAY, NoReply: 1, ReplyComplete: 0 }]);
  });

  it('breaks ties as the straightforward rules do: exactly at the SLA is not past it, the first oldest wins', () => {
    const at = dayStartMs(FIRST_DAY) + 6 * HOUR;
    const note = (seqNo: number, queryType: NoteQueryType, when = at) =>
      plainNote({ seqNo, at: when, replyStatus: 'NoReply', queryType });
    // Same instant, same and different types; one a minute older than the SLA allows.
    const notes = [
      note(1, 'Refund', at + HOUR),
      note(2, 'Refund'),
      note(3, 'Refund'),
      note(4, 'Item'),
      note(5, 'Item', at - 60_000),
    ];
    const range = {
      start: FIRST_DAY,
      end: FIRST_DAY,
      startMs: dayStartMs(FIRST_DAY),
      endMs: dayEndMs(FIRST_DAY),
    };
    const narrow = {
      range,
      itemNo: '',
      orderNo: '',
      sellerId: '',
      hits: undefined,
      nowMs: at + 24 * HOUR,
      slaHours: 24,
    };
    const cols = buildColumns(notes);
    for (const order of [undefined, Int32Array.of(4, 3, 2, 1, 0), Int32Array.of(0, 3, 2, 1, 4)]) {
      const narrowed = narrowView(cols, order, narrow);
      for (const facet of [
        { status: 'All' as const, types: [] },
        { status: 'NoReply' as const, types: ['Refund' as const] },
      ]) {
        const want = referenceFilter(notes, { ...narrow, ...facet }, order);
        const summary = referenceSummary(want.notes, range, narrow.nowMs, narrow.slaHours);
        const got = facetView(narrowed, facet).summary;
        expect(got.pastSla).toBe(summary.pastSla);
        expect(got.oldestWaiting).toBe(summary.oldestWaiting);
      }
    }
  });

  it('finds rows by SeqNo', () => {
    fc.assert(
      fc.property(notesArb, (notes) => {
        const cols = buildColumns(notes, {});
        const rows = Int32Array.from(notes.keys()).reverse();
        for (const [k, i] of rows.entries()) expect(rowOfSeq(cols, rows, notes[i]!.seqNo)).toBe(k);
        expect(rowOfSeq(cols, rows, 1)).toBe(-1);
        expect(rowOfSeq(cols, rows, undefined)).toBe(-1);
      }),
      { numRuns: 300 },
    );
  });
});
