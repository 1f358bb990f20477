// The built-in sandbox marketplace: both services over node:http, strict like the live ASMX
// services, built on the same schema/ as the client so the two cannot drift apart.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  DEFAULT_NAMESPACES,
  ENUMS,
  OPERATIONS,
  SERVICE_PATHS,
  buildWsdl,
  dateTimeInstant,
  nsUri,
  soapAction,
} from '../schema';
import type {
  OperationName,
  RequestOf,
  ResultOf,
  ServiceName,
  ServiceNamespaces,
  SuggestOperationName,
} from '../schema';
import { PayloadError, decodeRequest } from './request-read';
import { buildFault, buildResponseBytes, createResponseMemo } from './response-write';
import type { FaultSpec } from './response-write';
import type { SoapVersion } from '../soap/envelope-read';
import { parseXml } from '../soap/xml-read';
import { readEnvelope } from '../soap/envelope-read';
import { readSecurityHeader } from '../soap/security-header';
import {
  BadEnvelopeError,
  SoapError,
  SoapFaultError,
  XmlEncodingError,
  XmlMalformedError,
  XmlSecurityError,
} from '../soap/errors';
import { ValueError } from '../schema/scalar';
import { createBackend } from './backend';
import type { SandboxBackend } from './backend';
import type { ReplyStatusFilter } from './data/types';
import { handleControl, isControlPath } from './control';
import { NOTE_HISTORY_DAYS } from './data/notes';
import { DEFAULT_NOTE_COUNT } from './data/sandbox-data';
import { FaultInjector, NO_FAULTS } from './fault-injection';
import type { FaultInjection } from './fault-injection';
import { servicePage } from './service-page';
import { DEFAULT_TICKETS, TicketIssuer } from './ticket-issuer';
import type { SandboxTickets } from './ticket-issuer';
import { KOREA_OFFSET_MINUTES } from '../../src-shared/market-day';

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  seed?: number;
  /**
   * Fixes the sandbox's clock: its notes are as they are at this instant for every request, nothing arrives and
   * nothing is answered by itself. Without it the sandbox lives on `clock`.
   */
  now?: Date;
  /** About this many buyer notes over the last 120 days (default 5000). */
  notes?: number;
  /** Whether PageIndex counts from 0 or 1 (the spec does not say; the default is 1). */
  pageBase?: 0 | 1;
  tickets?: Partial<SandboxTickets>;
  /** How long an issued EncryptedTicket stays valid (default 10 minutes). */
  graceMs?: number;
  faults?: Partial<FaultInjection>;
  ns?: ServiceNamespaces;
  /** Largest PageSize accepted (default 500); the smallest is 1. */
  maxPageSize?: number;
  /** Cap on a request body (default 1 MiB). */
  maxRequestBytes?: number;
  /** Prebuilt data (tests share one across servers); otherwise built from seed, now, notes and clock. */
  backend?: SandboxBackend;
  /**
   * Wall clock in epoch ms for ticket lifetimes, throttling windows and, without `now`, the living data: notes
   * arrive and are answered as it moves (tests inject one to move time).
   */
  clock?: () => number;
}

export interface RunningSandbox {
  /** What makes this sandbox's notes the same data on another start (not its port): see sandboxIdentity. */
  identity: string;
  baseUrl: string;
  apiUrl: string;
  suggestUrl: string;
  tickets: SandboxTickets;
  ns: ServiceNamespaces;
  pageBase: 0 | 1;
  maxPageSize: number;
  backend: SandboxBackend;
  stats: { requests: number; faults: number };
  close(): Promise<void>;
}

/** A Client/Sender fault carrying a precise reason. */
class ClientFault extends Error {
  constructor(
    readonly reason: string,
    readonly subcode?: string,
  ) {
    super(reason);
  }
}

/**
 * The sandbox's data identity: the same value on every start that serves the same notes, whatever its port. A
 * mirror of the sandbox belongs to this, so a restart keeps the seller's sample notes and marks, and another
 * seed or size starts another mirror.
 */
export function sandboxIdentity(opts: Pick<SandboxOptions, 'seed' | 'notes' | 'backend'> = {}): string {
  if (opts.backend) return `seed=${opts.backend.data.seed};rate=${opts.backend.data.notes.ratePerDay}`;
  return `seed=${opts.seed ?? 42};rate=${(opts.notes ?? DEFAULT_NOTE_COUNT) / NOTE_HISTORY_DAYS}`;
}

export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_MAX_PAGE_SIZE = 500;
export const DEFAULT_GRACE_MS = 10 * 60_000;

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = opts.seed ?? 42;
  const ns = opts.ns ?? DEFAULT_NAMESPACES;
  const pageBase = opts.pageBase ?? 1;
  const maxPageSize = opts.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;
  const maxRequestBytes = opts.maxRequestBytes ?? 1024 * 1024;
  const tickets: SandboxTickets = { ...DEFAULT_TICKETS, ...opts.tickets };
  const clock = opts.clock ?? Date.now;
  const issuer = new TicketIssuer(tickets, opts.graceMs ?? DEFAULT_GRACE_MS, clock);
  const faults: FaultInjection = { ...NO_FAULTS, ...opts.faults };
  const injector = new FaultInjector(faults, seed, clock);
  const backend =
    opts.backend ??
    createBackend({
      seed,
      notes: opts.notes ?? DEFAULT_NOTE_COUNT,
      clock,
      ...(opts.now === undefined ? {} : { now: opts.now }),
    });
  const stats = { requests: 0, faults: 0 };
  // A record object never changes (a note's other status is another object): each is serialized (to UTF-8) once
  // per namespace context, then reused while the notes cache keeps it.
  const memo = createResponseMemo();
  // What each service's SOAPAction values name, computed once.
  const actionsOf: Record<ServiceName, Map<string, OperationName>> = {
    market: new Map(),
    suggest: new Map(),
  };
  for (const op of Object.keys(OPERATIONS) as OperationName[]) {
    actionsOf[OPERATIONS[op].service].set(soapAction(op, ns), op);
  }
  let baseUrl = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // An unexpected error is a Server/Receiver fault, never a hung socket.
      if (!res.headersSent) {
        sendFault(res, versionOf(req.headers['content-type']) ?? '1.1', {
          code: 'Server',
          reason: `Internal sandbox error: ${err instanceof Error ? err.message : String(err)}`,
        });
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  answerPipelinedBeforeRefusing(server);

  function sendFault(res: ServerResponse, version: SoapVersion, fault: FaultSpec) {
    stats.faults++;
    send(res, 500, version, Buffer.from(buildFault(version, fault), 'utf8'));
  }

  function send(res: ServerResponse, status: number, version: SoapVersion, body: Buffer, truncate = false) {
    const cut = truncate ? body.subarray(0, Math.max(1, Math.floor(body.length / 2))) : body;
    res.writeHead(status, [
      'content-type',
      version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
      'content-length',
      String(cut.length),
    ]);
    res.end(cut);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    stats.requests++;
    // A POST to a service address, the bulk of the traffic, needs no URL parsing; anything else is parsed.
    const fast = req.method === 'POST' ? SERVICE_BY_PATH.get(req.url ?? '') : undefined;
    if (!fast && isControlPath(req.url)) return handleControl(req, res, backend);
    const url = fast ? undefined : new URL(req.url ?? '/', 'http://sandbox');
    const service = fast ?? serviceOf(url!.pathname);
    if (url && (req.method === 'GET' || req.method === 'HEAD')) {
      const origin = listeningOrigin(req, baseUrl);
      if (service && [...url.searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl')) {
        return sendText(res, 200, 'text/xml; charset=utf-8', buildWsdl(service, ns, origin));
      }
      if (url.pathname === '/' || service) {
        return sendText(res, 200, 'text/html; charset=utf-8', servicePage(origin, service));
      }
      const image = url.pathname.startsWith('/images/') ? backend.image(url.pathname) : undefined;
      if (image) {
        res.writeHead(200, { 'content-type': image.contentType, 'cache-control': 'max-age=3600' });
        return void res.end(image.body);
      }
      return sendText(res, 404, 'text/plain; charset=utf-8', 'Not found');
    }
    if (!service) return sendText(res, 404, 'text/plain; charset=utf-8', 'Not found');
    if (req.method !== 'POST') {
      res.setHeader('allow', 'GET, HEAD, POST');
      return sendText(res, 405, 'text/plain; charset=utf-8', 'Use POST on a service address.');
    }
    const contentType = req.headers['content-type'];
    const version = versionOf(contentType);
    if (!version) {
      return sendText(
        res,
        415,
        'text/plain; charset=utf-8',
        `Unsupported media type ${contentType ?? '(none)'}: use text/xml (SOAP 1.1) or application/soap+xml (SOAP 1.2).`,
      );
    }
    const body = await readBody(req, maxRequestBytes);
    if (body === undefined) {
      return sendText(
        res,
        413,
        'text/plain; charset=utf-8',
        `The request is larger than ${maxRequestBytes} bytes.`,
      );
    }

    const delay = injector.delayMs();
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const injected = injector.decide();
    if (injected === 'fail') {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      return void res.end('Service Unavailable');
    }
    if (injected === 'throttle') {
      return sendFault(res, version, {
        code: 'Client',
        subcode: 'Throttled',
        reason: `Too many requests: this service accepts ${faults.throttlePerSecond} requests per second.`,
      });
    }
    if (injected === 'fault') {
      return sendFault(res, version, {
        code: 'Server',
        reason: 'The service failed to process the request (injected fault).',
      });
    }

    let answered: Buffer;
    try {
      answered = answer(service, version, body, req);
    } catch (err) {
      const client = clientFaultOf(err);
      if (client)
        return sendFault(res, version, { code: 'Client', reason: client.reason, subcode: client.subcode });
      throw err;
    }
    send(res, 200, version, answered, injected === 'truncate');
  }

  function answer(service: ServiceName, version: SoapVersion, body: Buffer, req: IncomingMessage): Buffer {
    const headers = req.headers;
    // ASMX dispatches on the action before it reads the body.
    const action = actionOf(version, headers);
    const actions = actionsOf[service];
    if (version === '1.1' && (action === undefined || !actions.has(action))) {
      throw new ClientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${action ?? ''}.`);
    }
    if (version === '1.2' && action !== undefined && action !== '' && !actions.has(action)) {
      throw new ClientFault(`Server did not recognize the value of the action parameter: ${action}.`);
    }

    const root = parseXml(body, { contentType: headers['content-type'], maxBytes: maxRequestBytes });
    const env = readEnvelope(root);
    if (env.version !== version) {
      throw new ClientFault(
        `The envelope is SOAP ${env.version} but the Content-Type announces SOAP ${version}.`,
        'VersionMismatch',
      );
    }
    if (!env.payload) throw new ClientFault('The SOAP Body is empty.');
    const decoded = decodeRequest(env.payload, service, ns);
    if (action !== undefined && action !== '' && actions.get(action) !== decoded.op) {
      throw new ClientFault(`The action ${action} does not match the body element ${decoded.op}.`);
    }

    if (service === 'suggest') {
      const result = backend.suggest(
        decoded.op as SuggestOperationName,
        decoded.request as never,
        new Date(backend.now()),
      );
      return buildResponseBytes(decoded.op, result as never, { version, ns, memo });
    }

    const security = readSecurityHeader(env.header, nsUri('security', ns));
    const repeated = security.repeated[0];
    if (repeated)
      throw new ClientFault(`The ${repeated} header is given more than once.`, `${repeated}Repeated`);
    const request = decoded.request as RequestOf<'BuyerNoteList'> & RequestOf<'GetSohoLookbook'>;
    const verdict = issuer.check(security.authenticationTicket, security.encryptedTicket, {
      required: decoded.op === 'BuyerNoteList',
      value: request.MemberTicket?.Ticket,
    });
    if (!verdict.ok) throw new ClientFault(verdict.reason, verdict.subcode);
    const result =
      decoded.op === 'BuyerNoteList'
        ? buyerNoteList(decoded.request)
        : decoded.op === 'GetSohoLookbook'
          ? lookbook(decoded.request, listeningOrigin(req, baseUrl))
          : undefined;
    return buildResponseBytes(decoded.op, result as ResultOf<typeof decoded.op>, {
      version,
      ns,
      encryptedTicket: issuer.issue(),
      memo,
    });
  }

  function page(p: { PageIndex?: number; PageSize?: number } | undefined): { offset: number; size: number } {
    const index = p?.PageIndex ?? pageBase;
    const size = p?.PageSize ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(index) || index < pageBase) {
      throw new ClientFault(
        `Pagination/@PageIndex must be ${pageBase} or more (pages count from ${pageBase}); got ${index}.`,
      );
    }
    if (size < 1 || size > maxPageSize) {
      throw new ClientFault(`Pagination/@PageSize must be between 1 and ${maxPageSize}; got ${size}.`);
    }
    return { offset: (index - pageBase) * size, size };
  }

  function buyerNoteList(req: RequestOf<'BuyerNoteList'>): ResultOf<'BuyerNoteList'> {
    if (req.StartDate === undefined || req.EndDate === undefined) {
      throw new ClientFault('req/@StartDate and req/@EndDate are required.');
    }
    const start = dateTimeInstant(req.StartDate, KOREA_OFFSET_MINUTES)!;
    const end = dateTimeInstant(req.EndDate, KOREA_OFFSET_MINUTES)!;
    if (end < start)
      throw new ClientFault(`req/@EndDate (${req.EndDate}) is before req/@StartDate (${req.StartDate}).`);
    const status = req.ReplyStatus ?? 'All';
    if (!(ENUMS.ReplyStatus as readonly string[]).includes(status)) {
      throw new ClientFault(
        `req/@ReplyStatus must be one of ${ENUMS.ReplyStatus.join(', ')}; got "${status}".`,
      );
    }
    if (req.SellerID !== undefined && req.SellerID !== '' && !backend.sellerIds.includes(req.SellerID)) {
      throw new ClientFault(`req/@SellerID "${req.SellerID}" does not belong to this account.`);
    }
    const { offset, size } = page(req.Pagination);
    const notes = backend.notes(
      {
        start: req.StartDate,
        end: req.EndDate,
        replyStatus: status as ReplyStatusFilter,
        itemNo: req.ItemNo || undefined,
        orderNo: req.OrderNo,
        sellerId: req.SellerID || undefined,
      },
      { offset, size },
    );
    return { SendNote: notes };
  }

  function lookbook(req: RequestOf<'GetSohoLookbook'>, origin: string): ResultOf<'GetSohoLookbook'> {
    if (!req.SellerId) throw new ClientFault('req/@SellerId is required.');
    const { offset, size } = page(req.Pagination);
    const shop = backend.lookbook(req.SellerId, origin);
    if (!shop) return { TotalItemCount: 0, SohoShopItemList: [], SohoShopLookBookIntroElementList: [] };
    return {
      TotalItemCount: shop.items.length,
      SohoShopName: shop.SohoShopName,
      SohoShopDescription: shop.SohoShopDescription,
      SohoShopItemList: shop.items.slice(offset, offset + size),
      // The intro belongs to the shop, not to an item page: it comes with every page.
      SohoShopLookBookIntroElementList: shop.intro,
    };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  // A wildcard address is not one a client can call; name the loopback of the same family instead.
  const listened =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const host = address.family === 'IPv6' ? `[${listened}]` : listened;
  baseUrl = `http://${host}:${address.port}`;
  return {
    identity: sandboxIdentity(opts),
    baseUrl,
    apiUrl: baseUrl + SERVICE_PATHS.market,
    suggestUrl: baseUrl + SERVICE_PATHS.suggest,
    tickets,
    ns,
    pageBase,
    maxPageSize,
    backend,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The errors of reading a request that are the caller's doing, as a precise Client/Sender reason. The SOAP
 * layer's own messages speak to a seller about a marketplace response, so the reason is built from the detail.
 */
function clientFaultOf(err: unknown): { reason: string; subcode?: string } | undefined {
  if (err instanceof ClientFault) return { reason: err.reason, subcode: err.subcode };
  if (err instanceof PayloadError || err instanceof ValueError) return { reason: err.message };
  if (err instanceof XmlMalformedError || err instanceof XmlEncodingError) {
    return { reason: `The request is not well-formed XML: ${err.detail ?? err.message}` };
  }
  if (err instanceof XmlSecurityError)
    return {
      reason: `The request is refused (${err.kind}): DTDs, entities and oversized or deeply nested documents are not accepted.`,
    };
  if (err instanceof BadEnvelopeError)
    return { reason: `The request is not a SOAP envelope: ${err.detail ?? err.message}` };
  if (err instanceof SoapFaultError) return { reason: 'A request cannot carry a SOAP Fault in its Body.' };
  if (err instanceof SoapError && err.deskCode === 'BAD_RESPONSE')
    return { reason: err.detail ?? err.message };
  return undefined;
}

/**
 * The scheme and address the request arrived on, as the WSDL's soap:address and the lookbook's image URLs: the
 * server's own side of the connection (a LAN address when it listens on every interface, loopback otherwise),
 * never the client's Host header, which any caller may set to send the next client somewhere else.
 */
function listeningOrigin(req: IncomingMessage, fallback: string): string {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return fallback;
  const v4 = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress;
  return v4.includes(':') ? `http://[${v4}]:${localPort}` : `http://${v4}:${localPort}`;
}

/**
 * Node's default for a request it cannot parse answers 400 at once and destroys the socket, even when a valid
 * request pipelined before it is still being answered: that one was lost, and its client read the 400 as its
 * answer. Here every request before the malformed one is answered first, then the 400 is sent and the
 * connection closed.
 */
function answerPipelinedBeforeRefusing(server: Server): void {
  const inflight = new WeakMap<Socket, number>();
  const refuseWhenIdle = new WeakSet<Socket>();
  const refuse = (socket: Socket) => {
    if (socket.writable && !socket.destroyed)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  };
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inflight.set(socket, (inflight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inflight.get(socket) ?? 1) - 1;
      inflight.set(socket, left);
      if (left === 0 && refuseWhenIdle.has(socket)) refuse(socket);
    });
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    if ((inflight.get(socket) ?? 0) > 0) refuseWhenIdle.add(socket);
    else refuse(socket);
  });
}

/** The service addresses exactly as written: a request line that needs no parsing to be routed. */
const SERVICE_BY_PATH = new Map<string, ServiceName>([
  [SERVICE_PATHS.market, 'market'],
  [SERVICE_PATHS.suggest, 'suggest'],
]);

function serviceOf(pathname: string): ServiceName | undefined {
  const p = pathname.toLowerCase();
  if (p === SERVICE_PATHS.market.toLowerCase()) return 'market';
  if (p === SERVICE_PATHS.suggest.toLowerCase()) return 'suggest';
  return undefined;
}

function versionOf(contentType: string | undefined): SoapVersion | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/xml') return '1.1';
  if (type === 'application/soap+xml') return '1.2';
  return undefined;
}

function unquote(s: string): string {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/**
 * 1.1: the SOAPAction header. 1.2: the Content-Type action parameter only; SOAPAction is not part of the 1.2
 * binding, so a header some clients still send is tolerated and ignored.
 */
function actionOf(version: SoapVersion, headers: IncomingMessage['headers']): string | undefined {
  if (version === '1.1') {
    const header = headers['soapaction'];
    return typeof header === 'string' ? unquote(header) : undefined;
  }
  const m = /;\s*action\s*=\s*("([^"]*)"|[^;\s]+)/i.exec(headers['content-type'] ?? '');
  return m ? (m[2] ?? m[1]) : undefined;
}

function sendText(res: ServerResponse, status: number, type: string, text: string) {
  const body = Buffer.from(text, 'utf8');
  res.writeHead(status, { 'content-type': type, 'content-length': body.length });
  res.end(body);
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
