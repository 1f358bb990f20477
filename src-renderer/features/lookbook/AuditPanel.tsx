import { CircleAlert, Download, Info, TriangleAlert } from 'lucide-react';
import type { AuditSeverity } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { AuditFinding } from './model/audit-rules';
import { findingText } from './model/finding-text';

const ICON = { error: CircleAlert, warning: TriangleAlert, info: Info } as const;

export function AuditPanel({
  findings,
  targetLabel,
  textLimit,
  onTextLimit,
  onSelect,
  onExport,
  exporting,
}: {
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
  return (
    <aside className="lb-audit" aria-label={t('lookbook.audit')}>
      <div className="lb-audit-head">
        <h2>{t('lookbook.audit')}</h2>
        <button type="button" className="btn btn-small" onClick={onExport} disabled={exporting}>
          <Download size={14} aria-hidden />
          {t('lookbook.audit.export')}
        </button>
      </div>
      <p className="muted lb-small" data-testid="audit-count">
        {[
          t('lookbook.audit.errors', { count: count('error') }),
          t('lookbook.audit.warnings', { count: count('warning') }),
          t('lookbook.audit.infos', { count: count('info') }),
        ].join(' · ')}
      </p>
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
        <p className="muted">{t('lookbook.audit.none')}</p>
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
                      <span className="lb-visually-hidden">
                        {t(`lookbook.audit.severity.${f.severity}`)} ·{' '}
                      </span>
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
    </aside>
  );
}
