// The weekly trend of the 24- and 48-hour reply rates, with the profile's targets as lines.
import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { InsightsReport } from '../../../src-main/contract/insights';
import { addDays, dayStartMs } from '../../../src-shared/market-day';
import { useI18n } from '../../i18n';
import { ChartFrame } from './ChartFrame';
import { formatShare } from './model/duration';
import { trendTable, weekRate24, weekRate48 } from './model/tables';
import type { FigureTable } from './model/tables';
import { dayAxes, dayPadding, koreanTime } from './model/uplot-theme';
import { UplotChart } from './UplotChart';
import type { ExportFormat } from './use-figure-export';
import type { InboxScope } from './use-inbox-link';
import { onBackground, themeColour, useColourScheme } from './use-theme';

export function TrendFigure(props: {
  report: InsightsReport;
  open: (scope: Partial<InboxScope>) => void;
  onExport: (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) => void;
}) {
  const { t, lang } = useI18n();
  const scheme = useColourScheme();
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
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    void scheme;
    const c = {
      text: themeColour('--text'),
      muted: themeColour('--muted'),
      grid: themeColour('--chart-grid'),
    };
    const share = (v: number | null) => (v === null ? '—' : formatShare(v / 100, lang));
    return {
      tzDate: koreanTime,
      legend: { live: false },
      scales: { x: { time: true, range: dayPadding }, y: { range: [0, 100] } },
      axes: dayAxes(c, lang, (v) => `${v}%`, true),
      series: [
        {},
        {
          label: t('insights.trend.rate24'),
          stroke: themeColour('--chart-item'),
          width: 2,
          value: (_u, v) => share(v),
          points: { size: 6 },
        },
        {
          label: t('insights.trend.rate48'),
          stroke: themeColour('--chart-shipping'),
          width: 2,
          value: (_u, v) => share(v),
          points: { size: 6 },
        },
        {
          label: t('insights.trend.target24', { value: formatShare(targets.within24h, lang) }),
          stroke: themeColour('--chart-target'),
          dash: [6, 4],
          width: 1,
          points: { show: false },
          value: (_u, v) => share(v),
        },
        {
          label: t('insights.trend.target48', { value: formatShare(targets.within48h, lang) }),
          stroke: themeColour('--chart-target'),
          dash: [2, 3],
          width: 1,
          points: { show: false },
          value: (_u, v) => share(v),
        },
      ],
    };
  }, [scheme, lang, t, targets]);
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
  const canvas = useRef<HTMLCanvasElement | undefined>(undefined);
  return (
    <ChartFrame
      name="weekly-trend"
      title={t('insights.trend.title')}
      summary={summary}
      table={table}
      onExport={(format) => props.onExport(format, table, () => onBackground(canvas.current!))}
    >
      <UplotChart options={options} data={data} height={220} onPick={openWeek} canvasRef={canvas} />
    </ChartFrame>
  );
}
