// The main thread's side of a mirror's read worker (mirror-read-worker.ts): one long-lived worker per open mirror,
// started at the first question and again after it stops, that answers the reads of READ_QUERIES while main goes
// on answering IPC, syncing and writing marks.
//
// One question runs at a time, the others wait in order. A newer question of the same kind cancels the older one
// (so does its caller's abort): one still waiting is dropped without running; one already running is answered
// with an AbortError at once, and since node:sqlite cannot interrupt a statement, the worker running it is stopped
// and started again when it has run SUPERSEDED_STOP_MS: the next question then waits for a fresh worker (about
// that long, see its note) instead of the rest of a slow one.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReadAnswer, ReadJob, ReadKind, ReadReply, ReadRequest } from './mirror-read-queries';

/**
 * How long a superseded question may go on running before its worker is stopped: about what starting a fresh one
 * costs (stopping earlier trades a short wait for a longer one; later, the next question waits for an answer no one
 * reads). Measured: a built read worker started and answered a one-note question in 383-989 ms (median 665) on the
 * CI machine under a load of 13 on 2 cores, where today's search ran 4-6 times its unloaded time: about 100-170 ms
 * unloaded. The indexed questions mostly answer sooner; what is cut is a long count.
 */
const SUPERSEDED_STOP_MS = 150;

export interface MirrorReadsOptions {
  /** The worker's script (default: the built file beside this module, else the source through tsx). */
  workerFile?: string;
  /** More for the worker's workerData (a test's gate). */
  workerData?: Record<string, unknown>;
  supersededStopMs?: number;
}

interface Pending {
  id: number;
  kind: ReadKind;
  req: unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  startedAt?: number;
  dispose(): void;
}

/**
 * A storage worker's script (`name`: mirror-read-worker, search-fill-worker): the built file beside this module
 * in the app, else the TypeScript source through tsx.
 */
export function workerEntry(name: string, file?: string): { file: string; execArgv?: string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, `${name}.js`);
  if (!file && existsSync(built)) return { file: built };
  const source = file ?? join(here, `${name}.ts`);
  if (!source.endsWith('.ts') || process.execArgv.some((a) => a.includes('tsx'))) return { file: source };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: source, execArgv: [...process.execArgv, '--import', tsx] };
}

function abortError(): Error {
  return new DOMException('A newer question replaced this one, or it was cancelled.', 'AbortError');
}

/** An error the worker sent, with SQLite's codes on it as thrown (isCorruption and isAccessFailure read them). */
function rebuilt(e: Extract<ReadReply, { ok: false }>['error']): Error {
  const err = new Error(e.message);
  err.name = e.name;
  return Object.assign(err, { code: e.code, errcode: e.errcode, errstr: e.errstr });
}

export class MirrorReads {
  private worker: Worker | undefined;
  private running: Pending | undefined;
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Settles when the last worker stopped has let go of the file (its thread ended). */
  private exited: Promise<void> = Promise.resolve();

  constructor(
    /** The mirror's file, its full path. */
    readonly file: string,
    private readonly opts: MirrorReadsOptions = {},
  ) {}

  /** Asks the worker; a newer question of the same kind, or `signal`, cancels this one (an AbortError). */
  ask<K extends ReadKind>(kind: K, req: ReadRequest<K>, signal?: AbortSignal): Promise<ReadAnswer<K>> {
    if (signal?.aborted || this.closed) return Promise.reject(abortError());
    for (const older of [this.running, ...this.waiting]) if (older?.kind === kind) this.cancel(older);
    return new Promise<ReadAnswer<K>>((resolve, reject) => {
      const onAbort = () => this.cancel(job);
      const job: Pending = {
        id: this.nextId++,
        kind,
        req,
        resolve: resolve as (v: unknown) => void,
        reject,
        dispose: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(job);
      this.next();
    });
  }

  /** Settles once the worker stopped last has ended, its connection to the file closed (after close()). */
  stopped(): Promise<void> {
    return this.exited;
  }

  /** Stops the worker; every question not answered yet is cancelled. */
  close(): void {
    this.closed = true;
    for (const job of [...this.waiting]) this.cancel(job);
    const job = this.running;
    if (job) this.settle(job, () => job.reject(abortError()));
    this.stop();
  }

  private cancel(job: Pending): void {
    if (job !== this.running) {
      const at = this.waiting.indexOf(job);
      if (at >= 0) this.waiting.splice(at, 1);
      job.dispose();
      job.reject(abortError());
      return;
    }
    job.dispose();
    job.reject(abortError());
    const limit = this.opts.supersededStopMs ?? SUPERSEDED_STOP_MS;
    const left = limit - (performance.now() - job.startedAt!);
    const cut = () => {
      if (this.running !== job) return;
      this.running = undefined;
      this.stop();
      this.next();
    };
    if (left <= 0) cut();
    else {
      clearTimeout(this.stopTimer);
      this.stopTimer = setTimeout(cut, left);
    }
  }

  private settle(job: Pending, how: () => void): void {
    clearTimeout(this.stopTimer);
    this.running = undefined;
    job.dispose();
    how();
  }

  private next(): void {
    if (this.running || this.closed) return;
    const job = this.waiting.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    this.running = job;
    job.startedAt = performance.now();
    const worker = this.started();
    worker.ref();
    worker.postMessage({ id: job.id, kind: job.kind, req: job.req } satisfies ReadJob);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry('mirror-read-worker', this.opts.workerFile);
    const worker = new Worker(entry.file, {
      execArgv: entry.execArgv,
      workerData: { ...this.opts.workerData, file: this.file },
    });
    this.worker = worker;
    worker.on('message', (m: ReadReply) => {
      const job = this.running;
      if (worker !== this.worker || !job || job.id !== m.id) return;
      this.settle(job, () => (m.ok ? job.resolve(m.value) : job.reject(rebuilt(m.error))));
      this.next();
    });
    // Stopped other than by us (a crash, out of memory): the question it ran fails, the next starts a new one.
    const died = (err: unknown) => {
      if (worker !== this.worker) return;
      this.worker = undefined;
      const job = this.running;
      if (job) this.settle(job, () => job.reject(err));
      this.next();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`The mirror's read worker stopped (code ${code}).`)));
    return worker;
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      const ended = worker.terminate().then(
        () => undefined,
        () => undefined,
      );
      this.exited = Promise.all([this.exited, ended]).then(() => undefined);
    }
  }
}
