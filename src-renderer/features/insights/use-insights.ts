// The report of the period on screen, from the mirror in main (aggregated there: bounded by the period, not by
// the notes it holds). Under the notes' query root, so main's `notes.refreshed` brings it up to date.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Channel } from '../../../src-main/contract';
import type { InsightsReport, InsightsReportRequest } from '../../../src-main/contract/insights';
import { call } from '../../api/desk';

// TODO(insights-data): the channel joins the contract with its handler; until then it is named by hand.
const REPORT = 'insights.report' as Channel;

export function useInsightsReport(profileId: string, req: InsightsReportRequest) {
  return useQuery({
    queryKey: ['notes', 'insights', profileId, req.from, req.to, req.sellerId ?? ''],
    queryFn: ({ signal }) =>
      call(REPORT, req as never, signal) as Promise<unknown> as Promise<InsightsReport>,
    placeholderData: keepPreviousData,
  });
}
