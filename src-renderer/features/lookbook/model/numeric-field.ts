// The price-like fields are strings in the spec, and sellers do put words there ("가격문의"). A value is formatted
// only when the whole string is a plain number; anything else is shown exactly as sent.
const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
const grouping = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 2 });

export function parseNumeric(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim();
  if (!NUMBER.test(s)) return undefined;
  const n = Number(s.replaceAll(',', ''));
  return Number.isFinite(n) ? n : undefined;
}

export interface ShownValue {
  text: string;
  /** False when the raw string did not parse and is shown as sent. */
  numeric: boolean;
}

function shown(raw: string, format: (n: number) => string): ShownValue {
  const n = parseNumeric(raw);
  return n === undefined ? { text: raw, numeric: false } : { text: format(n), numeric: true };
}

export const formatWon = (raw: string): ShownValue => shown(raw, (n) => `${grouping.format(n)}원`);
export const formatCount = (raw: string): ShownValue => shown(raw, (n) => grouping.format(n));
/** SatisfactionRate and Discount are percentages in the sandbox's data (the spec gives no unit). */
export const formatPercent = (raw: string): ShownValue => shown(raw, (n) => `${grouping.format(n)}%`);
