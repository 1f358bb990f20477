// The formatters bound to the UI's language and the seller's display zone, for components.
import { useMemo } from 'react';
import { useSettingsValue } from '../api/settings';
import { useI18n } from '../i18n';
import { dateTimeFormat } from '../format/date-times';
import type { DateTimeFormat } from '../format/date-times';
import { formatWon } from '../format/money';
import type { ShownValue } from '../format/money';
import { formatBytes, formatMilliseconds, formatNumber } from '../format/numbers';

export interface Formats extends DateTimeFormat {
  number(n: number): string;
  won(raw: string | number): ShownValue;
  bytes(n: number): string;
  milliseconds(ms: number): string;
}

export function useFormats(): Formats {
  const { lang } = useI18n();
  const timeZone = useSettingsValue((s) => s.timeZone);
  return useMemo(
    () => ({
      ...dateTimeFormat(lang, timeZone),
      number: (n) => formatNumber(n, lang),
      won: (raw) => formatWon(raw, lang),
      bytes: (n) => formatBytes(n, lang),
      milliseconds: (ms) => formatMilliseconds(ms, lang),
    }),
    [lang, timeZone],
  );
}
