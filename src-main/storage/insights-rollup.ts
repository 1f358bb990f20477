// The insights rollup (mirror version 6): the per-period figures read small pre-aggregated tables instead of the
// period's notes, so a query over 90 days of a 1,000,000-note mirror reads thousands of rows, not 750,000.
//
// Triggers on `notes` keep them, in the same transaction as whatever wrote the note (a sync's slice, a status
// check, an observation, a withdrawal, a team batch): no write path can forget them. A note counts while it is
// held (withdrawn_at IS NULL); an update takes its old row's part out and puts its new row's in.
//
// - insights_hours (hour, seller, type): notes; of the answered ones, known and unknown reply times, within 24 and
//   48 hours in wall-clock and in business hours, and the sums of both reply times (for the mean).
// - insights_items (day, seller, item): notes and refund + exchange notes.
// - insights_hist (kind, day, seller, bucket): how many known reply times (kind 0: wall-clock, 1: business hours,
//   2: the observation window) fall in each bucket (replyBucket), and insights_values (kind, value, day, seller)
//   how many notes have each time: a quantile finds its bucket from the counts, then reads that bucket's times
//   alone, equal times once per day and seller (windows are mostly the auto-refresh interval: all alike).
//
// The waiting notes' figures (past 24 and 48 hours at `now`, marked handled) depend on the clock and the marks, so
// they are not rolled up: they are read from the waiting notes' index (few rows).
//
// Business hours depend on the holiday table (src-shared/business-hours.ts), which grows each year: the rollup
// records which table it was computed with (meta insights_calendar) and is rebuilt on open when it differs.
import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { KOREAN_PUBLIC_HOLIDAYS, businessMsBetween } from '../../src-shared/business-hours';

const OFFSET_MS = 9 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Reply times kept per kind. */
export const REPLY_KINDS = { wall: 0, business: 1, window: 2 } as const;

/**
 * The bucket of a reply time: values under 16 ms each their own, then 8 buckets per doubling (the value's top
 * four bits), so a bucket spans at most 1/8 of its values and a quantile reads a small slice of the times.
 */
export function replyBucket(v: number): number {
  if (v < 0) return -1;
  if (v < 16) return v;
  let e = Math.floor(Math.log2(v));
  // log2 may round across a power of two: settle e so that 2^e <= v < 2^(e+1).
  while (2 ** e > v) e--;
  while (2 ** (e + 1) <= v) e++;
  const shift = 2 ** (e - 3);
  const j = Math.floor(v / shift) - 8;
  return e * 8 + j;
}

/** The values of a bucket: [lo, hi). */
export function bucketRange(b: number): [number, number] {
  if (b < 0) return [Number.MIN_SAFE_INTEGER, 0];
  if (b < 16) return [b, b + 1];
  const e = Math.floor(b / 8);
  const j = b % 8;
  const shift = 2 ** (e - 3);
  return [(8 + j) * shift, (9 + j) * shift];
}

/** The SQL functions the triggers call: every connection that writes notes registers them. */
export function registerInsightsFunctions(db: DatabaseSync): void {
  db.function('desk_business_ms', { deterministic: true }, (a, b) => businessMsBetween(Number(a), Number(b)));
  db.function('desk_reply_bucket', { deterministic: true }, (v) => replyBucket(Number(v)));
}

// ---- a note's part, as SQL over the row alias `r` (NEW, OLD, or the notes table when rebuilding) ----

const known = (r: string) =>
  `(${r}.reply_status <> 'NoReply' AND ${r}.answer_seen_at IS NOT NULL AND ${r}.answer_after IS NOT NULL)`;
const wall = (r: string) => `(${r}.answer_seen_at - ${r}.at)`;
const business = (r: string) => `desk_business_ms(${r}.at, ${r}.answer_seen_at)`;
const windowMs = (r: string) => `(${r}.answer_seen_at - ${r}.answer_after)`;
const dayNo = (r: string) => `((${r}.at + ${OFFSET_MS}) / ${DAY_MS})`;

/** The insights_hours columns after its key, each a note's part (summed). */
function hourParts(r: string): [string, string][] {
  const k = known(r);
  return [
    ['notes', '1'],
    ['known', k],
    ['unknown', `(${r}.reply_status <> 'NoReply' AND NOT ${k})`],
    ['w24', `(${k} AND ${wall(r)} <= ${DAY_MS})`],
    ['w48', `(${k} AND ${wall(r)} <= ${2 * DAY_MS})`],
    ['bw24', `(${k} AND ${business(r)} <= ${DAY_MS})`],
    ['bw48', `(${k} AND ${business(r)} <= ${2 * DAY_MS})`],
    ['reply_ms', `(CASE WHEN ${k} THEN ${wall(r)} ELSE 0 END)`],
    ['breply_ms', `(CASE WHEN ${k} THEN ${business(r)} ELSE 0 END)`],
  ];
}
const HOUR_COLUMNS = hourParts('x').map(([c]) => c);

const addUp = (cols: readonly string[]) => cols.map((c) => `${c} = ${c} + excluded.${c}`).join(', ');

/** The known reply times of a row as (kind, value) rows, to select from. */
const replyTimes = (r: string) =>
  `SELECT ${REPLY_KINDS.wall} AS kind, ${wall(r)} AS v
   UNION ALL SELECT ${REPLY_KINDS.business}, ${business(r)}
   UNION ALL SELECT ${REPLY_KINDS.window}, ${windowMs(r)}`;

/** A trigger's statements adding (sign 1) or taking out (sign -1) the part of row `r`, if `held` holds. */
function partStatements(r: string, sign: 1 | -1, held: string): string {
  const parts = hourParts(r);
  const reSql = `(${r}.query_type IN ('Refund', 'Exchange'))`;
  return `
    INSERT INTO insights_hours (hour_no, seller_id, query_type, ${HOUR_COLUMNS.join(', ')})
      SELECT (${r}.at + ${OFFSET_MS}) / ${HOUR_MS}, ${r}.seller_id, ${r}.query_type,
        ${parts.map(([, sql]) => `${sign} * ${sql}`).join(', ')}
      WHERE ${held}
      ON CONFLICT DO UPDATE SET ${addUp(HOUR_COLUMNS)};
    INSERT INTO insights_items (day_no, seller_id, item_no, notes, refund_exchange)
      SELECT ${dayNo(r)}, ${r}.seller_id, ${r}.item_no, ${sign}, ${sign} * ${reSql}
      WHERE ${held}
      ON CONFLICT DO UPDATE SET ${addUp(['notes', 'refund_exchange'])};
    INSERT INTO insights_hist (kind, day_no, seller_id, bucket, n)
      SELECT kind, ${dayNo(r)}, ${r}.seller_id, desk_reply_bucket(v), ${sign} FROM (${replyTimes(r)})
      WHERE ${held} AND ${known(r)}
      ON CONFLICT DO UPDATE SET n = n + excluded.n;
    INSERT INTO insights_values (kind, value, day_no, seller_id, n)
      SELECT kind, v, ${dayNo(r)}, ${r}.seller_id, ${sign} FROM (${replyTimes(r)})
      WHERE ${held} AND ${known(r)}
      ON CONFLICT DO UPDATE SET n = n + excluded.n;`;
}

/** The columns whose change moves a note's part. */
const MOVING = ['at', 'seller_id', 'query_type', 'item_no', 'reply_status', 'answer_seen_at', 'answer_after'];

/** The tables, their triggers and their first filling: mirror version 6 (frozen once released). */
export function createInsightsRollup(db: DatabaseSync): void {
  registerInsightsFunctions(db);
  db.exec(`
    CREATE TABLE insights_hours (
      hour_no INTEGER NOT NULL, seller_id TEXT NOT NULL, query_type TEXT NOT NULL,
      ${HOUR_COLUMNS.map((c) => `${c} INTEGER NOT NULL`).join(', ')},
      PRIMARY KEY (hour_no, seller_id, query_type)) WITHOUT ROWID;
    CREATE TABLE insights_items (
      day_no INTEGER NOT NULL, seller_id TEXT NOT NULL, item_no TEXT NOT NULL,
      notes INTEGER NOT NULL, refund_exchange INTEGER NOT NULL,
      PRIMARY KEY (day_no, seller_id, item_no)) WITHOUT ROWID;
    CREATE TABLE insights_hist (
      kind INTEGER NOT NULL, day_no INTEGER NOT NULL, seller_id TEXT NOT NULL, bucket INTEGER NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (kind, day_no, seller_id, bucket)) WITHOUT ROWID;
    CREATE TABLE insights_values (
      kind INTEGER NOT NULL, value INTEGER NOT NULL, day_no INTEGER NOT NULL, seller_id TEXT NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (kind, value, day_no, seller_id)) WITHOUT ROWID;
    CREATE TRIGGER insights_on_insert AFTER INSERT ON notes BEGIN
      ${partStatements('NEW', 1, 'NEW.withdrawn_at IS NULL')}
    END;
    CREATE TRIGGER insights_on_delete AFTER DELETE ON notes BEGIN
      ${partStatements('OLD', -1, 'OLD.withdrawn_at IS NULL')}
    END;
    CREATE TRIGGER insights_on_update AFTER UPDATE ON notes
      WHEN (OLD.withdrawn_at IS NULL) <> (NEW.withdrawn_at IS NULL)
        OR ${MOVING.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')}
    BEGIN
      ${partStatements('OLD', -1, 'OLD.withdrawn_at IS NULL')}
      ${partStatements('NEW', 1, 'NEW.withdrawn_at IS NULL')}
    END;
    -- The rollup replaces the covering index the row-by-row queries read.
    DROP INDEX IF EXISTS notes_insights;
    -- An item's newest note (the name a top item is shown with) read from the index's end, not sorted out of all
    -- the item's notes: a best-selling item has tens of thousands of them.
    DROP INDEX notes_by_item;
    CREATE INDEX notes_by_item ON notes (item_no, at);
  `);
  fillRollup(db);
}

/** Fills the (empty) rollup from the held notes. */
function fillRollup(db: DatabaseSync): void {
  const parts = hourParts('n');
  db.exec(`
    INSERT INTO insights_hours (hour_no, seller_id, query_type, ${HOUR_COLUMNS.join(', ')})
      SELECT (n.at + ${OFFSET_MS}) / ${HOUR_MS} AS h, n.seller_id, n.query_type,
        ${parts.map(([, sql]) => `sum(${sql})`).join(', ')}
      FROM notes AS n WHERE n.withdrawn_at IS NULL GROUP BY h, n.seller_id, n.query_type;
    INSERT INTO insights_items (day_no, seller_id, item_no, notes, refund_exchange)
      SELECT ${dayNo('n')} AS d, n.seller_id, n.item_no, count(*), sum(n.query_type IN ('Refund', 'Exchange'))
      FROM notes AS n WHERE n.withdrawn_at IS NULL GROUP BY d, n.seller_id, n.item_no;
    INSERT INTO insights_values (kind, value, day_no, seller_id, n)
      SELECT t.kind,
        CASE t.kind WHEN ${REPLY_KINDS.wall} THEN ${wall('n')} WHEN ${REPLY_KINDS.business} THEN ${business('n')}
          ELSE ${windowMs('n')} END AS v,
        ${dayNo('n')} AS d, n.seller_id, count(*)
      FROM notes AS n,
        (SELECT ${REPLY_KINDS.wall} AS kind UNION ALL SELECT ${REPLY_KINDS.business} UNION ALL SELECT ${REPLY_KINDS.window}) AS t
      WHERE n.withdrawn_at IS NULL AND ${known('n')}
      GROUP BY t.kind, v, d, n.seller_id;
    INSERT INTO insights_hist (kind, day_no, seller_id, bucket, n)
      SELECT kind, day_no, seller_id, desk_reply_bucket(value) AS b, sum(n) FROM insights_values
      GROUP BY kind, day_no, seller_id, b;
  `);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('insights_calendar', ?)").run(CALENDAR);
}

/** Which holiday table the business hours were counted with. */
const CALENDAR = createHash('sha256')
  .update(JSON.stringify(KOREAN_PUBLIC_HOLIDAYS))
  .digest('hex')
  .slice(0, 16);

/**
 * After the migrations, on every open for writing: registers the functions and, when the rollup was counted with
 * another holiday table, counts it again (in one transaction). Returns whether it did.
 */
export function ensureRollupCalendar(db: DatabaseSync): boolean {
  const has = db
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'insights_hours'")
    .get();
  if (!has) return false;
  registerInsightsFunctions(db);
  const row = db.prepare("SELECT value FROM meta WHERE key = 'insights_calendar'").get() as
    { value: string } | undefined;
  if (row?.value === CALENDAR) return false;
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(
      'DELETE FROM insights_hours; DELETE FROM insights_items; DELETE FROM insights_hist; DELETE FROM insights_values;',
    );
    fillRollup(db);
    db.exec('COMMIT');
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
  return true;
}
