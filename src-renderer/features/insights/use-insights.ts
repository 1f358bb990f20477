// The report of the period on screen, from the mirror in main (aggregated there: bounded by the period, not by
// the notes it holds). Under the notes' query root, so main's `notes.refreshed` brings it up to date.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightsReportRequest } from '../../../src-main/contract';
import { call } from '../../api/desk';

export function useInsightsReport(profileId: string, req: InsightsReportRequest) {
  return useQuery({
    queryKey: [
      'notes',
      'insights',
      profileId,
      req.from,
      req.to,
      req.sellerId ?? '',
      req.businessDays ?? 'profile',
    ],
    queryFn: async ({ signal }) => {
      const report = await call('insights.report', req, signal);
      // For the bench and DevTools: when the report reached the page (the figures are drawn from here on).
      performance.mark('insights:report-arrived');
      return report;
    },
    placeholderData: keepPreviousData,
  });
}
