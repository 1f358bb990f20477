import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SELLER_IDS } from '../../../src-main/sandbox/data/account';
import { instantOf } from '../../../src-main/sandbox/data/dates';
import { BIG_ORDER_NO, NOTE_HISTORY_DAYS, queryNotes } from '../../../src-main/sandbox/data/notes';
import { createSandboxData } from '../../../src-main/sandbox/data/sandbox-data';
import type { SendNote } from '../../../src-main/sandbox/data/types';

const NOW = new Date('2025-06-15T03:00:00Z'); // 12:00 in Korea
const DAY = 86_400_000;
const data = createSandboxData({ seed: 42, now: NOW, notes: 5000 });
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;

function ageDays(n: SendNote): number {
  return (NOW.getTime() - instantOf(n.InsDate ?? '')) / DAY;
}

describe('determinism', () => {
  it('same seed and now give deep-equal data', () => {
    expect(createSandboxData({ seed: 42, now: NOW, notes: 5000 })).toEqual(data);
  });

  it('a different seed gives different data', () => {
    const other = createSandboxData({ seed: 7, now: NOW, notes: 5000 });
    expect(other.notes).not.toEqual(data.notes);
    expect(other.suggest.keywords).not.toEqual(data.suggest.keywords);
    expect(other.lookbooks).not.toEqual(data.lookbooks);
  });

  it('dates follow now, so the data always looks recent', () => {
    const later = createSandboxData({ seed: 42, now: new Date(NOW.getTime() + 10 * DAY), notes: 5000 });
    const last = later.notes.at(-1);
    expect(instantOf(last?.InsDate ?? '')).toBeGreaterThan(NOW.getTime());
  });

  it('the note count does not change the other parts', () => {
    const fewer = createSandboxData({ seed: 42, now: NOW, notes: 10 });
    expect(fewer.lookbooks).toEqual(data.lookbooks);
    expect(fewer.suggest).toEqual(data.suggest);
  });

  it('defaults: seed 42 and 5000 notes', () => {
    const d = createSandboxData({ now: NOW });
    expect(d.seed).toBe(42);
    expect(d.notes).toHaveLength(5000);
    expect(d.notes).toEqual(data.notes);
  });
});

describe('notes invariants', () => {
  const notes = data.notes;

  it('SeqNo is unique and ascends with InsDate', () => {
    expect(new Set(notes.map((n) => n.SeqNo)).size).toBe(notes.length);
    for (let i = 1; i < notes.length; i++) {
      const a = notes[i - 1] as SendNote;
      const b = notes[i] as SendNote;
      expect((b.SeqNo ?? 0) > (a.SeqNo ?? 0)).toBe(true);
      expect(instantOf(b.InsDate ?? '') >= instantOf(a.InsDate ?? '')).toBe(true);
    }
  });

  it('records use the codec value conventions', () => {
    const bad = notes.filter(
      (n) =>
        !DATE_TIME.test(n.InsDate ?? '') ||
        !Number.isInteger(n.SeqNo) ||
        (n.OrderNo !== undefined && !/^\d+$/.test(n.OrderNo)) ||
        Object.values(n).some((v) => v === null || v === undefined),
    );
    expect(bad).toEqual([]);
  });

  it('spans the last 120 days and nothing in the future', () => {
    const ages = notes.map(ageDays);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(NOTE_HISTORY_DAYS);
    expect(Math.max(...ages)).toBeGreaterThan(NOTE_HISTORY_DAYS - 10);
  });

  it('has OrderNo values above 2^53, including 9007199254740993', () => {
    const big = notes.filter((n) => n.OrderNo !== undefined && BigInt(n.OrderNo) > 2n ** 53n);
    expect(big.length).toBeGreaterThan(0);
    expect(notes.some((n) => n.OrderNo === BIG_ORDER_NO)).toBe(true);
    expect(BIG_ORDER_NO).toBe('9007199254740993');
  });

  it('has every SearchQueryType, every seller, both reply statuses', () => {
    expect(new Set(notes.map((n) => n.SearchQueryType))).toEqual(
      new Set(['Item', 'Shipping', 'Exchange', 'Refund', 'Other']),
    );
    expect(new Set(notes.map((n) => n.SellerID))).toEqual(new Set(SELLER_IDS));
    expect(new Set(notes.map((n) => n.ReplyStatus))).toEqual(new Set(['NoReply', 'ReplyComplete']));
  });

  it('is mostly unanswered recently and mostly answered when old', () => {
    const share = (list: SendNote[]): number =>
      list.filter((n) => n.ReplyStatus === 'NoReply').length / list.length;
    const recent = notes.filter((n) => ageDays(n) < 2);
    const old = notes.filter((n) => ageDays(n) > 14);
    expect(recent.length).toBeGreaterThan(50);
    expect(share(recent)).toBeGreaterThan(0.6);
    expect(share(old)).toBeLessThan(0.1);
  });

  it('shares items between notes, a few hundred per seller at most', () => {
    for (const seller of SELLER_IDS) {
      const mine = notes.filter((n) => n.SellerID === seller);
      const items = new Set(mine.map((n) => n.ItemNo));
      expect(items.size).toBeLessThan(mine.length);
      expect(items.size).toBeLessThanOrEqual(300);
    }
  });

  it('has multi-line contents, some with CRLF and tabs, and about 10% English', () => {
    expect(notes.every((n) => (n.Content ?? '').includes('\n'))).toBe(true);
    expect(notes.some((n) => (n.Content ?? '').includes('\r\n'))).toBe(true);
    expect(notes.some((n) => (n.Content ?? '').includes('\t'))).toBe(true);
    const english = notes.filter((n) => !/[가-힣]/.test(n.Title ?? '')).length / notes.length;
    expect(english).toBeGreaterThan(0.05);
    expect(english).toBeLessThan(0.15);
    expect(notes.some((n) => /\{\w+\}/.test(n.Content ?? ''))).toBe(false);
  });
});

describe('scale', () => {
  it('generates 200,000 notes with the same invariants', () => {
    const big = createSandboxData({ seed: 1, now: NOW, notes: 200_000 });
    expect(big.notes).toHaveLength(200_000);
    expect(new Set(big.notes.map((n) => n.SeqNo)).size).toBe(200_000);
    expect(big.notes.some((n) => n.OrderNo === BIG_ORDER_NO)).toBe(true);
    const q = queryNotes(big, { start: '2025-06-01T00:00:00+09:00', end: '2025-06-01T23:59:59+09:00' });
    expect(q.length).toBeGreaterThan(0);
    expect(q.every((n) => (n.InsDate ?? '').startsWith('2025-06-01'))).toBe(true);
  });

  it('handles zero notes', () => {
    expect(createSandboxData({ now: NOW, notes: 0 }).notes).toEqual([]);
    expect(() => createSandboxData({ now: NOW, notes: -1 })).toThrow();
  });
});

describe('queryNotes', () => {
  const notes = data.notes;

  it('returns everything oldest first without a filter', () => {
    expect(queryNotes(data)).toEqual(notes);
    expect(queryNotes(data, { replyStatus: 'All' })).toEqual(notes);
  });

  it('filters by an inclusive date range compared as instants, whatever the offset', () => {
    const target = notes[1234] as SendNote;
    const at = target.InsDate ?? '';
    const inKorea = queryNotes(data, { start: at, end: at });
    expect(inKorea).toContain(target);
    const utc = new Date(instantOf(at)).toISOString().replace('.000Z', 'Z');
    expect(queryNotes(data, { start: utc, end: utc })).toEqual(inKorea);
    const withoutZone = at.slice(0, 19); // read as Korean time
    expect(queryNotes(data, { start: withoutZone, end: withoutZone })).toEqual(inKorea);

    const start = '2025-06-10T00:00:00+09:00';
    const end = '2025-06-12T23:59:59+09:00';
    const expected = notes.filter((n) => {
      const t = instantOf(n.InsDate ?? '');
      return t >= instantOf(start) && t <= instantOf(end);
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(queryNotes(data, { start, end })).toEqual(expected);
    expect(queryNotes(data, { start: 'not a date' })).toEqual([]);
  });

  it('filters by reply status, item, order and seller', () => {
    const sample = notes.find((n) => n.OrderNo === BIG_ORDER_NO) as SendNote;
    expect(queryNotes(data, { orderNo: BIG_ORDER_NO })).toContain(sample);
    expect(queryNotes(data, { itemNo: sample.ItemNo }).every((n) => n.ItemNo === sample.ItemNo)).toBe(true);
    const waiting = queryNotes(data, { replyStatus: 'NoReply', sellerId: 'seoul_mart' });
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((n) => n.ReplyStatus === 'NoReply' && n.SellerID === 'seoul_mart')).toBe(true);
    expect(waiting).toEqual(notes.filter((n) => n.ReplyStatus === 'NoReply' && n.SellerID === 'seoul_mart'));
    expect(queryNotes(data, { sellerId: 'nobody' })).toEqual([]);
  });

  it('answers any combination of filters as a plain scan of all notes would', () => {
    // The indexes are built per status and seller on first use and reused: many runs hit the same ones.
    const instants = notes.map((n) => instantOf(n.InsDate ?? ''));
    const first = instants[0]!;
    const last = instants[instants.length - 1]!;
    const moment = fc
      .integer({ min: Math.floor(first / 1000) - 86_400, max: Math.ceil(last / 1000) + 86_400 })
      .map((s) => new Date(s * 1000 + 9 * 3600_000).toISOString().slice(0, 19) + '+09:00');
    const pick = <T>(values: T[], weight = 1) =>
      fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight, arbitrary: fc.constantFrom(...values) },
      );
    const filter = fc.record({
      start: fc.option(moment, { nil: undefined }),
      end: fc.option(moment, { nil: undefined }),
      replyStatus: pick(['All', 'NoReply', 'ReplyComplete'] as const, 3),
      sellerId: pick([...SELLER_IDS, 'nobody'], 3),
      // Item and order numbers narrow to a few notes: mostly left out, so most queries match something.
      itemNo: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        fc.constantFrom(...notes.slice(0, 40).map((n) => n.ItemNo!)),
      ),
      orderNo: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        fc.constantFrom(BIG_ORDER_NO, ...notes.slice(0, 20).map((n) => n.OrderNo ?? '')),
      ),
    });
    let answered = 0;
    fc.assert(
      fc.property(filter, (f) => {
        const from = f.start === undefined ? -Infinity : instantOf(f.start);
        const to = f.end === undefined ? Infinity : instantOf(f.end);
        const expected = notes.filter(
          (n, i) =>
            instants[i]! >= from &&
            instants[i]! <= to &&
            (f.replyStatus === undefined || f.replyStatus === 'All' || n.ReplyStatus === f.replyStatus) &&
            (f.sellerId === undefined || n.SellerID === f.sellerId) &&
            (f.itemNo === undefined || n.ItemNo === f.itemNo) &&
            (f.orderNo === undefined || n.OrderNo === f.orderNo),
        );
        expect(queryNotes(data, f)).toEqual(expected);
        if (expected.length > 0) answered++;
      }),
      { numRuns: 300 },
    );
    // Not vacuous: many of the filters match something.
    expect(answered).toBeGreaterThan(30);
  });

  it('works on a notes array that did not come from the generator', () => {
    const copy = { notes: structuredClone(notes) };
    expect(queryNotes(copy, { start: '2025-06-10T00:00:00+09:00' })).toEqual(
      queryNotes(data, { start: '2025-06-10T00:00:00+09:00' }),
    );
  });
});
