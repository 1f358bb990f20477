import { CircleAlert } from 'lucide-react';
import { useI18n } from '../i18n';
import { describeError } from './describe-error';

/** What happened, what to do, a Retry, and the technical reason only when asked for. */
export function ErrorPanel({
  error,
  onRetry,
  compact,
}: {
  error: unknown;
  onRetry?: () => void;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const parts = describeError(error);
  return (
    <div className={compact ? 'error-panel compact' : 'error-panel'} role="alert">
      <CircleAlert className="error-icon" size={18} aria-hidden />
      <div className="error-body">
        <strong>{t(parts.what)}</strong>
        <p>{t(parts.todo)}</p>
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
