import type { AuditExportRow } from '../contract/lookbook';

const HEADER = ['severity', 'kind', 'target', 'message', 'detail'] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab/CR that hides one) as a formula. Audit text comes
 * from seller-controlled HTML and URLs, so such cells are prefixed with an apostrophe (OWASP CSV injection).
 */
function neutralized(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string): string {
  const v = neutralized(value);
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** RFC 4180 CSV with CRLF line ends and a UTF-8 BOM, so Excel opens the Korean text without asking. */
export function auditCsv(rows: readonly AuditExportRow[]): string {
  const lines = [HEADER.join(',')];
  for (const r of rows) {
    lines.push([r.severity, r.kind, r.target, r.message, r.detail ?? ''].map(cell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name that is safe on every OS whatever the seller ID holds. */
export function auditFileName(sellerId: string, now: Date): string {
  const id = sellerId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60) || 'seller';
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `lookbook-audit-${id}-${stamp}.csv`;
}
