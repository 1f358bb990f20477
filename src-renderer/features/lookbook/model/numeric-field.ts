// The price-like fields are strings in the spec, and sellers do put words there ("가격문의"). A value is formatted
// only when the whole string is a plain number (by the app's one number and money formatters); anything else is
// shown exactly as sent.
import { formatWon } from '../../../format/money';
import type { ShownValue } from '../../../format/money';
import { formatNumber, formatPercent, plainDecimal } from '../../../format/numbers';
import type { Lang } from '../../../i18n/lang';

export function parseNumeric(raw: string | undefined): number | undefined {
  const text = raw === undefined ? undefined : plainDecimal(raw);
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function shown(raw: string, format: (n: number) => string): ShownValue {
  const n = parseNumeric(raw);
  return n === undefined ? { text: raw, numeric: false } : { text: format(n), numeric: true };
}

export const shownWon = (raw: string, lang: Lang): ShownValue => formatWon(raw, lang);
export const shownCount = (raw: string, lang: Lang): ShownValue => shown(raw, (n) => formatNumber(n, lang));
/** SatisfactionRate and Discount are percentages in the sandbox's data (the spec gives no unit). */
export const shownPercent = (raw: string, lang: Lang): ShownValue =>
  shown(raw, (n) => formatPercent(n, lang));
