// The export worker: writes the inbox's export off the main thread, so a file of a hundred thousand notes never
// stalls IPC or the window. It reads the notes itself, a piece at a time, through its own read-only connection to
// the mirror (WAL lets a reader beside the main thread's writer); the CSV is written to the file piece by piece
// (streamed), the XLSX workbook is built whole once the last piece is read. Each piece written is reported
// (progress). The file is written under a temporary name the main thread chose, which it renames on success and
// deletes when the export is cancelled (the worker is stopped) or fails. Without a file (a runtime that saves the
// bytes itself) the finished bytes are handed back instead.
import { closeSync, openSync, writeSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { NoteLocalMark } from '../contract';
import { openMirrorReader } from '../storage/mirror-reader';
import type { MirrorReader } from '../storage/mirror-reader';
import { csvPiece } from './csv';
import { exportHeader, exportRows, rowsToXlsx } from './notes-export';
import type { ExportContext, ExportMemo, ExportRow } from './notes-export';

export interface ExportJob {
  format: 'csv' | 'xlsx';
  lang: ExportContext['lang'];
  timeZone: string;
  /** The mirror's file, opened read-only here. */
  mirrorFile: string;
  /** The notes, in the order written. */
  seqNos: readonly number[];
  /** Notes per piece read and written. */
  pieceNotes: number;
  /** Where to write (created new, never overwritten); without it the bytes come back in `done`. */
  tempPath?: string;
  /** Team mode: the notes' memo threads by SeqNo (read by the host from the team database). */
  threads?: Record<string, ExportMemo[]>;
}

export type ExportWorkerMessage =
  | { type: 'progress'; written: number }
  | { type: 'done'; written: number; bytes?: Uint8Array }
  | { type: 'error'; message: string };

function post(m: ExportWorkerMessage, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(m, transfer);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.byteLength;) at += writeSync(fd, bytes, at, bytes.byteLength - at);
}

/** The rows of the job's notes, a piece at a time, each piece's marks looked up in `marks`. */
function* pieces(store: MirrorReader, job: ExportJob): Generator<ExportRow[]> {
  const marks = store.marks();
  const ctx = { lang: job.lang, timeZone: job.timeZone, threads: job.threads };
  for (let at = 0; at < job.seqNos.length; at += job.pieceNotes) {
    const notes = store.notesBySeq(job.seqNos.slice(at, at + job.pieceNotes));
    const local: Record<string, NoteLocalMark> = {};
    for (const n of notes) {
      const mark = marks.get(n.seqNo);
      if (mark) local[String(n.seqNo)] = mark;
    }
    yield exportRows(notes, { ...ctx, local });
  }
}

async function run(job: ExportJob): Promise<void> {
  const store = openMirrorReader(job.mirrorFile);
  let fd = job.tempPath === undefined ? undefined : openSync(job.tempPath, 'wx');
  try {
    const texts: string[] = [];
    const rows: ExportRow[] = [];
    const csv = (text: string) => (fd === undefined ? texts.push(text) : writeSync(fd, text, null, 'utf8'));
    if (job.format === 'csv') csv(csvPiece([exportHeader(job.lang, job.threads !== undefined)], true));
    let written = 0;
    post({ type: 'progress', written });
    for (const piece of pieces(store, job)) {
      if (job.format === 'csv') csv(csvPiece(piece, false));
      else for (const r of piece) rows.push(r);
      written += piece.length;
      post({ type: 'progress', written });
    }
    store.close();
    let bytes: Uint8Array | undefined =
      job.format === 'csv'
        ? new TextEncoder().encode(texts.join(''))
        : await rowsToXlsx(rows, job.lang, job.threads !== undefined);
    if (fd !== undefined) {
      if (job.format === 'xlsx') writeAll(fd, bytes);
      // Closed before the main thread is told, so the file it renames is complete and let go.
      closeSync(fd);
      fd = undefined;
      bytes = undefined;
    }
    post({ type: 'done', written, bytes }, bytes ? [bytes.buffer as ArrayBuffer] : []);
  } finally {
    store.close();
    if (fd !== undefined) closeSync(fd);
  }
}

parentPort?.once('message', (job: ExportJob) => {
  run(job).catch((err: unknown) =>
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
  );
});
