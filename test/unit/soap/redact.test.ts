import { describe, expect, it } from 'vitest';
import { HttpStatusError, XmlMalformedError } from '../../../src-main/soap/errors';
import {
  REDACTED,
  redactEnvelope,
  redactSnippet,
  redactText,
  secretScrubber,
} from '../../../src-main/soap/redact';
import { SecretSet } from '../../../src-main/soap/secret-set';

const AUTH = 'AUTH+k3j4h5g6/AbC==';
const ENC = 'ENC7d8e9f0a1b2c3d4e5f';
const MEMBER = 'MEMBER-1234-xyz';
const SEC = 'http://api.market.example/Security';

const request = (p: string, q: string) => `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  <soap:Header>
    <${p}AuthenticationTicket ${p ? `xmlns:${p.slice(0, -1)}` : 'xmlns'}="${SEC}"><${p}Value>${AUTH}</${p}Value></${p}AuthenticationTicket>
    <${p}EncryptedTicket ${p ? `xmlns:${p.slice(0, -1)}` : 'xmlns'}="${SEC}">
      <${p}Value><![CDATA[${ENC}]]></${p}Value>
    </${p}EncryptedTicket>
  </soap:Header>
  <soap:Body><BuyerNoteList xmlns="urn:m"><req SellerID="seller01"><${q}MemberTicket><${q}Ticket>${MEMBER}</${q}Ticket></${q}MemberTicket><Value>keep-me</Value></req></BuyerNoteList></soap:Body>
</soap:Envelope>`;

function expectClean(s: string): void {
  for (const t of [AUTH, ENC, MEMBER]) expect(s).not.toContain(t);
}

describe('redactEnvelope', () => {
  it('removes every ticket structurally, with any prefix or none', () => {
    for (const [p, q] of [
      ['', ''],
      ['sec:', 'a:'],
      ['S1:', 'x:'],
    ] as const) {
      const out = redactEnvelope(request(p, q));
      expectClean(out);
      expect(out.split(REDACTED)).toHaveLength(4);
      // A Value outside the ticket blocks is data, not a secret.
      expect(out).toContain('<Value>keep-me</Value>');
      expect(out).toContain('SellerID="seller01"');
    }
  });

  it('redacts a body cut in the middle of a ticket', () => {
    const full = request('sec:', '');
    const cut = full.slice(0, full.indexOf(AUTH) + 5);
    expect(redactEnvelope(cut)).not.toContain(AUTH.slice(0, 5));
    const cutEnc = full.slice(0, full.indexOf(ENC) + 6);
    expect(redactEnvelope(cutEnc)).not.toContain(ENC.slice(0, 6));
  });

  it('redacts literal secrets anywhere, also XML-escaped and URL-encoded', () => {
    const secret = 'a&b<c>"d\'e f';
    const xml = `<r x="a&amp;b&lt;c&gt;&quot;d&apos;e f">a&amp;b&lt;c&gt;"d'e f ${encodeURIComponent(secret)} ${secret}</r>`;
    const out = redactEnvelope(xml, [secret, '']);
    expect(out).toBe(`<r x="${REDACTED}">${REDACTED} ${REDACTED} ${REDACTED}</r>`);
  });

  it('leaves self-closing and empty ticket elements and look-alike names alone', () => {
    const xml = '<r><Ticket/><Ticket></Ticket><TicketType>concert</TicketType><MyTicket>x</MyTicket></r>';
    expect(redactEnvelope(xml)).toBe(xml);
  });
});

describe('redactText', () => {
  it('scrubs secrets, embedded envelopes and long opaque tokens from messages', () => {
    const msg = `failed with ${ENC} and <EncryptedTicket xmlns="${SEC}"><Value>${AUTH}</Value></EncryptedTicket>`;
    expectClean(redactText(msg, [ENC]));
    const opaque = 'Q2hlY2sgdGhpcyB0aWNrZXQgdmFsdWUgMTIzNDU2Nzg5MA==';
    expect(redactText(`token ${opaque} here`)).toBe(`token ${REDACTED} here`);
    // GUIDs and ordinary words survive.
    expect(redactText('trace 3f2504e0-4f89-11d3-9a0c-0305e82c3301 ok')).toBe(
      'trace 3f2504e0-4f89-11d3-9a0c-0305e82c3301 ok',
    );
  });

  it('keeps tickets out of the errors built from wire text', () => {
    const body = request('sec:', 'a:');
    const http = new HttpStatusError(500, body, [MEMBER]);
    expectClean(http.message + (http.detail ?? '') + http.bodySnippet);
    const bad = new XmlMalformedError(`near <Ticket>${MEMBER}</Ticket>`);
    expectClean(bad.message + (bad.detail ?? ''));
  });
});

describe('the tickets in any spelling a server sends them back in', () => {
  const TICKET = 'Enc-Tk.7Qx_31z';
  const charRefs = (s: string) =>
    [...s]
      .map((c, i) =>
        i % 3 === 0 ? `&#x${c.charCodeAt(0).toString(16)};` : i % 3 === 1 ? `&#${c.charCodeAt(0)};` : c,
      )
      .join('');
  const spellings = {
    raw: TICKET,
    lower: TICKET.toLowerCase(),
    upper: TICKET.toUpperCase(),
    'character references, hex, decimal and plain mixed': charRefs(TICKET),
    'character references in upper-case hex': [...TICKET]
      .map((c) => `&#X${c.charCodeAt(0).toString(16).toUpperCase()};`)
      .join(''),
    'percent-encoded, every character': [...TICKET].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
    base64: Buffer.from(TICKET).toString('base64'),
    'base64 unpadded': Buffer.from(TICKET).toString('base64').replace(/=+$/, ''),
    base64url: Buffer.from(`${TICKET}~~?`).toString('base64url'),
  };

  it.each(Object.entries(spellings))(
    'redacts the %s form, in text, envelopes and decoded values',
    (_name, form) => {
      const secrets = _name === 'base64url' ? [`${TICKET}~~?`] : [TICKET];
      expect(redactText(`Ticket ${form} expired`, secrets)).toBe(`Ticket ${REDACTED} expired`);
      expect(redactEnvelope(`<r><m>x${form}.png</m></r>`, secrets)).toBe(`<r><m>x${REDACTED}.png</m></r>`);
      expect(secretScrubber(secrets)!(`${form}${form}`)).toBe(REDACTED);
    },
  );

  it('finds each of 100,000 remembered tickets, and leaves other text alone', () => {
    const tickets = Array.from(
      { length: 100_000 },
      (_, i) => `sbx-enc-${i.toString(36)}-k${(i * 7919) % 9973}Q`,
    );
    const set = new SecretSet(tickets);
    const text = `a ${tickets[40]} b ${Buffer.from(tickets[99_999]!).toString('base64')} c ${charRefs(tickets[7]!)}`;
    expect(redactText(text, set)).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}`);
    expect(redactText('sbx-enc-zz-other and plain words', set)).toBe('sbx-enc-zz-other and plain words');
    set.delete(tickets[40]!);
    expect(redactText(text, set)).toBe(`a ${tickets[40]} b ${REDACTED} c ${REDACTED}`);
  });

  it('hides the head of a ticket cut at the end of a snippet, in any spelling', () => {
    const cut = `reason: ${charRefs(TICKET.toLowerCase())}`.slice(0, 30);
    const out = redactSnippet(`${cut}${'x'.repeat(600)}`, [TICKET], cut.length);
    expect(out).toBe(`reason: ${REDACTED}…`);
  });
});
