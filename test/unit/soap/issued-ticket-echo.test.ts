// A server that echoes, in the very response that hands it out, the EncryptedTicket its header issues: in a body
// field of a good answer (small, read in place; large, read in the decode worker) and in a fault's reason and
// detail (a fault whose header issues a ticket too). The new ticket is in no list the client sent with the
// call, so only the response's own header can tell the decoder it is a secret: the decoded data, the IPC results
// and the network log hold it 0 times.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { DEFAULT_NAMESPACES, nsUri } from '../../../src-main/schema';
import { buildResponse } from '../../../src-main/sandbox/response-write';
import { createResponseDecoder } from '../../../src-main/soap/decode-pool';
import { ECHO_SELLERS, ECHO_TICKETS, ticketForms } from '../../support/echo-server';
import { createTestDeps } from '../../support/host-deps';

const ENV11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SECURITY_NS = nsUri('security', DEFAULT_NAMESPACES);

/** A ticket with '-', '.' and '_', so only the tickets-in-use redaction can catch it (not the token rule). */
const issuedTicket = (n: number) => `NEW-issued.${n}_Qz${n * 7}`;

/** A lookbook answer whose header issues `ticket` and whose fields echo it; `pad` characters make it large. */
function lookbookAnswer(ticket: string, pad: number): string {
  return buildResponse(
    'GetSohoLookbook',
    {
      TotalItemCount: 1,
      SohoShopName: `shop ${ticket}`,
      SohoShopDescription: `${ticket} ${'x'.repeat(pad)} ${ticket}`,
      SohoShopItemList: [
        {
          ItemNo: 'I1',
          ItemName: ticket,
          SellerID: 'echo',
          SellerNickName: ticket.toLowerCase(),
          Price: '1000',
          ItemLandingUrl: `https://echo.example/${ticket}`,
          SohoItemColorList: [ticket],
          SohoItemIconList: [],
          ItemImagePathList: [],
        },
      ],
      SohoShopLookBookIntroElementList: [],
    },
    { version: '1.1', ns: DEFAULT_NAMESPACES, encryptedTicket: ticket },
  );
}

/** A fault whose header issues `ticket` and whose code, reason, actor and detail echo it. */
function faultAnswer(ticket: string): string {
  const header = `<EncryptedTicket xmlns="${SECURITY_NS}"><Value>${ticket}</Value></EncryptedTicket>`;
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENV11}"><soap:Header>${header}</soap:Header><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Bad request from ${ticket}</faultstring><faultactor>${ticket}</faultactor><detail><echo>${ticket}</echo></detail></soap:Fault></soap:Body></soap:Envelope>`;
}

let server: ReturnType<typeof createServer>;
let baseUrl = '';
const issued: string[] = [];

beforeAll(async () => {
  // What the answer is follows the seller asked for: 'fault' a fault, 'big' a large answer, else a small one.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const ticket = issuedTicket(issued.length + 1);
      issued.push(ticket);
      const fault = /[>"]fault[<"]/.test(body);
      const xml = fault
        ? faultAnswer(ticket)
        : lookbookAnswer(ticket, /[>"]big[<"]/.test(body) ? 200_000 : 10);
      res.writeHead(fault ? 500 : 200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(xml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

function leaksIn(text: string): string[] {
  return issued.flatMap((t) => ticketForms(t).filter((f) => text.includes(f)));
}

describe('a ticket issued and echoed in the same response', () => {
  it('is scrubbed from the decoded data and the fault, in the worker and in place', async () => {
    for (const minWorkerBytes of [0, Infinity]) {
      const decoder = createResponseDecoder({ minWorkerBytes, workers: 1 });
      try {
        const ticket = issuedTicket(9001);
        const ok = await decoder.decode({
          op: 'GetSohoLookbook',
          status: 200,
          contentType: 'text/xml; charset=utf-8',
          body: Buffer.from(lookbookAnswer(ticket, 10)),
          ns: DEFAULT_NAMESPACES,
          secrets: [ECHO_TICKETS.encrypted],
        });
        // The rotation still happens: the header's ticket is handed back to the client, and nowhere else.
        expect(ok.encryptedTicket).toBe(ticket);
        expect(JSON.stringify(ok.data)).toContain('[redacted]');
        expect(JSON.stringify(ok.data)).not.toContain(ticket);
        expect(JSON.stringify(ok.data)).not.toContain(ticket.toLowerCase());

        const fault = await decoder
          .decode({
            op: 'GetSohoLookbook',
            status: 500,
            contentType: 'text/xml; charset=utf-8',
            body: Buffer.from(faultAnswer(ticket)),
            ns: DEFAULT_NAMESPACES,
            secrets: [ECHO_TICKETS.encrypted],
          })
          .then(
            () => undefined,
            (err: unknown) => err as Error & { reason?: string; detail?: string },
          );
        expect(fault?.name).toBe('SoapFaultError');
        expect(fault?.reason).toContain('[redacted]');
        const text = `${fault?.message} ${fault?.reason} ${fault?.detail}`;
        expect(text).not.toContain(ticket);
      } finally {
        await decoder.close();
      }
    }
  });

  it('is found in no IPC result and no network log entry', async () => {
    const deps = createTestDeps();
    const payloads: string[] = [];
    const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
    const call = async (channel: string, req: unknown): Promise<Envelope<unknown>> => {
      const res = await dispatcher.dispatch(channel, req, null);
      payloads.push(`${channel} ${JSON.stringify(res)}`);
      return res;
    };
    try {
      const { data } = (await call('settings.get', undefined)) as {
        data: { settings: { profiles: unknown[] } };
      };
      const live = {
        id: 'live-1',
        name: 'Issued echo',
        kind: 'live',
        apiBaseUrl: baseUrl,
        suggestBaseUrl: baseUrl,
        nsRoot: DEFAULT_NAMESPACES.nsRoot,
        schemaRoot: DEFAULT_NAMESPACES.schemaRoot,
        suggestNamespace: 'ns',
        soapVersion: '1.1',
        pageIndexBase: 1,
        timeoutMs: 5000,
        sellerIds: [...ECHO_SELLERS, 'big', 'fault'],
      };
      await call('settings.update', {
        profiles: [...data.settings.profiles, live],
        activeProfileId: 'live-1',
      });
      await call('vault.set', {
        profileId: 'live-1',
        tickets: {
          authTicket: ECHO_TICKETS.auth,
          encryptedTicket: ECHO_TICKETS.encrypted,
          memberTicket: ECHO_TICKETS.member,
        },
      });

      const small = await call('lookbook.get', { sellerId: ECHO_SELLERS[0], page: 1, pageSize: 20 });
      const big = await call('lookbook.get', { sellerId: 'big', page: 1, pageSize: 20 });
      const fault = await call('lookbook.get', { sellerId: 'fault', page: 1, pageSize: 20 });
      const list = (await call('network.list', {})) as { data: { id: number }[] };
      for (const x of list.data) await call('network.get', { id: x.id });

      // Each kind was answered, and the echoes reached the results, scrubbed.
      expect(small).toMatchObject({ ok: true });
      expect(big).toMatchObject({ ok: true });
      expect(fault).toMatchObject({ ok: false, error: { code: 'SOAP_FAULT' } });
      expect(JSON.stringify(small)).toContain('[redacted]');
      expect(JSON.stringify(fault)).toContain('[redacted]');
      expect(list.data.length).toBeGreaterThanOrEqual(3);
      expect(issued.length).toBeGreaterThanOrEqual(3);

      expect(leaksIn(payloads.join('\n'))).toEqual([]);
    } finally {
      await deps.close();
    }
  }, 60_000);
});
