// The notes inbox's date filter on the command line. Dates alone are whole days in Korea (the marketplace's
// own clock); full xsd:dateTime values go to the marketplace as typed.
import { dateTimeInstant, formatDateTime, isDateTime, marketDateTime } from '../../src-shared/date-time';
import {
  DAY_MS,
  FIRST_MARKET_DAY,
  KOREA_OFFSET_MINUTES,
  LAST_MARKET_DAY,
  MAX_PERIOD_DAYS,
} from '../../src-shared/market-day';
import { UsageError } from './cli-error';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseBound(flag: 'from' | 'to', raw: string): string {
  const text = raw.trim();
  const m = DATE_ONLY.exec(text);
  if (m) {
    const candidate = marketDateTime(text, flag === 'from' ? '00:00:00' : '23:59:59');
    const instant = dateTimeInstant(candidate);
    // Rejects 2026-02-30: the instant would land on another calendar day.
    if (instant === undefined || formatDateTime(instant, KOREA_OFFSET_MINUTES).slice(0, 10) !== text) {
      throw new UsageError(`--${flag} is not a real date: "${raw}".`);
    }
    return candidate;
  }
  if (isDateTime(text)) return text;
  throw new UsageError(
    `--${flag} must be a date like 2026-11-20 or a date and time like 2026-11-20T09:30:00+09:00; got "${raw}".`,
  );
}

/** StartDate and EndDate for BuyerNoteList; the default is the last 7 days up to `nowMs`. */
export function noteDateRange(
  from: string | undefined,
  to: string | undefined,
  nowMs: number,
): { start: string; end: string } {
  const end = to === undefined ? formatDateTime(nowMs, KOREA_OFFSET_MINUTES) : parseBound('to', to);
  const start =
    from === undefined
      ? formatDateTime(
          (dateTimeInstant(end, KOREA_OFFSET_MINUTES) ?? nowMs) - 7 * DAY_MS,
          KOREA_OFFSET_MINUTES,
        )
      : parseBound('from', from);
  const startMs = dateTimeInstant(start, KOREA_OFFSET_MINUTES)!;
  const endMs = dateTimeInstant(end, KOREA_OFFSET_MINUTES)!;
  for (const [flag, ms] of [
    ['from', startMs],
    ['to', endMs],
  ] as const) {
    const day = formatDateTime(ms, KOREA_OFFSET_MINUTES).slice(0, 10);
    if (day < FIRST_MARKET_DAY || day > LAST_MARKET_DAY)
      throw new UsageError(
        `--${flag} must fall between ${FIRST_MARKET_DAY} and ${LAST_MARKET_DAY}; got ${day}.`,
      );
  }
  if (endMs < startMs) {
    throw new UsageError(`--to (${end}) is before --from (${start}).`);
  }
  if (endMs - startMs > MAX_PERIOD_DAYS * DAY_MS) {
    throw new UsageError(`--from and --to may be at most ${MAX_PERIOD_DAYS} days apart.`);
  }
  return { start, end };
}
