// RFC 4180 CSV for spreadsheets: CRLF records, every field that needs it quoted, quotes doubled, and a
// UTF-8 byte order mark so Excel reads Korean text as UTF-8 rather than the system code page.

const NEEDS_QUOTES = /[",\r\n]/;
// A cell starting with one of these is a formula to Excel and LibreOffice; buyer-written titles must not run.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (Record<string, unknown> | null)[], columns: readonly string[]): string {
  const lines = [
    columns.map(csvField).join(','),
    ...rows.map((r) => columns.map((c) => csvField(r?.[c])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
