// The frame every result set shares: a title with its count, its own progress and its own error, so one failing
// operation never blanks the others. data-hint names the hint the shown rows answer.
import type { ReactNode } from 'react';
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
  onRetry: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
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
        {count !== undefined && !error && <span className="badge badge-neutral num">{count}</span>}
        {fetching && <span className="kw-spinner" aria-label={t('kw.panel.loading')} />}
      </header>
      {fetching && <div className="kw-progress" aria-hidden />}
      {error ? (
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
  hint: string,
  count: number | undefined,
) {
  return {
    id,
    title,
    count: q.data ? count : undefined,
    answeredHint: q.data?.hint,
    hint,
    fetching: q.isFetching,
    error: q.error,
    onRetry: () => void q.refetch(),
  };
}
