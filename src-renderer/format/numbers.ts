// Numbers as a person reads them, in the UI's language: always grouped ("15,297", "82,241건"), never a bare run
// of digits beside a grouped one. One Intl formatter per language and style, built once: lists format dozens of
// numbers per keystroke.
import { LOCALE_OF } from '../i18n/lang';
import type { Lang } from '../i18n/lang';

const cache = new Map<string, Intl.NumberFormat>();
function formatter(lang: Lang, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(LOCALE_OF[lang], options)));
  return f;
}

/** A count or amount, grouped; at most two decimals (a count has none). */
export function formatNumber(n: number, lang: Lang): string {
  return formatter(lang, { maximumFractionDigits: 2 }).format(n);
}

/** A decimal as exact text (xsd:decimal), grouped without rounding; undefined when it is not a plain number. */
export function formatDecimalText(raw: string, lang: Lang): string | undefined {
  const text = plainDecimal(raw);
  // Intl reads a string as an exact decimal, so no digit is lost to a binary float.
  return text === undefined
    ? undefined
    : formatter(lang, { maximumFractionDigits: 100 }).format(text as unknown as number);
}

const DECIMAL = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/** The text of a plain number ("15900", "15,900", "-3.50") without its group separators; else undefined. */
export function plainDecimal(raw: string): string | undefined {
  const s = raw.trim();
  return DECIMAL.test(s) ? s.replaceAll(',', '') : undefined;
}

/** A byte size: "512 B", "1.2 KB", "3.4 MB" (units are the usual codes in both languages). */
export function formatBytes(n: number, lang: Lang): string {
  if (n < 1024) return `${formatNumber(n, lang)} B`;
  const one = formatter(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (n < 1024 * 1024) return `${one.format(n / 1024)} KB`;
  return `${one.format(n / (1024 * 1024))} MB`;
}

/** A duration in milliseconds, rounded and grouped: "15,297 ms". */
export function formatMilliseconds(ms: number, lang: Lang): string {
  return `${formatter(lang, { maximumFractionDigits: 0 }).format(Math.round(ms))} ms`;
}

/** A share as a percentage of 100: "12.5%". */
export function formatPercent(n: number, lang: Lang): string {
  return `${formatNumber(n, lang)}%`;
}
