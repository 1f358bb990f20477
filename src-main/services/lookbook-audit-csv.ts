import type { AuditExportRow, AuditSeverity } from '../contract/lookbook';
import { csvText } from './csv';
import { localFileStamp } from './file-stamp';

type Lang = 'ko' | 'en';

/** Headers and severities in the language of the UI the audit was exported from; kinds stay stable codes. */
const LABELS: Record<Lang, { header: readonly string[]; severity: Record<AuditSeverity, string> }> = {
  ko: {
    header: ['심각도', '점검 코드', '대상', '내용', '근거'],
    severity: { error: '오류', warning: '경고', info: '참고' },
  },
  en: {
    header: ['Severity', 'Check', 'Target', 'Finding', 'Evidence'],
    severity: { error: 'Error', warning: 'Warning', info: 'Info' },
  },
};

/** The audit as a CSV file (the one writer, csv.ts: BOM, CRLF, formulas defused, as audit text comes from seller HTML). */
export function auditCsv(rows: readonly AuditExportRow[], lang: Lang): string {
  const labels = LABELS[lang];
  return csvText([
    labels.header,
    ...rows.map((r) => [labels.severity[r.severity], r.kind, r.target, r.message, r.detail ?? '']),
  ]);
}

/** A file name that is safe on every OS whatever the seller ID holds. */
export function auditFileName(sellerId: string, lang: Lang, now: Date, timeZone: string): string {
  const id = sellerId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60) || 'seller';
  return `${lang === 'ko' ? '룩북점검' : 'lookbook-audit'}-${id}-${localFileStamp(now, timeZone)}.csv`;
}
