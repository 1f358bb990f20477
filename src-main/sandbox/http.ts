// The sandbox's HTTP side: routing (services, WSDL, service pages, images, the control route), the status codes of
// what is not a SOAP call (404, 405, 413, 415), the injected drills (latency, 503, faults, truncation), and the
// SOAP answer or fault on the wire. What a SOAP call means is soap-endpoint.ts's business.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { SERVICE_PATHS, buildWsdl } from '../schema';
import type { ServiceName, ServiceNamespaces } from '../schema';
import type { SoapVersion } from '../soap/envelope-read';
import type { SandboxBackend } from './backend';
import { clientFaultOf } from './client-fault';
import { handleControl, isControlPath } from './control';
import type { FaultInjection, FaultInjector } from './fault-injection';
import { buildFault } from './response-write';
import type { FaultSpec } from './response-write';
import { servicePage } from './service-page';
import { versionOf } from './soap-endpoint';
import type { SoapEndpoint } from './soap-endpoint';

export interface SandboxHttpDeps {
  ns: ServiceNamespaces;
  backend: SandboxBackend;
  endpoint: SoapEndpoint;
  injector: FaultInjector;
  faults: FaultInjection;
  maxRequestBytes: number;
  stats: { requests: number; faults: number };
  /** Where the server listens, once it does (the fallback origin for a request whose socket says nothing). */
  baseUrl: () => string;
}

/** The sandbox's HTTP server, not yet listening. */
export function createSandboxServer(deps: SandboxHttpDeps): Server {
  const { ns, backend, endpoint, injector, faults, maxRequestBytes, stats } = deps;

  function sendFault(res: ServerResponse, version: SoapVersion, fault: FaultSpec) {
    stats.faults++;
    send(res, 500, version, Buffer.from(buildFault(version, fault), 'utf8'));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    stats.requests++;
    // A POST to a service address, the bulk of the traffic, needs no URL parsing; anything else is parsed.
    const fast = req.method === 'POST' ? SERVICE_BY_PATH.get(req.url ?? '') : undefined;
    if (!fast && isControlPath(req.url)) return handleControl(req, res, backend);
    const url = fast ? undefined : new URL(req.url ?? '/', 'http://sandbox');
    const service = fast ?? serviceOf(url!.pathname);
    if (url && (req.method === 'GET' || req.method === 'HEAD')) return serveGet(req, res, url, service);
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
    await answerSoap(req, res, service, version, body);
  }

  function serveGet(req: IncomingMessage, res: ServerResponse, url: URL, service: ServiceName | undefined) {
    const origin = listeningOrigin(req, deps.baseUrl());
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

  /** The drills first (latency, then at most one of silence, 503, throttling, a fault, truncation), then the answer. */
  async function answerSoap(
    req: IncomingMessage,
    res: ServerResponse,
    service: ServiceName,
    version: SoapVersion,
    body: Buffer,
  ) {
    const delay = injector.delayMs();
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const injected = injector.decide();
    // Never answered: the socket stays open until the client times out (or the server closes).
    if (injected === 'silent') return;
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
      answered = endpoint(service, version, body, req.headers, () => listeningOrigin(req, deps.baseUrl()));
    } catch (err) {
      const client = clientFaultOf(err);
      if (client)
        return sendFault(res, version, { code: 'Client', reason: client.reason, subcode: client.subcode });
      throw err;
    }
    send(res, 200, version, answered, injected === 'truncate');
  }

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
  return server;
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
