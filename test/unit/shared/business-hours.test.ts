import { describe, expect, it } from 'vitest';
import {
  KOREAN_PUBLIC_HOLIDAYS,
  businessMsBetween,
  businessStart,
  isBusinessDayNumber,
} from '../../../src-shared/business-hours';
import { DAY_MS, dayNumberOf } from '../../../src-shared/market-day';

const HOUR = 3_600_000;
const kst = (text: string) => Date.parse(`${text}+09:00`);

describe('business hours (Korean calendar)', () => {
  it('24 business hours after Friday 10:00 end on Monday 10:00', () => {
    // 2026-11-20 is a Friday, 2026-11-23 a Monday, neither a holiday.
    expect(businessMsBetween(kst('2026-11-20T10:00:00'), kst('2026-11-23T10:00:00'))).toBe(DAY_MS);
    expect(businessMsBetween(kst('2026-11-20T10:00:00'), kst('2026-11-23T09:59:59'))).toBe(DAY_MS - 1000);
  });

  it('a note of Saturday starts its clock on Monday at 00:00', () => {
    expect(businessMsBetween(kst('2026-11-21T15:00:00'), kst('2026-11-23T06:00:00'))).toBe(6 * HOUR);
  });

  it('leaves out public holidays: 추석 2026 (Thursday 24 to Saturday 26 September)', () => {
    // Wednesday 12:00 to Monday 12:00: Wednesday's 12 hours and Monday's 12, the three holidays and Sunday out.
    expect(businessMsBetween(kst('2026-09-23T12:00:00'), kst('2026-09-28T12:00:00'))).toBe(DAY_MS);
    expect(isBusinessDayNumber(dayNumberOf('2026-09-25'))).toBe(false);
    expect(isBusinessDayNumber(dayNumberOf('2026-09-28'))).toBe(true);
  });

  it('holds 2024 to 2027, every listed day a real date of its year, none twice', () => {
    for (const year of [2024, 2025, 2026, 2027]) {
      const days = KOREAN_PUBLIC_HOLIDAYS[year]!;
      expect(days.length).toBeGreaterThanOrEqual(14);
      expect(new Set(days).size).toBe(days.length);
      for (const d of days) {
        expect(d.startsWith(`${year}-`)).toBe(true);
        expect(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)).toBe(d);
      }
    }
  });

  it('businessStart is the instant before which a note has waited more than the given business time', () => {
    // Monday 10:00 less 24 business hours is Friday 10:00; Monday 00:00 less 24 reaches back to the end of Friday.
    expect(businessStart(kst('2026-11-23T10:00:00'), DAY_MS)).toBe(kst('2026-11-20T10:00:00'));
    expect(businessStart(kst('2026-11-24T00:00:00'), DAY_MS)).toBe(kst('2026-11-21T00:00:00'));
    // Against businessMsBetween, around 추석 2026 and a weekend, hour by hour.
    for (let to = kst('2026-09-21T00:00:00'); to < kst('2026-10-06T00:00:00'); to += 5 * HOUR) {
      for (const ms of [DAY_MS, 2 * DAY_MS]) {
        const t = businessStart(to, ms);
        expect(businessMsBetween(t, to)).toBeLessThanOrEqual(ms);
        expect(businessMsBetween(t - 1000, to)).toBeGreaterThan(ms);
      }
    }
  });

  it('is 0 for an empty or reversed span', () => {
    expect(businessMsBetween(5, 5)).toBe(0);
    expect(businessMsBetween(10, 5)).toBe(0);
  });
});
