// `desk stats`: the insights page's figures from the app's notes mirror, offline, for a weekly report a seller
// scripts: reply speed, the weekly trend, notes per day by type, the top items, arrivals by weekday and hour.
import type { InsightsReport, InsightsReportRequest } from '../../contract';
import { INSIGHTS_MAX_DAYS } from '../../contract';
import { objectsToCsv } from '../../services/csv';
import { addDays, isMarketDay, marketDayOf, periodDays } from '../../../src-shared/market-day';
import { isSellerId } from '../../../src-shared/seller-id';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import { UsageError } from '../cli-error';
import { renderTable } from '../text-table';

export interface StatsOptions {
  from?: string;
  to?: string;
  seller?: string;
  'business-days'?: boolean;
}

/** The default period: the last 30 days, ending today in Korea. */
const STATS_DEFAULT_DAYS = 30;

function day(flag: 'from' | 'to', raw: string): string {
  const text = raw.trim();
  if (!isMarketDay(text)) {
    throw new UsageError(`--${flag} for desk stats must be a real date like 2026-11-20; got "${raw}".`);
  }
  return text;
}

export function statsRequest(opts: StatsOptions, nowMs: number): InsightsReportRequest {
  const to = opts.to === undefined ? marketDayOf(nowMs) : day('to', opts.to);
  const from = opts.from === undefined ? addDays(to, -(STATS_DEFAULT_DAYS - 1)) : day('from', opts.from);
  if (to < from) throw new UsageError(`--to (${to}) is before --from (${from}).`);
  if ((periodDays(from, to) ?? Infinity) > INSIGHTS_MAX_DAYS) {
    throw new UsageError(`desk stats takes at most ${INSIGHTS_MAX_DAYS} days; got ${from} to ${to}.`);
  }
  const seller = opts.seller?.trim();
  if (seller !== undefined && !isSellerId(seller)) {
    throw new UsageError(`--seller must be one seller ID (no spaces or < > " ' &); got "${opts.seller}".`);
  }
  return {
    from,
    to,
    ...(seller ? { sellerId: seller } : {}),
    ...(opts['business-days'] ? { businessDays: true } : {}),
  };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

type Row = {
  figure: string;
  key: string;
  measure: string;
  value: number | string;
};

/** Every figure as long rows (figure, key, measure, value): one CSV a spreadsheet pivots. */
function statsRows(r: InsightsReport): Row[] {
  const rows: Row[] = [];
  for (const [measure, value] of Object.entries(r.speed))
    rows.push({ figure: 'speed', key: '', measure, value });
  for (const w of r.weeks) {
    const { weekStart, ...m } = w;
    for (const [measure, value] of Object.entries(m))
      rows.push({ figure: 'week', key: weekStart, measure, value });
  }
  for (const d of r.days) {
    for (const t of INQUIRY_TYPES) rows.push({ figure: 'day', key: d.day, measure: t, value: d.counts[t] });
  }
  for (const [figure, items] of [
    ['top-notes', r.topByNotes],
    ['top-refund-exchange', r.topByRefundExchange],
  ] as const) {
    for (const it of items) {
      rows.push({ figure, key: it.itemNo, measure: 'notes', value: it.notes });
      rows.push({ figure, key: it.itemNo, measure: 'refundExchange', value: it.refundExchange });
      rows.push({ figure, key: it.itemNo, measure: 'itemName', value: it.itemName ?? '' });
    }
  }
  r.arrivals.forEach((hours, wd) =>
    hours.forEach((value, h) =>
      rows.push({
        figure: 'arrivals',
        key: `${WEEKDAYS[wd]} ${String(h).padStart(2, '0')}`,
        measure: 'notes',
        value,
      }),
    ),
  );
  return rows;
}

const n = (x: number) => x.toLocaleString('en-US');
const pct = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);
const hours = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 3_600_000).toFixed(1)} h`);

function speedTable(r: InsightsReport): string {
  const s = r.speed;
  const due24 = s.known + s.waitingPast24h;
  const due48 = s.known + s.waitingPast48h;
  const lines = [
    ['Notes', n(s.total)],
    [
      'Answered within 24 h',
      `${n(s.within24h)} (${pct(s.within24h, due24)}, target ${pct(r.targets.within24h, 1)})`,
    ],
    [
      'Answered within 48 h',
      `${n(s.within48h)} (${pct(s.within48h, due48)}, target ${pct(r.targets.within48h, 1)})`,
    ],
    ['Answered late', n(s.answeredLate)],
    ['Answered, time unknown', n(s.answeredUnknown)],
    ['Waiting, within 24 h', n(s.waitingWithin24h)],
    ['Waiting, past 24 h', n(s.waitingPast24h)],
    ['Marked handled, not answered', n(s.handledNoReply)],
    ['Reply time median / p90 / mean', `${hours(s.medianMs)} / ${hours(s.p90Ms)} / ${hours(s.meanMs)}`],
    ['Observation window (median)', hours(s.medianWindowMs)],
  ].map(([measure, value]) => ({ measure, value }));
  return renderTable(lines, [
    { key: 'measure', title: 'Reply speed' },
    { key: 'value', title: '' },
  ]);
}

function tables(r: InsightsReport): string {
  const period = `${r.from} to ${r.to}${r.sellerId ? `, seller ${r.sellerId}` : ''}${r.businessDays ? ', business hours' : ''}`;
  const types = Object.fromEntries(INQUIRY_TYPES.map((t) => [t, 0])) as Record<string, number>;
  for (const d of r.days) for (const t of INQUIRY_TYPES) types[t]! += d.counts[t];
  const parts = [
    `Insights, ${period}\n`,
    speedTable(r),
    renderTable(
      r.weeks.map((w) => ({ ...w, rate24: pct(w.within24h, w.known + w.waitingPast24h) })),
      [
        { key: 'weekStart', title: 'Week of' },
        { key: 'notes', title: 'Notes', align: 'right' },
        { key: 'within24h', title: '≤24 h', align: 'right' },
        { key: 'within48h', title: '≤48 h', align: 'right' },
        { key: 'known', title: 'Known', align: 'right' },
        { key: 'rate24', title: '24 h rate', align: 'right' },
      ],
    ),
    renderTable(
      INQUIRY_TYPES.map((t) => ({ type: t, notes: n(types[t]!) })),
      [
        { key: 'type', title: 'Inquiry type' },
        { key: 'notes', title: 'Notes', align: 'right' },
      ],
    ),
    renderTable(
      r.topByNotes.map((it) => ({ ...it, share: pct(it.refundExchange, it.notes) })),
      [
        { key: 'itemNo', title: 'Top items' },
        { key: 'itemName', title: 'Name', max: 30 },
        { key: 'notes', title: 'Notes', align: 'right' },
        { key: 'share', title: 'Refund+exchange', align: 'right' },
      ],
    ),
  ];
  return parts.join('\n');
}

export function formatStats(report: InsightsReport, format: string): string {
  if (format === 'json') {
    const { mirror: _mirror, ...rest } = report;
    return `${JSON.stringify(rest, null, 2)}\n`;
  }
  if (format === 'csv') return objectsToCsv(statsRows(report), ['figure', 'key', 'measure', 'value']);
  return tables(report);
}
