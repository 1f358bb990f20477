// HTTP for SOAP calls, over Node's fetch (undici: keep-alive by default, gzip/deflate decoded for us).
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
//
// classifyHttpResponse(status, contentType, body) turns a response into the envelope or the error to raise:
//   - a body holding a SOAP Fault -> SoapFaultError (SOAP_FAULT / AUTH_FAILED / THROTTLED), whatever the
//     status or content type: the fault wins;
//   - any other status outside 2xx -> HttpStatusError (status + redacted snippet);
//   - 2xx with a declared Content-Type that is not XML (text/html, text/plain, application/json…)
//     -> WrongContentTypeError;
//   - 2xx whose body does not start like XML (an HTML page, JSON, empty) -> NotXmlError;
//   - 2xx XML that fails to parse -> XmlMalformedError / XmlSecurityError / XmlEncodingError; XML that is not
//     an envelope -> BadEnvelopeError;
//   - otherwise { ok: true, root, envelope }.
// readSoapResponse() is the throwing form the client uses.
import {
  ConnectionError,
  HttpStatusError,
  NotXmlError,
  ResponseTooLargeError,
  SoapError,
  SoapFaultError,
  SoapInternalError,
  TimeoutError,
  WrongContentTypeError,
  XmlMalformedError,
} from './errors';
import { readEnvelope } from './envelope-read';
import type { SoapEnvelope } from './envelope-read';
import { DEFAULT_MAX_BYTES, bytesToText, parseXml } from './xml-read';
import type { ParseLimits, XmlElement } from './xml-read';
import { RETRY_POLICY, abortReason, abortableSleep, backoffDelay } from './retry';
import type { RetryPolicy } from './retry';

export type { RetryPolicy } from './retry';
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
  isRetryableResponse?: (status: number, bodyText: string) => boolean;
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
   * log that keeps 256 KiB of it, was pure cost.
   */
  bodyText: string;
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

export const DEFAULT_TIMEOUT_MS = 30_000;
/** How much of a response body is decoded as text for the log (the network panel keeps 256 KiB of it). */
export const LOG_TEXT_BYTES = 512 * 1024;
export const DEFAULT_MAX_CONCURRENT_PER_HOST = 6;
export const DEFAULT_RETRY: RetryPolicy = RETRY_POLICY;

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

function errorCode(err: unknown): string | undefined {
  // undici wraps the OS error: TypeError('fetch failed') -> cause (maybe an AggregateError of several addresses).
  let e: unknown = err;
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'ABORT_ERR') return code;
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) {
      for (const x of inner) {
        const c = errorCode(x);
        if (c) return c;
      }
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

interface Gate {
  active: number;
  waiters: { grant: () => void }[];
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

function lenientText(bytes: Uint8Array, contentType: string | null): string {
  try {
    return bytesToText(bytes, contentType ?? undefined);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
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

export function createTransport(opts: TransportOptions = {}): Transport {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const defaultTimeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = Math.max(1, opts.maxConcurrentPerHost ?? DEFAULT_MAX_CONCURRENT_PER_HOST);
  const retry = opts.retry ?? DEFAULT_RETRY;
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const random = opts.random ?? Math.random;
  const gates = new Map<string, Gate>();

  function acquire(host: string, signal: AbortSignal | undefined): Promise<Gate> {
    let gate = gates.get(host);
    if (!gate) {
      gate = { active: 0, waiters: [] };
      gates.set(host, gate);
    }
    const g = gate;
    if (g.active < limit) {
      g.active++;
      return Promise.resolve(g);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(g);
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
  }

  function release(host: string, gate: Gate): void {
    const next = gate.waiters.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) return next.grant();
    gate.active--;
    if (gate.active === 0) gates.delete(host);
  }

  async function once(
    url: string,
    body: string,
    headers: Record<string, string>,
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
    host: string,
  ): Promise<{ res: Response; bytes: Uint8Array }> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutError(timeoutMs, host)), timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        body,
        headers: { 'accept-encoding': 'gzip, deflate', ...headers },
        signal,
        // A redirected POST would silently become a GET; the 3xx surfaces as an HTTP error instead.
        redirect: 'manual',
      });
      const bytes = await readCapped(res, maxBytes);
      return { res, bytes };
    } catch (err) {
      if (err instanceof SoapError) throw err;
      if (callerSignal?.aborted) throw abortReason(callerSignal);
      if (timeout.signal.aborted) throw abortReason(timeout.signal);
      throw new ConnectionError(host, errorCode(err), { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async post(url, body, headers, postOpts = {}) {
      const startedAt = Date.now();
      const t0 = performance.now();
      let host: string;
      try {
        host = new URL(url).host;
      } catch (err) {
        throw new SoapInternalError(`Invalid service URL: ${url.slice(0, 200)}`, { cause: err });
      }
      const { signal } = postOpts;
      const timeoutMs = postOpts.timeoutMs ?? defaultTimeout;
      const maxAttempts = Math.max(1, Math.min(retry.attempts, postOpts.maxAttempts ?? retry.attempts));
      const bodySize = Buffer.byteLength(body, 'utf8');
      let bytesSent = 0;

      for (let attempt = 1; ; attempt++) {
        if (signal?.aborted) throw abortReason(signal);
        const gate = await acquire(host, signal);
        let result: { res: Response; bytes: Uint8Array } | undefined;
        let failure: SoapError | undefined;
        try {
          bytesSent += bodySize;
          result = await once(url, body, headers, timeoutMs, signal, host);
        } catch (err) {
          failure = err instanceof SoapError ? err : new SoapInternalError(String(err), { cause: err });
        } finally {
          release(host, gate);
        }

        let reason: string | undefined;
        let serverDelay: number | undefined;
        let response: TransportResponse | undefined;
        if (result) {
          const { res, bytes } = result;
          const bodyText = headText(bytes, res.headers.get('content-type'), LOG_TEXT_BYTES);
          response = {
            status: res.status,
            headers: res.headers,
            bodyBytes: bytes,
            bodyText,
            bodyTextComplete: bytes.byteLength <= LOG_TEXT_BYTES,
            timings: { startedAt, durationMs: performance.now() - t0, attempts: attempt },
            bytesSent,
            bytesReceived: bytes.byteLength,
          };
          if (RETRYABLE_STATUS.has(res.status)) reason = `HTTP ${res.status}`;
          else if (postOpts.isRetryableResponse?.(res.status, bodyText)) reason = 'retryable response';
          if (reason) serverDelay = retryAfterMs(res.headers);
        } else if (failure instanceof ConnectionError && failure.code && RETRYABLE_CODES.has(failure.code)) {
          reason = failure.code;
        }

        if (!reason || attempt >= maxAttempts) {
          if (response) return response;
          const thrown = failure ?? new SoapInternalError('No response and no error');
          thrown.attempts = attempt;
          throw thrown;
        }
        const delayMs = backoffDelay(attempt, retry, random, serverDelay);
        opts.onRetry?.({ url, attempt, delayMs, reason });
        await abortableSleep(delayMs, signal);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Response classification

const XML_MEDIA = new Set(['text/xml', 'application/xml', 'application/soap+xml']);

function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

function isXmlMedia(media: string): boolean {
  return media === '' || XML_MEDIA.has(media) || media.endsWith('+xml');
}

function headOf(body: string | Uint8Array): string {
  if (typeof body === 'string') return body.slice(0, 256);
  let b = body.subarray(0, 512);
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
  else if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))
    return new TextDecoder(b[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(b.subarray(2, b.length & ~1));
  else if (b[0] === 0x3c && b[1] === 0)
    return new TextDecoder('utf-16le').decode(b.subarray(0, b.length & ~1));
  else if (b[0] === 0 && b[1] === 0x3c)
    return new TextDecoder('utf-16be').decode(b.subarray(0, b.length & ~1));
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
}

/** Whether the body starts like an XML document, and not like an HTML page. */
function xmlShape(body: string | Uint8Array): 'xml' | 'html' | 'empty' | 'other' {
  const head = headOf(body)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head === '') return 'empty';
  if (/^<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(head)) return 'html';
  return head.startsWith('<') ? 'xml' : 'other';
}

function snippetText(body: string | Uint8Array, contentType: string | null | undefined): string {
  if (typeof body === 'string') return body.slice(0, 2000);
  return lenientText(body.subarray(0, 2000), contentType ?? null);
}

export type ClassifiedResponse =
  { ok: true; root: XmlElement; envelope: SoapEnvelope } | { ok: false; error: SoapError };

export interface ClassifyOptions {
  /** Tickets in use, scrubbed from any text that ends up in an error. */
  secrets?: readonly string[];
  limits?: ParseLimits;
}

/** See the file comment for the rules. Never throws, whatever the response; returns the error to raise. */
export function classifyHttpResponse(
  status: number,
  contentType: string | null | undefined,
  body: string | Uint8Array,
  opts: ClassifyOptions = {},
): ClassifiedResponse {
  try {
    return classify(status, contentType, body, opts);
  } catch (err) {
    return { ok: false, error: unexpected(err) };
  }
}

/** What a throw from reading a response means: a RangeError is a response too large to hold, else a bug. */
function unexpected(err: unknown): SoapError {
  if (err instanceof SoapError) return err;
  if (err instanceof RangeError)
    return new XmlMalformedError('The response is too large or too deeply built to read', { cause: err });
  return new SoapInternalError(
    `Reading the response failed: ${err instanceof Error ? err.name : typeof err}`,
    {
      cause: err,
    },
  );
}

function classify(
  status: number,
  contentType: string | null | undefined,
  body: string | Uint8Array,
  opts: ClassifyOptions,
): ClassifiedResponse {
  const secrets = opts.secrets ?? [];
  const media = mediaTypeOf(contentType);
  const shape = xmlShape(body);
  let parsed: { root: XmlElement; envelope: SoapEnvelope } | undefined;
  let parseError: SoapError | undefined;
  if (shape === 'xml') {
    try {
      const root = parseXml(body, { ...opts.limits, contentType: contentType ?? undefined, secrets });
      parsed = { root, envelope: readEnvelope(root, { secrets }) };
    } catch (err) {
      if (err instanceof SoapFaultError) return { ok: false, error: err };
      parseError = unexpected(err);
    }
  }
  if (status < 200 || status > 299) {
    return { ok: false, error: new HttpStatusError(status, snippetText(body, contentType), secrets) };
  }
  if (!isXmlMedia(media)) return { ok: false, error: new WrongContentTypeError(media, { secrets }) };
  if (shape !== 'xml') {
    const what =
      shape === 'html' ? 'an HTML page' : shape === 'empty' ? 'an empty body' : 'a body that is not XML';
    const snippet = snippetText(body, contentType);
    return { ok: false, error: new NotXmlError(`HTTP ${status} with ${what}: ${snippet}`, { secrets }) };
  }
  if (parseError) return { ok: false, error: parseError };
  if (!parsed) return { ok: false, error: new SoapInternalError('Response neither parsed nor failed') };
  return { ok: true, ...parsed };
}

/** The throwing form: the envelope of a good response, or the typed error of a bad one. */
export function readSoapResponse(
  res: Pick<TransportResponse, 'status' | 'headers' | 'bodyBytes'>,
  opts: ClassifyOptions = {},
): { root: XmlElement; envelope: SoapEnvelope } {
  const r = classifyHttpResponse(res.status, res.headers.get('content-type'), res.bodyBytes, opts);
  if (!r.ok) throw r.error;
  return { root: r.root, envelope: r.envelope };
}
