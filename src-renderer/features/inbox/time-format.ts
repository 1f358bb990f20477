// Dates in the seller's display zone (settings.timeZone): relative in the list, absolute on hover.
import { useMemo } from 'react';
import { useI18n } from '../../i18n';

export interface TimeFormat {
  relative(ms: number): string;
  absolute(ms: number): string;
  clock(ms: number): string;
  day(day: string): string;
  duration(ms: number): string;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function useTimeFormat(timeZone: string, nowMs: number): TimeFormat {
  const { lang, t } = useI18n();
  return useMemo(() => {
    const rel = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    const abs = new Intl.DateTimeFormat(lang, { timeZone, dateStyle: 'medium', timeStyle: 'medium' });
    const clock = new Intl.DateTimeFormat(lang, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const short = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
    return {
      relative(ms) {
        const diff = ms - nowMs;
        for (const [unit, size] of UNITS) {
          if (Math.abs(diff) >= size) return rel.format(Math.round(diff / size), unit);
        }
        return rel.format(0, 'minute');
      },
      absolute: (ms) => abs.format(ms),
      clock: (ms) => clock.format(ms),
      day: (day) => short.format(Date.parse(`${day}T00:00:00Z`)),
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
