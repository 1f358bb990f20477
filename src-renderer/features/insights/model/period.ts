// The insights page's period: the last 7, 30 or 90 days ending today, or days the seller picks.
import { MAX_PERIOD_DAYS, addDays, clampPeriod, isSaneMarketDay } from '../../../../src-shared/market-day';

export const PERIOD_PRESETS = ['7d', '30d', '90d', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface PeriodChoice {
  preset: PeriodPreset;
  /** Only for 'custom': marketplace days, inclusive. */
  start: string;
  end: string;
}

const PRESET_DAYS: Record<Exclude<PeriodPreset, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The days a choice covers; presets end today and count it. A custom period keeps its end, at most MAX_PERIOD_DAYS (within the report's INSIGHTS_MAX_DAYS). */
export function resolvePeriod(c: PeriodChoice, today: string): { from: string; to: string } {
  if (c.preset === 'custom' && isSaneMarketDay(c.start) && isSaneMarketDay(c.end)) {
    const { start, end } = clampPeriod(c.start, c.end, MAX_PERIOD_DAYS);
    return { from: start, to: end };
  }
  const days = PRESET_DAYS[c.preset === 'custom' ? '30d' : c.preset];
  return { from: addDays(today, -(days - 1)), to: today };
}
