// Aligned plain-text tables for a terminal. Korean text takes two columns per syllable, so widths are
// measured in terminal cells, not string length; control characters from the wire (a buyer's newline, an
// escape sequence) are flattened so one record stays one line and cannot drive the terminal.

// East Asian Wide and Fullwidth ranges that matter here: Hangul, CJK, fullwidth forms, emoji.
const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

function charWidth(cp: number): number {
  // Combining marks and zero-width joiners/space take no cell of their own.
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfeff) return 0;
  for (const [lo, hi] of WIDE) if (cp >= lo && cp <= hi) return 2;
  return 1;
}

export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/** Control characters (C0, DEL, C1) become spaces; runs of whitespace collapse. */
export function flatten(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/ {2,}/g, ' ');
}

export function truncate(s: string, max: number): string {
  if (displayWidth(s) <= max) return s;
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > max - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

function pad(s: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(s)));
  return right ? fill + s : s + fill;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object') return '{…}';
  return flatten(String(value));
}

export interface Column {
  key: string;
  title?: string;
  /** Longest cell in terminal columns before it is cut with an ellipsis. */
  max?: number;
  align?: 'left' | 'right';
}

/** Columns for records whose keys are not known ahead: the union of their keys in first-seen order. */
export function columnsOf(rows: readonly Record<string, unknown>[]): Column[] {
  const keys = new Set<string>();
  for (const row of rows) for (const k of Object.keys(row)) keys.add(k);
  return [...keys].map((key) => ({ key }));
}

export function renderTable(
  rows: readonly (Record<string, unknown> | null)[],
  columns: readonly Column[],
): string {
  const cells = rows.map((row) => columns.map((c) => truncate(cellText(row?.[c.key]), c.max ?? 48)));
  const titles = columns.map((c) => c.title ?? c.key);
  const widths = columns.map((_, i) =>
    Math.max(displayWidth(titles[i]!), ...cells.map((r) => displayWidth(r[i]!))),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => pad(v, widths[i]!, columns[i]!.align === 'right'))
      .join('  ')
      .trimEnd();
  return [line(titles), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}
