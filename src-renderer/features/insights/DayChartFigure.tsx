// A figure drawn over the period's days (notes per day, the weekly trend): the setup both share, once. Options
// are built in the theme's colours (again when the OS switches between light and dark) with days in Korean time
// on x, labelled in the UI's language; the chart sits in its ChartFrame, its canvas kept for the PNG export, and
// a click on a bar or a point reports its index.
import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import type uPlot from 'uplot';
import { useI18n } from '../../i18n';
import { ChartFrame } from './ChartFrame';
import type { FigureTable } from './model/tables';
import { dayAxes, dayPadding, koreanTime } from './model/uplot-theme';
import { UplotChart } from './UplotChart';
import type { ExportFormat } from './use-figure-export';
import { onBackground, themeColour, useColourScheme } from './use-theme';

export type DayChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

/** What a day chart adds to the shared setup: its series after x, its y scale and labels, its cursor. */
export interface DayChartSpec {
  series: uPlot.Series[];
  y: uPlot.Scale['range'];
  yLabel?: (v: number) => string;
  /** Ticks a week or more apart. */
  weekly?: boolean;
  cursor?: uPlot.Cursor;
}

/**
 * The chart's options in the theme's colours, built again when the scheme, the language or `spec` change: `spec`
 * (the caller's useCallback) reads its own colours through `colourOf`, so they follow the scheme too.
 */
export function useDayChartOptions(
  spec: (colourOf: (name: string) => string) => DayChartSpec,
): DayChartOptions {
  const { lang } = useI18n();
  const scheme = useColourScheme();
  return useMemo(() => {
    void scheme;
    const c = {
      text: themeColour('--text'),
      muted: themeColour('--muted'),
      grid: themeColour('--chart-grid'),
    };
    const s = spec(themeColour);
    return {
      tzDate: koreanTime,
      legend: { live: false },
      scales: { x: { time: true, range: dayPadding }, y: { range: s.y } },
      axes: dayAxes(c, lang, s.yLabel, s.weekly),
      series: [{}, ...s.series],
      ...(s.cursor ? { cursor: s.cursor } : {}),
    };
  }, [scheme, lang, spec]);
}

export function DayChartFigure(props: {
  name: string;
  title: string;
  summary: string;
  table: FigureTable;
  cell?: (value: string | number, column: number) => ReactNode;
  rowAction?: (row: number) => ReactNode;
  options: DayChartOptions;
  data: uPlot.AlignedData;
  onPick: (index: number) => void;
  onExport: (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) => void;
}) {
  const canvas = useRef<HTMLCanvasElement | undefined>(undefined);
  const { table } = props;
  return (
    <ChartFrame
      name={props.name}
      title={props.title}
      summary={props.summary}
      table={table}
      {...(props.cell ? { cell: props.cell } : {})}
      {...(props.rowAction ? { rowAction: props.rowAction } : {})}
      onExport={(format) => props.onExport(format, table, () => onBackground(canvas.current!))}
    >
      <UplotChart
        options={props.options}
        data={props.data}
        height={220}
        onPick={props.onPick}
        canvasRef={canvas}
      />
    </ChartFrame>
  );
}
