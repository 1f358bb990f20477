import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../../src-main/soap/envelope-read';
import { BadEnvelopeError, SoapFaultError } from '../../../src-main/soap/errors';
import {
  classifyFault,
  isAuthFault,
  isThrottleFault,
  isThrottleBody,
  isThrottleResponse,
  parseFault,
} from '../../../src-main/soap/fault';
import type { SoapFault } from '../../../src-main/soap/fault';
import { parseXml } from '../../../src-main/soap/xml-read';

const ENV11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const ENV12 = 'http://www.w3.org/2003/05/soap-envelope';

const env11 = (body: string, p = 'soap') =>
  `<?xml version="1.0" encoding="utf-8"?><${p}:Envelope xmlns:${p}="${ENV11}"><${p}:Body>${body}</${p}:Body></${p}:Envelope>`;
const env12 = (body: string, p = 'env') =>
  `<${p}:Envelope xmlns:${p}="${ENV12}"><${p}:Body>${body}</${p}:Body></${p}:Envelope>`;

function faultOf(xml: string, secrets: string[] = []): SoapFaultError<SoapFault> {
  try {
    readEnvelope(parseXml(xml), { secrets });
  } catch (err) {
    expect(err).toBeInstanceOf(SoapFaultError);
    return err as SoapFaultError<SoapFault>;
  }
  throw new Error('expected a fault');
}

describe('SOAP 1.1 faults', () => {
  it('reads the standard shape', () => {
    const err = faultOf(
      env11(`<soap:Fault><faultcode>soap:Client</faultcode><faultstring xml:lang="en">PageSize must be at most 500.</faultstring>
        <faultactor>http://api.example.com/APIv1/MarketService.asmx</faultactor>
        <detail><e:Limit xmlns:e="urn:e"> max   500 </e:Limit><e:Got xmlns:e="urn:e">900</e:Got></detail></soap:Fault>`),
    );
    expect(err.deskCode).toBe('SOAP_FAULT');
    expect(err.fault).toMatchObject({
      soapVersion: '1.1',
      code: 'Client',
      codeQName: 'soap:Client',
      subcodes: [],
      reason: 'PageSize must be at most 500.',
      role: 'http://api.example.com/APIv1/MarketService.asmx',
      detail: 'max 500 900',
    });
    expect(err.fault.detailXml?.children.map((c) => c.name)).toEqual(['Limit', 'Got']);
    expect(err.message).toBe('The marketplace refused the request: PageSize must be at most 500.');
    expect(err.detail).toContain('Client');
  });

  it('tolerates prefixed children, another envelope prefix and a dotted code', () => {
    const f = parseFault(
      parseXml(
        `<S:Fault xmlns:S="${ENV11}"><S:faultcode>S:Server.Database</S:faultcode><S:faultstring>Busy</S:faultstring><faultactor></faultactor></S:Fault>`,
      ),
    );
    expect(f).toMatchObject({
      soapVersion: '1.1',
      code: 'Server',
      codeQName: 'S:Server.Database',
      subcodes: ['Database'],
    });
    expect(f.role).toBeUndefined();
    expect(f.detail).toBeUndefined();
  });

  it('reads a 1.1 fault answering a 1.2 request (inside a 1.2 envelope)', () => {
    const err = faultOf(
      env12(
        `<f:Fault xmlns:f="${ENV11}"><faultcode>f:VersionMismatch</faultcode><faultstring>Use SOAP 1.1</faultstring></f:Fault>`,
      ),
    );
    expect(err.fault.soapVersion).toBe('1.1');
    expect(err.fault.code).toBe('VersionMismatch');
  });
});

describe('SOAP 1.2 faults', () => {
  it('reads nested subcodes, prefers English among several Reason texts, and keeps Node and Role', () => {
    const err = faultOf(
      env12(`<env:Fault><env:Code><env:Value>env:Sender</env:Value>
          <env:Subcode><env:Value xmlns:m="urn:m">m:Validation</env:Value><env:Subcode><env:Value>m:Range</env:Value></env:Subcode></env:Subcode></env:Code>
        <env:Reason><env:Text xml:lang="ko">페이지 크기가 너무 큽니다</env:Text><env:Text xml:lang="en-US">Page size too large</env:Text></env:Reason>
        <env:Node>http://node</env:Node><env:Role>http://role</env:Role>
        <env:Detail><x:Why xmlns:x="urn:x">limit 500</x:Why></env:Detail></env:Fault>`),
    );
    expect(err.deskCode).toBe('SOAP_FAULT');
    expect(err.fault).toMatchObject({
      soapVersion: '1.2',
      code: 'Sender',
      codeQName: 'env:Sender',
      subcodes: ['Validation', 'Range'],
      reason: 'Page size too large',
      node: 'http://node',
      role: 'http://role',
      detail: 'limit 500',
    });
  });

  it('tolerates a non-QName subcode, an empty Role and a Text without xml:lang', () => {
    const f = parseFault(
      parseXml(
        `<soap12:Fault xmlns:soap12="${ENV12}"><soap12:Code><soap12:Value>soap12:Receiver</soap12:Value><soap12:Subcode><soap12:Value>Internal failure 42</soap12:Value></soap12:Subcode></soap12:Code>
          <soap12:Reason><soap12:Text>  Something broke  </soap12:Text></soap12:Reason><soap12:Role/></soap12:Fault>`,
      ),
    );
    expect(f).toMatchObject({
      code: 'Receiver',
      subcodes: ['Internal failure 42'],
      reason: 'Something broke',
    });
    expect(f.role).toBeUndefined();
  });

  it('falls back to the first Text when none is English or unlabeled', () => {
    const f = parseFault(
      parseXml(
        `<e:Fault xmlns:e="${ENV12}"><e:Code><e:Value>e:Sender</e:Value></e:Code><e:Reason><e:Text xml:lang="ko">잘못된 요청</e:Text><e:Text xml:lang="ja">不正</e:Text></e:Reason></e:Fault>`,
      ),
    );
    expect(f.reason).toBe('잘못된 요청');
  });
});

describe('fault classification', () => {
  const f = (reason: string, code = 'Client', subcodes: string[] = []) => ({ reason, code, subcodes });

  it('classifies authentication failures, in English and Korean, by reason or subcode', () => {
    for (const x of [
      f('Invalid ticket.'),
      f('Authentication failed'),
      f('AUTH error'),
      f('Unauthorized request'),
      f('Authorization denied'),
      f('인증에 실패했습니다.'),
      f('Denied', 'Sender', ['AuthFailed']),
      f('Denied', 'Client', ['EncryptedTicketExpired']),
    ]) {
      expect(classifyFault(x), x.reason + x.subcodes.join()).toBe('AUTH_FAILED');
    }
  });

  it('does not mistake authors or ticket keywords for authentication', () => {
    expect(isAuthFault(f('The Author field is required.'))).toBe(false);
    expect(isAuthFault(f('GetTicketKeywordByKeywordHint failed: hint too long'))).toBe(false);
    expect(classifyFault(f('PageSize must be at most 500.'))).toBe('SOAP_FAULT');
  });

  it('classifies the throttling fault by code, subcode or reason', () => {
    for (const x of [
      f('Slow down', 'Throttled'),
      f('Slow down', 'Receiver', ['Throttled']),
      f('Request throttled'),
      f('Too many requests: 5 per second allowed.'),
      f('요청이 너무 많습니다. 잠시 후 다시 시도하세요.'),
    ]) {
      expect(isThrottleFault(x)).toBe(true);
      expect(classifyFault(x)).toBe('THROTTLED');
    }
    expect(isThrottleFault(f('Server busy'))).toBe(false);
  });

  it('lets throttling win over authentication', () => {
    expect(classifyFault(f('Too many requests with this ticket'))).toBe('THROTTLED');
  });

  it('raises AUTH_FAILED and THROTTLED from real envelopes', () => {
    const auth = faultOf(
      env11(
        '<soap:Fault><faultcode>soap:Client.Authentication</faultcode><faultstring>Denied</faultstring></soap:Fault>',
      ),
    );
    expect(auth.deskCode).toBe('AUTH_FAILED');
    expect(auth.message).toMatch(/tickets/);
    const throttled = faultOf(
      env12(`<env:Fault xmlns:m="urn:market"><env:Code><env:Value>env:Receiver</env:Value><env:Subcode><env:Value>m:Throttled</env:Value></env:Subcode></env:Code>
        <env:Reason><env:Text xml:lang="en">Please slow down</env:Text></env:Reason></env:Fault>`),
    );
    expect(throttled.deskCode).toBe('THROTTLED');
    expect(throttled.message).toMatch(/too many requests/i);
  });

  it('never puts a ticket echoed by the server in the message or detail', () => {
    const ticket = 'ENC-7f3a9c2e-secret';
    const err = faultOf(
      env11(
        `<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Processing failed for ${ticket}</faultstring><detail>state ${ticket}</detail></soap:Fault>`,
      ),
      [ticket],
    );
    expect(err.deskCode).toBe('SOAP_FAULT');
    expect(err.message).not.toContain(ticket);
    expect(err.detail).not.toContain(ticket);
    expect(err.message).toContain('[redacted]');
  });

  it('detects a throttling response body for the transport', () => {
    const body = env11(
      '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Too many requests</faultstring></soap:Fault>',
    );
    expect(isThrottleResponse(500, body)).toBe(true);
    expect(isThrottleResponse(500, body.replace('Too many requests', 'Database down'))).toBe(false);
    expect(isThrottleResponse(500, '<html>too many requests</html>')).toBe(false);
    expect(isThrottleResponse(200, env11('<R>too many requests is just data here</R>'))).toBe(false);
  });

  it('tells a large body is no throttling fault without decoding it to text', () => {
    const fault = env11(
      '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Too many requests</faultstring></soap:Fault>',
    );
    let decoded = 0;
    const response = (bytes: Uint8Array, text: string) => ({
      bodyBytes: bytes,
      get bodyText() {
        decoded++;
        return text;
      },
    });
    expect(isThrottleBody(500, response(Buffer.from(fault), fault))).toBe(true);
    expect(decoded).toBe(1);
    const page = Buffer.alloc(3 * 64 * 1024 + 1, 0x41);
    expect(isThrottleBody(200, response(page, fault))).toBe(false);
    expect(decoded).toBe(1);
  });
});

describe('readEnvelope', () => {
  it('reads 1.1 and 1.2 by namespace whatever the prefix', () => {
    const a = readEnvelope(parseXml(env11('<Op xmlns="urn:op"/>', 'Q')));
    expect(a.version).toBe('1.1');
    expect(a.payload?.name).toBe('Op');
    const b = readEnvelope(
      parseXml(
        `<Envelope xmlns="${ENV12}"><Header><h:X xmlns:h="urn:h"/></Header><Body>\n  <p:Op xmlns:p="urn:op"/><p:Second xmlns:p="urn:op"/></Body></Envelope>`,
      ),
    );
    expect(b.version).toBe('1.2');
    expect(b.header?.children[0]?.name).toBe('X');
    expect(b.payload?.name).toBe('Op');
  });

  it('allows an empty Body', () => {
    const e = readEnvelope(parseXml(env12('')));
    expect(e.payload).toBeUndefined();
    expect(e.body.name).toBe('Body');
  });

  it('refuses what is not a SOAP envelope', () => {
    expect(() =>
      readEnvelope(parseXml('<soap:Envelope xmlns:soap="urn:not-soap"><soap:Body/></soap:Envelope>')),
    ).toThrow(BadEnvelopeError);
    expect(() => readEnvelope(parseXml(`<s:Envelope xmlns:s="${ENV11}"/>`))).toThrow(BadEnvelopeError);
    expect(() =>
      readEnvelope(parseXml(`<s:Envelope xmlns:s="${ENV11}"><s:Body/><s:Body/></s:Envelope>`)),
    ).toThrow(BadEnvelopeError);
    expect(() => readEnvelope(parseXml(`<s:Body xmlns:s="${ENV11}"/>`))).toThrow(BadEnvelopeError);
    // The Body must be in the envelope's own namespace.
    expect(() =>
      readEnvelope(parseXml(`<s:Envelope xmlns:s="${ENV11}"><t:Body xmlns:t="${ENV12}"/></s:Envelope>`)),
    ).toThrow(BadEnvelopeError);
  });
});
