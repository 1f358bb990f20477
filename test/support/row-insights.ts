// The insights figures counted row by row over the period's notes: the queries the store ran before the rollup
// (mirror version 4), kept as the reference the rollup's figures are tested equal to.
import type { DatabaseSync } from 'node:sqlite';
import type {
  InsightsDay,
  InsightsItem,
  InsightsQueryType,
  InsightsReplySpeed,
  InsightsWeek,
} from '../../src-main/contract/insights';
import { INSIGHTS_MIN_ITEM_NOTES, INSIGHTS_TOP_ITEMS } from '../../src-main/contract/insights';
import type { InsightsQuery, InsightsStore } from '../../src-main/storage/insights-store';
import { INQUIRY_TYPES } from '../../src-shared/note-fields';
import { businessMsBetween, businessStart } from '../../src-shared/business-hours';
import { DAY_MS, KOREA_OFFSET_MINUTES, marketDayNumber } from '../../src-shared/market-day';

const OFFSET_MS = KOREA_OFFSET_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
/** The Korean day number of a note (marketDayNumber in SQL). */
const DAY_NO = `((at + ${OFFSET_MS}) / ${DAY_MS})`;

/** SQL for the time from `a` to `b`: wall-clock or business milliseconds. */
function span(q: InsightsQuery, a: string, b: string): string {
  return q.businessDays ? `desk_business_ms(${a}, ${b})` : `(${b} - ${a})`;
}

/**
 * The per-note flags every reply figure sums, computed once per note (the subquery is not flattened: LIMIT -1),
 * so the marks are looked up once. Parameters: the instants before which a waiting note is past 24 and 48 hours.
 */
function flagged(q: InsightsQuery, where: string): string {
  const known = `(reply_status <> 'NoReply' AND answer_seen_at IS NOT NULL AND answer_after IS NOT NULL)`;
  return `SELECT at, known, unknown, waiting, reply_status = 'NoReply' AND NOT waiting AS handled,
      waiting AND at < ? AS past24, waiting AND at < ? AS past48,
      CASE WHEN known THEN ${span(q, 'at', 'answer_seen_at')} END AS reply,
      CASE WHEN known THEN answer_seen_at - answer_after END AS win
    FROM (SELECT at, reply_status, answer_seen_at, answer_after, ${known} AS known,
        reply_status <> 'NoReply' AND NOT ${known} AS unknown,
        reply_status = 'NoReply' AND seq_no NOT IN (SELECT seq_no FROM marks WHERE handled = 1)
          AND seq_no NOT IN (SELECT seq_no FROM team_states WHERE no_reply_reason IS NOT NULL) AS waiting
      ${where} LIMIT -1)`;
}

/** The instants before which a note waiting at `nowMs` is past 24 and 48 (business) hours. */
function lateBefore(q: InsightsQuery): [number, number] {
  return q.businessDays
    ? [businessStart(q.nowMs, DAY_MS), businessStart(q.nowMs, 2 * DAY_MS)]
    : [q.nowMs - DAY_MS, q.nowMs - 2 * DAY_MS];
}

/** FROM and WHERE of the period's held notes; its parameters follow. */
function period(q: InsightsQuery): { sql: string; params: (string | number)[] } {
  const seller = q.sellerId === undefined ? '' : ' AND seller_id = ?';
  return {
    sql: `FROM notes WHERE at BETWEEN ? AND ? AND withdrawn_at IS NULL${seller}`,
    params: [q.startMs, q.endMs, ...(q.sellerId === undefined ? [] : [q.sellerId])],
  };
}

const num = (v: unknown) => Number(v ?? 0);
const opt = (v: unknown) => (v === null || v === undefined ? undefined : Number(v));

export class RowInsights implements InsightsStore {
  constructor(private readonly db: DatabaseSync) {
    db.function('desk_business_ms', { deterministic: true }, (a, b) =>
      businessMsBetween(Number(a), Number(b)),
    );
  }

  replySpeed(q: InsightsQuery): InsightsReplySpeed {
    const p = period(q);
    const rows = flagged(q, p.sql);
    const params = [...lateBefore(q), ...p.params];
    const c = this.db
      .prepare(
        `SELECT count(*) AS total, sum(known) AS known, sum(unknown) AS unknown, sum(handled) AS handled,
           sum(known AND reply <= ${DAY_MS}) AS w24, sum(known AND reply <= ${2 * DAY_MS}) AS w48,
           sum(waiting AND NOT past24) AS wait_in, sum(past24) AS past24, sum(past48) AS past48,
           avg(reply) AS mean
         FROM (${rows})`,
      )
      .get(...params) as Record<string, unknown>;
    // Nearest-rank quantiles: the value at rank ceil(p × n) of the known reply times (and of their windows).
    const k = this.db
      .prepare(
        `SELECT max(CASE WHEN ir = (n + 1) / 2 THEN reply END) AS median,
           max(CASE WHEN ir = (n * 9 + 9) / 10 THEN reply END) AS p90,
           max(CASE WHEN iw = (n + 1) / 2 THEN win END) AS win
         FROM (SELECT reply, win, count(*) OVER () AS n,
                 row_number() OVER (ORDER BY reply) AS ir, row_number() OVER (ORDER BY win) AS iw
               FROM (${rows}) WHERE known)`,
      )
      .get(...params) as Record<string, unknown>;
    const out: InsightsReplySpeed = {
      total: num(c['total']),
      within24h: num(c['w24']),
      within48h: num(c['w48']),
      answeredLate: num(c['known']) - num(c['w24']),
      waitingWithin24h: num(c['wait_in']),
      waitingPast24h: num(c['past24']),
      waitingPast48h: num(c['past48']),
      answeredUnknown: num(c['unknown']),
      known: num(c['known']),
      handledNoReply: num(c['handled']),
    };
    const add = (key: 'medianMs' | 'p90Ms' | 'meanMs' | 'medianWindowMs', v: unknown) => {
      const n = opt(v);
      if (n !== undefined) out[key] = Math.round(n);
    };
    add('medianMs', k['median']);
    add('p90Ms', k['p90']);
    add('meanMs', c['mean']);
    add('medianWindowMs', k['win']);
    return out;
  }

  weeks(q: InsightsQuery): InsightsWeek[] {
    const p = period(q);
    const rows = this.db
      .prepare(
        `SELECT wk, count(*) AS notes, sum(known AND reply <= ${DAY_MS}) AS w24,
           sum(known AND reply <= ${2 * DAY_MS}) AS w48, sum(known) AS known, sum(past24) AS past24,
           sum(past48) AS past48
         FROM (SELECT (${DAY_NO} + 3) / 7 AS wk, * FROM (${flagged(q, p.sql)})) GROUP BY wk ORDER BY wk`,
      )
      .all(...lateBefore(q), ...p.params) as Record<string, unknown>[];
    return rows.map((r) => ({
      weekStart: dayName(num(r['wk']) * 7 - 3),
      notes: num(r['notes']),
      within24h: num(r['w24']),
      within48h: num(r['w48']),
      known: num(r['known']),
      waitingPast24h: num(r['past24']),
      waitingPast48h: num(r['past48']),
    }));
  }

  days(q: InsightsQuery): InsightsDay[] {
    const p = period(q);
    const rows = this.db
      .prepare(`SELECT ${DAY_NO} AS d, query_type AS t, count(*) AS n ${p.sql} GROUP BY d, t`)
      .all(...p.params) as { d: number; t: string; n: number }[];
    const first = marketDayNumber(q.startMs);
    const last = marketDayNumber(q.endMs);
    const out: InsightsDay[] = [];
    for (let d = first; d <= last; d++) {
      const counts = Object.fromEntries(INQUIRY_TYPES.map((t) => [t, 0])) as Record<
        InsightsQueryType,
        number
      >;
      out.push({ day: dayName(d), counts });
    }
    for (const r of rows) {
      const day = out[Number(r.d) - first];
      // 'All' is a value the spec allows though no note carries it: counted nowhere rather than guessed.
      if (day && r.t in day.counts) day.counts[r.t as InsightsQueryType] += Number(r.n);
    }
    return out;
  }

  topItems(q: InsightsQuery, by: 'notes' | 'refundExchange'): InsightsItem[] {
    const p = period(q);
    const order =
      by === 'notes'
        ? 'ORDER BY n DESC, item_no'
        : `HAVING n >= ${INSIGHTS_MIN_ITEM_NOTES} AND re > 0 ORDER BY CAST(re AS REAL) / n DESC, re DESC, item_no`;
    const rows = this.db
      .prepare(
        `SELECT item_no, count(*) AS n, sum(query_type IN ('Refund', 'Exchange')) AS re ${p.sql}
         GROUP BY item_no ${order} LIMIT ${INSIGHTS_TOP_ITEMS}`,
      )
      .all(...p.params) as { item_no: string; n: number; re: number }[];
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
    const p = period(q);
    const rows = this.db
      .prepare(
        `SELECT (${DAY_NO} + 3) % 7 AS wd, ((at + ${OFFSET_MS}) / ${HOUR_MS}) % 24 AS h, count(*) AS n
         ${p.sql} GROUP BY wd, h`,
      )
      .all(...p.params) as { wd: number; h: number; n: number }[];
    const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
    for (const r of rows) grid[Number(r.wd)]![Number(r.h)] = Number(r.n);
    return grid;
  }
}

/** 'YYYY-MM-DD' of a Korean day number. */
function dayName(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}
