// Fuzzing the sandbox's request parser over real HTTP: any body gets a well-formed answer (a SOAP
// fault or data), never a dropped connection, and the server keeps serving afterwards.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../src-main/soap/envelope-write';
import { parseXml } from '../../../src-main/soap/xml-read';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, now: new Date('2026-11-20T09:00:00+09:00'), notes: 300 });
});
afterAll(() => sandbox.close());

const mutation = fc.record({
  at: fc.nat(),
  del: fc.integer({ min: 0, max: 30 }),
  text: fc.constantFrom(
    '',
    '<',
    '>',
    '&',
    '&#0;',
    ']]>',
    '<!DOCTYPE x [<!ENTITY a "b">]>',
    '"',
    '</req>',
    '<req>',
    'xmlns="urn:x"',
    'Pagination',
    '999999999999',
  ),
});

async function post(body: string, version: '1.1' | '1.2', action: string) {
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` }
      : { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` };
  const res = await fetch(sandbox.apiUrl, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text() };
}

describe('sandbox request fuzzing', () => {
  it('answers every mutated request with data or a SOAP fault', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('1.1', '1.2') as fc.Arbitrary<'1.1' | '1.2'>,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (version, ms) => {
          const built = buildRequest(
            'BuyerNoteList',
            {
              StartDate: '2026-11-01T00:00:00+09:00',
              EndDate: '2026-11-20T00:00:00+09:00',
              ReplyStatus: 'All',
              Pagination: { PageIndex: 1, PageSize: 10 },
            },
            {
              version,
              ns: sandbox.ns,
              tickets: {
                authTicket: sandbox.tickets.auth,
                encryptedTicket: sandbox.tickets.encrypted,
                memberTicket: sandbox.tickets.member,
              },
            },
          );
          let body = built.xml;
          for (const m of ms) {
            const at = m.at % (body.length + 1);
            body = body.slice(0, at) + m.text + body.slice(at + m.del);
          }
          const { status, text } = await post(body, version, built.action);
          statuses.add(status);
          expect([200, 500]).toContain(status);
          // Whatever came back parses as XML: a response or a fault envelope.
          const root = parseXml(text);
          expect(root.name).toBe('Envelope');
        },
      ),
      { numRuns: 250 },
    );
    expect(statuses.has(500)).toBe(true);
    // Still serving.
    const ok = buildRequest('GetSuggestionNotice', {}, { version: '1.1', ns: sandbox.ns });
    expect((await post(ok.xml.replace(sandbox.apiUrl, ''), '1.1', ok.action)).status).toBe(500); // wrong service for this action
    const res = await fetch(sandbox.suggestUrl, { method: 'POST', headers: ok.headers, body: ok.xml });
    expect(res.status).toBe(200);
  });
});
