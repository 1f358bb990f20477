// The insights page: how fast the shop answers and where its questions come from, for a period and a seller.
// Every figure is aggregated by the mirror in main; each has a table view, exports, and opens the notes behind it.
import { useCallback, useState } from 'react';
import type { InsightsReport } from '../../../src-main/contract/insights';
import { marketDayOf } from '../../../src-shared/market-day';
import { useConnectionInfo } from '../../api/queries';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import { Banner } from '../../ui/Banner';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ArrivalsFigure } from './ArrivalsFigure';
import { DaysFigure } from './DaysFigure';
import { InsightsToolbar } from './InsightsToolbar';
import { ItemsFigure } from './ItemsFigure';
import { resolvePeriod } from './model/period';
import type { PeriodChoice } from './model/period';
import type { FigureTable } from './model/tables';
import { SpeedSection } from './SpeedSection';
import { TeamMembersFigure } from './TeamMembersFigure';
import { TrendFigure } from './TrendFigure';
import { useFigureExport } from './use-figure-export';
import type { ExportFormat } from './use-figure-export';
import { useInboxLink } from './use-inbox-link';
import type { InboxScope } from './use-inbox-link';
import { useInsightsReport } from './use-insights';
import './insights.css';

export function InsightsPage() {
  const { t } = useI18n();
  const profileId = useSettingsValue((s) => s.activeProfileId) ?? '';
  const profileSellers = useSettingsValue(
    (s) => s.profiles.find((p) => p.id === s.activeProfileId)?.sellerIds,
  );
  const connection = useConnectionInfo();
  const sellerIds = connection.data?.sellerIds ?? profileSellers ?? [];
  const [period, setPeriod] = useState<PeriodChoice>({ preset: '30d', start: '', end: '' });
  const [sellerId, setSellerId] = useState('');
  // Undefined: the profile's own choice (the report says which it used).
  const [businessDays, setBusinessDays] = useState<boolean | undefined>();
  const [today] = useState(() => marketDayOf(Date.now()));
  const range = resolvePeriod(period, today);
  const report = useInsightsReport(profileId, {
    ...range,
    ...(sellerId ? { sellerId } : {}),
    ...(businessDays === undefined ? {} : { businessDays }),
  });
  return (
    <div className="insights" aria-busy={report.isFetching}>
      <InsightsToolbar
        period={period}
        resolved={range}
        onPeriod={setPeriod}
        sellerId={sellerId}
        sellerIds={sellerIds}
        onSeller={setSellerId}
        businessDays={businessDays ?? report.data?.businessDays ?? false}
        onBusinessDays={setBusinessDays}
      />
      {report.error ? (
        <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <p className="insights-loading" role="status">
          {t('insights.loading')}
        </p>
      ) : (
        <InsightsBody report={report.data} sellerId={sellerId} />
      )}
    </div>
  );
}

function InsightsBody({ report, sellerId }: { report: InsightsReport; sellerId: string }) {
  const { t } = useI18n();
  const link = useInboxLink();
  const exporter = useFigureExport();
  const open = useCallback(
    (scope: Partial<InboxScope>) =>
      link({ start: report.from, end: report.to, ...(sellerId ? { sellerId } : {}), ...scope }),
    [link, report.from, report.to, sellerId],
  );
  const onExport =
    (name: string) => (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) =>
      void exporter.save(name, format, table, picture);
  return (
    <div className="insights-body">
      {exporter.outcome?.path && (
        <Banner role="status" tone="offer" onClick={exporter.dismiss}>
          {t('insights.export.saved', { path: exporter.outcome.path })}
        </Banner>
      )}
      {exporter.outcome?.error !== undefined && <ErrorPanel error={exporter.outcome.error} compact />}
      {report.speed.total === 0 && <Banner role="note">{t('insights.empty')}</Banner>}
      <div className="insights-row">
        <SpeedSection report={report} open={open} onExport={onExport('reply-speed')} />
        <TrendFigure report={report} open={open} onExport={onExport('weekly-trend')} />
      </div>
      <DaysFigure report={report} open={open} onExport={onExport('notes-per-day')} />
      <div className="insights-row">
        <ItemsFigure report={report} by="notes" open={open} onExport={onExport('top-items-notes')} />
        <ItemsFigure
          report={report}
          by="refund"
          open={open}
          onExport={onExport('top-items-refund-exchange')}
        />
      </div>
      <ArrivalsFigure report={report} onExport={onExport('arrivals')} />
      <TeamMembersFigure from={report.from} to={report.to} />
    </div>
  );
}
