// Typed clients: one method per operation of both services. Each call builds the envelope from the
// schema, sends it through the transport, reads the answer with the same schema, rotates the
// EncryptedTicket, and records a redacted exchange for the network inspector. A call is sent at most
// RETRY_POLICY.attempts times in all (retry.ts): what the transport retries counts against the same budget.
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
import type { SoapVersion } from './envelope-write';
import { errorFields, SoapError, TimeoutError } from './errors';
import { sharedResponseDecoder } from './decode-pool';
import type { ResponseDecoder } from './decode-pool';
import { isThrottleBody } from './fault';
import { redactEnvelope, redactHead } from './redact';
import { RETRY_POLICY, abortableSleep, backoffDelay, isTransient } from './retry';
import type { RetryPolicy } from './retry';
import type { TicketRotation, Tickets } from './ticket-rotation';
import { LOG_TEXT_BYTES } from './transport';
import type { Transport, TransportResponse } from './transport';
import { headText } from './http-exchange';
import { secretList, secretSetOf } from './secret-set';
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

export function createSoapClient(config: ClientConfig, deps: ClientDeps): SoapClient {
  async function call<N extends OperationName>(
    op: N,
    req: RequestOf<N>,
    opts: CallOptions = {},
  ): Promise<CallResult<N>> {
    const spec = OPERATIONS[op];
    const service = spec.service;
    const url = `${(service === 'market' ? config.apiBaseUrl : config.suggestBaseUrl).replace(/\/+$/, '')}${SERVICE_PATHS[service]}`;

    let tickets: Tickets = {};
    let seq: number | undefined;
    if (service === 'market') {
      if (!deps.tickets) throw new MissingTicketsError(['AuthenticationTicket', 'EncryptedTicket']);
      tickets = await deps.tickets.sink.current();
      const missing = [
        !tickets.authTicket && 'AuthenticationTicket',
        !tickets.encryptedTicket && 'EncryptedTicket',
        spec.memberTicket && !tickets.memberTicket && 'MemberTicket',
      ].filter((m): m is string => typeof m === 'string');
      if (missing.length > 0) throw new MissingTicketsError(missing);
      seq = deps.tickets.begin();
    }
    // The connection's tickets, also for the suggest service, which never receives them: one server may answer
    // both and echo what it learned (in an earlier session too, so the store is asked once if need be).
    if (deps.tickets) {
      if (service === 'market')
        deps.tickets.remember(tickets.authTicket, tickets.encryptedTicket, tickets.memberTicket);
      else if (deps.tickets.secrets.size === 0) {
        const stored = await deps.tickets.sink.current().catch(() => ({}) as Tickets);
        deps.tickets.remember(stored.authTicket, stored.encryptedTicket, stored.memberTicket);
      }
    }
    // The connection's live set: a ticket handed back during this call is scrubbed from the rest of it too.
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
    const started = performance.now();
    let response: TransportResponse | undefined;
    // The log keeps the redacted head of the body; the EncryptedTicket the response hands back is a secret too.
    // Decoding and redacting it costs about as much as reading the response, for a log the seller may never
    // open: it is done when the exchange's envelope is first read (network.get), from a copy of the body's head
    // taken before the body goes to the decoder.
    let logged: (() => string) | undefined;
    const logResponse = (extraSecret?: string) => {
      let head = logged;
      if (!response || !head) return;
      const logSecrets =
        extraSecret && !secretSetOf(secrets).has(extraSecret)
          ? [...secretList(secrets), extraSecret]
          : secrets;
      const complete = response.bodyTextComplete;
      let xml: string | undefined;
      Object.defineProperty(exchange, 'responseXml', {
        enumerable: true,
        configurable: true,
        get: () => {
          // Once redacted, the copied bytes and their text are let go: the log holds one form of the head.
          if (xml === undefined && head) [xml, head] = [loggedBody(head(), complete, logSecrets), undefined];
          return xml;
        },
      });
    };
    const policy = deps.retry ?? RETRY_POLICY;
    // Sends so far, the transport's retries included: one budget for the whole call (retry.ts).
    let sent = 0;
    // Time the call's timed-out sends have waited, against opts.timeoutBudgetMs.
    let timedOutMs = 0;
    for (;;) {
      try {
        response = undefined;
        logged = undefined;
        let round = 0;
        try {
          response = await deps.transport.post(url, built.xml, built.headers, {
            signal: opts.signal,
            timeoutMs: opts.timeoutMs ?? config.timeoutMs,
            isRetryableResponse: isThrottleBody,
            maxAttempts: policy.attempts - sent,
          });
          round = response.timings.attempts;
        } catch (err) {
          round = err instanceof SoapError ? (err.attempts ?? 1) : 1;
          throw err;
        } finally {
          sent += round;
          exchange.attempts = sent;
        }
        exchange.status = response.status;
        exchange.bytesReceived = response.bytesReceived;
        logged = loggedHead(response);

        let rotated: string | undefined;
        const decoder = deps.decoder ?? sharedResponseDecoder();
        const result = await readResponse(op, response, config, secrets, decoder, (encryptedTicket) => {
          rotated = encryptedTicket;
          if (seq !== undefined && encryptedTicket) {
            // Persisting the rotation is part of the call: a lost ticket would lock the seller out.
            return deps.tickets!.apply(seq, encryptedTicket);
          }
          return undefined;
        });
        logResponse(rotated);
        exchange.durationMs = performance.now() - started;
        deps.onExchange?.(exchange);
        return { data: result, exchange };
      } catch (err) {
        if (err instanceof TimeoutError) timedOutMs += err.timeoutMs;
        const silenceLeft = opts.timeoutBudgetMs === undefined || timedOutMs < opts.timeoutBudgetMs;
        if (!opts.signal?.aborted && sent < policy.attempts && silenceLeft && isTransient(err)) {
          await abortableSleep(backoffDelay(sent, policy, deps.random), opts.signal);
          continue;
        }
        logResponse();
        exchange.durationMs = performance.now() - started;
        if (err instanceof SoapError) err.attempts = sent;
        exchange.error = {
          code: errorCodeOf(err),
          message: errorMessageOf(err),
          ...errorFields(err),
        };
        deps.onExchange?.(exchange);
        throw err;
      }
    }
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

async function readResponse<N extends OperationName>(
  op: N,
  response: TransportResponse,
  config: ClientConfig,
  secrets: Secrets,
  decoder: ResponseDecoder,
  rotate: (encryptedTicket: string | undefined) => Promise<unknown> | undefined,
): Promise<ResultOf<N>> {
  const { data, encryptedTicket } = await decoder.decode({
    op,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: response.bodyBytes,
    ns: config.ns,
    secrets,
    limits: config.maxResponseBytes ? { maxBytes: config.maxResponseBytes } : undefined,
  });
  await rotate(encryptedTicket);
  return data;
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
