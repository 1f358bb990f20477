// xsd:dateTime values of the marketplace are Korean wall time with an explicit offset. Korea has no daylight
// saving, so a fixed +09:00 is exact for every instant. The day arithmetic is the app's own (market-day).
import {
  KOREA_OFFSET_MINUTES,
  marketDayNumber,
  marketDayNumberStartMs,
} from '../../../src-shared/market-day';

const KST_OFFSET_MS = KOREA_OFFSET_MINUTES * 60_000;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3600_000;

/** 'YYYY-MM-DDTHH:mm:ss+09:00' for an epoch-millisecond instant (sub-second part dropped). */
export function toKstDateTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + KST_OFFSET_MS).toISOString().slice(0, 19) + '+09:00';
}

/**
 * Epoch milliseconds of an xsd:dateTime string; NaN when unparsable. A value without a zone designator is read as
 * Korean wall time (what the marketplace means by it), not as the local time of whatever machine runs the server.
 */
export function instantOf(dateTime: string): number {
  const trimmed = dateTime.trim();
  const hasZone = /(?:Z|[+-]\d{2}:\d{2})$/i.test(trimmed);
  const isDateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  if (isDateOnly) return Date.parse(`${trimmed}T00:00:00+09:00`);
  return Date.parse(hasZone ? trimmed : `${trimmed}+09:00`);
}

/** The Korean calendar day of an instant, counted from 1970-01-01 (a Thursday). */
export const koreanDayOf = marketDayNumber;

/** The first instant of a Korean calendar day. */
export const koreanDayStart = marketDayNumberStartMs;

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
