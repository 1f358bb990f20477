// The one CSV writer of every export (the inbox's CSV, the lookbook audit, the command line's `notes --csv`), on
// csv-stringify. For spreadsheets: a UTF-8 byte order mark (without it Excel reads Korean as the system code
// page), CRLF after every record, RFC 4180 quoting (a field with a comma, a quote, CR or LF is quoted, quotes
// doubled), and one rule for formulas and whitespace:
//  - a text cell that starts like a formula (= + - @, tab, CR, or their full-width forms ＝ ＋ － ＠, which Apple
//    Numbers reads as the same) gets a leading apostrophe, so buyer- or seller-written text never runs on the
//    seller's machine (OWASP CSV injection); numbers are written as they are, so -5 stays a number. The text
//    '-5' is escaped like any other text: a cell's type, not its look, decides.
//  - a cell that begins or ends with whitespace is quoted, so no reader trims it.
// Booleans are written `true`/`false`, absent values as empty cells.
import { stringify } from 'csv-stringify/sync';
import type { Options } from 'csv-stringify/sync';

export type CsvValue = string | number | bigint | boolean | null | undefined;

const OPTIONS: Options = {
  bom: true,
  record_delimiter: 'windows',
  // A lone CR or LF in a field is quoted too (by default only the record delimiter itself would be).
  quote_record_delimiter: true,
  escape_formulas: true,
  quoted_match: /^\s|\s$/,
  cast: { boolean: (value) => String(value) },
};

/** Records (the header first) as the text of a CSV file: BOM, CRLF after every record. */
export function csvText(records: readonly (readonly CsvValue[])[]): string {
  return stringify(records as CsvValue[][], OPTIONS);
}

/**
 * Records as one piece of a CSV file written piece by piece: the first piece carries the BOM, the others none;
 * the pieces joined are csvText of all the records, byte for byte (each record is written on its own).
 */
export function csvPiece(records: readonly (readonly CsvValue[])[], first: boolean): string {
  return stringify(records as CsvValue[][], first ? OPTIONS : { ...OPTIONS, bom: false });
}

/** The same as UTF-8 bytes (the BOM becomes EF BB BF). */
export function csvBytes(records: readonly (readonly CsvValue[])[]): Uint8Array {
  return new TextEncoder().encode(csvText(records));
}

/** One cell as the writer writes it. */
export function csvCell(value: CsvValue): string {
  return stringify([[value]], { ...OPTIONS, bom: false, eof: false });
}

/** Objects as records: `columns` is the header and the keys, in order; a missing record is a row of empty cells. */
export function objectsToCsv(
  rows: readonly (Record<string, unknown> | null)[],
  columns: readonly string[],
): string {
  return csvText([columns, ...rows.map((r) => columns.map((c) => r?.[c] as CsvValue))]);
}
