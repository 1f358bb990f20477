// The insights figures as a store answers them: one aggregate query per figure over a period's notes, so what a
// caller gets is bounded by the period and a few fixed lists, never by the notes held. NotesStore carries one
// (`insights`); a second store implements the same interface over its own database.
//
// The SQLite one reads the insights rollup (mirror version 6, storage/insights-rollup.ts: per hour, day, item and
// reply-time bucket, kept by triggers as notes are written), so a figure reads thousands of rows whatever the
// mirror holds; the waiting notes' figures, which move with the clock and the marks, come from the waiting notes'
// index. The figures equal the row-by-row counts (test/unit/storage/insights-rollup.test.ts). These are plain
// functions of a connection that only reads, so they can run on any read connection to the file.
import type { DatabaseSync } from 'node:sqlite';
import type {
  InsightsDay,
  InsightsItem,
  InsightsQueryType,
  InsightsReplySpeed,
  InsightsWeek,
} from '../contract/insights';
import { INSIGHTS_MIN_ITEM_NOTES, INSIGHTS_TOP_ITEMS } from '../contract/insights';
import { INQUIRY_TYPES } from '../../src-shared/note-fields';
import { businessStart } from '../../src-shared/business-hours';
import {
  DAY_MS,
  KOREA_OFFSET_MINUTES,
  marketDayNumber,
  marketDayNumberStartMs,
} from '../../src-shared/market-day';

import { REPLY_KINDS, bucketRange, registerInsightsFunctions } from './insights-rollup';

export interface InsightsQuery {
  /**
   * The period as instants, inclusive (its first day's start, its last day's end): the mirror counts the whole
   * Korean days they fall on.
   */
  startMs: number;
  endMs: number;
  sellerId?: string;
  /** The instant waiting notes are measured against. */
  nowMs: number;
  /** Count the 24 and 48 hours in business hours. */
  businessDays: boolean;
}

export interface InsightsStore {
  replySpeed(q: InsightsQuery): InsightsReplySpeed;
  /** Oldest week first; weeks without notes left out. */
  weeks(q: InsightsQuery): InsightsWeek[];
  /** Every day of the period, oldest first. */
  days(q: InsightsQuery): InsightsDay[];
  topItems(q: InsightsQuery, by: 'notes' | 'refundExchange'): InsightsItem[];
  /** arrivals[weekday][hour], Monday first, Korean time. */
  arrivals(q: InsightsQuery): number[][];
}

const OFFSET_MS = KOREA_OFFSET_MINUTES * 60_000;
/** The Korean day number of a note (marketDayNumber in SQL). */
const DAY_NO = `((at + ${OFFSET_MS}) / ${DAY_MS})`;

/** The period's Korean days, and the seller's condition with its parameters. */
interface Span {
  first: number;
  last: number;
  seller: string;
  sellerParams: string[];
}

function spanOf(q: InsightsQuery): Span {
  const only = q.sellerId !== undefined;
  return {
    first: marketDayNumber(q.startMs),
    last: marketDayNumber(q.endMs),
    seller: only ? ' AND seller_id = ?' : '',
    sellerParams: only ? [q.sellerId!] : [],
  };
}

/** The instants before which a note waiting at `nowMs` is past 24 and 48 (business) hours. */
function lateBefore(q: InsightsQuery): [number, number] {
  return q.businessDays
    ? [businessStart(q.nowMs, DAY_MS), businessStart(q.nowMs, 2 * DAY_MS)]
    : [q.nowMs - DAY_MS, q.nowMs - 2 * DAY_MS];
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The period's waiting notes (NoReply, held) by week: handled (marked handled by the seller, or needing no reply in
 * the team's state of a team's copy), waiting, past 24 and 48 hours at `nowMs`.
 */
interface WaitingCounts {
  wk: number;
  handled: number;
  waiting: number;
  past24: number;
  past48: number;
}

export class MirrorInsights implements InsightsStore {
  constructor(private readonly db: DatabaseSync) {
    registerInsightsFunctions(db);
  }

  /** The period's rollup hours: FROM and WHERE, then its parameters. */
  private hours(s: Span): { sql: string; params: (string | number)[] } {
    return {
      sql: `FROM insights_hours WHERE hour_no BETWEEN ? AND ?${s.seller}`,
      params: [s.first * 24, s.last * 24 + 23, ...s.sellerParams],
    };
  }

  private waiting(q: InsightsQuery, s: Span): WaitingCounts[] {
    const [late24, late48] = lateBefore(q);
    const rows = this.db
      .prepare(
        `SELECT wk, sum(handled) AS handled, sum(NOT handled) AS waiting,
           sum(NOT handled AND at < ?) AS past24, sum(NOT handled AND at < ?) AS past48
         FROM (SELECT (${DAY_NO} + 3) / 7 AS wk, at,
             (seq_no IN (SELECT seq_no FROM marks WHERE handled = 1)
               OR seq_no IN (SELECT seq_no FROM team_states WHERE no_reply_reason IS NOT NULL)) AS handled
           FROM notes INDEXED BY notes_waiting
           WHERE reply_status = 'NoReply' AND withdrawn_at IS NULL AND at BETWEEN ? AND ?${s.seller})
         GROUP BY wk`,
      )
      .all(
        late24,
        late48,
        marketDayNumberStartMs(s.first),
        marketDayNumberStartMs(s.last + 1) - 1,
        ...s.sellerParams,
      ) as Record<string, unknown>[];
    return rows.map((r) => ({
      wk: num(r['wk']),
      handled: num(r['handled']),
      waiting: num(r['waiting']),
      past24: num(r['past24']),
      past48: num(r['past48']),
    }));
  }

  /** The reply time of rank `rank` (1-based) among the period's known ones of `kind`, from its bucket. */
  private nth(kind: number, rank: number, s: Span): number | undefined {
    const days = `day_no BETWEEN ? AND ?${s.seller}`;
    const buckets = this.db
      .prepare(
        `SELECT bucket, sum(n) AS n FROM insights_hist WHERE kind = ? AND ${days}
         GROUP BY bucket HAVING sum(n) > 0 ORDER BY bucket`,
      )
      .all(kind, s.first, s.last, ...s.sellerParams) as { bucket: number; n: number }[];
    let before = 0;
    for (const b of buckets) {
      const n = Number(b.n);
      if (before + n < rank) {
        before += n;
        continue;
      }
      const [lo, hi] = bucketRange(Number(b.bucket));
      const times = this.db
        .prepare(
          `SELECT value, sum(n) AS n FROM insights_values WHERE kind = ? AND value >= ? AND value < ? AND ${days}
           GROUP BY value HAVING sum(n) > 0 ORDER BY value`,
        )
        .all(kind, lo, hi, s.first, s.last, ...s.sellerParams) as { value: number; n: number }[];
      for (const t of times) {
        before += Number(t.n);
        if (before >= rank) return Number(t.value);
      }
      return undefined;
    }
    return undefined;
  }

  replySpeed(q: InsightsQuery): InsightsReplySpeed {
    const s = spanOf(q);
    const h = this.hours(s);
    const b = q.businessDays ? 'b' : '';
    const c = this.db
      .prepare(
        `SELECT sum(notes) AS total, sum(known) AS known, sum(unknown) AS unknown, sum(${b}w24) AS w24,
           sum(${b}w48) AS w48, sum(${b}reply_ms) AS reply ${h.sql}`,
      )
      .get(...h.params) as Record<string, unknown>;
    const w = this.waiting(q, s).reduce(
      (t, r) => ({
        handled: t.handled + r.handled,
        waiting: t.waiting + r.waiting,
        past24: t.past24 + r.past24,
        past48: t.past48 + r.past48,
      }),
      { handled: 0, waiting: 0, past24: 0, past48: 0 },
    );
    const known = num(c['known']);
    const out: InsightsReplySpeed = {
      total: num(c['total']),
      within24h: num(c['w24']),
      within48h: num(c['w48']),
      answeredLate: known - num(c['w24']),
      waitingWithin24h: w.waiting - w.past24,
      waitingPast24h: w.past24,
      waitingPast48h: w.past48,
      answeredUnknown: num(c['unknown']),
      known,
      handledNoReply: w.handled,
    };
    if (known === 0) return out;
    // Nearest-rank quantiles: the value at rank ceil(p × n) of the known reply times (and of their windows).
    const kind = q.businessDays ? REPLY_KINDS.business : REPLY_KINDS.wall;
    const add = (key: 'medianMs' | 'p90Ms' | 'meanMs' | 'medianWindowMs', v: number | undefined) => {
      if (v !== undefined) out[key] = Math.round(v);
    };
    add('medianMs', this.nth(kind, Math.floor((known + 1) / 2), s));
    add('p90Ms', this.nth(kind, Math.floor((known * 9 + 9) / 10), s));
    add('meanMs', num(c['reply']) / known);
    add('medianWindowMs', this.nth(REPLY_KINDS.window, Math.floor((known + 1) / 2), s));
    return out;
  }

  weeks(q: InsightsQuery): InsightsWeek[] {
    const s = spanOf(q);
    const h = this.hours(s);
    const b = q.businessDays ? 'b' : '';
    const rows = this.db
      .prepare(
        `SELECT (hour_no / 24 + 3) / 7 AS wk, sum(notes) AS notes, sum(${b}w24) AS w24, sum(${b}w48) AS w48,
           sum(known) AS known ${h.sql} GROUP BY wk HAVING sum(notes) > 0 ORDER BY wk`,
      )
      .all(...h.params) as Record<string, unknown>[];
    const waiting = new Map(this.waiting(q, s).map((w) => [w.wk, w]));
    return rows.map((r) => {
      const w = waiting.get(num(r['wk']));
      return {
        weekStart: dayName(num(r['wk']) * 7 - 3),
        notes: num(r['notes']),
        within24h: num(r['w24']),
        within48h: num(r['w48']),
        known: num(r['known']),
        waitingPast24h: w?.past24 ?? 0,
        waitingPast48h: w?.past48 ?? 0,
      };
    });
  }

  days(q: InsightsQuery): InsightsDay[] {
    const s = spanOf(q);
    const h = this.hours(s);
    const rows = this.db
      .prepare(`SELECT hour_no / 24 AS d, query_type AS t, sum(notes) AS n ${h.sql} GROUP BY d, t`)
      .all(...h.params) as { d: number; t: string; n: number }[];
    const out: InsightsDay[] = [];
    for (let d = s.first; d <= s.last; d++) {
      const counts = Object.fromEntries(INQUIRY_TYPES.map((t) => [t, 0])) as Record<
        InsightsQueryType,
        number
      >;
      out.push({ day: dayName(d), counts });
    }
    for (const r of rows) {
      const day = out[Number(r.d) - s.first];
      // 'All' is a value the spec allows though no note carries it: counted nowhere rather than guessed.
      if (day && r.t in day.counts) day.counts[r.t as InsightsQueryType] += Number(r.n);
    }
    return out;
  }

  topItems(q: InsightsQuery, by: 'notes' | 'refundExchange'): InsightsItem[] {
    const s = spanOf(q);
    const order =
      by === 'notes'
        ? 'HAVING n > 0 ORDER BY n DESC, item_no'
        : `HAVING n >= ${INSIGHTS_MIN_ITEM_NOTES} AND re > 0 ORDER BY CAST(re AS REAL) / n DESC, re DESC, item_no`;
    const rows = this.db
      .prepare(
        `SELECT item_no, sum(notes) AS n, sum(refund_exchange) AS re FROM insights_items
         WHERE day_no BETWEEN ? AND ?${s.seller}
         GROUP BY item_no ${order} LIMIT ${INSIGHTS_TOP_ITEMS}`,
      )
      .all(s.first, s.last, ...s.sellerParams) as { item_no: string; n: number; re: number }[];
    const name = this.db.prepare(
      'SELECT item_name FROM notes INDEXED BY notes_by_item WHERE item_no = ? ORDER BY at DESC LIMIT 1',
    );
    return rows.map((r) => {
      const item: InsightsItem = { itemNo: r.item_no, notes: Number(r.n), refundExchange: Number(r.re) };
      const found = name.get(r.item_no) as { item_name: string } | undefined;
      if (found?.item_name) item.itemName = found.item_name;
      return item;
    });
  }

  arrivals(q: InsightsQuery): number[][] {
    const s = spanOf(q);
    const h = this.hours(s);
    const rows = this.db
      .prepare(
        `SELECT (hour_no / 24 + 3) % 7 AS wd, hour_no % 24 AS h, sum(notes) AS n ${h.sql} GROUP BY wd, h`,
      )
      .all(...h.params) as { wd: number; h: number; n: number }[];
    const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
    for (const r of rows) grid[Number(r.wd)]![Number(r.h)] = Number(r.n);
    return grid;
  }
}

/** 'YYYY-MM-DD' of a Korean day number. */
function dayName(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}
