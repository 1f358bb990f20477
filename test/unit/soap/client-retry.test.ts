// The SOAP client's one retry loop, counted at the server. A scripted server stands in front of the sandbox: each
// call's key names what its sends meet in turn (the last step repeats), and "ok" passes the send to the sandbox.
// One transport post is one HTTP request, and the client's `attempts` (on its error and on the inspector's entry)
// is the number of requests the server saw: a second loop anywhere under the client would break both.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../../src-main/contract/network';
import { buildFault } from '../../../src-main/sandbox/response-write';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { createSoapClient } from '../../../src-main/soap/client';
import type { ClientDeps } from '../../../src-main/soap/client';
import { AbortedError, SoapError } from '../../../src-main/soap/errors';
import { RETRY_POLICY, backoffDelay } from '../../../src-main/soap/retry';
import type { RetryInfo, RetryPolicy } from '../../../src-main/soap/retry';
import { createTransport } from '../../../src-main/soap/transport';
import type { Transport } from '../../../src-main/soap/transport';

type Step =
  | 'ok'
  | '503'
  | '503-retry-after'
  | '502'
  | '500'
  | 'throttle'
  | 'server-fault'
  | 'client-fault'
  | '400'
  | 'reset'
  | 'cut'
  | 'hang';

const XML = 'text/xml; charset=utf-8';
/** Requests the server saw, per key. */
const seen = new Map<string, number>();
const held: ServerResponse[] = [];
let sandbox: RunningSandbox;
let server: Server;
let base: string;

async function forward(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer) {
  const answer = await fetch(`${sandbox.baseUrl}${path}`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: {
      'content-type': req.headers['content-type'] ?? XML,
      soapaction: String(req.headers.soapaction),
    },
  });
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? XML });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

function answer(step: Step, req: IncomingMessage, res: ServerResponse, path: string, body: Buffer) {
  const fault = (code: 'Client' | 'Server', reason: string, subcode?: string) => {
    res.writeHead(500, { 'content-type': XML });
    res.end(buildFault('1.1', { code, reason, subcode }));
  };
  const text = (status: number, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end('busy');
  };
  switch (step) {
    case 'ok':
      return forward(req, res, path, body);
    case '503-retry-after':
      return text(503, { 'retry-after': '120' });
    case '503':
    case '502':
    case '500':
    case '400':
      return text(Number(step));
    case 'throttle':
      return fault('Client', 'Too many requests', 'Throttled');
    case 'server-fault':
      return fault('Server', 'The service failed');
    case 'client-fault':
      return fault('Client', 'The request is wrong');
    case 'reset':
      return req.socket.destroy();
    case 'cut':
      res.writeHead(200, { 'content-type': XML });
      return res.end('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Bo');
    case 'hang':
      return held.push(res);
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42 });
  server = createServer((req, res) => {
    // /k/<key>/<steps, comma separated>/<the service's path>
    const [, , key = '', steps = '', ...rest] = (req.url ?? '').split('/');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    const script = steps.split(',') as Step[];
    const step = script[Math.min(n, script.length) - 1] ?? 'ok';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer(step, req, res, `/${rest.join('/')}`, Buffer.concat(chunks)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await sandbox.close();
});

const FAST: RetryPolicy = { ...RETRY_POLICY, baseDelayMs: 1, maxDelayMs: 4 };

/** A client whose calls to `key` meet `steps`, with the posts it made and the inspector's entries. */
function clientFor(key: string, steps: Step[], deps: Partial<ClientDeps> = {}) {
  const transport = createTransport();
  const counted = { posts: 0, exchanges: [] as Exchange[] };
  const counting: Transport = {
    post: (...args) => {
      counted.posts++;
      return transport.post(...args);
    },
  };
  const client = createSoapClient(
    {
      apiBaseUrl: base,
      suggestBaseUrl: `${base}/k/${key}/${steps.join(',')}`,
      ns: sandbox.ns,
      soapVersion: '1.1',
    },
    { transport: counting, retry: FAST, onExchange: (x) => counted.exchanges.push(x), ...deps },
  );
  return { client, counted };
}

async function failure(p: Promise<unknown>): Promise<SoapError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof SoapError)) throw new Error(`expected a SoapError, got ${String(err)}`);
  return err;
}

describe('the client is the only loop: attempts = posts = requests the server saw', () => {
  it.each([
    ['HTTP 503', '503', 'HTTP_ERROR'],
    ['HTTP 502', '502', 'HTTP_ERROR'],
    ['HTTP 500', '500', 'HTTP_ERROR'],
    ['the throttling fault', 'throttle', 'THROTTLED'],
    ['a Server fault', 'server-fault', 'SOAP_FAULT'],
    ['a reset connection', 'reset', 'NETWORK'],
    ['a body cut short', 'cut', 'BAD_RESPONSE'],
  ] as const)('retryable, %s every time: the policy’s 4 sends', async (_what, step, code) => {
    const key = `always-${step}`;
    const { client, counted } = clientFor(key, [step]);
    const err = await failure(client.suggest.getSuggestionNotice({}));
    expect(err.deskCode).toBe(code);
    expect(seen.get(key)).toBe(FAST.attempts);
    expect(counted.posts).toBe(seen.get(key));
    expect(err.attempts).toBe(seen.get(key));
    expect(counted.exchanges.map((x) => x.attempts)).toEqual([seen.get(key)]);
  });

  it.each([
    ['a Client fault', 'client-fault', 'SOAP_FAULT'],
    ['HTTP 400', '400', 'HTTP_ERROR'],
  ] as const)('not retryable, %s: one send', async (_what, step, code) => {
    const key = `once-${step}`;
    const { client, counted } = clientFor(key, [step]);
    const err = await failure(client.suggest.getSuggestionNotice({}));
    expect(err.deskCode).toBe(code);
    expect(seen.get(key)).toBe(1);
    expect(counted.posts).toBe(1);
    expect(err.attempts).toBe(1);
    expect(counted.exchanges.map((x) => x.attempts)).toEqual([1]);
  });

  it('mixed failures then an answer: every send counted once, the answer read', async () => {
    const key = 'mixed';
    const { client, counted } = clientFor(key, ['503', 'server-fault', 'throttle', 'ok']);
    const { data, exchange } = await client.suggest.getSuggestionNotice({});
    expect(data).toBeDefined();
    expect(seen.get(key)).toBe(4);
    expect(counted.posts).toBe(4);
    expect(exchange.attempts).toBe(4);
    expect(exchange.status).toBe(200);
    expect(exchange.error).toBeUndefined();
  });

  it('a throttled last send reaches the caller as THROTTLED, not as an HTTP error', async () => {
    const key = 'throttled-last';
    const { client } = clientFor(key, ['503', '503', '503', 'throttle']);
    const err = await failure(client.suggest.getSuggestionNotice({}));
    expect(err.deskCode).toBe('THROTTLED');
    expect(err.attempts).toBe(4);
  });

  it('timed-out sends stop at the timeout budget, each one request', async () => {
    const key = 'silent';
    const { client, counted } = clientFor(key, ['hang']);
    const err = await failure(
      client.suggest.getSuggestionNotice({}, { timeoutMs: 100, timeoutBudgetMs: 200 }),
    );
    expect(err.deskCode).toBe('TIMEOUT');
    expect(seen.get(key)).toBe(2);
    expect(counted.posts).toBe(2);
    expect(err.attempts).toBe(2);
  });
});

describe('the client’s backoff', () => {
  it('waits longer after each failed send, within the cap, raised towards a Retry-After', async () => {
    const retries: RetryInfo[] = [];
    const policy = { attempts: 6, baseDelayMs: 4, maxDelayMs: 20 };
    const onRetry = (i: RetryInfo) => retries.push(i);
    const deps = { retry: policy, random: () => 0.999, onRetry };
    await failure(clientFor('cap', ['503'], deps).client.suggest.getSuggestionNotice({}));
    expect(retries.map((r) => [r.attempt, r.delayMs, r.reason])).toEqual([
      [1, 4, 'HTTP 503'],
      [2, 8, 'HTTP 503'],
      [3, 16, 'HTTP 503'],
      [4, 20, 'HTTP 503'],
      [5, 20, 'HTTP 503'],
    ]);
    retries.length = 0;
    await clientFor('retry-after', ['503-retry-after', 'ok'], deps).client.suggest.getSuggestionNotice({});
    expect(retries.map((r) => r.delayMs)).toEqual([20]);
  });

  it('names why each send is sent again', async () => {
    const retries: RetryInfo[] = [];
    const steps: Step[] = ['reset', 'server-fault', 'throttle', 'ok'];
    await clientFor('reasons', steps, { onRetry: (i) => retries.push(i) }).client.suggest.getSuggestionNotice(
      {},
    );
    expect(retries.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^(ECONNRESET|UND_ERR_SOCKET)$/),
      'SOAP_FAULT',
      'throttled',
    ]);
  });

  it('is cut short by the caller’s signal, and the call is recorded as aborted', async () => {
    const key = 'abort-sleep';
    const slow = { retry: { attempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 } };
    const { client, counted } = clientFor(key, ['503'], slow);
    const ctl = new AbortController();
    const p = client.suggest.getSuggestionNotice({}, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 100);
    const err = await failure(p);
    expect(err).toBeInstanceOf(AbortedError);
    expect(seen.get(key)).toBe(1);
    expect(err.attempts).toBe(1);
    expect(counted.exchanges.map((x) => x.error?.code)).toEqual(['ABORTED']);
  });

  it('computes jittered exponential backoff within bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 0.9999, noNaN: true }),
        (attempt, baseDelayMs, maxDelayMs, r) => {
          const d = backoffDelay(attempt, { baseDelayMs, maxDelayMs }, () => r);
          const exp = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
          expect(d).toBeLessThanOrEqual(maxDelayMs);
          expect(d).toBeGreaterThanOrEqual(Math.floor(exp / 2));
          expect(d).toBeLessThanOrEqual(Math.ceil(exp));
        },
      ),
    );
  });
});
