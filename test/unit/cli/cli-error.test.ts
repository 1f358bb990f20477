import { describe, expect, it } from 'vitest';
import { errorLine } from '../../../src-main/cli/cli-error';
import { MissingTicketsError } from '../../../src-main/soap/client';
import {
  BadEnvelopeError,
  ConnectionError,
  HttpStatusError,
  NotXmlError,
  SoapFaultError,
  TimeoutError,
  WrongContentTypeError,
} from '../../../src-main/soap/errors';

// Every error the app words for its Settings page, as the command line prints it.
const errors: [string, Error, RegExp][] = [
  ['missing tickets', new MissingTicketsError(['authTicket']), /MARKET_AUTH_TICKET.*environment/],
  [
    'rejected tickets',
    new SoapFaultError(
      { soapVersion: '1.1', code: 'soap:Client', subcodes: [], reason: 'bad ticket' },
      'AUTH_FAILED',
    ),
    /fresh MARKET_AUTH_TICKET/,
  ],
  ['HTTP 401', new HttpStatusError(401, ''), /MARKET_AUTH_TICKET/],
  ['HTTP 404', new HttpStatusError(404, ''), /--base-url/],
  ['not XML', new NotXmlError('<html>'), /--base-url/],
  ['wrong content type', new WrongContentTypeError('text/html'), /--base-url/],
  ['not SOAP', new BadEnvelopeError('root is html'), /--base-url/],
  ['timeout', new TimeoutError(30_000, 'api.example.com'), /--timeout/],
  ['unreachable', new ConnectionError('api.example.com', 'ENOTFOUND'), /--base-url/],
];

describe('errorLine', () => {
  it.each(errors)('words a %s error for the command line, never for a Settings page', (_name, err, hint) => {
    // The premise: the app's own sentence points at Settings.
    expect(err.message).toMatch(/Settings/);
    const line = errorLine(err);
    expect(line).not.toMatch(/Settings/);
    expect(line).toMatch(hint);
    expect(line.startsWith('desk: ')).toBe(true);
  });

  it('keeps the code and detail in brackets', () => {
    expect(errorLine(new MissingTicketsError(['authTicket', 'memberTicket']))).toMatch(
      /\[AUTH_FAILED: Missing: authTicket, memberTicket\]$/,
    );
  });

  it('prints the marketplace reason for rejected tickets and throttling, tickets redacted', () => {
    const ticket = 'ENC-4f1c-secret-ticket';
    const auth = new SoapFaultError(
      {
        soapVersion: '1.1',
        code: 'soap:Client',
        subcodes: [],
        reason: `인증파라메터가 올바르지 않습니다. (AuthenticationTicket/EncryptedTicket) ${ticket}`,
      },
      'AUTH_FAILED',
      [ticket],
    );
    const line = errorLine(auth);
    expect(line).toContain('인증파라메터가 올바르지 않습니다. (AuthenticationTicket/EncryptedTicket)');
    expect(line).toContain('[redacted]');
    expect(line).not.toContain(ticket);
    const throttled = new SoapFaultError(
      {
        soapVersion: '1.2',
        code: 'env:Receiver',
        subcodes: ['Throttled'],
        reason: '요청이 너무 많습니다 (초당 5회)',
      },
      'THROTTLED',
    );
    expect(errorLine(throttled)).toContain('요청이 너무 많습니다 (초당 5회)');
  });

  it('adds a reason the sentence does not quote', () => {
    const err = Object.assign(new Error('The marketplace refused the request.'), {
      deskCode: 'SOAP_FAULT',
      reason: 'PageSize must be at most 500.',
    });
    expect(errorLine(err)).toContain('Marketplace: "PageSize must be at most 500."');
  });
});
