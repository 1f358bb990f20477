// A failure keeps the marketplace's own words and the facts the app words its headline from, from the SOAP
// layer through the host's envelope, the network log and the connection test.
import { describe, expect, it } from 'vitest';
import { toDeskError } from '../../../src-main/host/dispatch';
import { ValueError } from '../../../src-main/schema/scalar';
import { MissingTicketsError } from '../../../src-main/soap/client';
import {
  BadEnvelopeError,
  ConnectionError,
  errorFields,
  HttpStatusError,
  NotXmlError,
  ResponseTooLargeError,
  SoapFaultError,
  TimeoutError,
  WrongContentTypeError,
  XmlEncodingError,
  XmlMalformedError,
  XmlSecurityError,
} from '../../../src-main/soap/errors';
import { classifyHttpResponse } from '../../../src-main/soap/response-classify';

const ASMX_AUTH_FAULT = `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>
<faultcode>soap:Client</faultcode>
<faultstring>인증파라메터가 올바르지 않습니다. (AuthenticationTicket/EncryptedTicket)</faultstring>
<detail /></soap:Fault></soap:Body></soap:Envelope>`;

describe('the marketplace reason', () => {
  it('is kept verbatim for a rejected ticket, in the message and as its own field', () => {
    const classified = classifyHttpResponse(500, 'text/xml; charset=utf-8', ASMX_AUTH_FAULT);
    if (classified.ok) throw new Error('the fault was read as an answer');
    const err = classified.error as SoapFaultError;
    expect(err).toBeInstanceOf(SoapFaultError);
    expect(err.deskCode).toBe('AUTH_FAILED');
    expect(err.reason).toBe('인증파라메터가 올바르지 않습니다. (AuthenticationTicket/EncryptedTicket)');
    expect(err.message).toContain('인증파라메터가 올바르지 않습니다. (AuthenticationTicket/EncryptedTicket)');
    expect(toDeskError(err)).toMatchObject({
      code: 'AUTH_FAILED',
      reason: '인증파라메터가 올바르지 않습니다. (AuthenticationTicket/EncryptedTicket)',
    });
  });

  it('is kept for throttling, and a Server fault says it is one', () => {
    const throttled = new SoapFaultError(
      {
        soapVersion: '1.1',
        code: 'soap:Client',
        subcodes: ['Throttled'],
        reason: 'Too many requests: 2 per second.',
      },
      'THROTTLED',
    );
    expect(throttled.message).toContain('Too many requests: 2 per second');
    expect(toDeskError(throttled).reason).toBe('Too many requests: 2 per second.');
    const server = new SoapFaultError(
      { soapVersion: '1.2', code: 'env:Receiver', subcodes: [], reason: 'Database down' },
      'SOAP_FAULT',
    );
    expect(toDeskError(server)).toMatchObject({ reason: 'Database down', facts: { cause: 'server-fault' } });
  });

  it('never holds a ticket the server echoed', () => {
    const ticket = 'ENC-0d9e-secret';
    const err = new SoapFaultError(
      { soapVersion: '1.1', code: 'soap:Client', subcodes: [], reason: `ticket ${ticket} expired` },
      'AUTH_FAILED',
      [ticket],
    );
    expect(err.reason).not.toContain(ticket);
    expect(err.reason).toContain('[redacted]');
    expect(JSON.stringify(toDeskError(err))).not.toContain(ticket);
  });

  it('is absent when nothing came from the marketplace', () => {
    expect(toDeskError(new TimeoutError(30_000)).reason).toBeUndefined();
    expect(toDeskError(new HttpStatusError(503, 'Service Unavailable')).reason).toBeUndefined();
  });
});

describe('the facts a headline is worded from', () => {
  it.each([
    ['HTTP status', new HttpStatusError(503, ''), { httpStatus: 503 }],
    ['time limit', new TimeoutError(12_000, 'api.example.com'), { timeoutMs: 12_000 }],
    [
      'refused connection',
      new ConnectionError('127.0.0.1:9', 'ECONNREFUSED'),
      { host: '127.0.0.1:9', cause: 'refused' },
    ],
    [
      'unknown host',
      new ConnectionError('nowhere.example', 'ENOTFOUND'),
      { host: 'nowhere.example', cause: 'dns' },
    ],
    ['bad certificate', new ConnectionError('x.example', 'CERT_HAS_EXPIRED'), { cause: 'certificate' }],
    ['connection of unknown kind', new ConnectionError('x.example', undefined), { host: 'x.example' }],
    ['damaged XML', new XmlMalformedError('unexpected end at 120'), { cause: 'damaged' }],
    ['encoding', new XmlEncodingError('UTF-7'), { cause: 'encoding' }],
    ['web page', new NotXmlError('<html>'), { cause: 'not-soap' }],
    ['content type', new WrongContentTypeError('text/html'), { cause: 'not-soap' }],
    ['not an envelope', new BadEnvelopeError('root is html'), { cause: 'not-soap' }],
    ['DOCTYPE', new XmlSecurityError('doctype'), { cause: 'unsafe' }],
    ['size', new XmlSecurityError('size'), { cause: 'too-large' }],
    ['too large', new ResponseTooLargeError(1024), { cause: 'too-large' }],
    ['missing tickets', new MissingTicketsError(['authTicket']), { cause: 'missing-tickets' }],
    [
      'value of the wrong type',
      new ValueError('SendNote[0]@SeqNo', 'long', 'abc'),
      { cause: 'unexpected-shape' },
    ],
  ] as const)('%s', (_name, err, facts) => {
    expect(errorFields(err).facts).toMatchObject(facts);
    expect(toDeskError(err).facts).toMatchObject(facts);
  });
});
