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
    queryFn: ({ signal }) => call('insights.report', req, signal),
    placeholderData: keepPreviousData,
  });
}
