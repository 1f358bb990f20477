// The frame every result set shares: a title with its count, its own progress and its own error, so one failing
// operation never blanks the others. data-hint names the hint the shown rows answer.
import type { ReactNode } from 'react';
import { formatNumber } from '../../format/numbers';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';

export function ResultPanel({
  id,
  title,
  count,
  answeredHint,
  hint,
  fetching,
  error,
  sharedFailure,
  onRetry,
  className,
  children,
}: {
  id: string;
  title: string;
  count: number | undefined;
  /** The hint the rows on screen answer (undefined before any answer). */
  answeredHint: string | undefined;
  hint: string;
  fetching: boolean;
  error: unknown;
  /** The failure is shared with other panels and told once above them; this panel only says so. */
  sharedFailure: boolean;
  onRetry: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { t, lang } = useI18n();
  const stale = answeredHint !== undefined && answeredHint !== hint;
  return (
    <section
      className={className ? `kw-panel ${className}` : 'kw-panel'}
      aria-labelledby={`${id}-title`}
      aria-busy={fetching}
      data-op={id}
      data-hint={answeredHint ?? ''}
    >
      <header className="kw-panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {count !== undefined && !error && (
          <span className="badge badge-neutral num">{formatNumber(count, lang)}</span>
        )}
        {fetching && <span className="kw-spinner" aria-label={t('kw.panel.loading')} />}
      </header>
      {fetching && <div className="kw-progress" aria-hidden />}
      {error && sharedFailure ? (
        <div className="kw-panel-body">
          <p className="kw-none kw-shared-failure">{t('kw.panel.sharedFailure')}</p>
        </div>
      ) : error ? (
        <div className="kw-panel-body">
          <ErrorPanel error={error} onRetry={onRetry} compact />
        </div>
      ) : (
        <div
          className={stale ? 'kw-panel-body stale' : 'kw-panel-body'}
          title={stale ? t('kw.panel.staleFor', { hint: answeredHint }) : undefined}
        >
          {children}
          {count === 0 && !fetching && <p className="kw-none">{t('kw.panel.none')}</p>}
        </div>
      )}
    </section>
  );
}

/** The props every hint panel passes: its query's answer, progress and error, with Retry. */
export function hintPanelProps(
  id: string,
  title: string,
  q: { data?: { hint: string }; isFetching: boolean; error: unknown; refetch: () => unknown },
  p: { hint: string; sharedFailures: ReadonlySet<string> },
  count: number | undefined,
) {
  return {
    id,
    title,
    count: q.data ? count : undefined,
    answeredHint: q.data?.hint,
    hint: p.hint,
    fetching: q.isFetching,
    error: q.error,
    sharedFailure: q.error != null && p.sharedFailures.has(id),
    onRetry: () => void q.refetch(),
  };
}
