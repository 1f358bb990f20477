import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortedError,
  BadEnvelopeError,
  ConnectionError,
  HttpStatusError,
  NotXmlError,
  ResponseTooLargeError,
  SoapFaultError,
  TimeoutError,
  WrongContentTypeError,
  XmlMalformedError,
} from '../../../src-main/soap/errors';
import { classifyHttpResponse, readSoapResponse } from '../../../src-main/soap/response-classify';
import { createTransport } from '../../../src-main/soap/transport';

const ENV11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const envelope = (payload: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENV11}"><soap:Body>${payload}</soap:Body></soap:Envelope>`;
const OK = envelope('<R xmlns="urn:r" Name="무선 이어폰"/>');
const fault11 = (reason: string) =>
  envelope(`<soap:Fault><faultcode>soap:Server</faultcode><faultstring>${reason}</faultstring></soap:Fault>`);
const XML_TYPE = 'text/xml; charset=utf-8';

// Per-key request counters, so tests sharing the server stay independent.
const hits = new Map<string, number>();
const held: ServerResponse[] = [];
let active = 0;
let maxActive = 0;
let lastAcceptEncoding: string | undefined;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const key = url.searchParams.get('key') ?? url.pathname;
  const n = (hits.get(key) ?? 0) + 1;
  hits.set(key, n);
  const fail = Number(url.searchParams.get('fail') ?? '0');
  req.resume();
  const xml = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': XML_TYPE, ...headers });
    res.end(body);
  };
  switch (url.pathname) {
    case '/ok':
      lastAcceptEncoding = req.headers['accept-encoding'];
      return xml(200, OK);
    case '/gzip':
      lastAcceptEncoding = req.headers['accept-encoding'];
      return xml(200, gzipSync(Buffer.from(OK)), { 'content-encoding': 'gzip' });
    case '/deflate':
      return xml(200, deflateSync(Buffer.from(OK)), { 'content-encoding': 'deflate' });
    case '/bom':
      return xml(200, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(OK)]));
    case '/euckr':
      return xml(200, iconv.encode(OK.replace('utf-8', 'euc-kr'), 'cp949'), {
        'content-type': 'text/xml; charset=euc-kr',
      });
    case '/reset':
      req.socket.destroy();
      return;
    case '/hang':
      held.push(res);
      return;
    case '/partial':
      res.writeHead(200, { 'content-type': XML_TYPE });
      res.write('<soap:Envelope');
      held.push(res);
      return;
    case '/status':
      return xml(Number(url.searchParams.get('code')), envelope('<Nothing/>'));
    case '/flaky':
      return n <= fail ? xml(503, 'busy', { 'content-type': 'text/plain' }) : xml(200, OK);
    case '/throttle':
      return n <= fail ? xml(500, fault11('Too many requests')) : xml(200, OK);
    case '/slow': {
      active++;
      maxActive = Math.max(maxActive, active);
      setTimeout(() => {
        active--;
        xml(200, OK);
      }, 30);
      return;
    }
    case '/endless': {
      res.writeHead(200, { 'content-type': XML_TYPE });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
      return;
    }
    case '/huge-declared':
      res.writeHead(200, { 'content-type': XML_TYPE, 'content-length': String(10 * 1024 * 1024) });
      res.write('<a>');
      held.push(res);
      return;
    default:
      xml(404, 'nope', { 'content-type': 'text/plain' });
  }
}

let server: Server;
let base: string;
let closedPortUrl: string;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  closedPortUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x`;
  await new Promise<void>((r) => closed.close(() => r()));
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('transport: bodies and encodings', () => {
  it('asks for gzip and deflate and decodes both', async () => {
    const t = createTransport();
    for (const path of ['/gzip', '/deflate']) {
      const res = await t.post(`${base}${path}`, '<x/>', { 'content-type': XML_TYPE });
      expect(res.status).toBe(200);
      expect(res.bodyText).toBe(OK);
      expect(readSoapResponse(res).envelope.payload?.attrs['Name']).toBe('무선 이어폰');
    }
    expect(lastAcceptEncoding).toBe('gzip, deflate');
  });

  it('strips a BOM and reads EUC-KR by the charset', async () => {
    const t = createTransport();
    const bom = await t.post(`${base}/bom`, '<x/>', {});
    expect(bom.bodyText).toBe(OK);
    const euc = await t.post(`${base}/euckr`, '<x/>', {});
    expect(euc.bodyText).toContain('무선 이어폰');
    expect(readSoapResponse(euc).envelope.payload?.attrs['Name']).toBe('무선 이어폰');
  });

  it('reports sizes and timings', async () => {
    const t = createTransport();
    const before = Date.now();
    const res = await t.post(`${base}/ok`, '<가/>', {});
    expect(res.bytesSent).toBe(Buffer.byteLength('<가/>'));
    expect(res.bytesReceived).toBe(Buffer.byteLength(OK));
    expect(res.timings.startedAt).toBeGreaterThanOrEqual(before);
    expect(res.timings.durationMs).toBeGreaterThan(0);
  });
});

describe('transport: failures', () => {
  it('times out with TimeoutError and does not retry', async () => {
    hits.delete('t-hang');
    const t = createTransport({ timeoutMs: 100 });
    const err = await rejection(t.post(`${base}/hang?key=t-hang`, '<x/>', {}));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).deskCode).toBe('TIMEOUT');
    expect((err as TimeoutError).message).toBe(
      'The marketplace did not answer within 0.1 s. Check your connection or raise the timeout in Settings.',
    );
    expect(hits.get('t-hang')).toBe(1);
  });

  it('times out while the body is streaming', async () => {
    const t = createTransport();
    const err = await rejection(t.post(`${base}/partial`, '<x/>', {}, { timeoutMs: 100 }));
    expect(err).toBeInstanceOf(TimeoutError);
  });

  it('aborts before sending without touching the network', async () => {
    hits.delete('a-before');
    const t = createTransport();
    const ctl = new AbortController();
    ctl.abort();
    const err = await rejection(t.post(`${base}/ok?key=a-before`, '<x/>', {}, { signal: ctl.signal }));
    expect(err).toBeInstanceOf(AbortedError);
    expect((err as AbortedError).deskCode).toBe('ABORTED');
    expect(hits.get('a-before')).toBeUndefined();
  });

  it('aborts during the request and during the body', async () => {
    const t = createTransport();
    for (const path of ['/hang', '/partial']) {
      const ctl = new AbortController();
      setTimeout(() => ctl.abort(), 50);
      const err = await rejection(t.post(`${base}${path}`, '<x/>', {}, { signal: ctl.signal }));
      expect(err).toBeInstanceOf(AbortedError);
    }
  });

  it('maps a refused connection to ConnectionError naming the host, after one try', async () => {
    let fetches = 0;
    const t = createTransport({
      fetch: (input, init) => {
        fetches++;
        return fetch(input, init);
      },
    });
    const err = await rejection(t.post(closedPortUrl, '<x/>', {}));
    expect(err).toBeInstanceOf(ConnectionError);
    const ce = err as ConnectionError;
    expect(ce.deskCode).toBe('NETWORK');
    expect(ce.code).toBe('ECONNREFUSED');
    expect(ce.message).toContain(new URL(closedPortUrl).host);
    expect(ce.message).toContain('refused');
    expect(fetches).toBe(1);
  });

  it('caps the body while streaming and by the declared length', async () => {
    const t = createTransport({ maxResponseBytes: 1024 * 1024 });
    const err = await rejection(t.post(`${base}/endless`, '<x/>', {}));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).deskCode).toBe('BAD_RESPONSE');
    expect(await rejection(t.post(`${base}/huge-declared`, '<x/>', {}))).toBeInstanceOf(
      ResponseTooLargeError,
    );
  });
});

// The client's loop is the only one (client.test.ts): whatever the server answers, one post is one request.
describe('transport: one HTTP request per post, whatever the answer', () => {
  it.each([
    ['HTTP 503', '/flaky?fail=99', 503],
    ['HTTP 502', '/status?code=502', 502],
    ['HTTP 504', '/status?code=504', 504],
    ['the throttling fault', '/throttle?fail=99', 500],
    ['HTTP 500', '/status?code=500', 500],
    ['HTTP 400', '/status?code=400', 400],
  ])('answered %s: the response, after one request', async (what, path, status) => {
    const key = `one-${what}`;
    const t = createTransport();
    const res = await t.post(`${base}${path}&key=${encodeURIComponent(key)}`, '<x/>', {});
    expect(res.status).toBe(status);
    expect(hits.get(key)).toBe(1);
  });

  it('a reset connection: ConnectionError after one request', async () => {
    const t = createTransport();
    const err = await rejection(t.post(`${base}/reset?key=one-reset`, '<x/>', {}));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(hits.get('one-reset')).toBe(1);
  });
});

describe('transport: per-host concurrency', () => {
  it('never has more than maxConcurrentPerHost requests in flight', async () => {
    active = 0;
    maxActive = 0;
    const t = createTransport({ maxConcurrentPerHost: 3 });
    const all = await Promise.all(Array.from({ length: 20 }, () => t.post(`${base}/slow`, '<x/>', {})));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(maxActive).toBe(3);
  });

  it('removes an aborted waiter from the queue', async () => {
    hits.delete('q-waiter');
    const t = createTransport({ maxConcurrentPerHost: 1, timeoutMs: 300 });
    const first = t.post(`${base}/hang`, '<x/>', {});
    const ctl = new AbortController();
    const queued = t.post(`${base}/ok?key=q-waiter`, '<x/>', {}, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 30);
    expect(await rejection(queued)).toBeInstanceOf(AbortedError);
    expect(await rejection(first)).toBeInstanceOf(TimeoutError);
    // The slot went to the next caller, not to the aborted one.
    const next = await t.post(`${base}/ok?key=q-next`, '<x/>', {});
    expect(next.status).toBe(200);
    expect(hits.get('q-waiter')).toBeUndefined();
  });
});

describe('classifyHttpResponse', () => {
  const enc = (s: string) => new TextEncoder().encode(s);

  it('accepts 200 with a SOAP envelope', () => {
    const r = classifyHttpResponse(200, XML_TYPE, enc(OK));
    expect(r.ok && r.envelope.payload?.name).toBe('R');
    expect(classifyHttpResponse(200, 'application/soap+xml; charset=utf-8', OK).ok).toBe(true);
    expect(classifyHttpResponse(200, null, OK).ok).toBe(true);
  });

  it('lets a fault win over the status and the content type', () => {
    for (const [status, type] of [
      [500, XML_TYPE],
      [200, XML_TYPE],
      [500, 'text/html'],
      [400, 'text/plain'],
    ] as const) {
      const r = classifyHttpResponse(status, type, enc(fault11('Too many requests')));
      expect(!r.ok && r.error).toBeInstanceOf(SoapFaultError);
      expect(!r.ok && r.error.deskCode).toBe('THROTTLED');
    }
  });

  it('gives HttpStatusError for other non-2xx responses, with a redacted snippet', () => {
    const r = classifyHttpResponse(502, 'text/html', '<html><body>Bad gateway SECRET-T</body></html>', {
      secrets: ['SECRET-T'],
    });
    expect(!r.ok && r.error).toBeInstanceOf(HttpStatusError);
    const e = (!r.ok && r.error) as HttpStatusError;
    expect(e.status).toBe(502);
    expect(e.deskCode).toBe('HTTP_ERROR');
    expect(e.message).toContain('HTTP 502');
    expect(e.bodySnippet).toContain('Bad gateway');
    expect(e.bodySnippet + e.detail + e.message).not.toContain('SECRET-T');
    const plain = classifyHttpResponse(500, XML_TYPE, envelope('<NotAFault/>'));
    expect(!plain.ok && plain.error).toBeInstanceOf(HttpStatusError);
    const broken = classifyHttpResponse(500, XML_TYPE, '<soap:Envelope');
    expect(!broken.ok && broken.error).toBeInstanceOf(HttpStatusError);
  });

  it('gives WrongContentTypeError for a 200 that declares a non-XML type', () => {
    const r = classifyHttpResponse(200, 'text/html; charset=utf-8', '<html><body>login</body></html>');
    expect(!r.ok && r.error).toBeInstanceOf(WrongContentTypeError);
    expect(!r.ok && (r.error as WrongContentTypeError).contentType).toBe('text/html');
    expect(!classifyHttpResponse(200, 'application/json', OK).ok).toBe(true);
  });

  it('gives NotXmlError for a 200 whose body is not XML', () => {
    for (const body of ['<!DOCTYPE html><html><body>Maintenance</body></html>', '{"error":"x"}', '', '   ']) {
      const r = classifyHttpResponse(200, XML_TYPE, enc(body));
      expect(!r.ok && r.error, JSON.stringify(body)).toBeInstanceOf(NotXmlError);
    }
  });

  it('passes parse and envelope errors through', () => {
    const bad = classifyHttpResponse(200, XML_TYPE, '<a><b></a>');
    expect(!bad.ok && bad.error).toBeInstanceOf(XmlMalformedError);
    const notEnv = classifyHttpResponse(200, XML_TYPE, '<Root/>');
    expect(!notEnv.ok && notEnv.error).toBeInstanceOf(BadEnvelopeError);
    expect(() =>
      readSoapResponse({
        status: 200,
        headers: new Headers({ 'content-type': XML_TYPE }),
        bodyBytes: enc('<Root/>'),
      }),
    ).toThrow(BadEnvelopeError);
  });
});
