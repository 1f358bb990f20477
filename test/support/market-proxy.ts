// A loopback proxy in front of a sandbox marketplace, for the team drills: every desktop calls the same address (so
// they share one connection key), and the proxy records each SOAP call in the order it arrived, with the operation
// and the desktop that sent it (the x-desk header team-desk-child.ts adds). A call the test wants held is not
// forwarded until released: a sync is then certainly in the middle of its work when the test kills its process or
// restarts the database.
import { createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MarketCall {
  /** Arrival order at the proxy (1, 2, …): the order the marketplace saw the calls in. */
  seq: number;
  desk: string;
  op: string;
}

export interface MarketProxy {
  readonly baseUrl: string;
  readonly calls: MarketCall[];
  /** Calls for which this returns true are held (not forwarded) until release(). */
  holdWhen: (call: MarketCall) => boolean;
  readonly held: MarketCall[];
  /** Forwards every held call. */
  release(): void;
  /** Sends what comes next to another marketplace, at the same address for the desktops. */
  retarget(target: string): void;
  close(): Promise<void>;
}

/** The operation of a SOAP call: SOAPAction (1.1) or the content type's action (1.2), its last segment. */
function operationOf(req: IncomingMessage): string {
  const action =
    (req.headers['soapaction'] as string | undefined) ??
    /action="?([^";]+)/u.exec(req.headers['content-type'] ?? '')?.[1] ??
    '';
  return action.replace(/"/gu, '').split('/').at(-1) ?? '';
}

export async function startMarketProxy(target: string): Promise<MarketProxy> {
  let upstream = new URL(target);
  const calls: MarketCall[] = [];
  const held: { call: MarketCall; go: () => void }[] = [];
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };
  const proxy: MarketProxy = {
    baseUrl: '',
    calls,
    holdWhen: () => false,
    get held() {
      return held.map((h) => h.call);
    },
    release() {
      for (const h of held.splice(0)) h.go();
    },
    retarget(next) {
      upstream = new URL(next);
    },
    close: () =>
      new Promise((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method !== 'POST') return forward(req, res, body);
      const call = { seq: calls.length + 1, desk: String(req.headers['x-desk'] ?? ''), op: operationOf(req) };
      calls.push(call);
      if (proxy.holdWhen(call)) held.push({ call, go: () => forward(req, res, body) });
      else forward(req, res, body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const { port } = server.address() as AddressInfo;
  (proxy as { baseUrl: string }).baseUrl = `http://127.0.0.1:${port}`;
  return proxy;
}

/** The desktops in the order their calls of `op` arrived, one entry per run of consecutive calls. */
export function callerRuns(calls: readonly MarketCall[], op = 'BuyerNoteList'): string[] {
  const runs: string[] = [];
  for (const c of calls) if (c.op === op && runs.at(-1) !== c.desk) runs.push(c.desk);
  return runs;
}
