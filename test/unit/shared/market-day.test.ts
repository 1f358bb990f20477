import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIRST_MARKET_DAY,
  LAST_MARKET_DAY,
  MAX_PERIOD_DAYS,
  addDays,
  clampPeriod,
  daysBetween,
  isSaneMarketDay,
  periodDays,
} from '../../../src-shared/market-day';
import { marketDaySchema, marketPeriodSchema } from '../../../src-shared/market-day-schema';

describe('marketplace days are bounded', () => {
  it('accepts real days from 2000 to 2099 only', () => {
    expect(isSaneMarketDay('2026-11-20')).toBe(true);
    expect(isSaneMarketDay(FIRST_MARKET_DAY)).toBe(true);
    expect(isSaneMarketDay(LAST_MARKET_DAY)).toBe(true);
    for (const bad of [
      '9999-12-31',
      '1999-12-31',
      '2100-01-01',
      '2026-02-30',
      'x',
      '',
      '__proto__',
      '2026-1-1',
    ])
      expect(isSaneMarketDay(bad), bad).toBe(false);
  });

  it.each([
    ['2026-11-01', '9999-12-31'],
    ['2026-11-01', 'x'],
    ['2026-11-01', '__proto__'],
    ['', '2026-11-20'],
    ['0000-01-01', '2026-11-20'],
  ])('daysBetween(%j, %j) refuses with a RangeError instead of walking', (start, end) => {
    expect(() => daysBetween(start, end)).toThrow(RangeError);
    expect(periodDays(start, end)).toBeUndefined();
  });

  it('refuses a period longer than its bound, and counts one without walking it', () => {
    expect(() => daysBetween('2000-01-01', '2099-12-31')).toThrow(/at most 1098 days/);
    expect(periodDays('2000-01-01', '2099-12-31')).toBe(36525);
    expect(daysBetween('2026-11-20', '2026-11-19')).toEqual([]);
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('lists every day of any bounded period, in order, once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10957, max: 47481 - 60 }),
        fc.integer({ min: 0, max: 60 }),
        (first, span) => {
          const start = new Date(first * 86_400_000).toISOString().slice(0, 10);
          const end = addDays(start, span);
          const days = daysBetween(start, end, MAX_PERIOD_DAYS + 100);
          expect(days.length).toBe(span + 1);
          expect(days[0]).toBe(start);
          expect(days.at(-1)).toBe(end);
          for (let i = 1; i < days.length; i++) expect(days[i]).toBe(addDays(days[i - 1]!, 1));
        },
      ),
    );
  });

  it('addDays throws a RangeError for a day that is not one, never an invalid date', () => {
    expect(() => addDays('', 1)).toThrow(RangeError);
    expect(() => addDays('x', 1)).toThrow(RangeError);
  });

  it('clamps a long period to its last days and orders a reversed one', () => {
    expect(clampPeriod('2020-01-01', '2026-11-20', 400)).toEqual({ start: '2025-10-17', end: '2026-11-20' });
    expect(clampPeriod('2026-11-20', '2026-11-01', 400)).toEqual({ start: '2026-11-01', end: '2026-11-20' });
    expect(() => clampPeriod('2026-11-01', '9999-12-31')).toThrow(RangeError);
  });

  it('has request schemas that refuse bad days and long periods with issues, never a throw', () => {
    expect(marketDaySchema.safeParse('9999-12-31').success).toBe(false);
    const period = marketPeriodSchema({}, 400);
    expect(period.safeParse({ start: '2026-11-01', end: '2026-11-20' }).success).toBe(true);
    for (const req of [
      { start: '2026-11-01', end: '9999-12-31' },
      { start: '', end: '2026-11-20' },
      { start: '2026-11-20', end: '2026-11-01' },
      { start: '2025-10-16', end: '2026-11-20' },
      { start: '2026-11-01', end: '2026-11-20', extra: 1 },
    ])
      expect(period.safeParse(req).success, JSON.stringify(req)).toBe(false);
  });
});
