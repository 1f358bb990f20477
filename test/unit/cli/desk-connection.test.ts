// `desk` and the app connect through one builder: given the same saved profile, they send the same bytes. A
// recording proxy stands between each of them and one sandbox and keeps every request whole (method, path,
// headers, body); the command line's must equal the app's, header for header and byte for byte, in both SOAP
// versions. A command line that built its own transport, client or ticket handling would drift from the app on the
// first option one of them changed.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { importGraph } from '../../support/import-graph';
import { saveLiveProfile } from '../../support/live-profile';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Recorder {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** Forwards every request to `target` unchanged and keeps a copy of it. */
async function startRecorder(target: string): Promise<Recorder> {
  const requests: Recorded[] = [];
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const upstream = httpRequest(
        {
          host: to.hostname,
          port: to.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: to.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let sandbox: RunningSandbox;
let recorder: Recorder;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, now: TEST_NOW });
  recorder = await startRecorder(sandbox.baseUrl);
});
afterAll(async () => {
  await recorder.close();
  await sandbox.close();
});

/** One request as the server saw it; the body as text so a difference reads in the failure. */
const seen = (r: Recorded) => ({ method: r.method, url: r.url, headers: r.headers, body: r.body.toString() });

const ENCRYPTED_VALUE = /(<EncryptedTicket [^>]*><Value>)[^<]*(<\/Value>)/;

/**
 * The same, but for the EncryptedTicket's value: each side sends the ticket it holds, and the app holds the one
 * its previous answer rotated in while every desk run starts from the vault's.
 */
function seenHoldingAnyTicket(r: Recorded) {
  const body = r.body.toString().replace(ENCRYPTED_VALUE, '$1(held ticket)$2');
  expect(Number(r.headers['content-length'])).toBe(r.body.length);
  const { 'content-length': _length, ...headers } = r.headers;
  return { method: r.method, url: r.url, headers, body };
}

describe('desk and the app, one saved profile', () => {
  it.each(['1.1', '1.2'] as const)(
    'send byte-identical requests over SOAP %s (lookbook, notes, suggest)',
    async (soapVersion) => {
      const deps = createTestDeps();
      try {
        // The app and the command line reach the sandbox through the recorder.
        await saveLiveProfile(deps, sandbox, {
          profile: { apiBaseUrl: recorder.url, suggestBaseUrl: recorder.url, soapVersion, timeoutMs: 12_000 },
          activate: true,
        });
        const seller = sandbox.backend.sellerIds[0]!;
        const saved = ['--profile', 'shop', '--data-dir', deps.dataDir, '--format', 'json'];
        // Each command sends one request; the command line's rotated tickets stay in its run, so the app then
        // starts from the same vault tickets.
        const commands = [
          ['lookbook', '--seller', seller, '--page', '2', '--size', '7'],
          ['notes', '--from', '2026-11-19', '--to', '2026-11-19', '--seller', seller, '--page-size', '500'],
          ['suggest', 'GetKeywordsByKeywordHint', '--hint', '나이'],
        ];
        const fromDesk: Recorded[][] = [];
        for (const command of commands) {
          const before = recorder.requests.length;
          let stderr = '';
          const code = await main([...command, ...saved], {
            stdout: { write: () => true },
            stderr: { write: (s: string) => (stderr += s) },
            env: {},
          });
          expect(stderr).toBe('');
          expect(code).toBe(0);
          fromDesk.push(recorder.requests.slice(before));
        }

        const { client } = await deps.connection.active();
        const fromApp: Recorded[][] = [];
        const appCalls = [
          () =>
            client.market.getSohoLookbook({ SellerId: seller, Pagination: { PageIndex: 2, PageSize: 7 } }),
          () =>
            client.market.buyerNoteList({
              StartDate: '2026-11-19T00:00:00+09:00',
              EndDate: '2026-11-19T23:59:59+09:00',
              ReplyStatus: 'All',
              SellerID: seller,
              Pagination: { PageIndex: 1, PageSize: 500 },
            }),
          () => client.suggest.getKeywordsByKeywordHint({ keywordHint: '나이' }),
        ];
        for (const call of appCalls) {
          const before = recorder.requests.length;
          await call();
          fromApp.push(recorder.requests.slice(before));
        }

        for (const [i, requests] of [...fromDesk, ...fromApp].entries()) {
          expect(requests, `request set ${i}`).toHaveLength(1);
        }
        const [deskLookbook, deskNotes, deskSuggest] = fromDesk.map((r) => r[0]!);
        const [appLookbook, appNotes, appSuggest] = fromApp.map((r) => r[0]!);
        // Both sides' first market request carries the vault's tickets; the suggest service is sent none.
        expect(seen(deskLookbook!)).toEqual(seen(appLookbook!));
        expect(deskLookbook!.body.equals(appLookbook!.body)).toBe(true);
        expect(seen(deskSuggest!)).toEqual(seen(appSuggest!));
        expect(deskSuggest!.body.equals(appSuggest!.body)).toBe(true);
        expect(seenHoldingAnyTicket(deskNotes!)).toEqual(seenHoldingAnyTicket(appNotes!));
        // Every desk run starts from the vault's EncryptedTicket; the app sends the one its last answer rotated in.
        expect(deskNotes!.body.toString()).toContain(`<Value>${sandbox.tickets.encrypted}</Value>`);
        expect(appNotes!.body.toString()).not.toContain(`<Value>${sandbox.tickets.encrypted}</Value>`);
        // The comparison means something only if the requests carry what could differ.
        const lookbook = fromDesk[0]![0]!.body.toString();
        expect(lookbook).toContain(sandbox.tickets.encrypted);
        expect(lookbook).toContain(
          soapVersion === '1.1' ? 'schemas.xmlsoap.org/soap/envelope' : 'www.w3.org/2003/05/soap-envelope',
        );
      } finally {
        await deps.close();
      }
    },
    60_000,
  );
});

describe('desk builds no connection of its own', () => {
  it('imports no SOAP transport, client, ticket rotation or sandbox module: only the host builds them', () => {
    const graph = importGraph(process.cwd(), ['src-main/cli']);
    const desk = [...graph].filter(([file]) => !file.endsWith('cli/sandbox.ts'));
    expect(desk.length).toBeGreaterThan(10);
    const reaches = desk.flatMap(([file, targets]) =>
      targets.filter((t) => /^src-main\/(soap|sandbox)\//.test(t)).map((t) => `${file} → ${t}`),
    );
    expect(reaches).toEqual([]);
    // And it does connect through the one builder.
    expect(graph.get('src-main/cli/endpoint.ts')).toContain('src-main/host/connect.ts');
  });
});
