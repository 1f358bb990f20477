// One HTTP exchange of a SOAP call, over Node's fetch (undici: keep-alive by default, gzip/deflate decoded for
// us): the per-attempt timeout, the body cap enforced while streaming, the per-host concurrency gate, and the
// OS error code behind a failed fetch. No retries here: transport.ts decides those.
import { ConnectionError, ResponseTooLargeError, SoapError, TimeoutError } from './errors';
import { lenientText } from './response-classify';
import { abortReason } from './retry';
import { bytesToText } from './xml-read';
import { thrownPart } from '../../src-shared/thrown';

export interface Exchanged {
  res: Response;
  bytes: Uint8Array;
}

export interface ExchangeRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** For errors: the host the URL names. */
  host: string;
}

/**
 * Sends once and reads the whole body under `maxBytes`. Throws AbortedError (the caller's signal), TimeoutError
 * (counted from the call, which transport.ts makes once the attempt holds a connection slot), ConnectionError
 * and ResponseTooLargeError.
 */
export async function exchangeOnce(
  fetchImpl: typeof fetch,
  maxBytes: number,
  req: ExchangeRequest,
): Promise<Exchanged> {
  const { timeoutMs, host } = req;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new TimeoutError(timeoutMs, host)), timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
  try {
    const res = await fetchImpl(req.url, {
      method: 'POST',
      body: req.body,
      headers: { 'accept-encoding': 'gzip, deflate', ...req.headers },
      signal,
      // A redirected POST would silently become a GET; the 3xx surfaces as an HTTP error instead.
      redirect: 'manual',
    });
    const bytes = await readCapped(res, maxBytes);
    return { res, bytes };
  } catch (err) {
    if (err instanceof SoapError) throw err;
    if (req.signal?.aborted) throw abortReason(req.signal);
    if (timeout.signal.aborted) throw abortReason(timeout.signal);
    throw new ConnectionError(host, errorCode(err), { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  // The declared length is the encoded size, which decoding only makes larger.
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The OS error code behind a failed fetch ('ECONNREFUSED', 'UND_ERR_SOCKET'…), when there is one. */
function errorCode(err: unknown): string | undefined {
  // undici wraps the OS error: TypeError('fetch failed') -> cause (maybe an AggregateError of several addresses).
  let e: unknown = err;
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    const code = thrownPart(e, 'code');
    if (typeof code === 'string' && code !== 'ABORT_ERR') return code;
    const inner = thrownPart(e, 'errors');
    if (Array.isArray(inner)) {
      for (const x of inner) {
        const c = errorCode(x);
        if (c) return c;
      }
    }
    e = thrownPart(e, 'cause');
  }
  return undefined;
}

/**
 * The first `maxBytes` of a body as text. A cut through a multi-byte character would fail the strict decoder,
 * so the cut backs off up to three bytes before falling back to the lenient decode.
 */
export function headText(bytes: Uint8Array, contentType: string | null, maxBytes: number): string {
  if (bytes.byteLength <= maxBytes) return lenientText(bytes, contentType);
  for (let back = 0; back < 4; back++) {
    try {
      return bytesToText(bytes.subarray(0, maxBytes - back), contentType ?? undefined);
    } catch {
      // try a shorter cut
    }
  }
  return new TextDecoder('utf-8').decode(bytes.subarray(0, maxBytes));
}

interface Gate {
  active: number;
  waiters: { grant: () => void }[];
}

export interface HostGates {
  /** Waits (FIFO) for one of the host's slots; leaves the queue and rejects when `signal` aborts. */
  acquire(host: string, signal: AbortSignal | undefined): Promise<void>;
  release(host: string): void;
}

/** At most `limit` requests in flight per host; the rest wait in order. */
export function createHostGates(limit: number): HostGates {
  const gates = new Map<string, Gate>();
  return {
    acquire(host, signal) {
      let gate = gates.get(host);
      if (!gate) {
        gate = { active: 0, waiters: [] };
        gates.set(host, gate);
      }
      const g = gate;
      if (g.active < limit) {
        g.active++;
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const i = g.waiters.indexOf(waiter);
          if (i !== -1) g.waiters.splice(i, 1);
          reject(abortReason(signal as AbortSignal));
        };
        g.waiters.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    release(host) {
      const gate = gates.get(host);
      if (!gate) return;
      const next = gate.waiters.shift();
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (next) return next.grant();
      gate.active--;
      if (gate.active === 0) gates.delete(host);
    },
  };
}
