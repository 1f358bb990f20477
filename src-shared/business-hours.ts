// Business hours for reply-time grades that count business days: a Korean calendar day (the marketplace's clock)
// is a business day unless it is a Saturday, a Sunday or a Korean public holiday. Time elapsed counts only the
// hours of business days, so "24 business hours" after a note is the same time of day on the next business day
// (a note received on Friday at 10:00 is due on Monday at 10:00; one received on Saturday is due at the end of
// Monday, its clock starting on Monday at 00:00).
import { DAY_MS, marketDayNumber, marketDayNumberStartMs } from './market-day';

/**
 * Korean public holidays (관공서의 공휴일에 관한 규정, substitute holidays included, plus the election days and
 * the temporary holidays the government designated), as published in the Korea Astronomy and Space Science
 * Institute's 월력요항 for each year and in the public data portal's 특일 정보 service (data.go.kr). Weekends are
 * not listed (they are never business days). A year not listed here counts weekends only; add each year when the
 * 월력요항 is published (in June of the year before).
 */
export const KOREAN_PUBLIC_HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
  2024: [
    '2024-01-01', // 신정
    '2024-02-09',
    '2024-02-10',
    '2024-02-11', // 설날
    '2024-02-12', // 설날 대체공휴일
    '2024-03-01', // 삼일절
    '2024-04-10', // 국회의원 선거일
    '2024-05-05', // 어린이날
    '2024-05-06', // 어린이날 대체공휴일
    '2024-05-15', // 부처님오신날
    '2024-06-06', // 현충일
    '2024-08-15', // 광복절
    '2024-09-16',
    '2024-09-17',
    '2024-09-18', // 추석
    '2024-10-01', // 국군의 날 (임시공휴일)
    '2024-10-03', // 개천절
    '2024-10-09', // 한글날
    '2024-12-25', // 기독탄신일
  ],
  2025: [
    '2025-01-01', // 신정
    '2025-01-27', // 임시공휴일
    '2025-01-28',
    '2025-01-29',
    '2025-01-30', // 설날
    '2025-03-01', // 삼일절
    '2025-03-03', // 삼일절 대체공휴일
    '2025-05-05', // 어린이날, 부처님오신날
    '2025-05-06', // 대체공휴일
    '2025-06-03', // 대통령 선거일
    '2025-06-06', // 현충일
    '2025-08-15', // 광복절
    '2025-10-03', // 개천절
    '2025-10-05',
    '2025-10-06',
    '2025-10-07', // 추석
    '2025-10-08', // 추석 대체공휴일
    '2025-10-09', // 한글날
    '2025-12-25', // 기독탄신일
  ],
  2026: [
    '2026-01-01', // 신정
    '2026-02-16',
    '2026-02-17',
    '2026-02-18', // 설날
    '2026-03-01', // 삼일절
    '2026-03-02', // 삼일절 대체공휴일
    '2026-05-05', // 어린이날
    '2026-05-24', // 부처님오신날
    '2026-05-25', // 부처님오신날 대체공휴일
    '2026-06-03', // 전국동시지방선거일
    '2026-06-06', // 현충일
    '2026-08-15', // 광복절
    '2026-08-17', // 광복절 대체공휴일
    '2026-09-24',
    '2026-09-25',
    '2026-09-26', // 추석
    '2026-10-03', // 개천절
    '2026-10-05', // 개천절 대체공휴일
    '2026-10-09', // 한글날
    '2026-12-25', // 기독탄신일
  ],
  2027: [
    '2027-01-01', // 신정
    '2027-02-05',
    '2027-02-06',
    '2027-02-07', // 설날
    '2027-02-08', // 설날 대체공휴일
    '2027-03-01', // 삼일절
    '2027-05-05', // 어린이날
    '2027-05-13', // 부처님오신날
    '2027-06-06', // 현충일
    '2027-08-15', // 광복절
    '2027-08-16', // 광복절 대체공휴일
    '2027-09-14',
    '2027-09-15',
    '2027-09-16', // 추석
    '2027-10-03', // 개천절
    '2027-10-04', // 개천절 대체공휴일
    '2027-10-09', // 한글날
    '2027-10-11', // 한글날 대체공휴일
    '2027-12-25', // 기독탄신일
    '2027-12-27', // 기독탄신일 대체공휴일
  ],
};

const HOLIDAY_NUMBERS = new Set(
  Object.values(KOREAN_PUBLIC_HOLIDAYS)
    .flat()
    .map((day) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS)),
);

/** Whether the Korean day numbered `n` (marketDayNumber) is a business day. */
export function isBusinessDayNumber(n: number): boolean {
  // Day 0 (1970-01-01) was a Thursday: (n + 3) % 7 is 0 on Mondays … 5 on Saturdays, 6 on Sundays.
  const weekday = (((n + 3) % 7) + 7) % 7;
  return weekday < 5 && !HOLIDAY_NUMBERS.has(n);
}

/** Milliseconds of business days between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(from: number, to: number): number {
  if (!(to > from)) return 0;
  const first = marketDayNumber(from);
  const last = marketDayNumber(to);
  let total = 0;
  for (let n = first; n <= last; n++) {
    if (!isBusinessDayNumber(n)) continue;
    const start = marketDayNumberStartMs(n);
    total += Math.min(to, start + DAY_MS) - Math.max(from, start);
  }
  return total;
}

/**
 * The earliest instant `t` with businessMsBetween(t, to) ≤ ms: a note received before it has waited more than `ms`
 * business milliseconds by `to`, one received at or after it has not (so a query compares instants instead of
 * counting each note's business hours).
 */
export function businessStart(to: number, ms: number): number {
  let left = ms;
  let cursor = to;
  for (let n = marketDayNumber(to); n > marketDayNumber(to) - 10_000; n--) {
    const start = marketDayNumberStartMs(n);
    if (isBusinessDayNumber(n)) {
      const have = cursor - start;
      if (have > left) return cursor - left;
      left -= have;
      if (left === 0) {
        // Exactly at a business day's start: the days before it that are no business days add nothing either.
        let m = n - 1;
        while (!isBusinessDayNumber(m)) m--;
        return marketDayNumberStartMs(m + 1);
      }
    }
    cursor = start;
  }
  return cursor;
}
