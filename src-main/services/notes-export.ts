// The inbox's filtered view as a file a seller opens in Excel.
//   CSV: the one writer (csv.ts): UTF-8 with a BOM, CRLF rows, RFC 4180 quoting, and a leading apostrophe on
//        text that starts like a formula: a buyer writes the note text, so it must never run on the seller's
//        machine.
//   XLSX: every cell is a typed string or number, never a formula, so no escaping is needed; long order
//        numbers stay text and keep every digit.
import writeXlsxFile from 'write-excel-file/node';
import type { InboxNote, NoteLocalMark } from '../contract';
import { EXPORT_FIELDS, NOTE_VALUE_LABELS } from '../../src-shared/note-fields';
import type { NoteFieldSpec } from '../../src-shared/note-fields';
import { csvBytes } from './csv';
import { localFileStamp } from './file-stamp';

/** One entry of a team note's memo thread, as the export writes it. */
export interface ExportMemo {
  author: string;
  at: number;
  body: string;
}

export interface ExportContext {
  lang: 'ko' | 'en';
  timeZone: string;
  local: Record<string, NoteLocalMark>;
  /** Team mode: each note's memo thread by SeqNo (a column of its own; absent for a single desktop). */
  threads?: Readonly<Record<string, readonly ExportMemo[]>> | undefined;
}

// Words the export adds beyond the field table's headers: the local columns and "yes".
const LOCAL_LABELS = {
  ko: { handled: '처리 표시(로컬)', memo: '메모(로컬)', yes: '예', thread: '팀 메모' },
  en: { handled: 'Handled (local)', memo: 'Memo (local)', yes: 'yes', thread: 'Team memos' },
} as const;

export type ExportRow = (string | number)[];

/** The header; a team's export has the memo thread's column after the local ones. */
export function exportHeader(lang: 'ko' | 'en', team = false): string[] {
  const l = LOCAL_LABELS[lang];
  return [...EXPORT_FIELDS.map((f) => f.label[lang]), l.handled, l.memo, ...(team ? [l.thread] : [])];
}

/** A thread in one cell: an entry a line, "time author: text", oldest first. */
function threadCell(entries: readonly ExportMemo[] | undefined, time: (ms: number) => string): string {
  return (entries ?? []).map((e) => `${time(e.at)} ${e.author}: ${e.body}`).join('\n');
}

/** 'YYYY-MM-DD HH:mm:ss' in `timeZone` (the sv-SE pattern is ISO-like and sorts in Excel). */
function timeFormatter(timeZone: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (ms) => f.format(ms);
}

/** The notes as the export's rows, in order: a piece at a time gives the same rows as all at once. */
export function exportRows(notes: readonly InboxNote[], ctx: ExportContext): ExportRow[] {
  const words = NOTE_VALUE_LABELS[ctx.lang];
  const yes = LOCAL_LABELS[ctx.lang].yes;
  const time = timeFormatter(ctx.timeZone);
  const cell = (note: InboxNote, field: NoteFieldSpec): string | number => {
    const value = (note as unknown as Record<string, string | number | undefined>)[field.key];
    switch (field.kind) {
      case 'replyStatus':
      case 'queryType':
        return words[value as keyof typeof words] ?? String(value);
      // The seller's zone, in a form spreadsheets sort: the wire's own text is Korean time.
      case 'dateTime':
        return time(note.at);
      default:
        return value ?? '';
    }
  };
  return notes.map((n) => {
    const mark = ctx.local[String(n.seqNo)];
    const row = [...EXPORT_FIELDS.map((f) => cell(n, f)), mark?.handled ? yes : '', mark?.memo ?? ''];
    return ctx.threads ? [...row, threadCell(ctx.threads[String(n.seqNo)], time)] : row;
  });
}

export function notesToCsv(notes: readonly InboxNote[], ctx: ExportContext): Uint8Array {
  return csvBytes([exportHeader(ctx.lang, ctx.threads !== undefined), ...exportRows(notes, ctx)]);
}

export function notesToXlsx(notes: readonly InboxNote[], ctx: ExportContext): Promise<Uint8Array> {
  return rowsToXlsx(exportRows(notes, ctx), ctx.lang, ctx.threads !== undefined);
}

/** The XLSX file of the export's rows (all of them: the workbook is written whole). */
export async function rowsToXlsx(
  rows: readonly ExportRow[],
  lang: 'ko' | 'en',
  team = false,
): Promise<Uint8Array> {
  const head = exportHeader(lang, team).map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = rows.map((row) =>
    row.map((value) => (typeof value === 'number' ? { type: Number, value } : { type: String, value })),
  );
  const widths = [...EXPORT_FIELDS.map((f) => f.exportWidth), 10, 24, ...(team ? [48] : [])];
  const buffer = await writeXlsxFile([head, ...data], {
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function exportFileName(
  format: 'csv' | 'xlsx',
  lang: 'ko' | 'en',
  at: Date,
  timeZone: string,
): string {
  return `${lang === 'ko' ? '구매자문의' : 'buyer-notes'}-${localFileStamp(at, timeZone)}.${format}`;
}
