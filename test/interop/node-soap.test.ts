// A third-party SOAP stack, built from nothing but the sandbox's ?wsdl, calls all 14 operations in both SOAP
// versions and reads the same data the sandbox holds. node-soap needs no help with our WSDL; what it does need:
//  - the security headers added by hand (it does not build soap:header parts from the binding);
//  - request values that are attributes written under its `attributes` key (it writes child elements otherwise);
//  - answers read back with the attribute values as text (it does not convert attribute types), and a
//    repeated element that came once given as an object, not a one-element array.
import * as soap from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/server';
import { recentNotes } from '../../src-main/sandbox/backend';
import { OPERATIONS, nsUri } from '../../src-main/schema';
import type { OperationName, RequestOf, SuggestOperationName } from '../../src-main/schema';
import { NOW, sampleRequests, startTestSandbox, VERSIONS } from '../unit/sandbox-server/support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

type Call = (args: unknown) => Promise<[unknown, string, unknown, string]>;
const method = (client: soap.Client, op: OperationName) =>
  (client as unknown as Record<string, Call>)[`${op}Async`]!;

/** node-soap's reading of a record (`attributes` plus child elements) as one plain object. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== 'object') return value;
  const { attributes, ...children } = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...(attributes as Record<string, unknown> | undefined) };
  for (const [k, v] of Object.entries(children)) out[k] = plain(v);
  return out;
}

/** Our typed record as the text on the wire, shaped like node-soap's reading of it. */
function asWire(expected: unknown, actual: unknown): unknown {
  if (Array.isArray(expected)) {
    if (expected.length === 0 && actual === undefined) return undefined;
    const list = Array.isArray(actual) ? actual : [actual];
    const mapped = expected.map((e, i) => asWire(e, list[i]));
    return Array.isArray(actual) ? mapped : mapped[0];
  }
  if (expected === null || typeof expected !== 'object')
    return expected === undefined ? undefined : String(expected);
  const out: Record<string, unknown> = {};
  const a = (actual ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(expected)) {
    const w = asWire(v, a[k]);
    if (w !== undefined) out[k] = w;
  }
  return out;
}

/** node-soap arguments for a request: suggest parameters are elements, API `req` values are attributes. */
function argsOf<N extends OperationName>(op: N, request: RequestOf<N>): unknown {
  if (OPERATIONS[op].service === 'suggest') return request;
  const { Pagination, ...attrs } = request as RequestOf<'BuyerNoteList'>;
  const req: Record<string, unknown> = { attributes: attrs };
  if (Pagination) req['Pagination'] = { attributes: Pagination };
  if (op === 'BuyerNoteList') req['MemberTicket'] = { Ticket: sb.tickets.member };
  return { req };
}

function expectedResult<N extends OperationName>(op: N, request: RequestOf<N>): unknown {
  if (op === 'GetSohoLookbook') {
    const shop = sb.backend.lookbook('gangnam_style', sb.baseUrl)!;
    return {
      TotalItemCount: shop.items.length,
      SohoShopName: shop.SohoShopName,
      SohoShopDescription: shop.SohoShopDescription,
      SohoShopItemList: shop.items.slice(0, 5),
      SohoShopLookBookIntroElementList: shop.intro,
    };
  }
  if (op === 'BuyerNoteList') {
    const r = request as RequestOf<'BuyerNoteList'>;
    return { SendNote: sb.backend.notes({ start: r.StartDate, end: r.EndDate }, { offset: 0, size: 20 }) };
  }
  return sb.backend.suggest(op as SuggestOperationName, request as never, NOW);
}

const clients = new Map<string, soap.Client>();

async function clientFor(op: OperationName, version: '1.1' | '1.2'): Promise<soap.Client> {
  const service = OPERATIONS[op].service;
  const key = `${service} ${version}`;
  let client = clients.get(key);
  if (!client) {
    const url = `${service === 'market' ? sb.apiUrl : sb.suggestUrl}?wsdl`;
    client = await soap.createClientAsync(url, version === '1.2' ? { forceSoap12Headers: true } : {});
    clients.set(key, client);
  }
  if (service === 'market') {
    const secNs = nsUri('security', sb.ns);
    client.clearSoapHeaders();
    client.addSoapHeader({ AuthenticationTicket: { Value: sb.tickets.auth } }, '', 'sec', secNs);
    client.addSoapHeader({ EncryptedTicket: { Value: sb.tickets.encrypted } }, '', 'sec', secNs);
  }
  return client;
}

describe.each(VERSIONS)('node-soap over SOAP %s, from ?wsdl only', (version) => {
  const ops = Object.keys(OPERATIONS) as OperationName[];

  it.each(ops)('%s returns the sandbox data', async (op) => {
    const request = sampleRequests(sb)[op];
    const client = await clientFor(op, version);
    const [result] = await method(client, op)(argsOf(op, request as never));
    expect(String(client.lastRequestHeaders?.['Content-Type'])).toMatch(
      version === '1.1' ? /^text\/xml/ : /^application\/soap\+xml/,
    );
    const got = plain((result as Record<string, unknown>)[`${op}Result`]);
    expect(got).toBeDefined();
    expect(got).toEqual(asWire(expectedResult(op, request as never), got));
  });

  it('GetKeywordsByKeywordHint with ㄴㅇㅋ leads with 나이키', async () => {
    const client = await clientFor('GetKeywordsByKeywordHint', version);
    const [result] = await method(client, 'GetKeywordsByKeywordHint')({ keywordHint: 'ㄴㅇㅋ' });
    const first = (
      plain((result as Record<string, { KSDataT: unknown[] }>)['GetKeywordsByKeywordHintResult']) as {
        KSDataT: { Keyword: string }[];
      }
    ).KSDataT[0];
    expect(first?.Keyword).toBe('나이키');
  });

  it('BuyerNoteList finds a note by its OrderNo, and the lookbook names its shop', async () => {
    const note = recentNotes(sb.backend).find((n) => n.OrderNo !== undefined && n.OrderNo.length > 9)!;
    const client = await clientFor('BuyerNoteList', version);
    const [result, , header] = await method(
      client,
      'BuyerNoteList',
    )(
      argsOf('BuyerNoteList', {
        StartDate: '2025-01-01T00:00:00+09:00',
        EndDate: '2026-12-31T00:00:00+09:00',
        OrderNo: note.OrderNo!,
        Pagination: { PageIndex: 1, PageSize: 50 },
      }),
    );
    const notes = (plain((result as Record<string, unknown>)['BuyerNoteListResult']) as { SendNote: unknown })
      .SendNote;
    const list = (Array.isArray(notes) ? notes : [notes]) as Record<string, string>[];
    expect(list.map((n) => n['OrderNo'])).toContain(note.OrderNo);
    expect(list.find((n) => n['SeqNo'] === String(note.SeqNo))?.['Content']).toBe(note.Content);
    // The rotated ticket comes back in the response header, where node-soap hands it over.
    const rotated = (header as { EncryptedTicket?: { Value?: string } }).EncryptedTicket?.Value;
    expect(rotated).toMatch(/^sbx-enc-/);

    const lookbook = await clientFor('GetSohoLookbook', version);
    lookbook.clearSoapHeaders();
    lookbook.addSoapHeader(
      { AuthenticationTicket: { Value: sb.tickets.auth } },
      '',
      'sec',
      nsUri('security', sb.ns),
    );
    lookbook.addSoapHeader({ EncryptedTicket: { Value: rotated } }, '', 'sec', nsUri('security', sb.ns));
    const [shop] = await method(
      lookbook,
      'GetSohoLookbook',
    )(argsOf('GetSohoLookbook', { SellerId: 'seoul_mart', Pagination: { PageIndex: 1, PageSize: 1 } }));
    const attrs = plain((shop as Record<string, unknown>)['GetSohoLookbookResult']) as Record<string, string>;
    expect(attrs['SohoShopName']).toBe('서울마트 산지직송');
  });

  it('a refused ticket reaches node-soap as a SOAP fault', async () => {
    const client = await clientFor('GetSohoLookbook', version);
    client.clearSoapHeaders();
    client.addSoapHeader({ AuthenticationTicket: { Value: 'wrong' } }, '', 'sec', nsUri('security', sb.ns));
    await expect(
      method(client, 'GetSohoLookbook')(argsOf('GetSohoLookbook', sampleRequests(sb).GetSohoLookbook)),
    ).rejects.toMatchObject({
      root: { Envelope: { Body: { Fault: expect.anything() } } },
    });
  });
});
