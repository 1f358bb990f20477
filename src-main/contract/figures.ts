// A figure's data saved as a file the seller picks: the insights page's charts as CSV (through the one CSV
// writer), XLSX, or the PNG the renderer drew. The renderer sends the table it shows; main writes the file.
// Merged in ./index.ts.

export type FigureExportFormat = 'csv' | 'xlsx' | 'png';

export interface FigureExportRequest {
  /** The file's base name (letters, digits, '-'): the figure's name; main adds the date stamp and extension. */
  name: string;
  format: FigureExportFormat;
  /** csv and xlsx: the header and the rows, exactly as the table view shows them. */
  columns: string[];
  rows: (string | number)[][];
  /** png: the image as base64 (no data: prefix). */
  png?: string;
  /** IANA zone for the file name's stamp. */
  timeZone: string;
}

export interface FigureExportResult {
  /** undefined when the seller dismissed the save dialog. */
  path?: string;
}

/** Bounds of a figure's table: a chart never shows more (3 years of days, 24 hours × 7 days). */
export const FIGURE_MAX_ROWS = 2000;
export const FIGURE_MAX_COLUMNS = 64;
/** A PNG's base64, at most (about 12 MB of image). */
export const FIGURE_MAX_PNG_CHARS = 16_000_000;

export interface FiguresContract {
  /** Saves one figure of the insights page (its table or its image) where the seller picks. */
  'figures.export': { req: FigureExportRequest; res: FigureExportResult };
}

export const FIGURES_CHANNELS = ['figures.export'] as const satisfies readonly (keyof FiguresContract)[];
