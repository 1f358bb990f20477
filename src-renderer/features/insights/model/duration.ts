// A reply time as a seller reads it: minutes under an hour, hours under two days, days beyond.
import { LOCALE_OF } from '../../../i18n/lang';
import type { Lang } from '../../../i18n/lang';

const HOUR = 3_600_000;

export function formatDuration(ms: number, lang: Lang): string {
  const [unit, size] = ms < HOUR ? ['minute', 60_000] : ms < 48 * HOUR ? ['hour', HOUR] : ['day', 24 * HOUR];
  return new Intl.NumberFormat(LOCALE_OF[lang], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'minute' ? 0 : 1,
  }).format(ms / size);
}

/** A share of 0..1 as "93.4%" in the UI's language. */
export function formatShare(share: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE_OF[lang], { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
