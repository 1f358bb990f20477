// The insights queries over a large mirror (target ≤ 200 ms each), side by side with the inbox's own period query
// over the same 90 days; the rollup's cost on a sync's writes; and the page's first paint (bench/insights-paint.ts).
// `npm run bench -- insights` runs them all on 1,000,000 notes (BENCH_INSIGHTS_NOTES); the queries alone on a
// mirror of their own:  node --import tsx bench/insights.ts [notes]   (default 20,000).
//
// A mirror synced once at a fixed clock has seen every answer at its first sync ("time unknown": no answer_after), so the known
// reply times the median and p90 sort would be missing: before timing, the answered notes of the mirror get an
// observation as a living mirror would have them (seen answered 5 minutes to 5 days after receipt, the window
// starting 5 minutes earlier; one in ten left unknown). The bench's data, not the app's.
import type { InsightsQuery } from '../src-main/storage/insights-store';
import { insightsReport, insightsTargets } from '../src-main/services/insights';
import type { MirrorStore } from '../src-main/storage/mirror-store';
import { addDays, dayEndMs, dayStartMs } from '../src-shared/market-day';
import { TEST_NOW } from '../test/support/host-deps';
import { syncedMirror } from './insights-mirror';
import { insightsFirstPaint } from './insights-paint';
import type { InsightsPaint } from './insights-paint';
import { RowInsights } from '../test/support/row-insights';
import { sideBySide, median } from './stats';

export interface InsightsQueryTiming {
  query: string;
  /** Median ms of the timed rounds. */
  ms: number;
}

export interface InsightsBench {
  notes: number;
  periodDays: number;
  /** Notes in the period. */
  periodNotes: number;
  /** Giving the answered notes their observations (one UPDATE; the rollup's triggers move each note's part). */
  observeMs: number;
  /** Rows of each rollup table (what the queries read grows with these, not with the notes), and the largest
   * reply-time bucket (what a quantile reads of insights_values), and the waiting notes held. */
  rollup: Record<string, number>;
  /** The sync that filled the mirror, when the bench synced it itself (the rollup's triggers included). */
  syncMs?: number;
  timings: InsightsQueryTiming[];
}

/** Gives the answered notes without an observation one as a living mirror would (see the header). */
export function observeAnswers(store: MirrorStore): void {
  store.db.exec(`
    UPDATE notes SET
      answer_seen_at = at + 300000 + (seq_no * 7919 % 432000) * 1000,
      answer_after = at + (seq_no * 7919 % 432000) * 1000
    WHERE reply_status <> 'NoReply' AND answer_after IS NULL AND seq_no % 10 <> 0;
  `);
}

/** Each insights query over the `periodDays` ending `end`, beside the inbox's period query, medians of `rounds`. */
export async function benchInsightsQueries(
  store: MirrorStore,
  end: string,
  periodDays = 90,
  rounds = 5,
): Promise<InsightsBench> {
  const o = performance.now();
  observeAnswers(store);
  const observeMs = performance.now() - o;
  const start = addDays(end, -(periodDays - 1));
  const q: InsightsQuery = {
    startMs: dayStartMs(start),
    endMs: dayEndMs(end),
    nowMs: TEST_NOW.getTime(),
    businessDays: false,
  };
  const i = store.insights;
  const rows = new RowInsights(store.db);
  const times = await sideBySide(
    {
      'inbox period (notes.period)': () => store.period(start, end),
      'reply speed': () => i.replySpeed(q),
      'reply speed, business hours': () => i.replySpeed({ ...q, businessDays: true }),
      'weekly trend': () => i.weeks(q),
      'notes per day by type': () => i.days(q),
      'top items by notes': () => i.topItems(q, 'notes'),
      'top items by refund + exchange': () => i.topItems(q, 'refundExchange'),
      'arrivals by weekday × hour': () => i.arrivals(q),
      // What the read worker does for the page's insights.report (here in this thread): every figure in turn.
      'the whole report (every figure of insights.report in turn)': () =>
        insightsReport(
          store,
          { from: start, to: end },
          { nowMs: q.nowMs, targets: insightsTargets(undefined), mirror: store.file },
        ),
      // The same figures counted row by row over the period's notes, as before the rollup (mirror version 4).
      'the whole report, row by row (before the rollup)': () => ({
        speed: rows.replySpeed(q),
        weeks: rows.weeks(q),
        days: rows.days(q),
        top: rows.topItems(q, 'notes'),
        re: rows.topItems(q, 'refundExchange'),
        arrivals: rows.arrivals(q),
      }),
    },
    rounds,
    1,
  );
  const periodNotes = i.replySpeed(q).total;
  const rowsOf = (sql: string) => Number((store.db.prepare(sql).get() as { n: number }).n);
  const rollup = Object.fromEntries(
    ['insights_hours', 'insights_items', 'insights_hist', 'insights_values'].map((t) => [
      t,
      rowsOf(`SELECT count(*) AS n FROM ${t}`),
    ]),
  );
  rollup['largest bucket'] = rowsOf(
    'SELECT max(n) AS n FROM (SELECT sum(n) AS n FROM insights_hist GROUP BY kind, bucket)',
  );
  rollup['waiting notes'] = rowsOf(
    "SELECT count(*) AS n FROM notes WHERE reply_status = 'NoReply' AND withdrawn_at IS NULL",
  );
  return {
    notes: store.noteCount(),
    periodDays,
    periodNotes,
    observeMs,
    rollup,
    timings: Object.entries(times).map(([query, ms]) => ({ query, ms: median(ms) })),
  };
}

/** The rollup's cost on a full sync's writes: the same sandbox synced into a mirror with its triggers and without. */
export interface RollupWriteCost {
  notes: number;
  /** Wall time of the sync (the in-process sandbox answering included), and of it the store's writes. */
  on: { syncMs: number; writeMs: number };
  off: { syncMs: number; writeMs: number };
}

export interface InsightsSection {
  queries: InsightsBench;
  writes: RollupWriteCost;
  paint: InsightsPaint;
}

const progress = (what: string) => process.stderr.write(`  insights: ${what}\n`);

/** How many rows the rollup holds (none where its triggers were dropped before the sync). */
function rollupRows(store: MirrorStore): number {
  return Number((store.db.prepare('SELECT count(*) AS n FROM insights_hours').get() as { n: number }).n);
}

/**
 * `npm run bench -- insights`: a sandbox of `notes` synced into a mirror without the rollup's triggers, then into
 * one with them (after a small warm-up sync), the queries over 90 days of the latter, then the page's first paint
 * over it.
 */
export async function benchInsights(notes: number): Promise<InsightsSection> {
  await (await syncedMirror(Math.min(notes, 2_000), { progress })).remove();
  const off = await syncedMirror(notes, { rollup: false, progress });
  const offCost = { syncMs: off.syncMs, writeMs: off.writeMs };
  const leaked = rollupRows(off.store);
  await off.remove();
  if (leaked > 0) throw new Error(`The mirror without the rollup's triggers holds ${leaked} rollup rows.`);
  const on = await syncedMirror(notes, { progress });
  try {
    const writes = {
      notes: on.store.noteCount(),
      on: { syncMs: on.syncMs, writeMs: on.writeMs },
      off: offCost,
    };
    progress('queries');
    const queries = await benchInsightsQueries(on.store, on.end);
    await on.close();
    const paint = await insightsFirstPaint(on.dataDir, notes);
    return { queries: { ...queries, syncMs: on.syncMs }, writes, paint };
  } finally {
    await on.remove();
  }
}

/** Alone: a mirror of `notes` synced from an in-process sandbox, then the queries. */
async function alone(notes: number): Promise<InsightsBench> {
  const m = await syncedMirror(notes, { progress });
  try {
    return { ...(await benchInsightsQueries(m.store, m.end)), syncMs: m.syncMs };
  } finally {
    await m.remove();
  }
}

if (process.argv[1]?.endsWith('bench/insights.ts')) {
  const notes = Number(process.argv[2] ?? 20_000);
  const r = await alone(notes);
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
