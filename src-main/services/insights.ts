// The insights report: every figure of the insights page (and of `desk stats`) for a period, each from its own
// query of the store (storage/insights-store.ts), so the answer is bounded by the period, not by the mirror.
import type { InsightsReport, InsightsReportRequest, InsightsTargets, Profile } from '../contract';
import { DEFAULT_INSIGHTS_TARGETS } from '../contract';
import { dayEndMs, dayStartMs } from '../../src-shared/market-day';
import type { InsightsQuery } from '../storage/insights-store';
import type { NotesStore } from '../storage/notes-store';

/** A profile's targets, its own where set, the defaults elsewhere. */
export function insightsTargets(profile: Pick<Profile, 'insightTargets'> | undefined): InsightsTargets {
  return { ...DEFAULT_INSIGHTS_TARGETS, ...profile?.insightTargets };
}

export function insightsReport(
  store: Pick<NotesStore, 'insights' | 'status'>,
  req: InsightsReportRequest,
  ctx: { nowMs: number; targets: InsightsTargets; mirror: string },
): InsightsReport {
  const businessDays = req.businessDays ?? ctx.targets.businessDays;
  const q: InsightsQuery = {
    startMs: dayStartMs(req.from),
    endMs: dayEndMs(req.to),
    nowMs: ctx.nowMs,
    businessDays,
    ...(req.sellerId === undefined ? {} : { sellerId: req.sellerId }),
  };
  const { insights } = store;
  return {
    from: req.from,
    to: req.to,
    ...(req.sellerId === undefined ? {} : { sellerId: req.sellerId }),
    businessDays,
    now: ctx.nowMs,
    mirror: ctx.mirror,
    revision: store.status().revision,
    speed: insights.replySpeed(q),
    weeks: insights.weeks(q),
    days: insights.days(q),
    topByNotes: insights.topItems(q, 'notes'),
    topByRefundExchange: insights.topItems(q, 'refundExchange'),
    arrivals: insights.arrivals(q),
    targets: ctx.targets,
  };
}
