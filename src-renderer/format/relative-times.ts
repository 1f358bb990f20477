// Times relative to now ("3시간 전", "2 days ago") and market days as a short date ("11. 14." / "11/14"), in the
// UI's language. One Intl formatter per language, built once: the inbox formats hundreds of rows per keystroke.
import { LOCALE_OF } from '../i18n/lang';
import type { Lang } from '../i18n/lang';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Map<string, Intl.RelativeTimeFormat>();
const shortDay = new Map<Lang, Intl.DateTimeFormat>();

/**
 * `ms` relative to `nowMs`, in the largest whole unit of days, hours or minutes ("지금" / "now" under a minute).
 * `narrow` is for a list column: "5d ago" where the long form, "5 days ago", would be cut (Korean is the same).
 */
export function formatRelative(
  ms: number,
  nowMs: number,
  lang: Lang,
  style: 'long' | 'narrow' = 'long',
): string {
  const key = `${lang} ${style}`;
  let f = relative.get(key);
  if (!f) {
    // The list's narrow form counts ("1d ago") rather than naming the day ("yesterday"), which would not fit.
    const numeric = style === 'narrow' ? 'always' : 'auto';
    relative.set(key, (f = new Intl.RelativeTimeFormat(LOCALE_OF[lang], { numeric, style })));
  }
  const diff = ms - nowMs;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return f.format(Math.round(diff / size), unit);
  }
  return style === 'narrow' ? formatRelative(ms, nowMs, lang) : f.format(0, 'second');
}

/** A market day ("2026-11-14", already a calendar day: no zone applies) as month and day. */
export function formatMarketDay(day: string, lang: Lang): string {
  let f = shortDay.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE_OF[lang], { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
    shortDay.set(lang, f);
  }
  return f.format(Date.parse(`${day}T00:00:00Z`));
}
