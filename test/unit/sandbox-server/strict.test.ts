// The sandbox is as strict as the live ASMX services: every rule is checked in both SOAP versions, and every
// refusal is a fault in the request's version with HTTP 500 and a reason precise enough to fix the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { createBackend } from '../../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../../src-main/sandbox/backend';
import { nsUri, soapAction } from '../../../src-main/schema';
import type { OperationName, RequestOf } from '../../../src-main/schema';
import { buildRequest, contentTypeFor } from '../../../src-main/soap/envelope-write';
import type { RequestTickets, SoapVersion } from '../../../src-main/soap/envelope-write';
import {
  call,
  NOW,
  post,
  sampleRequests,
  SEED,
  startTestSandbox,
  ticketsOf,
  urlOf,
  VERSIONS,
} from './support';
import type { Reply } from './support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const CONTENT_TYPE = {
  '1.1': 'text/xml; charset=utf-8',
  '1.2': 'application/soap+xml; charset=utf-8',
} as const;

function expectFault(
  reply: Reply,
  version: SoapVersion,
  kind: 'Client' | 'Server',
  reason: string | RegExp,
  subcode?: string,
) {
  expect(reply.status, reply.text).toBe(500);
  expect(reply.contentType).toBe(CONTENT_TYPE[version]);
  expect(reply.fault, reply.text).toBeDefined();
  const fault = reply.fault!;
  expect(fault.soapVersion).toBe(version);
  const code = version === '1.1' ? kind : kind === 'Client' ? 'Sender' : 'Receiver';
  expect(fault.code).toBe(code);
  if (typeof reason === 'string') expect(fault.reason).toBe(reason);
  else expect(fault.reason).toMatch(reason);
  if (subcode !== undefined) expect(fault.subcodes).toEqual([subcode]);
}

const clientFault = (reply: Reply, version: SoapVersion, reason: string | RegExp, subcode?: string) =>
  expectFault(reply, version, 'Client', reason, subcode);

/** A valid request as text and headers, to be bent into an invalid one. */
function built<N extends OperationName>(
  op: N,
  version: SoapVersion,
  request?: RequestOf<N>,
  tickets?: RequestTickets,
) {
  return buildRequest(op, request ?? sampleRequests(sb)[op], {
    version,
    ns: sb.ns,
    tickets: tickets ?? ticketsOf(sb),
  });
}

function send<N extends OperationName>(
  op: N,
  version: SoapVersion,
  xml: string,
  headers?: Record<string, string>,
) {
  return post(urlOf(sb, op), xml, headers ?? contentTypeFor(version, soapAction(op, sb.ns)));
}

describe('SOAP 1.1: the SOAPAction header must name the operation', () => {
  it.each([
    ['missing', undefined, ''],
    ['empty', '""', ''],
    [
      'unknown',
      '"http://api.market.example.com/APIv1/MarketService/DeleteEverything"',
      'http://api.market.example.com/APIv1/MarketService/DeleteEverything',
    ],
    ['of the other service', '"ns/GetBook"', 'ns/GetBook'],
  ])('%s SOAPAction: the ASMX fault', async (_what, header, shown) => {
    const { xml } = built('GetSohoLookbook', '1.1');
    const headers: Record<string, string> = { 'content-type': CONTENT_TYPE['1.1'] };
    if (header !== undefined) headers['soapaction'] = header;
    clientFault(
      await send('GetSohoLookbook', '1.1', xml, headers),
      '1.1',
      `Server did not recognize the value of HTTP Header SOAPAction: ${shown}.`,
    );
  });

  it('an unquoted SOAPAction is accepted, as ASMX does', async () => {
    const { xml } = built('GetSohoLookbook', '1.1');
    const reply = await send('GetSohoLookbook', '1.1', xml, {
      'content-type': CONTENT_TYPE['1.1'],
      soapaction: soapAction('GetSohoLookbook', sb.ns),
    });
    expect(reply.status).toBe(200);
  });

  it('a SOAPAction of another operation of the same service does not match the body', async () => {
    const { xml } = built('GetSohoLookbook', '1.1');
    const reply = await send(
      'GetSohoLookbook',
      '1.1',
      xml,
      contentTypeFor('1.1', soapAction('BuyerNoteList', sb.ns)),
    );
    clientFault(
      reply,
      '1.1',
      `The action ${soapAction('BuyerNoteList', sb.ns)} does not match the body element GetSohoLookbook.`,
    );
  });
});

describe('SOAP 1.2: the action parameter is optional but must match', () => {
  it('without an action parameter the body names the operation', async () => {
    const { xml } = built('GetSohoLookbook', '1.2');
    const reply = await send('GetSohoLookbook', '1.2', xml, { 'content-type': CONTENT_TYPE['1.2'] });
    expect(reply.status).toBe(200);
    expect(reply.env?.payload?.name).toBe('GetSohoLookbookResponse');
  });

  it('an unknown action is refused', async () => {
    const { xml } = built('GetBook', '1.2');
    const reply = await send('GetBook', '1.2', xml, {
      'content-type': `${CONTENT_TYPE['1.2']}; action="ns/GetBooks"`,
    });
    clientFault(reply, '1.2', 'Server did not recognize the value of the action parameter: ns/GetBooks.');
  });

  it('an action of another operation does not match the body', async () => {
    const { xml } = built('GetBook', '1.2');
    const reply = await send('GetBook', '1.2', xml, contentTypeFor('1.2', soapAction('GetCatalog', sb.ns)));
    clientFault(reply, '1.2', 'The action ns/GetCatalog does not match the body element GetBook.');
  });

  it('an unquoted action parameter is read too', async () => {
    const { xml } = built('GetBook', '1.2');
    const ok = await send('GetBook', '1.2', xml, {
      'content-type': `${CONTENT_TYPE['1.2']}; action=ns/GetBook`,
    });
    expect(ok.status).toBe(200);
    const bad = await send('GetBook', '1.2', xml, {
      'content-type': `${CONTENT_TYPE['1.2']}; action=ns/GetCatalog`,
    });
    clientFault(bad, '1.2', /does not match the body element GetBook/);
  });

  it.each([
    ['matching', () => `"${soapAction('GetBook', sb.ns)}"`],
    ['stale', () => '"ns/SomethingElse"'],
  ])('a %s SOAPAction header is tolerated and ignored', async (_what, header) => {
    const { xml } = built('GetBook', '1.2');
    const reply = await send('GetBook', '1.2', xml, {
      'content-type': CONTENT_TYPE['1.2'],
      soapaction: header(),
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.env?.version).toBe('1.2');
  });
});

describe.each(VERSIONS)('SOAP %s: malformed requests are Client/Sender faults', (version) => {
  it('an unknown body element', async () => {
    const { xml, headers } = built('GetSohoLookbook', version);
    const renamed = xml.replace(/GetSohoLookbook(?=[ >])/g, 'GetSohoLookbookEx');
    clientFault(
      await send('GetSohoLookbook', version, renamed, headers),
      version,
      'Unknown operation GetSohoLookbookEx',
    );
  });

  it("an operation of the other service's body", async () => {
    const { xml } = built('GetBook', version);
    // Posted to the API service with no action, so only the body can be wrong.
    const headers =
      version === '1.1'
        ? contentTypeFor('1.1', soapAction('GetSohoLookbook', sb.ns))
        : { 'content-type': CONTENT_TYPE['1.2'] };
    clientFault(await post(sb.apiUrl, xml, headers), version, 'Unknown operation GetBook');
  });

  it('the operation element in a wrong namespace', async () => {
    const { xml, headers } = built('GetSohoLookbook', version);
    const moved = xml.replace(
      `<GetSohoLookbook xmlns="${nsUri('market', sb.ns)}"`,
      '<GetSohoLookbook xmlns="urn:somewhere-else"',
    );
    expect(moved).not.toBe(xml);
    clientFault(
      await send('GetSohoLookbook', version, moved, headers),
      version,
      `GetSohoLookbook must be in namespace ${nsUri('market', sb.ns)}, not urn:somewhere-else`,
    );
  });

  it('an envelope that is not well-formed', async () => {
    const { xml, headers } = built('GetSohoLookbook', version);
    clientFault(
      await send('GetSohoLookbook', version, xml.slice(0, -30), headers),
      version,
      /^The request is not well-formed XML: /,
    );
  });

  it('a document that is not a SOAP envelope', async () => {
    const { headers } = built('GetSohoLookbook', version);
    clientFault(
      await send('GetSohoLookbook', version, '<Envelope xmlns="urn:not-soap"><Body/></Envelope>', headers),
      version,
      'The request is not a SOAP envelope: The document element is {urn:not-soap}Envelope, not a SOAP Envelope',
    );
  });

  it('an envelope without a Body, and one with an empty Body', async () => {
    const { xml, headers } = built('GetSohoLookbook', version);
    const noBody = xml.replace(/<(soap|soap12):Body>.*<\/\1:Body>/, '');
    clientFault(
      await send('GetSohoLookbook', version, noBody, headers),
      version,
      'The request is not a SOAP envelope: The Envelope has no Body',
    );
    const emptyBody = xml.replace(/<(soap|soap12):Body>.*<\/\1:Body>/, '<$1:Body/>');
    clientFault(
      await send('GetSohoLookbook', version, emptyBody, headers),
      version,
      'The SOAP Body is empty.',
    );
  });

  it('an envelope of the other SOAP version than the Content-Type announces', async () => {
    const other = version === '1.1' ? '1.2' : '1.1';
    const { xml } = built('GetSohoLookbook', other);
    const { headers } = built('GetSohoLookbook', version);
    clientFault(
      await send('GetSohoLookbook', version, xml, headers),
      version,
      `The envelope is SOAP ${other} but the Content-Type announces SOAP ${version}.`,
      'VersionMismatch',
    );
  });

  it('a DTD is refused', async () => {
    const { xml, headers } = built('GetSohoLookbook', version);
    const withDtd = xml.replace('?>', '?><!DOCTYPE Envelope>');
    clientFault(
      await send('GetSohoLookbook', version, withDtd, headers),
      version,
      /^The request is refused \(doctype\)/,
    );
  });
});

describe.each(VERSIONS)('SOAP %s: bad values are Client/Sender faults', (version) => {
  const notes = (patch: Partial<RequestOf<'BuyerNoteList'>>) => ({
    ...sampleRequests(sb).BuyerNoteList,
    ...patch,
  });

  it('EndDate before StartDate', async () => {
    const reply = await call(
      sb,
      'BuyerNoteList',
      notes({ StartDate: '2026-02-01T00:00:00+09:00', EndDate: '2026-01-31T23:59:59+09:00' }),
      version,
    );
    clientFault(
      reply,
      version,
      'req/@EndDate (2026-01-31T23:59:59+09:00) is before req/@StartDate (2026-02-01T00:00:00+09:00).',
    );
  });

  it('EndDate before StartDate across offsets is still caught', async () => {
    // 09:00+09:00 is midnight UTC: an end one second earlier in UTC is before the start.
    const reply = await call(
      sb,
      'BuyerNoteList',
      notes({ StartDate: '2026-02-01T09:00:00+09:00', EndDate: '2026-01-31T23:59:59Z' }),
      version,
    );
    clientFault(reply, version, /is before req\/@StartDate/);
  });

  it('a missing StartDate or EndDate', async () => {
    const { StartDate: _s, ...rest } = sampleRequests(sb).BuyerNoteList;
    clientFault(
      await call(sb, 'BuyerNoteList', rest, version),
      version,
      'req/@StartDate and req/@EndDate are required.',
    );
  });

  it('an unknown ReplyStatus', async () => {
    const reply = await call(sb, 'BuyerNoteList', notes({ ReplyStatus: 'Pending' as never }), version);
    clientFault(
      reply,
      version,
      'req/@ReplyStatus must be one of All, NoReply, ReplyComplete; got "Pending".',
    );
  });

  it('a non-numeric OrderNo', async () => {
    const { xml, headers } = built('BuyerNoteList', version, notes({ OrderNo: '3100000001' }));
    const bent = xml.replace('OrderNo="3100000001"', 'OrderNo="31000O0001"');
    clientFault(
      await send('BuyerNoteList', version, bent, headers),
      version,
      'BuyerNoteList/req@OrderNo: "31000O0001" is not a valid xsd:long',
    );
  });

  it('a dateTime that is not one', async () => {
    const { xml, headers } = built('BuyerNoteList', version);
    const bent = xml.replace('StartDate="2025-11-01T00:00:00+09:00"', 'StartDate="2025-11-01"');
    clientFault(
      await send('BuyerNoteList', version, bent, headers),
      version,
      'BuyerNoteList/req@StartDate: "2025-11-01" is not a valid xsd:dateTime',
    );
  });

  it('a SellerID outside the account', async () => {
    const reply = await call(sb, 'BuyerNoteList', notes({ SellerID: 'busan_market' }), version);
    clientFault(reply, version, 'req/@SellerID "busan_market" does not belong to this account.');
  });

  it.each([0, 501, -1])('PageSize %i is outside 1..500', async (size) => {
    const reply = await call(
      sb,
      'BuyerNoteList',
      notes({ Pagination: { PageIndex: 1, PageSize: size } }),
      version,
    );
    clientFault(reply, version, `Pagination/@PageSize must be between 1 and 500; got ${size}.`);
    const lookbook = await call(
      sb,
      'GetSohoLookbook',
      { SellerId: 'gangnam_style', Pagination: { PageIndex: 1, PageSize: size } },
      version,
    );
    clientFault(lookbook, version, `Pagination/@PageSize must be between 1 and 500; got ${size}.`);
  });

  it('PageIndex below the base', async () => {
    const reply = await call(
      sb,
      'GetSohoLookbook',
      { SellerId: 'gangnam_style', Pagination: { PageIndex: 0, PageSize: 10 } },
      version,
    );
    clientFault(reply, version, 'Pagination/@PageIndex must be 1 or more (pages count from 1); got 0.');
  });

  it('a missing SellerId on GetSohoLookbook', async () => {
    clientFault(
      await call(sb, 'GetSohoLookbook', { Pagination: { PageIndex: 1, PageSize: 10 } }, version),
      version,
      'req/@SellerId is required.',
    );
  });

  it('a missing required suggest parameter, and one of the wrong type', async () => {
    const { xml, headers } = built('GetBrandPlusItems', version);
    const missing = xml.replace(/<brandId>[^<]*<\/brandId>/, '');
    clientFault(
      await send('GetBrandPlusItems', version, missing, headers),
      version,
      'GetBrandPlusItems: brandId is required',
    );
    const wrong = xml.replace(/<brandId>[^<]*<\/brandId>/, '<brandId>twelve</brandId>');
    clientFault(
      await send('GetBrandPlusItems', version, wrong, headers),
      version,
      'GetBrandPlusItems/brandId: "twelve" is not a valid xsd:int',
    );
  });

  it('the API request without its req element', async () => {
    const { xml, headers } = built('GetSohoLookbook', version);
    const bare = xml.replace(/<req\b.*<\/req>|<req\b[^>]*\/>/, '');
    expect(bare).not.toBe(xml);
    clientFault(
      await send('GetSohoLookbook', version, bare, headers),
      version,
      'GetSohoLookbook: the req element is missing',
    );
  });
});

describe.each(VERSIONS)('SOAP %s: tickets', (version) => {
  const cases: [string, () => RequestTickets, string, string][] = [
    [
      'no AuthenticationTicket',
      () => ({ ...ticketsOf(sb), authTicket: undefined }),
      'AuthenticationTicketMissing',
      'The AuthenticationTicket header is missing.',
    ],
    [
      'a wrong AuthenticationTicket',
      () => ({ ...ticketsOf(sb), authTicket: 'guess' }),
      'AuthenticationTicketInvalid',
      'The AuthenticationTicket is not valid.',
    ],
    [
      'no EncryptedTicket',
      () => ({ ...ticketsOf(sb), encryptedTicket: undefined }),
      'EncryptedTicketMissing',
      'The EncryptedTicket header is missing.',
    ],
    [
      'an empty EncryptedTicket',
      () => ({ ...ticketsOf(sb), encryptedTicket: '' }),
      'EncryptedTicketMissing',
      'The EncryptedTicket header is missing.',
    ],
    [
      'a wrong EncryptedTicket',
      () => ({ ...ticketsOf(sb), encryptedTicket: 'sbx-enc-1-forged' }),
      'EncryptedTicketInvalid',
      'The EncryptedTicket was not issued by this service.',
    ],
    [
      'no MemberTicket',
      () => ({ ...ticketsOf(sb), memberTicket: undefined }),
      'MemberTicketMissing',
      'req/MemberTicket/Ticket is missing.',
    ],
    [
      'a wrong MemberTicket',
      () => ({ ...ticketsOf(sb), memberTicket: 'someone-else' }),
      'MemberTicketInvalid',
      'The MemberTicket is not valid.',
    ],
  ];
  it.each(cases)('BuyerNoteList with %s', async (_what, tickets, subcode, reason) => {
    const reply = await call(sb, 'BuyerNoteList', sampleRequests(sb).BuyerNoteList, version, tickets());
    clientFault(reply, version, reason, subcode);
  });

  it.each(cases.slice(0, 5))('GetSohoLookbook with %s', async (_what, tickets, subcode, reason) => {
    const reply = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, version, tickets());
    clientFault(reply, version, reason, subcode);
  });

  it('GetSohoLookbook needs no MemberTicket', async () => {
    const reply = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, version, {
      ...ticketsOf(sb),
      memberTicket: undefined,
    });
    expect(reply.status).toBe(200);
  });

  it('security headers in another namespace are not the tickets', async () => {
    const { xml, headers } = built('GetSohoLookbook', version);
    const moved = xml.replaceAll(`xmlns="${nsUri('security', sb.ns)}"`, 'xmlns="urn:other-security"');
    clientFault(
      await send('GetSohoLookbook', version, moved, headers),
      version,
      'The AuthenticationTicket header is missing.',
      'AuthenticationTicketMissing',
    );
  });
});

describe('an unexpected error', () => {
  let broken: RunningSandbox;
  beforeAll(async () => {
    const real = createBackend({ seed: SEED, now: NOW, notes: 50 });
    const backend: SandboxBackend = {
      ...real,
      suggest: () => {
        throw new Error('the keyword index is gone');
      },
      notes: () => {
        throw new RangeError('note store offline');
      },
    };
    broken = await startTestSandbox({ backend });
  });
  afterAll(() => broken.close());

  it.each(VERSIONS)('is a Server/Receiver fault in SOAP %s', async (version) => {
    const suggest = await call(broken, 'GetBook', { bookItemNo: '1' }, version);
    expectFault(suggest, version, 'Server', 'Internal sandbox error: the keyword index is gone');
    const notes = await call(broken, 'BuyerNoteList', sampleRequests(broken).BuyerNoteList, version);
    expectFault(notes, version, 'Server', 'Internal sandbox error: note store offline');
    // The server stays up.
    expect(
      (await call(broken, 'GetSohoLookbook', sampleRequests(broken).GetSohoLookbook, version)).status,
    ).toBe(200);
  });
});

describe('what is not SOAP', () => {
  it('an unknown Content-Type is 415 with the two accepted types named', async () => {
    const res = await fetch(sb.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toContain('text/xml (SOAP 1.1) or application/soap+xml (SOAP 1.2)');
  });
});
