// A sync's failures, one alert per cause: "18일 × 3명: 마켓 서비스 장애(HTTP 503) — 잠시 뒤 다시 시도 · 4번 시도",
// with the marketplace's own reason beneath when it gave one. Shown while the sync runs, as soon as a failure is
// certain (its retries spent), and after it ends until the next sync.
import { CircleAlert } from 'lucide-react';
import type { FailedSlice } from '../../../src-main/contract';
import type { SyncFailureGroup } from '../../../src-shared/sync-failures';
import { useI18n } from '../../i18n';
import { describeExchangeError } from '../../ui/describe-error';
import type { TimeFormat } from './time-format';
import './inbox-extras.css';

export function SyncFailures({
  groups,
  running,
  time,
}: {
  groups: readonly SyncFailureGroup<FailedSlice>[];
  running: boolean;
  time: Pick<TimeFormat, 'day'>;
}) {
  const { t, lang } = useI18n();
  if (groups.length === 0) return null;
  return (
    <section className="sync-failures" aria-label={t('inbox.syncFailure.label')} data-testid="sync-failures">
      {groups.map((g) => {
        const parts = describeExchangeError(g.first, t, lang);
        const scope =
          g.phase === 'statuses'
            ? `${t('inbox.syncFailure.statuses')} × ${t('inbox.syncFailure.sellers', { count: g.sellers })}`
            : `${t('inbox.syncFailure.days', { count: g.days })} × ${t('inbox.syncFailure.sellers', { count: g.sellers })}`;
        return (
          <div
            key={g.key}
            className="error-panel compact sync-failure"
            role="alert"
            data-error-code={parts.code ?? 'unexpected'}
            data-testid="sync-failure"
          >
            <CircleAlert className="error-icon" size={18} aria-hidden />
            <div className="error-body">
              <p className="sync-failure-line">
                <span className="sync-failure-scope num">{scope}: </span>
                <strong className="error-headline">{parts.headline}</strong>
                <span className="muted num"> · {t('inbox.syncFailure.attempts', { count: g.attempts })}</span>
              </p>
              {parts.where && <p className="error-where">{parts.where}</p>}
              {parts.reason && (
                <p className="error-reason">
                  <span className="muted">{t('error.reason')}: </span>
                  <q className="error-reason-text" data-market-text="">
                    {parts.reason}
                  </q>
                </p>
              )}
              <details>
                <summary>{t('error.details')}</summary>
                <p className="num">
                  {t('inbox.syncFailure.where', {
                    from: time.day(g.firstDay),
                    to: time.day(g.lastDay),
                    sellers: g.sellerIds.join(', '),
                  })}
                </p>
                <pre>{parts.detail}</pre>
              </details>
            </div>
          </div>
        );
      })}
      {running && (
        <p className="muted" role="status">
          {t('inbox.syncFailure.still')}
        </p>
      )}
    </section>
  );
}
