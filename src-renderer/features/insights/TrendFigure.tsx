// The weekly trend of the 24- and 48-hour reply rates, with the profile's targets as lines.
import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import type { InsightsReport } from '../../../src-main/contract/insights';
import { addDays, dayStartMs } from '../../../src-shared/market-day';
import { useI18n } from '../../i18n';
import { DayChartFigure, useDayChartOptions } from './DayChartFigure';
import type { DayChartSpec } from './DayChartFigure';
import { formatShare } from './model/duration';
import { trendTable, weekRate24, weekRate48 } from './model/tables';
import type { FigureTable } from './model/tables';
import type { ExportFormat } from './use-figure-export';
import type { InboxScope } from './use-inbox-link';

export function TrendFigure(props: {
  report: InsightsReport;
  open: (scope: Partial<InboxScope>) => void;
  onExport: (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) => void;
}) {
  const { t, lang } = useI18n();
  const { report } = props;
  const { weeks, targets } = report;
  const table = trendTable(report, {
    week: t('insights.trend.week'),
    notes: t('insights.trend.notes'),
    rate24: t('insights.trend.rate24'),
    rate48: t('insights.trend.rate48'),
  });
  const data = useMemo<uPlot.AlignedData>(() => {
    const pct = (v: number | undefined) => (v === undefined ? null : v * 100);
    return [
      weeks.map((w) => dayStartMs(w.weekStart) / 1000),
      weeks.map((w) => pct(weekRate24(w))),
      weeks.map((w) => pct(weekRate48(w))),
      weeks.map(() => targets.within24h * 100),
      weeks.map(() => targets.within48h * 100),
    ];
  }, [weeks, targets]);
  const spec = useCallback(
    (colourOf: (name: string) => string): DayChartSpec => {
      const share = (v: number | null) => (v === null ? '—' : formatShare(v / 100, lang));
      const rate = (label: string, colour: string): uPlot.Series => ({
        label,
        stroke: colourOf(colour),
        width: 2,
        value: (_u, v) => share(v),
        points: { size: 6 },
      });
      const target = (label: string, dash: number[]): uPlot.Series => ({
        label,
        stroke: colourOf('--chart-target'),
        dash,
        width: 1,
        points: { show: false },
        value: (_u, v) => share(v),
      });
      return {
        y: [0, 100],
        yLabel: (v) => `${v}%`,
        weekly: true,
        series: [
          rate(t('insights.trend.rate24'), '--chart-item'),
          rate(t('insights.trend.rate48'), '--chart-shipping'),
          target(t('insights.trend.target24', { value: formatShare(targets.within24h, lang) }), [6, 4]),
          target(t('insights.trend.target48', { value: formatShare(targets.within48h, lang) }), [2, 3]),
        ],
      };
    },
    [t, lang, targets],
  );
  const options = useDayChartOptions(spec);
  const last = weeks.length ? weekRate24(weeks[weeks.length - 1]!) : undefined;
  const summary = t('insights.trend.summary', {
    weeks: weeks.length,
    target24: formatShare(targets.within24h, lang),
    target48: formatShare(targets.within48h, lang),
    last: last === undefined ? '—' : formatShare(last, lang),
  });
  const openWeek = (i: number) => {
    const w = weeks[i];
    if (!w) return;
    const start = w.weekStart < report.from ? report.from : w.weekStart;
    const end = addDays(w.weekStart, 6) > report.to ? report.to : addDays(w.weekStart, 6);
    props.open({ start, end });
  };
  return (
    <DayChartFigure
      name="weekly-trend"
      title={t('insights.trend.title')}
      summary={summary}
      table={table}
      options={options}
      data={data}
      onPick={openWeek}
      onExport={props.onExport}
    />
  );
}
