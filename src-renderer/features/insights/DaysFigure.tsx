// Notes per day, stacked by inquiry type. A click on a day's bar opens that day's notes in the inbox.
import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import type { InsightsReport } from '../../../src-main/contract/insights';
import { dayStartMs } from '../../../src-shared/market-day';
import { INQUIRY_TYPES, NOTE_VALUE_LABELS } from '../../../src-shared/note-fields';
import { useI18n } from '../../i18n';
import { useFormats } from '../../ui/use-formats';
import { DayChartFigure, useDayChartOptions } from './DayChartFigure';
import type { DayChartSpec } from './DayChartFigure';
import { daysTable } from './model/tables';
import type { FigureTable } from './model/tables';
import type { ExportFormat } from './use-figure-export';
import type { InboxScope } from './use-inbox-link';
import { TYPE_COLOUR_VARS } from './use-theme';

/** x, then one cumulative series per type, the last type on top (uPlot draws bars over each other). */
function stackedData(report: InsightsReport): uPlot.AlignedData {
  const x = report.days.map((d) => dayStartMs(d.day) / 1000);
  const acc = report.days.map(() => 0);
  const stacked = INQUIRY_TYPES.map((type) => report.days.map((d, i) => (acc[i]! += d.counts[type] ?? 0)));
  // Drawn tallest first: the total, then each lower stack over it.
  return [x, ...stacked.reverse()];
}

export function DaysFigure(props: {
  report: InsightsReport;
  open: (scope: Partial<InboxScope>) => void;
  onExport: (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) => void;
}) {
  const { t, lang } = useI18n();
  const f = useFormats();
  const { report } = props;
  const words = NOTE_VALUE_LABELS[lang];
  const table = daysTable(report, {
    day: t('insights.days.day'),
    total: t('insights.days.total'),
    types: words,
  });
  const data = useMemo(() => stackedData(report), [report]);
  const spec = useCallback(
    (colourOf: (name: string) => string): DayChartSpec => {
      const bars = uPlot.paths.bars!({ size: [0.8, 48], gap: 1 });
      return {
        y: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))],
        yLabel: (v) => f.number(v),
        cursor: { points: { show: false } },
        series: [...INQUIRY_TYPES].reverse().map((type) => {
          const colour = colourOf(TYPE_COLOUR_VARS[type]);
          return {
            label: words[type],
            fill: colour,
            stroke: colour,
            width: 0,
            paths: bars,
            points: { show: false },
            // The legend shows the type's own count, not the stack's height.
            value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) =>
              idx === null ? '' : f.number(report.days[idx]?.counts[type] ?? 0),
          };
        }),
      };
    },
    [report, words, f],
  );
  const options = useDayChartOptions(spec);
  const totals = table.rows.map((r) => Number(r[r.length - 1]));
  const maxAt = totals.indexOf(Math.max(0, ...totals));
  const summary = t('insights.days.summary', {
    days: f.number(report.days.length),
    total: f.number(totals.reduce((a, b) => a + b, 0)),
    max: maxAt < 0 ? '—' : `${report.days[maxAt]!.day} (${f.number(totals[maxAt]!)})`,
  });
  const openDay = (i: number) => {
    const d = report.days[i];
    if (d) props.open({ start: d.day, end: d.day });
  };
  return (
    <DayChartFigure
      name="notes-per-day"
      title={t('insights.days.title')}
      summary={summary}
      table={table}
      cell={(v) => (typeof v === 'number' ? f.number(v) : v)}
      rowAction={(r) => (
        <button type="button" className="link" onClick={() => openDay(r)}>
          {t('insights.days.open', { day: report.days[r]?.day ?? '' })}
        </button>
      )}
      options={options}
      data={data}
      onPick={openDay}
      onExport={props.onExport}
    />
  );
}
