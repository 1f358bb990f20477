import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { describeError } from './describe-error';
import type { ErrorParts } from './describe-error';

/** A failure announced to assistive technology: headline, where, the marketplace's reason, Details on demand. */
export function ErrorPanel({
  error,
  onRetry,
  compact,
  children,
}: {
  error: unknown;
  onRetry?: () => void;
  compact?: boolean;
  /** More about this failure in this place (which panels it hit…), under the headline. */
  children?: ReactNode;
}) {
  const { t, lang } = useI18n();
  return (
    <ErrorPartsPanel parts={describeError(error, t, lang)} onRetry={onRetry} compact={compact}>
      {children}
    </ErrorPartsPanel>
  );
}

export function ErrorPartsPanel({
  parts,
  onRetry,
  compact,
  children,
}: {
  parts: ErrorParts;
  onRetry?: () => void;
  compact?: boolean;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div
      className={compact ? 'error-panel compact' : 'error-panel'}
      role="alert"
      data-error-code={parts.code ?? 'unexpected'}
    >
      <CircleAlert className="error-icon" size={18} aria-hidden />
      <div className="error-body">
        <strong className="error-headline">{parts.headline}</strong>
        {parts.where && <p className="error-where">{parts.where}</p>}
        {parts.reason && (
          <p className="error-reason">
            <span className="muted">{t('error.reason')}: </span>
            {/* Verbatim, in whatever language the marketplace wrote it. */}
            <q className="error-reason-text" data-market-text="">
              {parts.reason}
            </q>
          </p>
        )}
        {children}
        <details>
          <summary>{t('error.details')}</summary>
          <pre>{parts.detail}</pre>
        </details>
      </div>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
