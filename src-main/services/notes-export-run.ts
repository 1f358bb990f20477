// The inbox export, run so the main thread never waits on it: the export worker (notes-export-worker.ts) reads
// the notes through its own read-only connection to the mirror's file and writes the export; the main thread
// only starts it, relays its progress and renames the finished file. What the seller gets is byte for byte what
// notesToCsv and notesToXlsx write. Progress is told as notes written of the total; an aborted export stops the
// worker and leaves no file: the worker writes under a temporary name beside the target, renamed only once
// complete, deleted otherwise.
import { existsSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportContext, ExportMemo } from './notes-export';
import type { ExportJob, ExportWorkerMessage } from './notes-export-worker';

export interface ExportRunOptions {
  format: 'csv' | 'xlsx';
  seqNos: readonly number[];
  lang: ExportContext['lang'];
  timeZone: string;
  /** The file to write; without it the finished bytes are returned (a runtime that saves them itself). */
  path?: string;
  signal?: AbortSignal;
  /** Notes written so far of `total`, from 0 up to total, never going back. */
  onProgress?: (written: number, total: number) => void;
  /** Team mode: the notes' memo threads by SeqNo, a column of the export. */
  threads?: Record<string, ExportMemo[]>;
  /** Notes per piece read and written (default 2,000): progress is told once a piece. */
  pieceNotes?: number;
  /** The worker's script (default: the built file beside this module, else the source through tsx). */
  workerFile?: string;
}

export interface ExportRunResult {
  rows: number;
  /** The file's bytes, when no path was given. */
  bytes?: Uint8Array;
}

const DEFAULT_PIECE = 2_000;

/** The worker's script: the built file beside this module in the app, else the TypeScript source through tsx. */
function workerEntry(file?: string): { file: string; execArgv?: string[] } {
  if (file) return { file };
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'notes-export-worker.js');
  if (existsSync(built)) return { file: built };
  const source = join(here, 'notes-export-worker.ts');
  if (process.execArgv.some((a) => a.includes('tsx'))) return { file: source };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: source, execArgv: [...process.execArgv, '--import', tsx] };
}

/** A temporary name beside `path`, hidden, that no other export uses. */
function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${Date.now().toString(36)}.part`);
}

function abortError(): Error {
  return new DOMException('The export was cancelled.', 'AbortError');
}

/**
 * Exports the notes `seqNos` (in that order) of the mirror `mirrorFile`. Rejects with an AbortError when `signal`
 * aborts, having stopped the worker and deleted what it wrote.
 */
export async function runNotesExport(mirrorFile: string, opts: ExportRunOptions): Promise<ExportRunResult> {
  if (opts.signal?.aborted) throw abortError();
  const tempPath = opts.path === undefined ? undefined : tempPathFor(opts.path);
  const entry = workerEntry(opts.workerFile);
  const worker = new Worker(entry.file, { execArgv: entry.execArgv });
  const outcome = watch(worker, opts.seqNos.length, opts);
  try {
    const job: ExportJob = {
      format: opts.format,
      lang: opts.lang,
      timeZone: opts.timeZone,
      mirrorFile,
      seqNos: opts.seqNos,
      pieceNotes: Math.max(1, opts.pieceNotes ?? DEFAULT_PIECE),
    };
    if (tempPath !== undefined) job.tempPath = tempPath;
    if (opts.threads !== undefined) job.threads = opts.threads;
    worker.postMessage(job);
    const done = await outcome.done;
    if (tempPath !== undefined && opts.path !== undefined) await rename(tempPath, opts.path);
    return done.bytes ? { rows: done.written, bytes: done.bytes } : { rows: done.written };
  } catch (err) {
    // Stopped before its file is deleted: a worker still running could write it again.
    await worker.terminate();
    if (tempPath !== undefined) await unlink(tempPath).catch(() => {});
    throw opts.signal?.aborted ? abortError() : err;
  } finally {
    outcome.dispose();
    void worker.terminate();
  }
}

/** The worker's answer: `done` settles with its result, or rejects on an error, its exit or the abort. */
function watch(worker: Worker, total: number, opts: ExportRunOptions) {
  let resolve!: (m: Extract<ExportWorkerMessage, { type: 'done' }>) => void;
  let reject!: (err: unknown) => void;
  const done = new Promise<Extract<ExportWorkerMessage, { type: 'done' }>>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  let last = -1;
  worker.on('message', (m: ExportWorkerMessage) => {
    if (m.type === 'progress' && m.written > last) {
      last = m.written;
      opts.onProgress?.(m.written, total);
    } else if (m.type === 'done') resolve(m);
    else if (m.type === 'error') reject(new Error(`The export failed: ${m.message}`));
  });
  worker.on('error', (err) => reject(err));
  worker.on('exit', (code) => reject(new Error(`The export worker stopped (code ${code}).`)));
  const onAbort = () => reject(abortError());
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    done,
    dispose: () => opts.signal?.removeEventListener('abort', onAbort),
  };
}
