// The mirror database: incremental writes, withdrawn notes, the period payload, the store's own questions, marks.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { toInboxNote } from '../../../src-main/storage/inbox-note';
import { MIRROR_VERSION, migrate } from '../../../src-main/storage/mirror-schema';
import { MirrorStore } from '../../../src-main/storage/mirror-store';
import { openDatabase } from '../../../src-main/storage/sqlite-file';
import { addDays, dayEndMs, dayStartMs, marketDayOf } from '../../../src-shared/market-day';
import { decodePeriod } from '../../../src-shared/note-period';
import { packPeriod, periodArrays, unpackPeriod } from '../../../src-shared/period-pack';

const NOW = new Date('2026-11-20T21:00:00+09:00');
const TODAY = marketDayOf(NOW.getTime());
const backend = createBackend({ seed: 42, now: NOW, notes: 6000 });
const ALL = recentNotes(backend).map((n) => toInboxNote(n)!);

const opened: MirrorStore[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

function openStore(file = join(mkdtempSync(join(tmpdir(), 'mirror-')), 'm.sqlite')): MirrorStore {
  const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
  migrate(db, { nowMs: NOW.getTime() });
  const store = new MirrorStore(db, file);
  opened.push(store);
  return store;
}

function dayOf(sellerId: string, day: string): InboxNote[] {
  return ALL.filter((n) => n.sellerId === sellerId && marketDayOf(n.at) === day);
}

const SELLER = backend.sellerIds[0]!;

describe('writing a day', () => {
  it('writes each new note once and nothing when the same day comes again', () => {
    const store = openStore();
    const notes = dayOf(SELLER, TODAY);
    expect(notes.length).toBeGreaterThan(10);
    const first = store.writeSlice({ sellerId: SELLER, day: TODAY, notes, complete: true }, 1);
    expect(first.written).toBe(notes.length);
    expect(first.added).toEqual(notes.map((n) => n.seqNo));
    expect(first.addedWaiting.map((w) => w.seqNo)).toEqual(
      notes.filter((n) => n.replyStatus === 'NoReply').map((n) => n.seqNo),
    );
    const revision = store.revision();
    const again = store.writeSlice({ sellerId: SELLER, day: TODAY, notes, complete: true }, 2);
    expect(again).toEqual({ written: 0, added: [], addedWaiting: [], withdrawn: 0 });
    expect(store.revision()).toBe(revision);
    expect(store.coveredDays(SELLER)).toEqual(new Set([TODAY]));
  });

  it('writes only the note that changed, and a full day that lacks a note flags it withdrawn', () => {
    const store = openStore();
    const notes = dayOf(SELLER, TODAY);
    store.writeSlice({ sellerId: SELLER, day: TODAY, notes, complete: true }, 1);
    const waiting = notes.find((n) => n.replyStatus === 'NoReply')!;
    const answered = notes.map((n) =>
      n.seqNo === waiting.seqNo ? { ...n, replyStatus: 'ReplyComplete' as const } : n,
    );
    const gone = answered[0]!.seqNo === waiting.seqNo ? answered[1]! : answered[0]!;
    const out = store.writeSlice(
      { sellerId: SELLER, day: TODAY, notes: answered.filter((n) => n !== gone), complete: true },
      5,
    );
    expect(out.written).toBe(1);
    expect(out.withdrawn).toBe(1);
    expect(store.waitingNotes(SELLER, 0, Infinity).map((w) => w.seqNo)).not.toContain(waiting.seqNo);

    // Withdrawn: out of the period, the counts and the waiting set, but found by a lookup with its mark.
    store.setMark(gone.seqNo, { handled: true, memo: '환불 완료' }, 6);
    const period = store.period(TODAY, TODAY);
    if (period.unchanged) throw new Error('expected notes');
    expect(period.count).toBe(notes.length - 1);
    expect(decodePeriod(period).some((n) => n.seqNo === gone.seqNo)).toBe(false);
    expect(store.count({ start: TODAY, end: TODAY }).total).toBe(notes.length - 1);
    const found = store.lookup({ seqNo: gone.seqNo });
    expect(found).toMatchObject({ total: 1, withdrawn: 1 });
    expect(found.notes[0]).toMatchObject({ withdrawnAt: 5, mark: { handled: true, memo: '환불 완료' } });

    // Listed again: no longer withdrawn.
    store.writeSlice({ sellerId: SELLER, day: TODAY, notes: answered, complete: true }, 7);
    expect(store.lookup({ seqNo: gone.seqNo }).withdrawn).toBe(0);
  });

  it('does not flag anything withdrawn from a partial day (a failed slice keeps what it got)', () => {
    const store = openStore();
    const notes = dayOf(SELLER, TODAY);
    store.writeSlice({ sellerId: SELLER, day: TODAY, notes, complete: true }, 1);
    const out = store.writeSlice(
      { sellerId: SELLER, day: TODAY, notes: notes.slice(0, 2), complete: false },
      2,
    );
    expect(out.withdrawn).toBe(0);
    expect(store.noteCount()).toBe(notes.length);
  });
});

describe('the period payload', () => {
  it('puts each value the mirror derives on its note, in order (a derived column’s data)', () => {
    const store = openStore();
    store.writeNotes(ALL);
    const period = store.period(addDays(TODAY, -1), TODAY);
    if (period.unchanged) throw new Error('expected notes');
    const columns = periodArrays(unpackPeriod(period.packed));
    expect(columns.derived).toEqual({});
    const values = columns.at.map((_, i) => i * 2);
    const packed = packPeriod({ ...columns, derived: { trial: values } as typeof columns.derived });
    const notes = decodePeriod({ ...period, packed });
    expect(notes.map((n) => (n as Record<string, unknown>)['trial'])).toEqual(values);
  });

  it('carries exactly the period’s notes, oldest first, every field intact, marks included', () => {
    const store = openStore();
    store.writeNotes(ALL);
    const start = addDays(TODAY, -6);
    const want = ALL.filter((n) => n.at >= dayStartMs(start) && n.at <= dayEndMs(TODAY)).sort(
      (a, b) => a.at - b.at || a.seqNo - b.seqNo,
    );
    const marked = want[3]!.seqNo;
    store.setMark(marked, { memo: '전화\n드림' }, 10);
    const period = store.period(start, TODAY);
    if (period.unchanged) throw new Error('expected notes');
    expect(decodePeriod(period)).toEqual(want);
    expect(Object.keys(period.marks)).toEqual([String(marked)]);
    // Sellers, buyers and items travel once each; the payload is smaller than the notes as JSON objects.
    const seller = periodArrays(unpackPeriod(period.packed)).columns['sellerId']!;
    expect(seller.kind === 'dict' && seller.dict.length).toBe(3);
    expect(period.packed.byteLength).toBeLessThan(Buffer.byteLength(JSON.stringify(want)) * 0.8);
    // The same revision asked again: no notes sent.
    expect(store.period(start, TODAY, { mirror: period.mirror, revision: period.revision })).toEqual({
      unchanged: true,
      mirror: period.mirror,
      revision: period.revision,
      start,
      end: TODAY,
    });
    // Another mirror's revision with the same number is not this one's.
    expect(store.period(start, TODAY, { mirror: 'other', revision: period.revision }).unchanged).toBe(false);
  });
});

describe('questions the store answers about the whole mirror', () => {
  it('finds by order number, item, buyer, SeqNo and text outside a period, and counts a wider period', () => {
    const store = openStore();
    store.writeNotes(ALL);
    const weekStart = addDays(TODAY, -6);
    const older = ALL.filter((n) => n.at < dayStartMs(weekStart) && n.orderNo !== undefined);
    const target = older[Math.floor(older.length / 2)]!;
    const outside = { start: weekStart, end: TODAY };
    const byOrder = store.lookup({ orderNo: target.orderNo!, outside });
    expect(byOrder.notes.map((f) => f.note.seqNo)).toContain(target.seqNo);
    expect(
      byOrder.notes.every((f) => f.note.orderNo === target.orderNo && f.note.at < dayStartMs(weekStart)),
    ).toBe(true);
    expect(store.lookup({ seqNo: target.seqNo }).notes[0]!.note).toEqual(target);

    const itemNotes = ALL.filter((n) => n.itemNo === target.itemNo);
    const byItem = store.lookup({ itemNo: target.itemNo, limit: 5 });
    expect(byItem.total).toBe(itemNotes.length);
    expect(byItem.notes.map((f) => f.note.seqNo)).toEqual(
      [...itemNotes]
        .sort((a, b) => b.at - a.at || b.seqNo - a.seqNo)
        .slice(0, 5)
        .map((n) => n.seqNo),
    );

    const word = '환불';
    const text = (n: InboxNote) => [n.title, n.content, n.buyerId, n.itemName].some((s) => s.includes(word));
    expect(store.lookup({ text: word }).total).toBe(ALL.filter(text).length);
    // LIKE's wildcards are the buyer's characters, not patterns.
    expect(store.lookup({ text: '%' }).total).toBe(ALL.filter((n) => n.content.includes('%')).length);

    const from = addDays(TODAY, -89);
    const inRange = ALL.filter((n) => n.at >= dayStartMs(from) && n.at <= dayEndMs(TODAY));
    expect(store.count({ start: from, end: TODAY })).toEqual({
      total: inRange.length,
      noReply: inRange.filter((n) => n.replyStatus === 'NoReply').length,
    });
    expect(store.count({ start: from, end: TODAY, orderNo: target.orderNo! }).total).toBe(
      inRange.filter((n) => n.orderNo === target.orderNo).length,
    );

    // A handled note no longer waits; an answered one that is also marked handled was never counted as waiting.
    const waiting = inRange.filter((n) => n.replyStatus === 'NoReply');
    const answered = inRange.find((n) => n.replyStatus === 'ReplyComplete')!;
    store.setMark(waiting[0]!.seqNo, { handled: true }, 1);
    store.setMark(waiting[1]!.seqNo, { memo: 'call back' }, 1);
    store.setMark(answered.seqNo, { handled: true }, 1);
    expect(store.count({ start: from, end: TODAY })).toEqual({
      total: inRange.length,
      noReply: waiting.length - 1,
    });
    store.setMark(waiting[0]!.seqNo, { handled: false }, 2);
    expect(store.count({ start: from, end: TODAY }).noReply).toBe(waiting.length);
  });
});

describe('what waits outside the period on screen', () => {
  it('counts waiting notes before and after the period, the late ones and the oldest; handled and withdrawn ones do not wait', () => {
    const store = openStore();
    store.writeNotes(ALL);
    const start = addDays(TODAY, -40);
    const end = addDays(TODAY, -20);
    const lateBeforeMs = NOW.getTime() - 48 * 3_600_000;
    const outside = (n: InboxNote) => n.at < dayStartMs(start) || n.at > dayEndMs(end);
    const waiting = ALL.filter((n) => n.replyStatus === 'NoReply' && outside(n));
    const before = waiting.filter((n) => n.at < dayStartMs(start));
    const after = waiting.filter((n) => n.at > dayEndMs(end));
    // The sandbox's data has waiting notes on both sides, some within the SLA (the last two days).
    expect(before.length).toBeGreaterThan(0);
    expect(after.filter((n) => n.at >= lateBeforeMs).length).toBeGreaterThan(0);
    const oldest = Math.min(...waiting.map((n) => n.at));
    expect(store.waitingOutside({ start, end, lateBeforeMs })).toEqual({
      waiting: waiting.length,
      late: waiting.filter((n) => n.at < lateBeforeMs).length,
      oldestAt: oldest,
    });

    // The oldest handled here: it no longer waits, and the next oldest is the oldest.
    const first = waiting.find((n) => n.at === oldest)!;
    store.setMark(first.seqNo, { handled: true }, 1);
    const rest = waiting.filter((n) => n !== first);
    expect(store.waitingOutside({ start, end, lateBeforeMs })).toMatchObject({
      waiting: rest.length,
      oldestAt: Math.min(...rest.map((n) => n.at)),
    });

    // A waiting note of today answered on the marketplace, another no longer listed: neither waits.
    const today = dayOf(SELLER, TODAY);
    const [answered, gone] = today.filter((n) => n.replyStatus === 'NoReply');
    expect(answered && gone).toBeTruthy();
    store.writeSlice(
      {
        sellerId: SELLER,
        day: TODAY,
        notes: today
          .filter((n) => n !== gone)
          .map((n) => (n === answered ? { ...n, replyStatus: 'ReplyComplete' as const } : n)),
        complete: true,
      },
      2,
    );
    expect(store.waitingOutside({ start, end, lateBeforeMs }).waiting).toBe(rest.length - 2);

    // Inside the period nothing is counted; a mirror with nothing waiting outside says so.
    expect(store.waitingOutside({ start: addDays(TODAY, -400), end: TODAY, lateBeforeMs })).toEqual({
      waiting: 0,
      late: 0,
    });
  });

  it("in a team's copy, sets aside a note needing no reply, and a snoozed one until its end, as the inbox's queue does", () => {
    const store = openStore();
    store.writeNotes(ALL);
    const lateBeforeMs = NOW.getTime() - 48 * 3_600_000;
    const now = NOW.getTime();
    const waiting = ALL.filter((n) => n.replyStatus === 'NoReply');
    const [snoozed, noReply, taken] = waiting;
    expect(snoozed && noReply && taken).toBeTruthy();
    const all = store.waiting(lateBeforeMs, now);
    expect(all.waiting).toBe(waiting.length);
    // The team's states as the pull brings them into a copy.
    store.applyTeamBatch({
      position: 1,
      notes: [],
      coverage: [],
      marks: [],
      states: [
        { seqNo: snoozed!.seqNo, snoozedUntil: now + 3_600_000, assignee: 'anna' },
        { seqNo: noReply!.seqNo, noReplyReason: 'answered by phone', assignee: 'anna' },
        { seqNo: taken!.seqNo, assignee: 'anna' },
      ],
    });
    expect(store.waiting(lateBeforeMs, now).waiting).toBe(waiting.length - 2);
    // A member's own count: the same rule, over the notes they have.
    expect(store.waitingAssigned('anna', lateBeforeMs, now).waiting).toBe(1);
    expect(store.waitingAssigned('ben', lateBeforeMs, now).waiting).toBe(0);
    // The snooze's end passed: the note waits again; the one needing no reply does not.
    expect(store.waiting(lateBeforeMs, now + 3_600_000).waiting).toBe(waiting.length - 1);
    expect(store.waitingAssigned('anna', lateBeforeMs, now + 3_600_000).waiting).toBe(2);
    // Outside a period the same rule holds.
    const start = addDays(TODAY, -400);
    const end = addDays(TODAY, -399);
    expect(store.waitingOutside({ start, end, lateBeforeMs, nowMs: now }).waiting).toBe(waiting.length - 2);
  });
});

describe('marks', () => {
  it('keeps a mark on disk once set, and removes one left neither handled nor with a memo', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mirror-')), 'm.sqlite');
    const store = openStore(file);
    store.setMark(100_005, { handled: true }, 1);
    store.setMark(100_006, { memo: 'a' }, 2);
    store.setMark(100_006, { memo: '' }, 3);
    store.close();
    const again = openStore(file);
    expect([...again.marks()]).toEqual([[100_005, { handled: true, memo: '', updatedAt: 1 }]]);
  });

  it('imports marks by SeqNo, keeping a mark set here more recently, and remembers the decision', () => {
    const store = openStore();
    store.setMark(1, { handled: true, memo: 'here' }, 50);
    const taken = store.importMarks(
      'mirror:x',
      new Map([
        [1, { handled: false, memo: 'old', updatedAt: 10 }],
        [2, { handled: true, memo: '', updatedAt: 10 }],
      ]),
      60,
    );
    expect(taken).toBe(1);
    expect(store.mark(1)).toMatchObject({ memo: 'here' });
    expect(store.mark(2)).toMatchObject({ handled: true });
    expect(store.decidedSources()).toEqual(new Set(['mirror:x']));
  });
});
