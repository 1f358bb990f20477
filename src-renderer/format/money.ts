// Won amounts as a Korean seller reads them. The marketplace's price fields are decimal text (often strings in the
// spec). Won has no subunit on this marketplace, so a whole amount is shown without decimals ("138,100원", never
// "138,100.00원"); zeros after the point are dropped; a fraction that is not zero is shown exactly as sent
// ("138,100.5원") rather than rounded, because rounding would quietly change a price the seller has to fix.
// Text that is not a number ("가격문의") is shown as sent. Rule documented in docs/protocol-choices.md.
import type { Lang } from '../i18n/lang';
import { formatDecimalText } from './numbers';

export interface ShownValue {
  text: string;
  /** False when the raw text did not parse and is shown as sent. */
  numeric: boolean;
}

/** "138,100원" in Korean, "₩138,100" in English; the raw text when it is not a number. */
export function formatWon(raw: string | number, lang: Lang): ShownValue {
  const text = typeof raw === 'number' ? String(raw) : raw;
  const grouped = formatDecimalText(text, lang);
  if (grouped === undefined) return { text, numeric: false };
  if (lang === 'ko') return { text: `${grouped}원`, numeric: true };
  return { text: grouped.startsWith('-') ? `-₩${grouped.slice(1)}` : `₩${grouped}`, numeric: true };
}
