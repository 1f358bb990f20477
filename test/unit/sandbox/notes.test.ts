import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BROKEN_SELLER_ID, SELLER_IDS } from '../../../src-main/sandbox/data/account';
import { koreanDayOf, koreanDayStart } from '../../../src-main/sandbox/data/dates';
import {
  BIG_ORDER_NO,
  FIRST_SEQ_NO,
  MAX_NOTE_COUNT,
  NOTE_HISTORY_DAYS,
  LAST_DAY,
  OPENING_DAY,
  SEQ_NOS_PER_DAY,
} from '../../../src-main/sandbox/data/notes';
import type { NoteFilter, NoteTimeline } from '../../../src-main/sandbox/data/notes';
import { createSandboxData } from '../../../src-main/sandbox/data/sandbox-data';
import type { SendNote } from '../../../src-main/sandbox/data/types';
import { formatDateTime, marketInstant } from '../../../src-shared/date-time';

const instantOf = (text: string) => marketInstant(text) ?? NaN;

const NOW = Date.parse('2025-06-15T12:00:00+09:00');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
const data = createSandboxData({ seed: 42, now: new Date(NOW), notes: 5000 });
const timeline = data.notes;

/** The notes of the `days` days before `nowMs`, as of `nowMs`. */
function recent(tl: NoteTimeline, nowMs: number, days = NOTE_HISTORY_DAYS): SendNote[] {
  return tl.query({ start: formatDateTime(nowMs - days * DAY) }, nowMs);
}
const notes = recent(timeline, NOW);
const at = (n: SendNote) => instantOf(n.InsDate ?? '');
const ageDays = (n: SendNote, nowMs = NOW) => (nowMs - at(n)) / DAY;
const withoutStatus = ({ ReplyStatus: _status, ...rest }: SendNote) => rest;

describe('an absolute timeline', () => {
  it('gives the same notes under the same SeqNos whenever it starts and whatever it is asked first', () => {
    // Another start, ten days later, asked for its days newest first and one seller at a time.
    const later = NOW + 10 * DAY + 7 * HOUR;
    const other = createSandboxData({ seed: 42, now: new Date(later), notes: 5000 }).notes;
    const bySeq = new Map<number, SendNote>();
    for (let day = koreanDayOf(later); day >= koreanDayOf(later) - 130; day--) {
      for (const sellerId of SELLER_IDS) {
        const range = {
          start: formatDateTime(koreanDayStart(day)),
          end: formatDateTime(koreanDayStart(day + 1) - 1),
        };
        for (const n of other.query({ ...range, sellerId }, later)) bySeq.set(n.SeqNo!, n);
      }
    }
    let changed = 0;
    for (const n of notes) {
      const same = bySeq.get(n.SeqNo!);
      expect(same, `SeqNo ${n.SeqNo}`).toBeDefined();
      expect(withoutStatus(same!)).toEqual(withoutStatus(n));
      // Time only answers notes, never un-answers them.
      if (n.ReplyStatus === 'ReplyComplete') expect(same!.ReplyStatus).toBe('ReplyComplete');
      if (n.ReplyStatus !== same!.ReplyStatus) changed++;
    }
    expect(changed).toBeGreaterThan(0);
    // The later start also holds the notes that arrived in those ten days, all with larger SeqNos.
    const newer = [...bySeq.values()].filter((n) => at(n) > NOW);
    expect(newer.length).toBeGreaterThan(200);
    const lastSeq = Math.max(...notes.map((n) => n.SeqNo!));
    expect(newer.every((n) => n.SeqNo! > lastSeq)).toBe(true);
  });

  it('another seed gives other notes and other lookbooks and keywords', () => {
    const other = createSandboxData({ seed: 7, now: new Date(NOW), notes: 5000 });
    expect(recent(other.notes, NOW).map(withoutStatus)).not.toEqual(notes.map(withoutStatus));
    expect(other.suggest.keywords).not.toEqual(data.suggest.keywords);
    expect(other.lookbooks).not.toEqual(data.lookbooks);
  });

  it('the note count leaves lookbooks and suggest data unchanged', () => {
    const fewer = createSandboxData({ seed: 42, now: new Date(NOW), notes: 10 });
    expect(fewer.lookbooks).toEqual(data.lookbooks);
    expect(fewer.suggest).toEqual(data.suggest);
  });

  it('defaults: seed 42 and about 5000 notes over the last 120 days', () => {
    const d = createSandboxData({ now: new Date(NOW) });
    expect(d.seed).toBe(42);
    expect(recent(d.notes, NOW)).toEqual(notes);
  });

  it.each([500, 5000, 60_000])(
    '--notes %i is about that many notes over the last 120 days, at any moment',
    (n) => {
      const tl = createSandboxData({ seed: 3, notes: n }).notes;
      for (const moment of [NOW, NOW + 37 * DAY, Date.parse('2027-02-01T00:00:00+09:00')]) {
        let total = 0;
        const today = koreanDayOf(moment);
        for (let day = today - NOTE_HISTORY_DAYS; day < today; day++) total += tl.countOn(day);
        expect(Math.abs(total - n) / n).toBeLessThan(n < 1000 ? 0.12 : 0.05);
      }
      expect(tl.ratePerDay).toBe(n / NOTE_HISTORY_DAYS);
    },
  );

  it('counts each day without drawing its notes, and the count is the notes a query finds', () => {
    const tl = createSandboxData({ seed: 9, notes: 3000 }).notes;
    const day = koreanDayOf(NOW) - 3;
    const counted = tl.countOn(day);
    expect(tl.cacheStats().days).toBe(0);
    const found = tl.query(
      { start: formatDateTime(koreanDayStart(day)), end: formatDateTime(koreanDayStart(day + 1) - 1) },
      NOW,
    );
    expect(found).toHaveLength(counted);
    expect(counted).toBeGreaterThan(0);
  });

  it('begins on the opening day: nothing before it, and its first note has the first SeqNo', () => {
    expect(formatDateTime(koreanDayStart(OPENING_DAY))).toBe('2020-01-01T00:00:00+09:00');
    expect(timeline.countOn(OPENING_DAY - 1)).toBe(0);
    const firstDays = timeline.query({ start: '2019-01-01', end: '2020-01-03T23:59:59+09:00' }, NOW);
    expect(firstDays.length).toBeGreaterThan(0);
    expect(firstDays[0]!.SeqNo).toBe(FIRST_SEQ_NO);
    expect(at(firstDays[0]!)).toBeGreaterThanOrEqual(koreanDayStart(OPENING_DAY));
    expect(timeline.query({ start: '2010-01-01', end: '2019-12-31T23:59:59+09:00' }, NOW)).toEqual([]);
  });

  it('ends on the last day whose SeqNos are all xsd:ints', () => {
    const tl = createSandboxData({ seed: 4, notes: MAX_NOTE_COUNT }).notes;
    const lastSeqNo = FIRST_SEQ_NO + (LAST_DAY - OPENING_DAY) * SEQ_NOS_PER_DAY + tl.countOn(LAST_DAY) - 1;
    expect(tl.countOn(LAST_DAY)).toBeGreaterThan(0);
    expect(lastSeqNo).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(tl.countOn(LAST_DAY + 1)).toBe(0);
    const end = koreanDayStart(LAST_DAY + 3);
    const last = tl.query({ start: formatDateTime(koreanDayStart(LAST_DAY)) }, end);
    expect(last.at(-1)!.SeqNo).toBe(lastSeqNo);
    expect(tl.reply(lastSeqNo, end)).toBeDefined();
  });

  it('refuses a note count outside 0..1,000,000', () => {
    expect(() => createSandboxData({ notes: -1 })).toThrow(/notes must be a whole number/);
    expect(() => createSandboxData({ notes: MAX_NOTE_COUNT + 1 })).toThrow(/notes must be a whole number/);
    expect(recent(createSandboxData({ notes: 0 }).notes, NOW)).toEqual([]);
  });
});

describe('notes invariants', () => {
  it('SeqNo is unique and ascends with InsDate, across days', () => {
    expect(notes.length).toBeGreaterThan(4000);
    expect(new Set(notes.map((n) => n.SeqNo)).size).toBe(notes.length);
    for (let i = 1; i < notes.length; i++) {
      const a = notes[i - 1]!;
      const b = notes[i]!;
      expect(b.SeqNo! > a.SeqNo!).toBe(true);
      expect(at(b) >= at(a)).toBe(true);
    }
  });

  it('records use the codec value conventions, SeqNo an xsd:int', () => {
    const bad = notes.filter(
      (n) =>
        !DATE_TIME.test(n.InsDate ?? '') ||
        !Number.isInteger(n.SeqNo) ||
        n.SeqNo! > 2 ** 31 - 1 ||
        (n.OrderNo !== undefined && !/^[1-9]\d*$/.test(n.OrderNo)) ||
        Object.values(n).some((v) => v === null || v === undefined),
    );
    expect(bad).toEqual([]);
  });

  it('spans the 120 days asked for and nothing after now', () => {
    const ages = notes.map((n) => ageDays(n));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.min(...ages)).toBeLessThan(0.5);
    expect(Math.max(...ages)).toBeLessThanOrEqual(NOTE_HISTORY_DAYS);
    expect(Math.max(...ages)).toBeGreaterThan(NOTE_HISTORY_DAYS - 1);
    expect(timeline.query({ start: formatDateTime(NOW + 1000) }, NOW)).toEqual([]);
  });

  it('has OrderNo values above 2^53, and 9007199254740993 in any week of history', () => {
    const big = notes.filter((n) => n.OrderNo !== undefined && BigInt(n.OrderNo) > 2n ** 53n);
    expect(big.some((n) => n.OrderNo !== BIG_ORDER_NO)).toBe(true);
    expect(BIG_ORDER_NO).toBe('9007199254740993');
    for (let end = NOW; end > NOW - 60 * DAY; end -= 5 * DAY + 3 * HOUR) {
      const week = timeline.query({ start: formatDateTime(end - 7 * DAY), end: formatDateTime(end) }, NOW);
      expect(week.some((n) => n.OrderNo === BIG_ORDER_NO)).toBe(true);
    }
  });

  it('has every SearchQueryType, every seller, both reply statuses, and notes without an order', () => {
    expect(new Set(notes.map((n) => n.SearchQueryType))).toEqual(
      new Set(['Item', 'Shipping', 'Exchange', 'Refund', 'Other']),
    );
    expect(new Set(notes.map((n) => n.ReplyStatus))).toEqual(new Set(['NoReply', 'ReplyComplete']));
    expect(notes.some((n) => n.OrderNo === undefined)).toBe(true);
  });

  it('gives the broken-lookbook seller few notes and the first seller most', () => {
    const share = (id: string) => notes.filter((n) => n.SellerID === id).length / notes.length;
    expect(share(BROKEN_SELLER_ID)).toBeGreaterThan(0.03);
    expect(share(BROKEN_SELLER_ID)).toBeLessThan(0.15);
    expect(share(SELLER_IDS[0])).toBeGreaterThan(share(SELLER_IDS[1]));
    expect(share(SELLER_IDS[1])).toBeGreaterThan(share(BROKEN_SELLER_ID));
  });

  it('waits mostly on recent notes: the unanswered share falls with age, a few are never answered', () => {
    const big = createSandboxData({ seed: 5, notes: 60_000 }).notes;
    const unanswered = (list: SendNote[]) => {
      expect(list.length).toBeGreaterThan(100);
      return list.filter((n) => n.ReplyStatus === 'NoReply').length / list.length;
    };
    // The newest notes, seen at many moments: hardly any answered yet, but some within hours.
    const moments = Array.from({ length: 30 }, (_, i) => NOW - i * 2 * DAY - i * HOUR);
    const aged = (fromHours: number, toHours: number) =>
      moments.flatMap((m) =>
        big.query(
          { start: formatDateTime(m - toHours * HOUR), end: formatDateTime(m - fromHours * HOUR) },
          m,
        ),
      );
    expect(unanswered(aged(0, 1))).toBeGreaterThan(0.85);
    expect(unanswered(aged(6, 24))).toBeLessThan(0.85);
    const all = recent(big, NOW);
    const share = (from: number, to: number) =>
      unanswered(all.filter((n) => ageDays(n) >= from && ageDays(n) < to));
    const bins = [share(0, 2), share(2, 7), share(7, 14), share(14, 120)];
    expect(bins[0]).toBeGreaterThan(0.3);
    for (let i = 1; i < bins.length; i++) expect(bins[i]).toBeLessThan(bins[i - 1]!);
    // Past two weeks only the never-answered ones wait: about 1 in 100.
    expect(bins[3]).toBeGreaterThan(0.004);
    expect(bins[3]).toBeLessThan(0.025);
  });

  it('shares items between notes, a few hundred per seller at most', () => {
    for (const seller of SELLER_IDS) {
      const mine = notes.filter((n) => n.SellerID === seller);
      const items = new Set(mine.map((n) => n.ItemNo));
      expect(items.size).toBeLessThan(mine.length);
      expect(items.size).toBeLessThanOrEqual(300);
    }
  });

  it('an order belongs to one buyer, who may write about it more than once', () => {
    const byOrder = new Map<string, SendNote[]>();
    for (const n of notes) {
      // Thursday's note about the long order number is the one exception, there for the codec.
      if (n.OrderNo === undefined || n.OrderNo === BIG_ORDER_NO) continue;
      byOrder.set(n.OrderNo, [...(byOrder.get(n.OrderNo) ?? []), n]);
    }
    const orders = [...byOrder.values()];
    expect(orders.every((list) => new Set(list.map((n) => n.BuyerID)).size === 1)).toBe(true);
    expect(orders.filter((list) => list.length > 1).length).toBeGreaterThan(5);
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

  it('arrives as a shop sees it: quiet at night, busier on Mondays than on Saturdays', () => {
    const hourOf = (n: SendNote) => Number(n.InsDate!.slice(11, 13));
    const night = notes.filter((n) => hourOf(n) >= 2 && hourOf(n) < 6).length;
    const morning = notes.filter((n) => hourOf(n) >= 10 && hourOf(n) < 14).length;
    expect(night * 3).toBeLessThan(morning);
    const weekday = (n: SendNote) => new Date(at(n) + 9 * HOUR).getUTCDay();
    expect(notes.filter((n) => weekday(n) === 1).length).toBeGreaterThan(
      notes.filter((n) => weekday(n) === 6).length,
    );
  });
});

describe('a moving clock', () => {
  it('brings new notes with larger SeqNos and only ever answers the earlier ones', () => {
    const tl = createSandboxData({ seed: 42, notes: 5000 }).notes;
    let before = recent(tl, NOW, 30);
    let answered = 0;
    for (let step = 1; step <= 12; step++) {
      const now = NOW + step * 6 * HOUR;
      const after = tl.query({ start: formatDateTime(NOW - 30 * DAY) }, now);
      const bySeq = new Map(after.map((n) => [n.SeqNo!, n]));
      for (const n of before) {
        const same = bySeq.get(n.SeqNo!)!;
        expect(withoutStatus(same)).toEqual(withoutStatus(n));
        if (n.ReplyStatus === 'ReplyComplete') expect(same.ReplyStatus).toBe('ReplyComplete');
        else if (same.ReplyStatus === 'ReplyComplete') answered++;
      }
      const arrived = after.slice(before.length);
      expect(after.slice(0, before.length).map((n) => n.SeqNo)).toEqual(before.map((n) => n.SeqNo));
      expect(arrived.length).toBeGreaterThan(0);
      expect(arrived.every((n) => n.SeqNo! > before.at(-1)!.SeqNo! && at(n) <= now)).toBe(true);
      before = after;
    }
    expect(answered).toBeGreaterThan(20);
  });
});

describe('reply', () => {
  const fresh = () => createSandboxData({ seed: 42, notes: 5000 }).notes;
  const waiting = (tl: NoteTimeline, nowMs: number) =>
    tl.query({ start: formatDateTime(nowMs - 10 * DAY), replyStatus: 'NoReply' }, nowMs);

  it('answers an arrived note for every later query, with every filter and page', () => {
    const tl = fresh();
    const target = waiting(tl, NOW)[5]!;
    const range = { start: formatDateTime(NOW - 10 * DAY), end: formatDateTime(NOW) };
    const position = tl.query(range, NOW).findIndex((n) => n.SeqNo === target.SeqNo);
    expect(tl.reply(target.SeqNo!, NOW)).toEqual({ answeredAt: NOW });
    const status = (list: SendNote[]) => list.find((n) => n.SeqNo === target.SeqNo)?.ReplyStatus;
    for (const now of [NOW, NOW + 3 * HOUR]) {
      expect(status(tl.query(range, now))).toBe('ReplyComplete');
      expect(status(tl.query({ ...range, replyStatus: 'ReplyComplete' }, now))).toBe('ReplyComplete');
      expect(status(tl.query({ ...range, replyStatus: 'NoReply' }, now))).toBeUndefined();
      expect(status(tl.query({ ...range, sellerId: target.SellerID! }, now))).toBe('ReplyComplete');
      expect(tl.query(range, now, { offset: position, size: 1 })[0]).toMatchObject({
        SeqNo: target.SeqNo,
        ReplyStatus: 'ReplyComplete',
      });
    }
    // Idempotent: the moment it was answered stays.
    expect(tl.reply(target.SeqNo!, NOW + HOUR)).toEqual({ answeredAt: NOW });
  });

  it('keeps its answers when the cache sheds their days', () => {
    const tl = createSandboxData({
      seed: 42,
      notes: 5000,
      notesCache: { maxNotes: 100, maxRecords: 50 },
    }).notes;
    const targets = waiting(tl, NOW).slice(0, 3);
    for (const n of targets) expect(tl.reply(n.SeqNo!, NOW)).toBeDefined();
    recent(tl, NOW - 50 * DAY, 60); // other days push them out
    expect(tl.cacheStats().notes).toBeLessThanOrEqual(200);
    const after = tl.query({ start: formatDateTime(NOW - 10 * DAY) }, NOW);
    for (const n of targets)
      expect(after.find((x) => x.SeqNo === n.SeqNo)?.ReplyStatus).toBe('ReplyComplete');
  });

  it('a note its seller had already answered keeps that moment', () => {
    const tl = fresh();
    const done = recent(tl, NOW, 3).find((n) => n.ReplyStatus === 'ReplyComplete')!;
    const answered = tl.reply(done.SeqNo!, NOW);
    expect(answered!.answeredAt).toBeLessThanOrEqual(NOW);
    expect(answered!.answeredAt).toBeGreaterThanOrEqual(at(done));
  });

  it('knows no note that has not arrived, lies in a gap between days, or comes before the opening', () => {
    const tl = fresh();
    const today = koreanDayOf(NOW);
    const comingToday = tl.query(
      { start: formatDateTime(koreanDayStart(today)), end: formatDateTime(koreanDayStart(today + 1) - 1) },
      koreanDayStart(today + 1),
    );
    const notYet = comingToday.find((n) => at(n) > NOW)!;
    expect(notYet).toBeDefined();
    expect(tl.reply(notYet.SeqNo!, NOW)).toBeUndefined();
    expect(tl.reply(notYet.SeqNo!, at(notYet))).toEqual({ answeredAt: at(notYet) });
    const lastOfDay = notes.filter((n) => koreanDayOf(at(n)) === today - 1).at(-1)!;
    expect(tl.reply(lastOfDay.SeqNo! + 1, NOW)).toBeUndefined();
    expect(tl.reply(FIRST_SEQ_NO - 1, NOW)).toBeUndefined();
    expect(tl.reply(0, NOW)).toBeUndefined();
    expect(tl.reply(-5, NOW)).toBeUndefined();
    expect(tl.reply(2 ** 31 - 1, NOW)).toBeUndefined();
    expect(tl.reply(1.5, NOW)).toBeUndefined();
  });
});

describe('queries', () => {
  const instants = notes.map(at);
  // Starts inside the window `notes` holds, ends anywhere after.
  const moment = fc
    .integer({ min: (NOW - NOTE_HISTORY_DAYS * DAY) / 1000, max: NOW / 1000 + 86_400 })
    .map((s) => formatDateTime(s * 1000));
  const pick = <T>(values: T[], weight = 1) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight, arbitrary: fc.constantFrom(...values) },
    );
  const filters = fc.record({
    start: moment,
    end: fc.option(moment, { nil: undefined }),
    replyStatus: pick(['All', 'NoReply', 'ReplyComplete'] as const, 3),
    sellerId: pick([...SELLER_IDS, 'nobody'], 3),
    // Item and order numbers narrow to a few notes: mostly left out, so most queries match something.
    itemNo: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      fc.constantFrom('0', ...notes.slice(0, 40).map((n) => n.ItemNo!)),
    ),
    orderNo: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      fc.constantFrom(BIG_ORDER_NO, '9007199254740992', ...notes.slice(0, 20).map((n) => n.OrderNo ?? '1')),
    ),
  });
  /** The filter applied note by note to every note of the window: what the indexes must agree with. */
  const scan = (f: NoteFilter) =>
    notes.filter(
      (n, i) =>
        instants[i]! >= instantOf(f.start!) &&
        (f.end === undefined || instants[i]! <= instantOf(f.end)) &&
        (f.replyStatus === undefined || f.replyStatus === 'All' || n.ReplyStatus === f.replyStatus) &&
        (f.sellerId === undefined || n.SellerID === f.sellerId) &&
        (f.itemNo === undefined || n.ItemNo === f.itemNo) &&
        (f.orderNo === undefined || n.OrderNo === f.orderNo),
    );

  it('answers any combination of filters as a plain scan of the notes would', () => {
    let matched = 0;
    fc.assert(
      fc.property(filters, (f) => {
        const expected = scan(f);
        expect(timeline.query(f, NOW)).toEqual(expected);
        if (expected.length > 0) matched++;
      }),
      { numRuns: 300 },
    );
    expect(matched).toBeGreaterThan(30);
  });

  it('a page is that slice of the whole answer, found the same with a tiny cache', () => {
    const small = createSandboxData({
      seed: 42,
      notes: 5000,
      notesCache: { maxNotes: 300, maxRecords: 100 },
    }).notes;
    fc.assert(
      fc.property(
        filters,
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 500 }),
        (f, offset, size) => {
          const expected = scan(f).slice(offset, offset + size);
          expect(timeline.query(f, NOW, { offset, size })).toEqual(expected);
          expect(small.query(f, NOW, { offset, size })).toEqual(expected);
          expect(small.cacheStats().notes).toBeLessThanOrEqual(300 + 150);
          expect(small.cacheStats().records).toBeLessThanOrEqual(100 + 500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('compares dates as instants, whatever the offset; a date it cannot read matches nothing', () => {
    const target = notes[1234]!;
    const when = target.InsDate!;
    const inKorea = timeline.query({ start: when, end: when }, NOW);
    expect(inKorea).toContainEqual(target);
    const utc = new Date(at(target)).toISOString().replace('.000Z', 'Z');
    expect(timeline.query({ start: utc, end: utc }, NOW)).toEqual(inKorea);
    expect(timeline.query({ start: when.slice(0, 19), end: when.slice(0, 19) }, NOW)).toEqual(inKorea);
    expect(timeline.query({ start: 'not a date' }, NOW)).toEqual([]);
    expect(timeline.query({ start: when, end: 'yesterday' }, NOW)).toEqual([]);
  });

  it('gives the same record object for a note while it is cached, so its bytes are written once', () => {
    const range = { start: formatDateTime(NOW - DAY), end: formatDateTime(NOW) };
    const a = timeline.query(range, NOW);
    const b = timeline.query(range, NOW);
    expect(a.length).toBeGreaterThan(0);
    a.forEach((n, i) => expect(b[i]).toBe(n));
  });
});

describe('scale', () => {
  it('a million notes over 120 days: a page deep in the range draws only the day it is on', () => {
    const tl = createSandboxData({ seed: 1, notes: MAX_NOTE_COUNT }).notes;
    const today = koreanDayOf(NOW);
    let total = 0;
    for (let day = today - NOTE_HISTORY_DAYS; day < today; day++) total += tl.countOn(day);
    expect(Math.abs(total - MAX_NOTE_COUNT) / MAX_NOTE_COUNT).toBeLessThan(0.05);
    const range = {
      start: formatDateTime(koreanDayStart(today - NOTE_HISTORY_DAYS)),
      end: formatDateTime(NOW),
    };
    const page = tl.query(range, NOW, { offset: 500_000, size: 500 });
    expect(page).toHaveLength(500);
    expect(tl.cacheStats().days).toBeLessThanOrEqual(2);
    // The SeqNo of the 500,001st note is the first day's first SeqNo plus the reserved numbers of the days before.
    let before = 500_000;
    let day = today - NOTE_HISTORY_DAYS;
    while (before >= tl.countOn(day)) before -= tl.countOn(day++);
    expect(page[0]!.SeqNo).toBe(FIRST_SEQ_NO + (day - OPENING_DAY) * SEQ_NOS_PER_DAY + before);
  });

  it('years of history through a bounded cache', () => {
    const tl = createSandboxData({
      seed: 1,
      notes: 20_000,
      notesCache: { maxNotes: 30_000, maxRecords: 2000 },
    }).notes;
    const waiting = tl.query({ start: '2021-01-01', replyStatus: 'NoReply', sellerId: 'seoul_mart' }, NOW);
    expect(waiting.length).toBeGreaterThan(100);
    expect(waiting.every((n) => n.SellerID === 'seoul_mart' && n.ReplyStatus === 'NoReply')).toBe(true);
    expect(tl.cacheStats().notes).toBeLessThanOrEqual(30_000 + 300);
    expect(tl.cacheStats().records).toBeLessThanOrEqual(2000 + 300);
  });
});
