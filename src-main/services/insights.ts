// The insights report: every figure of the insights page (and of `desk stats`) for a period, each from its own
// query of the store (storage/insights-store.ts), so the answer is bounded by the period, not by the mirror. The
// figures are read by `insightsFigures` (storage/mirror-read-queries.ts): in the mirror's read worker for the app
// (host/handlers/insights.ts), on the caller's own connection for `desk stats`.
import type { InsightsReport, InsightsReportRequest, InsightsTargets, Profile } from '../contract';
import { DEFAULT_INSIGHTS_TARGETS } from '../contract';
import { dayEndMs, dayStartMs } from '../../src-shared/market-day';
import type { InsightsQuery } from '../storage/insights-store';
import { insightsFigures } from '../storage/mirror-read-queries';
import type { InsightsFigures } from '../storage/mirror-read-queries';
import type { NotesStore } from '../storage/notes-store';

/** A profile's targets, its own where set, the defaults elsewhere. */
export function insightsTargets(profile: Pick<Profile, 'insightTargets'> | undefined): InsightsTargets {
  return { ...DEFAULT_INSIGHTS_TARGETS, ...profile?.insightTargets };
}

export interface InsightsContext {
  nowMs: number;
  targets: InsightsTargets;
  mirror: string;
}

/** The store's question for a report's request: the period as instants, the clock, which hours count. */
export function insightsQuery(req: InsightsReportRequest, ctx: InsightsContext): InsightsQuery {
  return {
    startMs: dayStartMs(req.from),
    endMs: dayEndMs(req.to),
    nowMs: ctx.nowMs,
    businessDays: req.businessDays ?? ctx.targets.businessDays,
    ...(req.sellerId === undefined ? {} : { sellerId: req.sellerId }),
  };
}

/** The report of `req` from the figures read for insightsQuery(req, ctx). */
export function reportOf(
  req: InsightsReportRequest,
  ctx: InsightsContext,
  figures: InsightsFigures,
): InsightsReport {
  const { revision, ...rest } = figures;
  return {
    from: req.from,
    to: req.to,
    ...(req.sellerId === undefined ? {} : { sellerId: req.sellerId }),
    businessDays: req.businessDays ?? ctx.targets.businessDays,
    now: ctx.nowMs,
    mirror: ctx.mirror,
    revision,
    ...rest,
    targets: ctx.targets,
  };
}

/** The report read on the caller's own thread (`desk stats`, tests): the app asks its read worker instead. */
export function insightsReport(
  store: Pick<NotesStore, 'insights' | 'status'>,
  req: InsightsReportRequest,
  ctx: InsightsContext,
): InsightsReport {
  return reportOf(req, ctx, insightsFigures(store, insightsQuery(req, ctx)));
}
