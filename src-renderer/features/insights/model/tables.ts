// Every chart's figures as one table (a header and rows): the table view shows it, the CSV and XLSX export it.
// The charts draw from the same report, so the table view and a file say exactly what the chart shows.
import type { InsightsItem, InsightsReport, InsightsWeek } from '../../../../src-main/contract/insights';
import { INQUIRY_TYPES } from '../../../../src-shared/note-fields';

export type Cell = string | number;
export interface FigureTable {
  columns: string[];
  rows: Cell[][];
}

/** A share of 0..1 as a percentage with one decimal (a number, so spreadsheets read it), or '' when undefined. */
export const percentOf = (share: number | undefined): Cell =>
  share === undefined ? '' : Math.round(share * 1000) / 10;

/** within / settled, or undefined when nothing is settled yet. */
export function rate(within: number, settled: number): number | undefined {
  return settled > 0 ? within / settled : undefined;
}

export const weekRate24 = (w: InsightsWeek) => rate(w.within24h, w.known + w.waitingPast24h);
export const weekRate48 = (w: InsightsWeek) => rate(w.within48h, w.known + w.waitingPast48h);

export function trendTable(
  r: InsightsReport,
  words: { week: string; notes: string; rate24: string; rate48: string },
) {
  return {
    columns: [words.week, words.notes, words.rate24, words.rate48],
    rows: r.weeks.map((w) => [w.weekStart, w.notes, percentOf(weekRate24(w)), percentOf(weekRate48(w))]),
  } satisfies FigureTable;
}

export function daysTable(
  r: InsightsReport,
  words: { day: string; total: string; types: Record<string, string> },
) {
  return {
    columns: [words.day, ...INQUIRY_TYPES.map((t) => words.types[t] ?? t), words.total],
    rows: r.days.map((d) => {
      const counts = INQUIRY_TYPES.map((t) => d.counts[t] ?? 0);
      return [d.day, ...counts, counts.reduce((a, b) => a + b, 0)];
    }),
  } satisfies FigureTable;
}

export const itemShare = (i: InsightsItem) => (i.notes > 0 ? i.refundExchange / i.notes : 0);

export function itemsTable(
  items: readonly InsightsItem[],
  words: { item: string; name: string; notes: string; refundExchange: string; share: string },
) {
  return {
    columns: [words.item, words.name, words.notes, words.refundExchange, words.share],
    rows: items.map((i) => [i.itemNo, i.itemName ?? '', i.notes, i.refundExchange, percentOf(itemShare(i))]),
  } satisfies FigureTable;
}

export function arrivalsTable(r: InsightsReport, words: { weekday: string; weekdays: string[] }) {
  return {
    columns: [words.weekday, ...Array.from({ length: 24 }, (_, h) => String(h))],
    rows: r.arrivals.map((hours, d) => [words.weekdays[d] ?? String(d), ...hours]),
  } satisfies FigureTable;
}

/** The busiest cell of the weekday × hour grid: [weekday, hour, count], or undefined when it is empty. */
export function busiest(arrivals: readonly (readonly number[])[]): [number, number, number] | undefined {
  let best: [number, number, number] | undefined;
  arrivals.forEach((hours, d) =>
    hours.forEach((n, h) => {
      if (n > 0 && (!best || n > best[2])) best = [d, h, n];
    }),
  );
  return best;
}
