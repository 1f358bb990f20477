import { CircleAlert, Download, Info, RefreshCw, TriangleAlert } from 'lucide-react';
import type { AuditSeverity, LookbookProgressEvent } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import type { AuditFinding } from './model/audit-rules';
import { findingText } from './model/finding-text';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

const ICON = { error: CircleAlert, warning: TriangleAlert, info: Info } as const;

/** Where the whole-lookbook read stands; findings are shown only once it is `read`. */
export type AuditRead =
  | { state: 'reading'; progress?: LookbookProgressEvent; onCancel: () => void }
  | { state: 'cancelled'; onRestart: () => void }
  | { state: 'failed'; error: unknown; onRestart: () => void }
  | {
      state: 'read';
      empty: boolean;
      /** How many items were audited when the marketplace promised more than one audit reads. */
      truncated: number | undefined;
      pages: number;
    };

export function AuditPanel({
  read,
  images,
  findings,
  targetLabel,
  textLimit,
  onTextLimit,
  onSelect,
  onExport,
  exporting,
}: {
  read: AuditRead;
  /** Images of the whole lookbook checked so far. */
  images: { done: number; total: number };
  findings: readonly AuditFinding[];
  targetLabel: (key: string) => string;
  textLimit: number;
  onTextLimit: (bytes: number) => void;
  onSelect: (finding: AuditFinding) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t, lang } = useI18n();
  const count = (s: AuditSeverity) => findings.filter((f) => f.severity === s).length;
  const probing = read.state === 'read' && images.done < images.total;
  return (
    <aside
      className="lb-audit"
      aria-label={t('lookbook.audit')}
      aria-busy={read.state === 'reading' || probing}
    >
      <div className="lb-audit-head">
        <h2>{t('lookbook.audit')}</h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={onExport}
          disabled={exporting || read.state !== 'read' || read.empty}
          aria-busy={exporting}
        >
          <Download size={14} aria-hidden />
          {exporting ? t('lookbook.audit.exporting') : t('lookbook.audit.export')}
        </button>
      </div>
      {read.state === 'reading' ? (
        <div className="lb-audit-progress" role="status" data-testid="audit-progress">
          <progress
            {...(read.progress?.totalItems !== undefined
              ? { max: Math.max(1, read.progress.totalItems), value: read.progress.items }
              : {})}
            aria-label={t('lookbook.audit.reading')}
          />
          <span className="num lb-small">
            {read.progress?.totalItems !== undefined
              ? t('lookbook.audit.readingOf', {
                  items: read.progress.items,
                  total: read.progress.totalItems,
                })
              : t('lookbook.audit.reading')}
          </span>
          <button type="button" className="btn btn-small" onClick={read.onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      ) : read.state === 'cancelled' ? (
        <div className="lb-audit-progress" role="status" data-testid="audit-cancelled">
          <span className="lb-small">{t('lookbook.audit.cancelled')}</span>
          <button type="button" className="btn btn-small" onClick={read.onRestart}>
            <RefreshCw size={14} aria-hidden />
            {t('lookbook.audit.restart')}
          </button>
        </div>
      ) : read.state === 'failed' ? (
        <ErrorPanel compact error={read.error} onRetry={read.onRestart} />
      ) : read.empty ? (
        <p className="muted" data-testid="audit-empty">
          {t('lookbook.audit.nothing')}
        </p>
      ) : (
        <AuditFindings
          findings={findings}
          count={count}
          probing={probing}
          images={images}
          truncated={read.truncated}
          targetLabel={targetLabel}
          textLimit={textLimit}
          onTextLimit={onTextLimit}
          onSelect={onSelect}
          lang={lang}
        />
      )}
    </aside>
  );
}

function AuditFindings({
  findings,
  count,
  probing,
  images,
  truncated,
  targetLabel,
  textLimit,
  onTextLimit,
  onSelect,
  lang,
}: {
  findings: readonly AuditFinding[];
  count: (s: AuditSeverity) => number;
  probing: boolean;
  images: { done: number; total: number };
  truncated: number | undefined;
  targetLabel: (key: string) => string;
  textLimit: number;
  onTextLimit: (bytes: number) => void;
  onSelect: (finding: AuditFinding) => void;
  lang: 'ko' | 'en';
}) {
  const { t } = useI18n();
  return (
    <>
      <p className="muted lb-small" data-testid="audit-count">
        {[
          t('lookbook.audit.errors', { count: count('error') }),
          t('lookbook.audit.warnings', { count: count('warning') }),
          t('lookbook.audit.infos', { count: count('info') }),
        ].join(' · ')}
      </p>
      {probing && (
        <p className="muted lb-small" role="status" data-testid="audit-images">
          {t('lookbook.audit.images', { done: images.done, total: images.total })}
        </p>
      )}
      {truncated !== undefined && (
        <p className="lb-small" role="status">
          {t('lookbook.audit.truncated', { max: truncated })}
        </p>
      )}
      <label className="lb-limit">
        <span>{t('lookbook.audit.limit')}</span>
        <input
          type="number"
          min={1}
          max={100000}
          step={100}
          value={textLimit}
          onChange={(e) => {
            const n = Math.trunc(Number(e.target.value));
            if (Number.isFinite(n) && n >= 1) onTextLimit(n);
          }}
        />
      </label>
      {findings.length === 0 ? (
        <p className="muted" data-testid="audit-none">
          {probing ? t('lookbook.audit.noneYet') : t('lookbook.audit.none')}
        </p>
      ) : (
        <ul className="lb-findings">
          {findings.map((f) => {
            const Icon = ICON[f.severity];
            return (
              <li key={f.id}>
                <button
                  type="button"
                  className={`lb-finding sev-${f.severity}`}
                  data-kind={f.kind}
                  data-severity={f.severity}
                  data-target={f.targetKey}
                  onClick={() => onSelect(f)}
                >
                  <Icon size={15} aria-hidden className="lb-finding-icon" />
                  <span className="lb-finding-text">
                    <span className="lb-finding-target">
                      <VisuallyHidden>{t(`lookbook.audit.severity.${f.severity}`)} · </VisuallyHidden>
                      {targetLabel(f.targetKey)}
                    </span>
                    <span>{findingText(f, t, lang)}</span>
                    {f.detail !== undefined && <span className="lb-finding-detail mono">{f.detail}</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
