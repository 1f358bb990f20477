// Dates in the seller's display zone (settings.timeZone): relative in the list, absolute on hover. Every
// formatter is the shared one of src-renderer/format/; only the waiting time's wording is the inbox's own.
import { useMemo } from 'react';
import { useI18n } from '../../i18n';
import { dateTimeFormat } from '../../format/date-times';
import { formatMarketDay, formatRelative } from '../../format/relative-times';

export interface TimeFormat {
  relative(ms: number): string;
  /** The list's form: "5d ago" (English), "5일 전". */
  relativeNarrow(ms: number): string;
  absolute(ms: number): string;
  clock(ms: number): string;
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
      day: (day) => formatMarketDay(day, lang),
      duration(ms) {
        const minutes = Math.max(0, Math.floor(ms / 60_000));
        if (minutes < 60) return t('inbox.duration.m', { n: minutes });
        const hours = Math.floor(minutes / 60);
        if (hours < 48) return t('inbox.duration.h', { n: hours });
        return t('inbox.duration.d', { n: Math.floor(hours / 24), h: hours % 24 });
      },
    };
  }, [lang, t, timeZone, nowMs]);
}
