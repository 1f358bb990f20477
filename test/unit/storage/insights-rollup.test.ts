// The insights rollup (mirror version 6) against the row-by-row counts it replaced: a generated mirror goes
// through what a living one sees (first syncs with answers already given, answers observed over several syncs,
// re-syncs that change a note's type or item, withdrawals and notes listed again, answers reopened, marks, a row
// deleted), and every figure, for several periods, sellers, clocks and both ways of counting hours, equals the
// count made from the notes themselves (test/support/row-insights.ts: the queries the store ran before).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import type { InsightsQuery } from '../../../src-main/storage/insights-store';
import type { MirrorStore } from '../../../src-main/storage/mirror-store';
import { bucketRange, replyBucket } from '../../../src-main/storage/insights-rollup';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import { DAY_MS, addDays, dayEndMs, dayStartMs } from '../../../src-shared/market-day';
import { openMirror } from '../../support/mirror';
import { RowInsights } from '../../support/row-insights';

const HOUR = 3_600_000;
const SELLERS = ['s1', 's2', 's3'];
const LAST = '2026-11-20'; // a Friday
const DAYS = Array.from({ length: 30 }, (_, i) => addDays(LAST, i - 29));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A small seeded generator (mulberry32), so the mirror is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(rnd: () => number): InboxNote[] {
  const notes: InboxNote[] = [];
  let seq = 1000;
  for (const day of DAYS) {
    for (const sellerId of SELLERS) {
      const count = Math.floor(rnd() * 25);
      for (let i = 0; i < count; i++) {
        const at = dayStartMs(day) + Math.floor(rnd() * DAY_MS);
        const item = Math.floor(12 * rnd() * rnd());
        notes.push({
          seqNo: ++seq,
          buyerId: `b${seq % 17}`,
          sellerId,
          itemNo: `${sellerId}-item${item}`,
          itemName: `Item ${item}`,
          insDate: new Date(at + 9 * HOUR).toISOString().slice(0, 19),
          title: 'Q',
          content: 'C',
          replyStatus: rnd() < 0.3 ? 'ReplyComplete' : 'NoReply',
          queryType: INQUIRY_TYPES[Math.floor(rnd() * INQUIRY_TYPES.length)]!,
          at,
        } as InboxNote);
      }
    }
  }
  return notes;
}

/** Writes whole seller-days, as a full sync of those days would. */
function writeDays(store: MirrorStore, notes: readonly InboxNote[], days: readonly string[], nowMs: number) {
  for (const day of days) {
    for (const sellerId of SELLERS) {
      const slice = notes.filter(
        (n) => n.sellerId === sellerId && dayStartMs(day) <= n.at && n.at <= dayEndMs(day),
      );
      store.writeSlice({ sellerId, day, notes: slice, complete: true }, nowMs);
    }
  }
}

/** A mirror lived through: returns it and the instant of its last sync. */
function livedMirror(store: MirrorStore): number {
  const rnd = random(37);
  let notes = generate(rnd);
  const t0 = dayEndMs(LAST) + HOUR;
  writeDays(store, notes, DAYS, t0);
  // Answers observed over three syncs (within hours, after a day, after days), each after a complete check.
  let t = t0;
  for (const later of [5 * HOUR, 30 * HOUR, 80 * HOUR]) {
    store.recordChecked(SELLERS, t);
    t += later;
    const answered = notes.filter((n) => n.replyStatus === 'NoReply' && rnd() < 0.4);
    const next = answered.map((n) => ({ ...n, replyStatus: 'ReplyComplete' as const }));
    store.writeNotes(next, t);
    const bySeq = new Map(next.map((n) => [n.seqNo, n]));
    notes = notes.map((n) => bySeq.get(n.seqNo) ?? n);
  }
  // A re-sync of ten days: some notes withdrawn, some changed (type, item), some answers reopened.
  t += 2 * HOUR;
  const resynced = DAYS.slice(10, 20);
  const withdrawn = new Set<number>();
  notes = notes.map((n) => {
    const r = rnd();
    if (r < 0.05) return { ...n, queryType: 'Refund' as const };
    if (r < 0.1) return { ...n, itemNo: `${n.sellerId}-item0` };
    if (r < 0.15 && n.replyStatus !== 'NoReply') return { ...n, replyStatus: 'NoReply' as const };
    return n;
  });
  for (const n of notes) if (rnd() < 0.08) withdrawn.add(n.seqNo);
  writeDays(
    store,
    notes.filter((n) => !withdrawn.has(n.seqNo)),
    resynced,
    t,
  );
  // Half of those days fetched again a day later: their withdrawn notes are listed again.
  t += DAY_MS;
  writeDays(store, notes, resynced.slice(0, 5), t);
  // Marks on waiting notes, one of them cleared again; a row deleted outright.
  const waiting = notes.filter((n) => n.replyStatus === 'NoReply');
  for (const n of waiting.filter((_, i) => i % 6 === 0)) store.setMark(n.seqNo, { handled: true }, t);
  store.setMark(waiting[0]!.seqNo, { handled: false }, t);
  store.db.prepare('DELETE FROM notes WHERE seq_no = ?').run(notes[3]!.seqNo);
  return t;
}

function queries(nowMs: number): InsightsQuery[] {
  const out: InsightsQuery[] = [];
  const periods: [string, string][] = [
    [DAYS[0]!, LAST],
    [addDays(LAST, -6), LAST],
    [DAYS[8]!, DAYS[21]!],
    [LAST, LAST],
  ];
  for (const [from, to] of periods) {
    for (const sellerId of [undefined, 's2']) {
      for (const businessDays of [false, true]) {
        for (const now of [nowMs, nowMs + 40 * HOUR]) {
          out.push({
            startMs: dayStartMs(from),
            endMs: dayEndMs(to),
            nowMs: now,
            businessDays,
            ...(sellerId ? { sellerId } : {}),
          });
        }
      }
    }
  }
  return out;
}

function expectSameFigures(store: MirrorStore, nowMs: number): void {
  const rows = new RowInsights(store.db);
  for (const q of queries(nowMs)) {
    const label = JSON.stringify(q);
    expect(store.insights.replySpeed(q), label).toEqual(rows.replySpeed(q));
    expect(store.insights.weeks(q), label).toEqual(rows.weeks(q));
    expect(store.insights.days(q), label).toEqual(rows.days(q));
    expect(store.insights.topItems(q, 'notes'), label).toEqual(rows.topItems(q, 'notes'));
    expect(store.insights.topItems(q, 'refundExchange'), label).toEqual(rows.topItems(q, 'refundExchange'));
    expect(store.insights.arrivals(q), label).toEqual(rows.arrivals(q));
  }
}

describe('the insights rollup', () => {
  it('gives the row-by-row figures after syncs, answers, re-syncs, withdrawals, reopened answers and marks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollup-'));
    dirs.push(dir);
    const m = openMirror(dir);
    try {
      const now = livedMirror(m.store);
      // The mirror exercises every part of the figures.
      const all = queries(now)[0]!;
      const speed = new RowInsights(m.store.db).replySpeed(all);
      expect(speed.known).toBeGreaterThan(100);
      expect(speed.answeredUnknown).toBeGreaterThan(100);
      expect(speed.handledNoReply).toBeGreaterThan(5);
      expect(speed.waitingPast24h).toBeGreaterThan(5);
      expect(speed.within24h).toBeGreaterThan(0);
      expect(speed.answeredLate).toBeGreaterThan(0);
      const withdrawn = m.store.db
        .prepare('SELECT count(*) AS n FROM notes WHERE withdrawn_at IS NOT NULL')
        .get();
      expect(Number((withdrawn as { n: number }).n)).toBeGreaterThan(5);
      expectSameFigures(m.store, now);
    } finally {
      m.close();
    }
  });

  it('is counted again on open when it was counted with another holiday table', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollup-'));
    dirs.push(dir);
    const first = openMirror(dir);
    const now = livedMirror(first.store);
    // A rollup counted with an older holiday table: its business hours differ (here: none left at all).
    first.store.db.exec(
      "DELETE FROM insights_hours; UPDATE meta SET value = 'older' WHERE key = 'insights_calendar'",
    );
    first.close();
    const again = openMirror(dir);
    try {
      expectSameFigures(again.store, now);
    } finally {
      again.close();
    }
  });

  it('puts every reply time in the bucket whose range holds it, buckets in the order of their times', () => {
    const rnd = random(5);
    const values = [0, 1, 15, 16, 17, 31, 32, 1023, 1024, 2 ** 31 - 1, 2 ** 31, 2 ** 40 + 7];
    for (let i = 0; i < 2000; i++) values.push(Math.floor(rnd() * 10 * DAY_MS));
    for (const v of values) {
      const [lo, hi] = bucketRange(replyBucket(v));
      expect(lo <= v && v < hi, String(v)).toBe(true);
      expect(replyBucket(lo)).toBe(replyBucket(v));
      expect(replyBucket(hi - 1)).toBe(replyBucket(v));
      expect(replyBucket(hi)).toBeGreaterThan(replyBucket(v));
    }
  });
});
