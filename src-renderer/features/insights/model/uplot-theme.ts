// What every uPlot chart of the page shares: axes in the theme's colours, days in Korean time labelled in the
// UI's language, a fixed 0–100 % scale for rates.
import uPlot from 'uplot';
import { formatMarketDay } from '../../../format/relative-times';
import type { Lang } from '../../../i18n/lang';
import { marketDayOf } from '../../../../src-shared/market-day';

export interface ChartColours {
  text: string;
  muted: string;
  grid: string;
}

const dayLabels = (lang: Lang) => (_u: uPlot, splits: number[]) =>
  splits.map((s) => formatMarketDay(marketDayOf(s * 1000), lang));

const DAY = 86_400;
const DAY_STEPS = [1, 2, 7, 14, 28, 91, 182, 364].map((n) => n * DAY);

export function dayAxes(
  c: ChartColours,
  lang: Lang,
  y?: (v: number) => string,
  /** Weekly figures: ticks a week or more apart. */
  weekly = false,
): uPlot.Axis[] {
  const axis = { stroke: c.muted, grid: { stroke: c.grid, width: 1 }, ticks: { stroke: c.grid, width: 1 } };
  return [
    // Ticks on whole days only (never at noon), a week or more apart on long periods.
    { ...axis, values: dayLabels(lang), space: 56, incrs: weekly ? DAY_STEPS.slice(2) : DAY_STEPS },
    { ...axis, size: 48, ...(y ? { values: (_u: uPlot, splits: number[]) => splits.map(y) } : {}) },
  ];
}

/** Dates on the x axis are Korean marketplace days, whatever the machine's zone. */
export const koreanTime = (ts: number) => uPlot.tzDate(new Date(ts * 1e3), 'Asia/Seoul');

/** Half a day either side of the first and last day, so their bars and points are not cut at the edges. */
export const dayPadding = (_u: uPlot, min: number, max: number): uPlot.Range.MinMax => [
  min - 43_200,
  max + 43_200,
];
