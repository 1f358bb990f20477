// The transport of SOAP calls: one exchange at a time per slot (http-exchange.ts), retried by the client's one
// policy, and the final response handed back for classification (response-classify.ts).
//
// post() resolves with the final response whatever its status; it throws only when there is no response to
// show: AbortedError (caller's signal, also while queued or backing off), TimeoutError (per attempt, counted
// from the moment the attempt has a connection slot), ConnectionError (refused, reset, DNS…), and
// ResponseTooLargeError (the body cap, enforced while streaming). Each host gets at most
// `maxConcurrentPerHost` requests in flight; the rest wait in FIFO order and leave the queue when aborted.
//
// Retries follow the client's one policy (retry.ts: backoff, abortable sleep, at most `attempts` sends, which a
// caller may lower to what is left of its budget) and happen ONLY for connection failures before or during the
// exchange, HTTP 502/503/504, and responses the caller's `isRetryableResponse` accepts (the client passes
// `isThrottleResponse` from fault.ts). Every operation of the marketplace is a query, which is what makes
// replaying a request after a reset safe. When retries run out, the last response is returned, so a throttling
// fault still reaches the caller as a THROTTLED fault rather than a generic HTTP error; a thrown error carries
// the number of sends in `attempts`.
import { ConnectionError, SoapError, SoapInternalError } from './errors';
import { createHostGates, exchangeOnce, headText } from './http-exchange';
import type { Exchanged } from './http-exchange';
import { DEFAULT_MAX_BYTES } from './xml-read';
import { RETRY_POLICY, abortReason, abortableSleep, backoffDelay } from './retry';
import type { RetryPolicy } from './retry';

export { backoffDelay } from './retry';

export interface RetryInfo {
  url: string;
  /** The attempt that failed (1-based). */
  attempt: number;
  delayMs: number;
  /** 'HTTP 503', 'ECONNREFUSED', 'retryable response'… */
  reason: string;
}

export interface TransportOptions {
  timeoutMs?: number;
  maxConcurrentPerHost?: number;
  retry?: RetryPolicy;
  maxResponseBytes?: number;
  fetch?: typeof fetch;
  /** Jitter source, [0, 1). */
  random?: () => number;
  /** Told before each backoff sleep (the network panel shows retries). */
  onRetry?: (info: RetryInfo) => void;
}

export interface PostOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Whether a response is worth another send; it may read `bodyText`, decoded only when read. */
  isRetryableResponse?: (status: number, body: Pick<TransportResponse, 'bodyBytes' | 'bodyText'>) => boolean;
  /** At most this many sends for this call (what is left of the caller's budget); never more than the policy. */
  maxAttempts?: number;
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
  timings: { startedAt: number; durationMs: number; attempts: number };
  /** Request body bytes, summed over attempts. */
  bytesSent: number;
  /** Body bytes of the final response after content decoding (compressed sizes are not exposed by fetch). */
  bytesReceived: number;
}

export interface Transport {
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
const DEFAULT_RETRY: RetryPolicy = RETRY_POLICY;

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const RETRYABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

function retryAfterMs(headers: Headers): number | undefined {
  const v = headers.get('retry-after');
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Why this attempt's outcome is worth another send (and how long the server asked to wait), or no reason when
 * it is final: a response with HTTP 502/503/504 or one the caller's test accepts, or a connection failure.
 */
function retryReason(
  response: TransportResponse | undefined,
  failure: SoapError | undefined,
  isRetryableResponse: PostOptions['isRetryableResponse'],
): { reason?: string; serverDelay?: number } {
  if (response) {
    const reason = RETRYABLE_STATUS.has(response.status)
      ? `HTTP ${response.status}`
      : isRetryableResponse?.(response.status, response)
        ? 'retryable response'
        : undefined;
    return reason ? { reason, serverDelay: retryAfterMs(response.headers) } : {};
  }
  if (failure instanceof ConnectionError && failure.code && RETRYABLE_CODES.has(failure.code)) {
    return { reason: failure.code };
  }
  return {};
}

function responseOf(
  { res, bytes }: Exchanged,
  startedAt: number,
  t0: number,
  attempts: number,
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
    timings: { startedAt, durationMs: performance.now() - t0, attempts },
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
  const retry = opts.retry ?? DEFAULT_RETRY;
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const random = opts.random ?? Math.random;

  /** One send once a slot is free: the exchange, or the typed error that stands for it. */
  async function attempt(
    url: string,
    body: string,
    headers: Record<string, string>,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    host: string,
  ): Promise<{ result?: Exchanged; failure?: SoapError }> {
    await gates.acquire(host, signal);
    try {
      return {
        result: await exchangeOnce(fetchImpl, maxBytes, { url, body, headers, timeoutMs, signal, host }),
      };
    } catch (err) {
      return { failure: err instanceof SoapError ? err : new SoapInternalError(String(err), { cause: err }) };
    } finally {
      gates.release(host);
    }
  }

  return {
    async post(url, body, headers, postOpts = {}) {
      const startedAt = Date.now();
      const t0 = performance.now();
      const host = hostOf(url);
      const { signal } = postOpts;
      const timeoutMs = postOpts.timeoutMs ?? defaultTimeout;
      const maxAttempts = Math.max(1, Math.min(retry.attempts, postOpts.maxAttempts ?? retry.attempts));
      const bodySize = Buffer.byteLength(body, 'utf8');
      let bytesSent = 0;

      for (let n = 1; ; n++) {
        if (signal?.aborted) throw abortReason(signal);
        bytesSent += bodySize;
        const { result, failure } = await attempt(url, body, headers, timeoutMs, signal, host);
        const response = result && responseOf(result, startedAt, t0, n, bytesSent);
        const { reason, serverDelay } = retryReason(response, failure, postOpts.isRetryableResponse);
        if (!reason || n >= maxAttempts) {
          if (response) return response;
          const thrown = failure ?? new SoapInternalError('No response and no error');
          thrown.attempts = n;
          throw thrown;
        }
        const delayMs = backoffDelay(n, retry, random, serverDelay);
        opts.onRetry?.({ url, attempt: n, delayMs, reason });
        await abortableSleep(delayMs, signal);
      }
    },
  };
}
