// The one reader of the Security header, on both ends of the wire: the client's response decoder and the sandbox's
// request check. Cases for a header present, missing, repeated and in the wrong namespace, in both SOAP versions;
// then each side proven to follow the same rules on the real wire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { DEFAULT_NAMESPACES, nsUri } from '../../../src-main/schema';
import { buildRequest } from '../../../src-main/soap/envelope-write';
import { readEnvelope } from '../../../src-main/soap/envelope-read';
import { decodeOperationResponse } from '../../../src-main/soap/response-decode';
import { readSecurityHeader } from '../../../src-main/soap/security-header';
import { parseXml } from '../../../src-main/soap/xml-read';
import { post, startTestSandbox, ticketsOf, urlOf } from '../sandbox-server/support';

const SEC = nsUri('security', DEFAULT_NAMESPACES);
const ENVELOPES = {
  '1.1': 'http://schemas.xmlsoap.org/soap/envelope/',
  '1.2': 'http://www.w3.org/2003/05/soap-envelope',
} as const;
const VERSIONS = ['1.1', '1.2'] as const;

function envelope(version: '1.1' | '1.2', header: string | undefined, body = '<R xmlns="urn:r"/>'): string {
  const head = header === undefined ? '' : `<e:Header>${header}</e:Header>`;
  return `<?xml version="1.0" encoding="utf-8"?><e:Envelope xmlns:e="${ENVELOPES[version]}">${head}<e:Body>${body}</e:Body></e:Envelope>`;
}

const read = (version: '1.1' | '1.2', header: string | undefined, securityNs = SEC) =>
  readSecurityHeader(readEnvelope(parseXml(envelope(version, header))).header, securityNs);

const block = (name: string, value: string, ns = SEC, prefix = 'sec') =>
  `<${prefix}:${name} xmlns:${prefix}="${ns}"><${prefix}:Value>${value}</${prefix}:Value></${prefix}:${name}>`;

describe.each(VERSIONS)('readSecurityHeader in a SOAP %s envelope', (version) => {
  it('reads both tickets, with any prefix, trimming the whitespace a pretty printer adds', () => {
    const header =
      block('AuthenticationTicket', 'AUTH', SEC, 'a') +
      block('EncryptedTicket', '\n   ENC-1\t\r\n ', SEC, 'x');
    expect(read(version, header)).toEqual({
      authenticationTicket: 'AUTH',
      encryptedTicket: 'ENC-1',
      repeated: [],
    });
  });

  it('reads a default-namespace block with an unqualified Value', () => {
    const header = `<EncryptedTicket xmlns="${SEC}"><Value xmlns="">T2</Value></EncryptedTicket>`;
    expect(read(version, header)).toEqual({ encryptedTicket: 'T2', repeated: [] });
  });

  it('finds nothing in a missing header, an empty header, an empty Value or a block without Value', () => {
    expect(read(version, undefined)).toEqual({ repeated: [] });
    expect(read(version, '')).toEqual({ repeated: [] });
    expect(read(version, block('EncryptedTicket', ' '))).toEqual({ repeated: [] });
    expect(read(version, `<EncryptedTicket xmlns="${SEC}"><Other>T</Other></EncryptedTicket>`)).toEqual({
      repeated: [],
    });
    expect(readSecurityHeader(undefined, SEC)).toEqual({ repeated: [] });
  });

  it('leaves out a block given twice, even with the same value, and names it', () => {
    const twice = block('EncryptedTicket', 'A') + block('EncryptedTicket', 'B');
    expect(read(version, twice + block('AuthenticationTicket', 'AUTH'))).toEqual({
      authenticationTicket: 'AUTH',
      repeated: ['EncryptedTicket'],
    });
    const same = block('AuthenticationTicket', 'X') + block('AuthenticationTicket', 'X');
    expect(read(version, same)).toEqual({ repeated: ['AuthenticationTicket'] });
  });

  it('ignores blocks and Values in another namespace, and another nsRoot', () => {
    expect(read(version, block('EncryptedTicket', 'T', 'urn:elsewhere/Security'))).toEqual({ repeated: [] });
    // Another marketplace's Security namespace is not ours: compared as a whole URI.
    expect(read(version, block('EncryptedTicket', 'T', `${SEC}/`))).toEqual({ repeated: [] });
    const foreignValue = `<EncryptedTicket xmlns="${SEC}"><v:Value xmlns:v="urn:v">T</v:Value></EncryptedTicket>`;
    expect(read(version, foreignValue)).toEqual({ repeated: [] });
    // A block of another namespace beside ours does not make ours repeated.
    const beside = block('EncryptedTicket', 'OTHER', 'urn:elsewhere') + block('EncryptedTicket', 'OURS');
    expect(read(version, beside)).toEqual({ encryptedTicket: 'OURS', repeated: [] });
  });

  it('ignores elements that are not ticket blocks, and is blind to the envelope namespace', () => {
    const header = `<sec:Timestamp xmlns:sec="${SEC}"><sec:Value>T</sec:Value></sec:Timestamp>`;
    expect(read(version, header)).toEqual({ repeated: [] });
  });
});

describe('the client reads a response header by the same rules', () => {
  const response = (version: '1.1' | '1.2', header: string) =>
    envelope(version, header, `<GetSuggestionNoticeResponse xmlns="${DEFAULT_NAMESPACES.suggestNs}"/>`);
  const decode = (version: '1.1' | '1.2', header: string) =>
    decodeOperationResponse({
      op: 'GetSuggestionNotice',
      status: 200,
      contentType: version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
      body: new TextEncoder().encode(response(version, header)),
      ns: DEFAULT_NAMESPACES,
      secrets: [],
    });

  it.each(VERSIONS)('SOAP %s: rotates to a single ticket, keeps its own on a repeated one', (version) => {
    expect(decode(version, block('EncryptedTicket', ' NEXT ')).encryptedTicket).toBe('NEXT');
    const twice = block('EncryptedTicket', 'A') + block('EncryptedTicket', 'B');
    expect(decode(version, twice)).not.toHaveProperty('encryptedTicket');
  });
});

describe('the sandbox reads a request header by the same rules', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  /** A real lookbook request whose Security header is replaced by `header`. */
  async function lookbookWith(version: '1.1' | '1.2', header: (sec: string) => string) {
    const built = buildRequest(
      'GetSohoLookbook',
      { SellerId: sb.backend.sellerIds[0]!, Pagination: { PageIndex: 1, PageSize: 1 } },
      { version, ns: sb.ns, tickets: ticketsOf(sb) },
    );
    const sec = nsUri('security', sb.ns);
    const xml = built.xml.replace(/<(\w+:)?Header>.*<\/(\w+:)?Header>/s, (_m, p = '') => {
      return `<${p}Header>${header(sec)}</${p}Header>`;
    });
    expect(xml).not.toBe(built.xml);
    return post(urlOf(sb, 'GetSohoLookbook'), xml, built.headers);
  }

  it.each(VERSIONS)('SOAP %s: accepts an unqualified Value padded with whitespace', async (version) => {
    const reply = await lookbookWith(
      version,
      (sec) =>
        `<AuthenticationTicket xmlns="${sec}"><Value xmlns="">\n  ${sb.tickets.auth}\n</Value></AuthenticationTicket>` +
        block('EncryptedTicket', sb.tickets.encrypted, sec),
    );
    expect(reply.fault).toBeUndefined();
    expect(reply.status).toBe(200);
  });

  it.each(VERSIONS)('SOAP %s: refuses a repeated ticket block with a Client fault', async (version) => {
    const reply = await lookbookWith(
      version,
      (sec) =>
        block('AuthenticationTicket', sb.tickets.auth, sec) +
        block('EncryptedTicket', sb.tickets.encrypted, sec) +
        block('EncryptedTicket', sb.tickets.encrypted, sec),
    );
    expect(reply.status).toBe(500);
    expect(reply.fault?.reason).toBe('The EncryptedTicket header is given more than once.');
    expect(JSON.stringify(reply.fault)).toContain('EncryptedTicketRepeated');
  });

  it.each(VERSIONS)('SOAP %s: a ticket in another namespace is a missing ticket', async (version) => {
    const reply = await lookbookWith(
      version,
      (sec) =>
        block('AuthenticationTicket', sb.tickets.auth, 'urn:elsewhere/Security') +
        block('EncryptedTicket', sb.tickets.encrypted, sec),
    );
    expect(reply.fault?.reason).toBe('The AuthenticationTicket header is missing.');
  });
});
