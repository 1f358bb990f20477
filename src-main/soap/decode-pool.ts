// Where responses are decoded: a body of at least `minWorkerBytes` goes to a worker thread, so reading it (time
// and memory, whatever a server sends) never blocks the main process, where IPC and the window live; a small
// body is decoded in place, where the hop would cost more than the read (the reader is linear, so a 64 KiB body
// takes a few milliseconds even when built to hurt). The results are identical either way: both run
// decodeOperationResponse.
//
// The worker runs with its own heap ceiling: a response that would need more is refused with a typed error and
// the worker is replaced, while the main process keeps its memory. A worker that cannot start (a missing file
// in a broken install) falls back to decoding in place, reported once through `onFallback`.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMarkedAsUntransferable } from 'node:worker_threads';
import type { OperationName } from '../schema';
import { reviveSoapError, SoapInternalError, XmlSecurityError } from './errors';
import type { SerializedSoapError } from './errors';
import { decodeOperationResponse, noteTicketsIssued } from './response-decode';
import type { DecodedResponse, ResponseDecodeRequest } from './response-decode';
import { secretList } from './secret-set';
import { thrownPart } from '../../src-shared/thrown';

export interface DecodeJob {
  id: number;
  req: ResponseDecodeRequest;
}

export type DecodeReply =
  | { id: number; ok: true; data: unknown; encryptedTicket?: string; issued?: readonly string[] }
  | { id: number; ok: false; error: SerializedSoapError; issued?: readonly string[] };

/** What the worker says once its code is loaded, before any job. */
export const WORKER_READY = 'decode-worker-ready';

export interface ResponseDecoder {
  /**
   * Decodes one response. The body's buffer may be handed to the worker (detached here) when the view owns it
   * whole; do not read it afterwards.
   */
  decode<N extends OperationName>(req: ResponseDecodeRequest<N>): Promise<DecodedResponse<N>>;
  /** How many responses were decoded in the worker and in place: for tests and the benchmark. */
  readonly stats: { worker: number; inPlace: number };
  /**
   * Starts the workers now, so the first large response does not wait for a thread to start and load its code
   * (the app calls it as it starts, while the window loads, before the first refresh asks for anything).
   * Settles once every worker has loaded its code, or has failed to (decoding then falls back to this thread).
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface ResponseDecoderOptions {
  /** Bodies of at least this many bytes are decoded in the worker (default 64 KiB). */
  minWorkerBytes?: number;
  /** The worker's heap ceiling in MiB (default 1536: ten times the 64 MiB body cap, with room). */
  maxHeapMb?: number;
  /** Workers to spread decoding over (default: one per spare core, at most two). */
  workers?: number;
  /** Told when a worker cannot be started and decoding falls back to the main thread. */
  onFallback?: (err: unknown) => void;
  /**
   * The worker's script (default: the built file beside this module, else the source through tsx). The
   * benchmark runs the built one, as the app does, so a cold start costs what it costs the seller.
   */
  workerFile?: string;
}

const DEFAULT_MIN_WORKER_BYTES = 64 * 1024;
const DEFAULT_MAX_HEAP_MB = 1536;

interface Pending {
  resolve: (r: DecodedResponse) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Settles when the worker has loaded its code, or has gone. */
  loaded: Promise<void>;
}

/** The worker's script: the built file beside this module in the app, else the TypeScript source through tsx. */
function workerEntry(): { file: string; execArgv?: string[] } | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'decode-worker.js');
  if (existsSync(built)) return { file: built };
  const source = join(here, 'decode-worker.ts');
  if (!existsSync(source)) return undefined;
  // Tests and the command line run the sources: the worker needs the same TypeScript loader.
  if (process.execArgv.some((a) => a.includes('tsx'))) return { file: source };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: source, execArgv: [...process.execArgv, '--import', tsx] };
}

function transferable(body: Uint8Array): { body: Uint8Array; transfer: ArrayBuffer[] } {
  const buffer = body.buffer;
  if (
    buffer instanceof ArrayBuffer &&
    body.byteOffset === 0 &&
    body.byteLength === buffer.byteLength &&
    !isMarkedAsUntransferable(buffer)
  )
    return { body, transfer: [buffer] };
  // A view into a shared or pooled buffer (Node's Buffer pool cannot be moved): copy, so nothing else loses
  // its bytes.
  // (Uint8Array's slice copies; a Buffer's own slice is a view.)
  const copy = Uint8Array.prototype.slice.call(body);
  return { body: copy, transfer: [copy.buffer] };
}

function workerFailure(err: unknown): Error {
  const code = thrownPart(err, 'code');
  if (code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new XmlSecurityError('size', 'reading the response needed more memory than the decoder may use');
  return new SoapInternalError(
    `The response decoder stopped: ${err instanceof Error ? err.message : String(err)}`,
    { cause: err },
  );
}

export function createResponseDecoder(opts: ResponseDecoderOptions = {}): ResponseDecoder {
  const minWorkerBytes = opts.minWorkerBytes ?? DEFAULT_MIN_WORKER_BYTES;
  const size = Math.max(1, opts.workers ?? Math.min(2, availableParallelism() - 1));
  const slots: (Slot | undefined)[] = new Array<Slot | undefined>(size);
  let nextId = 1;
  let next = 0;
  let fallback = false;
  const stats = { worker: 0, inPlace: 0 };

  function inPlace<N extends OperationName>(req: ResponseDecodeRequest<N>): Promise<DecodedResponse<N>> {
    stats.inPlace++;
    try {
      return Promise.resolve(decodeOperationResponse(req));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  function start(index: number): Slot {
    const entry = opts.workerFile ? { file: opts.workerFile } : workerEntry();
    if (!entry) throw new Error('the decode worker script is missing');
    const worker = new Worker(entry.file, {
      execArgv: entry.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb ?? DEFAULT_MAX_HEAP_MB },
    });
    let loaded!: () => void;
    const slot: Slot = { worker, pending: new Map(), loaded: new Promise<void>((r) => (loaded = r)) };
    const fail = (err: unknown) => {
      loaded();
      if (slots[index] === slot) slots[index] = undefined;
      const failure = workerFailure(err);
      for (const p of slot.pending.values()) p.reject(failure);
      slot.pending.clear();
      void worker.terminate();
    };
    worker.on('message', (reply: DecodeReply | typeof WORKER_READY) => {
      // A worker holds the process open while it loads its code and while it has bodies to read; idle, it must
      // not keep a command-line run alive. Listening for messages refs it, so it lets go once it has loaded:
      // a worker warmed but never given a body (every response small enough to read in place) would otherwise
      // hold the process open after the work is done.
      if (reply === WORKER_READY) {
        loaded();
        if (slot.pending.size === 0) worker.unref();
        return;
      }
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) worker.unref();
      if (reply.ok) {
        const r: DecodedResponse = { data: reply.data as never };
        if (reply.encryptedTicket !== undefined) r.encryptedTicket = reply.encryptedTicket;
        if (reply.issued !== undefined) r.issued = reply.issued;
        p.resolve(r);
      } else {
        const err = reviveSoapError(reply.error);
        noteTicketsIssued(err, reply.issued);
        p.reject(err);
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the worker exited with code ${code}`)));
    slots[index] = slot;
    return slot;
  }

  function slot(): Slot | undefined {
    if (fallback) return undefined;
    const index = next;
    next = (next + 1) % size;
    try {
      return slots[index] ?? start(index);
    } catch (err) {
      fallback = true;
      opts.onFallback?.(err);
      return undefined;
    }
  }

  return {
    stats,
    async warm() {
      const starting: Promise<void>[] = [];
      for (let i = 0; i < size && !fallback; i++) {
        try {
          starting.push((slots[i] ?? start(i)).loaded);
        } catch (err) {
          fallback = true;
          opts.onFallback?.(err);
        }
      }
      await Promise.all(starting);
    },
    decode<N extends OperationName>(req: ResponseDecodeRequest<N>): Promise<DecodedResponse<N>> {
      if (req.body.byteLength < minWorkerBytes) return inPlace(req);
      const s = slot();
      if (!s) return inPlace(req);
      stats.worker++;
      const id = nextId++;
      const { body, transfer } = transferable(req.body);
      return new Promise<DecodedResponse<N>>((resolve, reject) => {
        s.pending.set(id, { resolve: resolve as (r: DecodedResponse) => void, reject });
        if (s.pending.size === 1) s.worker.ref();
        // The worker gets the secrets as a list (a SecretSet does not cross threads) and builds its matcher.
        const job: DecodeJob = { id, req: { ...req, body, secrets: secretList(req.secrets) } };
        try {
          s.worker.postMessage(job, transfer);
        } catch (err) {
          s.pending.delete(id);
          if (s.pending.size === 0) s.worker.unref();
          reject(new SoapInternalError('The response could not be handed to the decoder', { cause: err }));
        }
      });
    },
    async close() {
      await Promise.all(
        slots.map(async (s, i) => {
          slots[i] = undefined;
          if (s) await s.worker.terminate();
        }),
      );
    },
  };
}

let shared: ResponseDecoder | undefined;

/** The process's decoder, started on first use; its workers never keep the process alive when idle. */
export function sharedResponseDecoder(): ResponseDecoder {
  shared ??= createResponseDecoder({
    onFallback: (err) =>
      console.error(
        `Seller Desk: responses are decoded on the main thread (${err instanceof Error ? err.message : String(err)})`,
      ),
  });
  return shared;
}
