// Request validation for marketplace days, shared by every boundary that accepts one (IPC handlers, the
// command line): a sane calendar day, and a period counted before anything walks it.
import { z } from 'zod';
import {
  FIRST_MARKET_DAY,
  LAST_MARKET_DAY,
  MAX_PERIOD_DAYS,
  isSaneMarketDay,
  periodDays,
} from './market-day';

/** A 'YYYY-MM-DD' day between FIRST_MARKET_DAY and LAST_MARKET_DAY. */
export const marketDaySchema = z
  .string()
  .max(10)
  .refine(isSaneMarketDay, `a date as YYYY-MM-DD from ${FIRST_MARKET_DAY} to ${LAST_MARKET_DAY}`);

/**
 * `{ start, end }` of sane days, end not before start, at most `maxDays` days. The period checks run only
 * once both days passed (zod would otherwise run them on values already known to be wrong).
 */
export function marketPeriodSchema<S extends z.ZodRawShape>(extra: S, maxDays: number = MAX_PERIOD_DAYS) {
  return z.strictObject({ start: marketDaySchema, end: marketDaySchema, ...extra }).superRefine((r, ctx) => {
    const { start, end } = r as unknown as { start: string; end: string };
    const days = periodDays(start, end);
    if (days === undefined) return;
    if (end < start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end is before start' });
    else if (days > maxDays)
      ctx.addIssue({ code: 'custom', path: ['start'], message: `at most ${maxDays} days per period` });
  });
}
