// The SOAP layer's typed failures. `deskCode` crosses IPC unchanged (the host maps it to the envelope's error code),
// `message` is one sentence a seller can act on, `detail` is for the curious (fault code, HTTP status, parser
// position). Neither may ever hold a ticket: every error built from server text takes the tickets in use
// (`secrets`) and cuts that text to a few hundred characters, then redacts it, in its constructor.
import type { ErrorCause, ErrorCode, ErrorFacts } from '../contract/envelope';
import { redactSnippet } from './redact';
import type { Secrets } from './secret-set';
import { thrownText } from '../../src-shared/thrown';

/** The envelope's error codes the SOAP layer's errors carry. */
export type DeskCode = Extract<
  ErrorCode,
  | 'SOAP_FAULT'
  | 'AUTH_FAILED'
  | 'THROTTLED'
  | 'HTTP_ERROR'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'BAD_RESPONSE'
  | 'ABORTED'
  | 'INTERNAL'
>;

export interface SoapErrorOptions {
  detail?: string;
  cause?: unknown;
}

/** For errors built from what a server sent: the tickets to scrub from it. */
export interface FromServerOptions {
  cause?: unknown;
  secrets?: Secrets;
}

export class SoapError extends Error {
  readonly deskCode: DeskCode;
  readonly detail?: string;
  /** How many times the request was sent before this error (set by the transport and the client). */
  attempts?: number;

  constructor(deskCode: DeskCode, message: string, options: SoapErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SoapError';
    this.deskCode = deskCode;
    if (options.detail !== undefined) this.detail = options.detail;
  }
}

export type XmlSecurityKind =
  | 'doctype'
  | 'entity-declaration'
  | 'external-entity'
  | 'parameter-entity'
  | 'size'
  | 'depth'
  | 'elements'
  | 'attributes'
  | 'name-length';

const SECURITY_MESSAGES: Record<XmlSecurityKind, string> = {
  doctype:
    'The marketplace sent a response with a document type declaration, which Seller Desk refuses to read for safety; contact marketplace support if this keeps happening.',
  'entity-declaration':
    'The marketplace sent a response that declares XML entities, which Seller Desk refuses to read for safety; contact marketplace support if this keeps happening.',
  'external-entity':
    'The marketplace sent a response that refers to external files, which Seller Desk refuses to read for safety; contact marketplace support if this keeps happening.',
  'parameter-entity':
    'The marketplace sent a response with parameter entities, which Seller Desk refuses to read for safety; contact marketplace support if this keeps happening.',
  size: 'The marketplace response is larger than Seller Desk accepts; ask for a smaller page or a shorter date range and try again.',
  depth:
    'The marketplace response is nested too deeply to read safely; contact marketplace support if this keeps happening.',
  elements:
    'The marketplace response holds more elements than Seller Desk reads at once; ask for a smaller page or a shorter date range and try again.',
  attributes:
    'The marketplace response has an element with more attributes than Seller Desk reads safely; contact marketplace support if this keeps happening.',
  'name-length':
    'The marketplace response has an element or attribute name longer than Seller Desk reads safely; contact marketplace support if this keeps happening.',
};

/** A response refused on purpose: DTDs and entities, or a size, depth, count or name length beyond the limits. */
export class XmlSecurityError extends SoapError {
  readonly kind: XmlSecurityKind;
  constructor(kind: XmlSecurityKind, detail?: string) {
    super('BAD_RESPONSE', SECURITY_MESSAGES[kind], { detail: detail ?? kind });
    this.name = 'XmlSecurityError';
    this.kind = kind;
  }
}

/** Not well-formed XML (truncated, mismatched tags, bad references…); never parsed as a best guess. */
export class XmlMalformedError extends SoapError {
  constructor(detail: string, options: FromServerOptions = {}) {
    super(
      'BAD_RESPONSE',
      'The marketplace sent a damaged XML response; try again, and contact marketplace support if it keeps happening.',
      { detail: redactSnippet(detail, options.secrets), cause: options.cause },
    );
    this.name = 'XmlMalformedError';
  }
}

/** The bytes cannot be turned into text: unsupported, contradictory or wrongly declared encoding. */
export class XmlEncodingError extends SoapError {
  constructor(detail: string, options: FromServerOptions = {}) {
    super(
      'BAD_RESPONSE',
      'The marketplace response uses a text encoding Seller Desk cannot read; contact marketplace support if this keeps happening.',
      { detail: redactSnippet(detail, options.secrets), cause: options.cause },
    );
    this.name = 'XmlEncodingError';
  }
}

/** Well-formed XML that is not a SOAP envelope we can read (no Envelope, no Body…). */
export class BadEnvelopeError extends SoapError {
  constructor(detail: string, options: FromServerOptions = {}) {
    super(
      'BAD_RESPONSE',
      'The marketplace answered with XML that is not a SOAP message; check the service address in Settings.',
      { detail: redactSnippet(detail, options.secrets), cause: options.cause },
    );
    this.name = 'BadEnvelopeError';
  }
}

/** A well-formed response whose values do not fit the spec (a wrong element, a number that is not one…). */
export class BadValueError extends SoapError {
  constructor(detail: string, options: FromServerOptions = {}) {
    super(
      'BAD_RESPONSE',
      'The marketplace sent a value Seller Desk cannot read; try again, and contact marketplace support if it keeps happening.',
      { detail: redactSnippet(detail, options.secrets), cause: options.cause },
    );
    this.name = 'BadValueError';
  }
}

/** The fields of a SOAP fault the error needs; the full shape lives in fault.ts. */
export interface FaultSummary {
  soapVersion: '1.1' | '1.2';
  code: string;
  subcodes: string[];
  reason: string;
}

export type FaultClass = 'SOAP_FAULT' | 'AUTH_FAILED' | 'THROTTLED';

// How much of a fault's reason is kept (and redacted) before the message quotes it.
const FAULT_REASON_CHARS = 300;

/** The reason as a message shows it: capped, without its closing full stop. */
function shownReason(reason: string): string {
  const shown = reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
  return shown.replace(/[.\s]+$/u, '');
}

// The marketplace's reason stays in every message, so the command line and logs carry it too; the app shows it
// from `reason`, beneath its own headline.
function faultMessage(cls: FaultClass, reason: string): string {
  const shown = shownReason(reason);
  if (cls === 'AUTH_FAILED')
    return shown
      ? `The marketplace rejected your API tickets (${shown}); enter fresh tickets in Settings and try again.`
      : 'The marketplace rejected your API tickets; enter fresh tickets in Settings and try again.';
  if (cls === 'THROTTLED')
    return shown
      ? `The marketplace is receiving too many requests from you (${shown}); wait a minute and try again.`
      : 'The marketplace is receiving too many requests from you; wait a minute and try again.';
  return shown
    ? `The marketplace refused the request: ${shown}.`
    : 'The marketplace refused the request without giving a reason; try again later.';
}

export class SoapFaultError<F extends FaultSummary = FaultSummary> extends SoapError {
  declare readonly deskCode: FaultClass;
  readonly fault: F;
  /** The fault's reason as the marketplace wrote it, tickets redacted: shown to the seller verbatim. */
  readonly reason: string;
  /**
   * `secrets` are literal strings (the tickets in use) to scrub from the server's text, in case the
   * marketplace echoes them back in a reason or detail.
   */
  constructor(fault: F, cls: FaultClass, secrets: Secrets = []) {
    const reason = redactSnippet(fault.reason, secrets, FAULT_REASON_CHARS);
    const detailParts = [`SOAP ${fault.soapVersion} fault ${[fault.code, ...fault.subcodes].join(' / ')}`];
    const detail = thrownText(fault, 'detail');
    if (detail) detailParts.push(detail);
    super(cls, faultMessage(cls, reason), { detail: redactSnippet(detailParts.join(': '), secrets) });
    this.name = 'SoapFaultError';
    this.fault = fault;
    this.reason = reason.trim();
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function httpAdvice(status: number): string {
  if (status === 401 || status === 403) return 'check your API tickets in Settings';
  if (status === 404 || status === 405) return 'check the service address in Settings';
  if (status === 429) return 'wait a minute and try again';
  if (status >= 500) return 'the marketplace may be having trouble, so try again later';
  return 'check your settings and try again';
}

export class HttpStatusError extends SoapError {
  readonly status: number;
  /** The start of the body, redacted, for the network panel and bug reports. */
  readonly bodySnippet: string;
  constructor(status: number, body: string, secrets: Secrets = []) {
    const text = STATUS_TEXT[status];
    const snippet = redactSnippet(body, secrets);
    super(
      'HTTP_ERROR',
      `The marketplace answered with HTTP ${status}${text ? ` (${text})` : ''}; ${httpAdvice(status)}.`,
      { detail: snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}` },
    );
    this.name = 'HttpStatusError';
    this.status = status;
    this.bodySnippet = snippet;
  }
}

/** A body that is not XML at all (an HTML error page, JSON, empty). */
export class NotXmlError extends SoapError {
  constructor(detail: string, options: FromServerOptions = {}) {
    super(
      'BAD_RESPONSE',
      'The marketplace answered with something that is not XML, such as a web page; check the service address in Settings.',
      { detail: redactSnippet(detail, options.secrets) },
    );
    this.name = 'NotXmlError';
  }
}

/** A declared Content-Type that is not an XML type, whatever the body looks like. */
export class WrongContentTypeError extends SoapError {
  readonly contentType: string;
  constructor(contentType: string, options: FromServerOptions = {}) {
    const shown = redactSnippet(contentType, options.secrets, 100);
    super(
      'BAD_RESPONSE',
      `The marketplace answered with content type ${shown || '(none)'} instead of XML; check the service address in Settings.`,
      { detail: `Content-Type: ${shown}` },
    );
    this.name = 'WrongContentTypeError';
    this.contentType = shown;
  }
}

export class ResponseTooLargeError extends SoapError {
  readonly limitBytes: number;
  constructor(limitBytes: number) {
    super(
      'BAD_RESPONSE',
      `The marketplace response is larger than ${formatBytes(limitBytes)}; ask for a smaller page or a shorter date range and try again.`,
      { detail: `limit ${limitBytes} bytes` },
    );
    this.name = 'ResponseTooLargeError';
    this.limitBytes = limitBytes;
  }
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KiB`;
  return `${n} bytes`;
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

export class TimeoutError extends SoapError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, host?: string) {
    super(
      'TIMEOUT',
      `The marketplace did not answer within ${formatSeconds(timeoutMs)}. Check your connection or raise the timeout in Settings.`,
      { detail: host ? `${host} after ${timeoutMs} ms` : `after ${timeoutMs} ms` },
    );
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

export class AbortedError extends SoapError {
  constructor(detail?: string) {
    super('ABORTED', 'The request was cancelled.', detail === undefined ? {} : { detail });
    this.name = 'AbortedError';
  }
}

const CONNECTION_PHRASES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the server name could not be found',
  EAI_AGAIN: 'the server name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the server is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPIPE: 'the connection was closed while sending',
  UND_ERR_SOCKET: 'the connection was closed unexpectedly',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its security certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its security certificate is not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its security certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its security certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its security certificate does not match the address',
};

export class ConnectionError extends SoapError {
  readonly host: string;
  /** The OS or undici code (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET…), when known. */
  readonly code?: string;
  constructor(host: string, code: string | undefined, options: { cause?: unknown } = {}) {
    const why = (code && CONNECTION_PHRASES[code]) ?? 'the connection failed';
    super(
      'NETWORK',
      `Seller Desk could not reach ${host} because ${why}; check your internet connection and the service address in Settings.`,
      { detail: code ? `${code} ${host}` : host, cause: options.cause },
    );
    this.name = 'ConnectionError';
    this.host = host;
    if (code !== undefined) this.code = code;
  }
}

/** A bug or broken invariant on our side, reported as such rather than blamed on the marketplace. */
export class SoapInternalError extends SoapError {
  constructor(detail: string, options: { cause?: unknown } = {}) {
    super('INTERNAL', 'Seller Desk hit an unexpected internal error while talking to the marketplace.', {
      detail,
      cause: options.cause,
    });
    this.name = 'SoapInternalError';
  }
}

/**
 * What a failure carries across IPC besides its code and sentences: the marketplace's own reason (a fault's) and
 * the facts the app words its headline from in the seller's language (which HTTP status, which host, which
 * kind of unreadable answer). Read from the typed errors above and from lower layers' errors by their names.
 */
export function errorFields(err: unknown): { reason?: string; facts?: ErrorFacts } {
  const out: { reason?: string; facts?: ErrorFacts } = {};
  if (err instanceof SoapFaultError && err.reason) out.reason = err.reason;
  const facts = factsOf(err);
  if (facts) out.facts = facts;
  return out;
}

const CONNECTION_CAUSES: Record<string, ErrorCause> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ETIMEDOUT: 'unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'unreachable',
  CERT_HAS_EXPIRED: 'certificate',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate',
};

// The marketplace's refusal of a seller ID that is not this account's ('req/@SellerID "x" does not belong to this
// account.'): the seller's settings to correct, not a request to send again.
const NOT_THIS_ACCOUNTS_SELLER =
  /seller ?id\b.*\b(?:does not|doesn't|do not) belong to (?:this|your) account|판매자.*(?:계정|소속).*(?:아닙니다|않습니다|없습니다)/i;

function factsOf(err: unknown): ErrorFacts | undefined {
  if (err instanceof SoapFaultError) {
    if (err.deskCode !== 'SOAP_FAULT') return undefined;
    if (/(^|:)(Server|Receiver)$/i.test(err.fault.code)) return { cause: 'server-fault' };
    return NOT_THIS_ACCOUNTS_SELLER.test(err.reason) ? { cause: 'unknown-seller' } : undefined;
  }
  if (err instanceof HttpStatusError) return { httpStatus: err.status };
  if (err instanceof TimeoutError) return { timeoutMs: err.timeoutMs };
  if (err instanceof ConnectionError) {
    const cause = err.code === undefined ? undefined : CONNECTION_CAUSES[err.code];
    return cause ? { host: err.host, cause } : { host: err.host };
  }
  if (err instanceof XmlSecurityError) return { cause: err.kind === 'size' ? 'too-large' : 'unsafe' };
  if (err instanceof ResponseTooLargeError) return { cause: 'too-large' };
  if (err instanceof XmlMalformedError) return { cause: 'damaged' };
  if (err instanceof XmlEncodingError) return { cause: 'encoding' };
  if (err instanceof BadEnvelopeError || err instanceof NotXmlError || err instanceof WrongContentTypeError) {
    return { cause: 'not-soap' };
  }
  const name = thrownText(err, 'name');
  // Errors of the layers above and beside this file, known by name to keep the imports one way.
  if (name === 'MissingTicketsError') return { cause: 'missing-tickets' };
  if (name === 'TeamUnreachableError') return { cause: 'team-unreachable' };
  if (name === 'ValueError' || name === 'PayloadError') return { cause: 'unexpected-shape' };
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Crossing a worker boundary: structured clone keeps an Error's message but not its class or fields, so the
// decode worker sends these and the main thread revives the same class with the same (already redacted) fields.

/** A SoapError as plain data: its class by name, its message, and its own fields (the cause stays behind). */
export interface SerializedSoapError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

const REVIVABLE: Record<string, { prototype: SoapError }> = {
  SoapError,
  XmlSecurityError,
  XmlMalformedError,
  XmlEncodingError,
  BadEnvelopeError,
  BadValueError,
  SoapFaultError,
  HttpStatusError,
  NotXmlError,
  WrongContentTypeError,
  ResponseTooLargeError,
  TimeoutError,
  AbortedError,
  ConnectionError,
  SoapInternalError,
};

export function serializeSoapError(err: SoapError): SerializedSoapError {
  return { name: err.name, message: err.message, fields: { ...err } };
}

/** The error again, as an instance of its class; an unknown class comes back as a SoapInternalError. */
export function reviveSoapError(data: SerializedSoapError): SoapError {
  const cls = Object.hasOwn(REVIVABLE, data.name) ? REVIVABLE[data.name] : undefined;
  if (!cls) return new SoapInternalError(`${data.name}: ${data.message}`);
  const err = Object.create(cls.prototype) as SoapError;
  Object.defineProperty(err, 'message', { value: data.message, writable: true, configurable: true });
  Object.assign(err, data.fields);
  Object.defineProperty(err, 'stack', {
    value: `${data.name}: ${data.message}\n    at the response decoder (worker thread)`,
    writable: true,
    configurable: true,
  });
  return err;
}
