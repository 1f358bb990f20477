// The transport of SOAP calls: exactly one exchange per post() (http-exchange.ts), one at a time per slot, and
// the response handed back for classification (response-classify.ts). It never sends a request again: the
// client's one retry loop (client.ts, policy in retry.ts) decides that, once, for the whole call.
//
// post() resolves with the response whatever its status; it throws only when there is no response to show:
// AbortedError (caller's signal, also while queued), TimeoutError (counted from the moment the request has a
// connection slot), ConnectionError (refused, reset, DNS…) and ResponseTooLargeError (the body cap, enforced
// while streaming). Each host gets at most `maxConcurrentPerHost` requests in flight; the rest wait in FIFO
// order and leave the queue when aborted.
import { SoapError, SoapInternalError } from './errors';
import { createHostGates, exchangeOnce, headText } from './http-exchange';
import type { Exchanged } from './http-exchange';
import { DEFAULT_MAX_BYTES } from './xml-read';
import { abortReason } from './retry';

export interface TransportOptions {
  timeoutMs?: number;
  maxConcurrentPerHost?: number;
  maxResponseBytes?: number;
  fetch?: typeof fetch;
}

export interface PostOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface TransportResponse {
  status: number;
  headers: Headers;
  /** The body after content decoding (gzip/deflate); what parseXml should read. */
  bodyBytes: Uint8Array;
  /**
   * The start of the body as text, for logs and the cheap throttling check: its first LOG_TEXT_BYTES bytes
   * decoded like parseXml would, or leniently as UTF-8 when the declared encoding is unusable (parse bodyBytes
   * to get that error). Never the whole of a large body: decoding 64 MiB twice on the main thread, once for a
   * log that keeps 256 KiB of it, was pure cost. Decoded when first read (most responses are never logged as
   * text): read it before `bodyBytes` is handed to a worker.
   */
  readonly bodyText: string;
  /** Whether bodyText is the whole body. */
  bodyTextComplete: boolean;
  timings: { startedAt: number; durationMs: number };
  /** Request body bytes. */
  bytesSent: number;
  /** Body bytes of the response after content decoding (compressed sizes are not exposed by fetch). */
  bytesReceived: number;
}

export interface Transport {
  /** One HTTP request: never sent again here (see the file comment). */
  post(
    url: string,
    body: string,
    headers: Record<string, string>,
    opts?: PostOptions,
  ): Promise<TransportResponse>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** How much of a response body is decoded as text for the log (the network panel keeps 256 KiB of it). */
export const LOG_TEXT_BYTES = 512 * 1024;
const DEFAULT_MAX_CONCURRENT_PER_HOST = 6;

function responseOf(
  { res, bytes }: Exchanged,
  startedAt: number,
  t0: number,
  bytesSent: number,
): TransportResponse {
  let text: string | undefined;
  return {
    status: res.status,
    headers: res.headers,
    bodyBytes: bytes,
    get bodyText() {
      return (text ??= headText(bytes, res.headers.get('content-type'), LOG_TEXT_BYTES));
    },
    bodyTextComplete: bytes.byteLength <= LOG_TEXT_BYTES,
    timings: { startedAt, durationMs: performance.now() - t0 },
    bytesSent,
    bytesReceived: bytes.byteLength,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch (err) {
    throw new SoapInternalError(`Invalid service URL: ${url.slice(0, 200)}`, { cause: err });
  }
}

export function createTransport(opts: TransportOptions = {}): Transport {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const defaultTimeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const gates = createHostGates(Math.max(1, opts.maxConcurrentPerHost ?? DEFAULT_MAX_CONCURRENT_PER_HOST));
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_BYTES;

  return {
    async post(url, body, headers, postOpts = {}) {
      const startedAt = Date.now();
      const t0 = performance.now();
      const host = hostOf(url);
      const { signal } = postOpts;
      const timeoutMs = postOpts.timeoutMs ?? defaultTimeout;
      if (signal?.aborted) throw abortReason(signal);
      await gates.acquire(host, signal);
      try {
        const exchanged = await exchangeOnce(fetchImpl, maxBytes, {
          url,
          body,
          headers,
          timeoutMs,
          signal,
          host,
        });
        return responseOf(exchanged, startedAt, t0, Buffer.byteLength(body, 'utf8'));
      } catch (err) {
        throw err instanceof SoapError ? err : new SoapInternalError(String(err), { cause: err });
      } finally {
        gates.release(host);
      }
    },
  };
}
