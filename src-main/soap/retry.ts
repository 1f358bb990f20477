// The one retry policy of the SOAP client, applied by its one loop (client.ts): a call is sent at most
// `RETRY_POLICY.attempts` times in all, one HTTP request per send (the transport never sends again). A send is
// tried again when its response says so before it is read (HTTP 502/503/504, the throttling fault; a server's
// Retry-After raises the wait) or when what it came to is transient (isTransient: a connection failure, a damaged
// body, a timeout, a Server/Receiver fault). Nothing above the client retries: a sync, a pager or the command
// line gets the call's final answer.
import { deskCodeOf, errorCodeOf } from '../../src-shared/thrown';
import {
  AbortedError,
  ConnectionError,
  HttpStatusError,
  ResponseTooLargeError,
  SoapError,
  SoapFaultError,
  XmlSecurityError,
} from './errors';
import { isThrottleBody } from './fault';

export interface RetryPolicy {
  /** Total tries of one call, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Four sends of a page at most: a throttled page waits out about 0.15 + 0.3 + 0.6 s … 0.3 + 0.6 + 1.2 s. */
export const RETRY_POLICY: RetryPolicy = { attempts: 4, baseDelayMs: 300, maxDelayMs: 5000 };

/**
 * Delay before the try after `failedAttempt`: "equal jitter" (half fixed, half random) over base·2^(n-1), so
 * retries spread out but never hammer a struggling server with a near-zero wait; raised towards a server's
 * Retry-After, never above maxDelayMs.
 */
export function backoffDelay(
  failedAttempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
  retryAfterMs?: number,
): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
  const jittered = exp / 2 + (random() * exp) / 2;
  const wanted = retryAfterMs !== undefined ? Math.max(jittered, retryAfterMs) : jittered;
  return Math.max(0, Math.round(Math.min(policy.maxDelayMs, wanted)));
}

export function abortReason(signal: AbortSignal): SoapError {
  return signal.reason instanceof SoapError ? signal.reason : new AbortedError();
}

/** Waits `ms`, or rejects with the signal's reason (an AbortedError unless it is a SoapError) when aborted. */
export function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Worth another try: damaged or missing answers, timeouts, unreachable hosts, throttling, server-side faults.
 * Never authentication, our own request (a Client fault), a hostile body or one over the size cap.
 */
export function isTransient(err: unknown): boolean {
  if (err instanceof XmlSecurityError || err instanceof ResponseTooLargeError) return false;
  switch (deskCodeOf(err)) {
    case 'BAD_RESPONSE':
    case 'TIMEOUT':
    case 'NETWORK':
    case 'THROTTLED':
      return true;
    case 'HTTP_ERROR':
      if (!(err instanceof HttpStatusError)) return true;
      return err.status >= 500 || err.status === 408 || err.status === 429;
    case 'SOAP_FAULT':
      return err instanceof SoapFaultError && /(^|:)(Server|Receiver)$/i.test(err.fault.code);
    default:
      return false;
  }
}

/** Told before each backoff sleep of the client's loop. */
export interface RetryInfo {
  url: string;
  /** The send that failed (1-based). */
  attempt: number;
  delayMs: number;
  /** 'HTTP 503', 'throttled', 'ECONNREFUSED', 'TIMEOUT'… */
  reason: string;
}

/** Why a send is worth another one, and how long the server asked to wait. */
export interface Resend {
  reason: string;
  retryAfterMs?: number;
}

const RESEND_STATUS = new Set([502, 503, 504]);

/** A server's Retry-After (seconds or an HTTP date) in milliseconds from now. */
function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const v = headers.get('retry-after');
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A response to send again without reading it (HTTP 502/503/504, or a body that is the throttling fault), with
 * the wait its Retry-After asks for; undefined for a response to read. The last send's response is always read,
 * so a throttling fault reaches the caller as THROTTLED rather than a generic HTTP error.
 */
export function resendResponse(response: {
  status: number;
  headers: Headers;
  bodyBytes: Uint8Array;
  bodyText: string;
}): Resend | undefined {
  const reason = RESEND_STATUS.has(response.status)
    ? `HTTP ${response.status}`
    : isThrottleBody(response.status, response)
      ? 'throttled'
      : undefined;
  return reason ? { reason, retryAfterMs: retryAfterMs(response.headers) } : undefined;
}

/** The reason a transient error is given in RetryInfo. */
export function resendReason(err: unknown): string {
  if (err instanceof HttpStatusError) return `HTTP ${err.status}`;
  if (err instanceof ConnectionError && err.code) return err.code;
  return errorCodeOf(err);
}
