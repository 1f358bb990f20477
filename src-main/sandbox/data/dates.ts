// The sandbox's clock arithmetic: Korean calendar days by number and the day of the week. Reading and writing
// xsd:dateTime values is the app's own (src-shared/date-time.ts), and so is the day arithmetic (market-day).
import { marketDayNumber, marketDayNumberStartMs } from '../../../src-shared/market-day';

export const HOUR_MS = 3600_000;

/** The Korean calendar day of an instant, counted from 1970-01-01 (a Thursday). */
export const koreanDayOf = marketDayNumber;

/** The first instant of a Korean calendar day. */
export const koreanDayStart = marketDayNumberStartMs;

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
