// A figure of the insights page as a file: CSV through the one writer (csv.ts: BOM, CRLF, formula escaping),
// XLSX with typed cells (never a formula), or the PNG the renderer drew.
import writeXlsxFile from 'write-excel-file/node';
import type { FigureExportRequest } from '../contract';
import { csvBytes } from './csv';
import { localFileStamp } from './file-stamp';

export async function figureBytes(req: FigureExportRequest): Promise<Uint8Array> {
  if (req.format === 'csv') return csvBytes([req.columns, ...req.rows]);
  if (req.format === 'png') return Uint8Array.from(Buffer.from(req.png ?? '', 'base64'));
  const head = req.columns.map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = req.rows.map((row) =>
    row.map((value) => (typeof value === 'number' ? { type: Number, value } : { type: String, value })),
  );
  const buffer = await writeXlsxFile([head, ...data], { stickyRowsCount: 1 }).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function figureFileName(req: FigureExportRequest, at: Date): string {
  return `${req.name}-${localFileStamp(at, req.timeZone)}.${req.format}`;
}
