// Typed clients: one method per operation of both services. Each call builds the envelope from the
// schema, sends it through the transport, reads the answer with the same schema, rotates the
// EncryptedTicket, and records a redacted exchange for the network inspector. The client owns the one retry
// loop (send, below; its policy in retry.ts): a call is sent at most RETRY_POLICY.attempts times in all, each
// send one transport post, which is one HTTP request.
import type { Exchange } from '../contract/network';
import { OPERATIONS, SERVICE_PATHS } from '../schema';
import type {
  MarketOperationName,
  OperationName,
  RequestOf,
  ResultOf,
  ServiceNamespaces,
  SuggestOperationName,
} from '../schema';
import { buildRequest } from './envelope-write';
import type { BuiltRequest, SoapVersion } from './envelope-write';
import { errorFields, SoapError, TimeoutError } from './errors';
import { sharedResponseDecoder } from './decode-pool';
import type { ResponseDecoder } from './decode-pool';
import { ticketsIssuedWith } from './response-decode';
import type { DecodedResponse } from './response-decode';
import { redactEnvelope, redactHead } from './redact';
import {
  RETRY_POLICY,
  abortableSleep,
  backoffDelay,
  isTransient,
  resendReason,
  resendResponse,
} from './retry';
import type { Resend, RetryInfo, RetryPolicy } from './retry';
import type { TicketRotation, Tickets } from './ticket-rotation';
import { LOG_TEXT_BYTES } from './transport';
import type { Transport, TransportResponse } from './transport';
import { headText } from './http-exchange';
import { withSecrets } from './secret-set';
import type { Secrets } from './secret-set';
import { errorCodeOf, errorMessageOf } from '../../src-shared/thrown';

export interface ClientConfig {
  /** Scheme and host of the API service ({base_url}). */
  apiBaseUrl: string;
  /** Scheme and host of the suggest service ({suggest_url}). */
  suggestBaseUrl: string;
  ns: ServiceNamespaces;
  soapVersion: SoapVersion;
  timeoutMs?: number;
  /** Cap on a response body (default 64 MiB). */
  maxResponseBytes?: number;
}

export interface ClientDeps {
  transport: Transport;
  /** Where responses are read (default: the process's shared decoder, which uses a worker thread). */
  decoder?: ResponseDecoder;
  /** Where the API service's tickets come from and where rotated EncryptedTickets go. */
  tickets?: TicketRotation;
  onExchange?: (exchange: Exchange) => void;
  /** The one retry policy (default RETRY_POLICY); tests shorten its delays. */
  retry?: RetryPolicy;
  /** Jitter source for the client's backoff, [0, 1). */
  random?: () => number;
  /** Told before each backoff sleep: which send failed, why, and how long the wait is. */
  onRetry?: (info: RetryInfo) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * A timed-out send is sent again only while the call's timed-out sends add up to less than this: a silent
   * network costs the call about this long, not the policy's attempts × the timeout. Undefined: no such limit.
   */
  timeoutBudgetMs?: number;
}

export interface CallResult<N extends OperationName> {
  data: ResultOf<N>;
  exchange: Exchange;
}

/** The API service was called without the tickets it needs. */
export class MissingTicketsError extends SoapError {
  constructor(missing: string[]) {
    super(
      'AUTH_FAILED',
      'No API tickets are stored for this connection profile; enter them in Settings → Tickets and try again.',
      { detail: `Missing: ${missing.join(', ')}` },
    );
    this.name = 'MissingTicketsError';
  }
}

const RESPONSE_XML_CAP = 256 * 1024;
let nextExchangeId = 1;

type Lower<S extends string> = S extends `${infer F}${infer R}` ? `${Lowercase<F>}${R}` : S;
type Method<N extends OperationName> = (req: RequestOf<N>, opts?: CallOptions) => Promise<CallResult<N>>;
export type SuggestClient = { [N in SuggestOperationName as Lower<N>]: Method<N> };
export type MarketClient = { [N in MarketOperationName as Lower<N>]: Method<N> };

export interface SoapClient {
  call<N extends OperationName>(op: N, req: RequestOf<N>, opts?: CallOptions): Promise<CallResult<N>>;
  suggest: SuggestClient;
  market: MarketClient;
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A call ready to send: where, what, and the network inspector's entry for it. */
interface Prepared<N extends OperationName> {
  op: N;
  url: string;
  built: BuiltRequest;
  /** The ticket rotation's sequence number of a market call. */
  seq?: number;
  /** The connection's live set: a ticket handed back during this call is scrubbed from the rest of it too. */
  secrets: Secrets;
  exchange: Exchange;
  /** performance.now() when the call started. */
  started: number;
}

export function createSoapClient(config: ClientConfig, deps: ClientDeps): SoapClient {
  async function prepare<N extends OperationName>(op: N, req: RequestOf<N>): Promise<Prepared<N>> {
    const service = OPERATIONS[op].service;
    const url = `${(service === 'market' ? config.apiBaseUrl : config.suggestBaseUrl).replace(/\/+$/, '')}${SERVICE_PATHS[service]}`;
    const { tickets, seq } = await ticketsFor(op, deps.tickets);
    const secrets: Secrets = deps.tickets?.secrets ?? [];
    const built = buildRequest(op, req, { version: config.soapVersion, ns: config.ns, tickets });
    const exchange: Exchange = {
      id: nextExchangeId++,
      operation: op,
      service,
      soapVersion: config.soapVersion,
      url,
      startedAt: Date.now(),
      durationMs: 0,
      attempts: 0,
      bytesSent: Buffer.byteLength(built.xml),
      bytesReceived: 0,
      requestHeaders: built.headers,
      requestXml: redactEnvelope(built.xml, secrets),
    };
    return { op, url, built, seq, secrets, exchange, started: performance.now() };
  }

  /** The call's answer from a response: read (in the decoder), the rotated EncryptedTicket persisted. */
  async function read<N extends OperationName>(
    p: Prepared<N>,
    response: TransportResponse,
    log: ResponseLog,
  ): Promise<CallResult<N>> {
    log.read(response);
    let issued: readonly string[] = [];
    const decoder = deps.decoder ?? sharedResponseDecoder();
    const data = await readResponse(p.op, response, config, p.secrets, decoder, (r) => {
      issued = r.issued ?? [];
      deps.tickets?.remember(...issued);
      // Persisting the rotation is part of the call: a lost ticket would lock the seller out.
      if (p.seq !== undefined && r.encryptedTicket) return deps.tickets!.apply(p.seq, r.encryptedTicket);
      return undefined;
    });
    log.keep(issued);
    p.exchange.durationMs = performance.now() - p.started;
    deps.onExchange?.(p.exchange);
    return { data, exchange: p.exchange };
  }

  /** Ends a call on `err`: the inspector's entry records it, the error carries the call's sends. */
  function failed(p: Prepared<OperationName>, err: unknown, log: ResponseLog): unknown {
    // A failed response may have handed out tickets too (a fault's header): they are secrets from now on.
    const issued = ticketsIssuedWith(err);
    deps.tickets?.remember(...issued);
    log.keep(issued);
    p.exchange.durationMs = performance.now() - p.started;
    if (err instanceof SoapError) err.attempts = p.exchange.attempts;
    p.exchange.error = { code: errorCodeOf(err), message: errorMessageOf(err), ...errorFields(err) };
    deps.onExchange?.(p.exchange);
    return err;
  }

  /**
   * The SOAP client's one retry loop (policy in retry.ts): one transport post per send, at most policy.attempts
   * sends. A response that asks to be sent again (resendResponse) is not read, unless it is the last send's; a
   * transient failure (isTransient) is sent again while the call's timed-out sends stay under timeoutBudgetMs.
   */
  async function send<N extends OperationName>(p: Prepared<N>, opts: CallOptions): Promise<CallResult<N>> {
    const policy = deps.retry ?? RETRY_POLICY;
    const log = responseLog(p.exchange, p.secrets);
    const postOpts = { signal: opts.signal, timeoutMs: opts.timeoutMs ?? config.timeoutMs };
    // Time the call's timed-out sends have waited, against opts.timeoutBudgetMs.
    let timedOutMs = 0;
    for (let sent = 1; ; sent++) {
      p.exchange.attempts = sent;
      log.sending();
      let resend: Resend | undefined;
      try {
        const response = await deps.transport.post(p.url, p.built.xml, p.built.headers, postOpts);
        log.received(response);
        resend = sent < policy.attempts ? resendResponse(response) : undefined;
        if (!resend) return await read(p, response, log);
      } catch (err) {
        if (err instanceof TimeoutError) timedOutMs += err.timeoutMs;
        const silenceLeft = opts.timeoutBudgetMs === undefined || timedOutMs < opts.timeoutBudgetMs;
        if (opts.signal?.aborted || sent >= policy.attempts || !silenceLeft || !isTransient(err))
          throw failed(p, err, log);
        resend = { reason: resendReason(err) };
      }
      const delayMs = backoffDelay(sent, policy, deps.random, resend.retryAfterMs);
      deps.onRetry?.({ url: p.url, attempt: sent, delayMs, reason: resend.reason });
      await abortableSleep(delayMs, opts.signal).catch((err: unknown) => {
        throw failed(p, err, log);
      });
    }
  }

  async function call<N extends OperationName>(
    op: N,
    req: RequestOf<N>,
    opts: CallOptions = {},
  ): Promise<CallResult<N>> {
    return send(await prepare(op, req), opts);
  }

  const suggest = Object.fromEntries(
    (Object.keys(OPERATIONS) as OperationName[])
      .filter((op) => OPERATIONS[op].service === 'suggest')
      .map((op) => [lower(op), (req: never, opts?: CallOptions) => call(op, req, opts)]),
  ) as SuggestClient;
  const market = Object.fromEntries(
    (Object.keys(OPERATIONS) as OperationName[])
      .filter((op) => OPERATIONS[op].service === 'market')
      .map((op) => [lower(op), (req: never, opts?: CallOptions) => call(op, req, opts)]),
  ) as MarketClient;
  return { call, suggest, market };
}

/**
 * The tickets a call carries (a market call's, checked complete) and its rotation sequence number. The
 * connection's tickets are remembered as secrets for the suggest service too, which never receives them: one
 * server may answer both and echo what it learned (in an earlier session too, so the store is asked once if
 * need be).
 */
async function ticketsFor(
  op: OperationName,
  rotation: TicketRotation | undefined,
): Promise<{ tickets: Tickets; seq?: number }> {
  const spec = OPERATIONS[op];
  if (spec.service !== 'market') {
    if (rotation && rotation.secrets.size === 0) {
      const stored = await rotation.sink.current().catch(() => ({}) as Tickets);
      rotation.remember(stored.authTicket, stored.encryptedTicket, stored.memberTicket);
    }
    return { tickets: {} };
  }
  if (!rotation) throw new MissingTicketsError(['AuthenticationTicket', 'EncryptedTicket']);
  const tickets = await rotation.sink.current();
  const missing = [
    !tickets.authTicket && 'AuthenticationTicket',
    !tickets.encryptedTicket && 'EncryptedTicket',
    spec.memberTicket && !tickets.memberTicket && 'MemberTicket',
  ].filter((m): m is string => typeof m === 'string');
  if (missing.length > 0) throw new MissingTicketsError(missing);
  const seq = rotation.begin();
  rotation.remember(tickets.authTicket, tickets.encryptedTicket, tickets.memberTicket);
  return { tickets, seq };
}

interface ResponseLog {
  /** A send starts: the entry shows no response until one comes. */
  sending(): void;
  /** A response came: its status and size. */
  received(response: TransportResponse): void;
  /** The response is about to be read: a copy of its head is taken before the body goes to the decoder. */
  read(response: TransportResponse): void;
  /**
   * The call ends: the entry's responseXml is the redacted head of the response read, if any, scrubbed of the
   * tickets that response handed out too.
   */
  keep(issued?: readonly string[]): void;
}

/**
 * What the network inspector keeps of the response a call ends on. The log keeps the redacted head of the body;
 * the EncryptedTicket the response hands back is a secret too. Decoding and redacting it costs about as much as
 * reading the response, for a log the seller may never open: it is done when the exchange's envelope is first
 * read (network.get), from a copy of the body's head taken before the body goes to the decoder.
 */
function responseLog(exchange: Exchange, secrets: Secrets): ResponseLog {
  let response: TransportResponse | undefined;
  let logged: (() => string) | undefined;
  return {
    sending() {
      response = undefined;
      logged = undefined;
      delete exchange.status;
      exchange.bytesReceived = 0;
    },
    received(r) {
      exchange.status = r.status;
      exchange.bytesReceived = r.bytesReceived;
    },
    read(r) {
      response = r;
      logged = loggedHead(r);
    },
    keep(issued = []) {
      let head = logged;
      const kept = response;
      // The entry holds the head alone from here (what the network log counts it for): not the response, whose
      // body's text and bytes something may have read in full, nor the head once it is redacted.
      response = undefined;
      logged = undefined;
      if (!kept || !head) return;
      const complete = kept.bodyTextComplete;
      let xml: string | undefined;
      Object.defineProperty(exchange, 'responseXml', {
        enumerable: true,
        configurable: true,
        get: () => {
          // Once redacted, the copied bytes and their text are let go: the log holds one form of the head.
          if (xml === undefined && head) {
            const text = head();
            xml = withSecrets(secrets, issued, (s) => loggedBody(text, complete, s));
            head = undefined;
          }
          return xml;
        },
      });
    },
  };
}

async function readResponse<N extends OperationName>(
  op: N,
  response: TransportResponse,
  config: ClientConfig,
  secrets: Secrets,
  decoder: ResponseDecoder,
  rotate: (r: DecodedResponse<N>) => Promise<unknown> | undefined,
): Promise<ResultOf<N>> {
  const decoded = await decoder.decode({
    op,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: response.bodyBytes,
    ns: config.ns,
    secrets,
    limits: config.maxResponseBytes ? { maxBytes: config.maxResponseBytes } : undefined,
  });
  await rotate(decoded);
  return decoded.data;
}

/**
 * The response's text head for the log, decoded when first asked for from a copy of the bytes it comes from (the
 * body itself is moved to the decoder). A few bytes past the cap, so a character cut there is cut as the
 * transport cuts it.
 */
function loggedHead(r: TransportResponse): () => string {
  const copy = Uint8Array.prototype.slice.call(r.bodyBytes, 0, LOG_TEXT_BYTES + 4);
  const contentType = r.headers.get('content-type');
  let text: string | undefined;
  return () => (text ??= headText(copy, contentType, LOG_TEXT_BYTES));
}

/**
 * What the network log keeps of a response body: its first RESPONSE_XML_CAP characters, redacted after the cut
 * (so the cost is bounded whatever the body's size, and a ticket cut in two is hidden too), and a note of what
 * was left out.
 */
function loggedBody(head: string, complete: boolean, secrets: Secrets): string {
  const kept = redactHead(head, RESPONSE_XML_CAP, secrets);
  if (complete && head.length <= RESPONSE_XML_CAP) return kept;
  const more = complete ? `${head.length - RESPONSE_XML_CAP} more characters` : 'the rest of the body';
  return `${kept}\n<!-- … ${more} -->`;
}
