// Dates in the seller's display zone (settings.timeZone): relative in the list, absolute on hover. Every
// formatter is the shared one of src-renderer/format/; only the waiting time's wording is the inbox's own.
import { useMemo } from 'react';
import { useI18n } from '../../i18n';
import { dateTimeFormat } from '../../format/date-times';
import { formatMarketDay, formatRelative } from '../../format/relative-times';
import { formatWaiting } from './model/waiting';

export interface TimeFormat {
  relative(ms: number): string;
  /** The list's form: "5d ago" (English), "5일 전". */
  relativeNarrow(ms: number): string;
  absolute(ms: number): string;
  clock(ms: number): string;
  /** The clock time when `ms` is today (the page's now, in the display zone), else the date and time. */
  clockToday(ms: number): string;
  day(day: string): string;
  duration(ms: number): string;
}

export function useTimeFormat(timeZone: string, nowMs: number): TimeFormat {
  const { lang, t } = useI18n();
  return useMemo(() => {
    const shared = dateTimeFormat(lang, timeZone);
    return {
      relative: (ms) => formatRelative(ms, nowMs, lang),
      relativeNarrow: (ms) => formatRelative(ms, nowMs, lang, 'narrow'),
      absolute: shared.dateTime,
      clock: shared.clock,
      clockToday: (ms) => shared.clockToday(ms, nowMs),
      day: (day) => formatMarketDay(day, lang),
      duration: (ms) => formatWaiting(ms, t),
    };
  }, [lang, t, timeZone, nowMs]);
}
