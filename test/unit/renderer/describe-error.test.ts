// Every failure the host can report has a headline in Korean and English that names the cause and the next
// step; the marketplace's reason passes through verbatim; a failure shared by several panels is told once.
import { describe, expect, it } from 'vitest';
import { ERROR_CAUSES, ERROR_CODES } from '../../../src-main/contract';
import type { DeskError, ErrorCode } from '../../../src-main/contract';
import { DeskCallError } from '../../../src-renderer/api/desk';
import { sharedFailureGroups } from '../../../src-renderer/features/keywords/model/shared-failures';
import type { Lang } from '../../../src-renderer/i18n/lang';
import { translatorFor } from '../../../src-renderer/app/message-registry';
import {
  describeError,
  describeExchangeError,
  isErrorCode,
  shortErrorLabel,
} from '../../../src-renderer/ui/describe-error';

const t = { ko: translatorFor('ko'), en: translatorFor('en') };
const HANGUL = /[\uac00-\ud7a3]/;
const call = (e: Partial<DeskError> & { code: ErrorCode }) =>
  new DeskCallError({ message: 'An English sentence from the host.', ...e });

const CAUSE_CODE: Record<(typeof ERROR_CAUSES)[number], ErrorCode> = {
  'server-fault': 'SOAP_FAULT',
  'unknown-seller': 'SOAP_FAULT',
  'missing-tickets': 'AUTH_FAILED',
  damaged: 'BAD_RESPONSE',
  encoding: 'BAD_RESPONSE',
  'not-soap': 'BAD_RESPONSE',
  'unexpected-shape': 'BAD_RESPONSE',
  unsafe: 'BAD_RESPONSE',
  'too-large': 'BAD_RESPONSE',
  refused: 'NETWORK',
  reset: 'NETWORK',
  dns: 'NETWORK',
  unreachable: 'NETWORK',
  certificate: 'NETWORK',
  'team-unreachable': 'NETWORK',
};

function expectHeadline(headline: string, lang: Lang) {
  expect(headline).not.toBe(t[lang]('error.unexpected'));
  expect(headline).not.toMatch(/[{}]/);
  // Cause, then the next step.
  expect(headline).toMatch(/^.+ — .+$/);
  if (lang === 'ko') expect(headline).toMatch(HANGUL);
  else expect(headline).not.toMatch(HANGUL);
}

describe.each(['ko', 'en'] as const)('error headlines in %s', (lang) => {
  it('every error code the host can return has its own headline', () => {
    const seen = new Set<string>();
    for (const code of ERROR_CODES) {
      const parts = describeError(call({ code }), t[lang], lang);
      expectHeadline(parts.headline, lang);
      expect(seen.has(parts.headline), code).toBe(false);
      seen.add(parts.headline);
      expect(parts.code).toBe(code);
      expect(isErrorCode(code)).toBe(true);
      const short = shortErrorLabel(code, t[lang]);
      expect(short).not.toBe(code);
      if (lang === 'ko') expect(short).toMatch(HANGUL);
    }
  });

  it('every finer cause words its own headline under its code, and only there', () => {
    for (const cause of ERROR_CAUSES) {
      const code = CAUSE_CODE[cause];
      const generic = describeError(call({ code }), t[lang], lang).headline;
      const specific = describeError(call({ code, facts: { cause } }), t[lang], lang).headline;
      expectHeadline(specific, lang);
      expect(specific, cause).not.toBe(generic);
      // A cause under another code is not trusted to word it.
      expect(describeError(call({ code: 'INTERNAL', facts: { cause } }), t[lang], lang).headline).toBe(
        describeError(call({ code: 'INTERNAL' }), t[lang], lang).headline,
      );
    }
  });

  it('names the HTTP status and what it means', () => {
    const of = (status: number) =>
      describeError(call({ code: 'HTTP_ERROR', facts: { httpStatus: status } }), t[lang], lang).headline;
    for (const status of [400, 401, 404, 429, 500, 503]) {
      expectHeadline(of(status), lang);
      expect(of(status)).toContain(String(status));
    }
    expect(new Set([401, 404, 429, 503, 400].map(of)).size).toBe(5);
  });

  it('names the time limit that ran out', () => {
    const parts = describeError(call({ code: 'TIMEOUT', facts: { timeoutMs: 30_000 } }), t[lang], lang);
    expectHeadline(parts.headline, lang);
    expect(parts.headline).toContain('30');
  });

  it('says where it could not connect, and shows the marketplace reason verbatim', () => {
    const down = describeError(
      call({ code: 'NETWORK', facts: { host: '127.0.0.1:9', cause: 'refused' } }),
      t[lang],
      lang,
    );
    expect(down.where).toContain('127.0.0.1:9');
    const reason = '인증파라메터가 올바르지 않습니다. (AuthenticationTicket/EncryptedTicket)';
    const rejected = describeError(call({ code: 'AUTH_FAILED', reason }), t[lang], lang);
    expect(rejected.reason).toBe(reason);
    expect(rejected.headline).toBe(t[lang]('error.code.AUTH_FAILED'));
  });

  it('words a network log entry the same way', () => {
    const parts = describeExchangeError(
      { code: 'THROTTLED', message: 'x', reason: 'Too many requests' },
      t[lang],
      lang,
    );
    expect(parts.headline).toBe(describeError(call({ code: 'THROTTLED' }), t[lang], lang).headline);
    expect(describeExchangeError({ code: 'SOMETHING_NEW', message: 'x' }, t[lang], lang).code).toBe(
      'INTERNAL',
    );
  });
});

describe('technical detail', () => {
  it('keeps the code and detail, and the English sentence only for English readers or when it is all there is', () => {
    const err = call({ code: 'NETWORK', detail: 'ECONNREFUSED 127.0.0.1:9' });
    expect(describeError(err, t.ko, 'ko').detail).toBe('NETWORK — ECONNREFUSED 127.0.0.1:9');
    expect(describeError(err, t.en, 'en').detail).toContain('An English sentence from the host.');
    expect(describeError(call({ code: 'INTERNAL' }), t.ko, 'ko').detail).toContain('An English sentence');
  });

  it('calls a failure that did not cross IPC unexpected', () => {
    const parts = describeError(new TypeError('x is undefined'), t.ko, 'ko');
    expect(parts.headline).toBe(t.ko('error.unexpected'));
    expect(parts.detail).toBe('TypeError: x is undefined');
  });
});

describe('failures several panels share', () => {
  const throttled = () => call({ code: 'THROTTLED', reason: 'Too many requests: 1 per second.' });

  it('are one group per cause; a failure only one panel has stays with it', () => {
    const groups = sharedFailureGroups(
      [
        { op: 'a', error: throttled() },
        { op: 'b', error: null },
        { op: 'c', error: throttled() },
        { op: 'd', error: call({ code: 'NETWORK', facts: { host: 'x:1' } }) },
        { op: 'e', error: throttled() },
        { op: 'f', error: throttled() },
      ],
      t.ko,
      'ko',
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.ops).toEqual(['a', 'c', 'e', 'f']);
    expect(groups[0]!.parts.headline).toBe(t.ko('error.code.THROTTLED'));
  });

  it('keeps different reasons and statuses apart', () => {
    const groups = sharedFailureGroups(
      [
        { op: 'a', error: call({ code: 'SOAP_FAULT', reason: 'one' }) },
        { op: 'b', error: call({ code: 'SOAP_FAULT', reason: 'two' }) },
        { op: 'c', error: call({ code: 'HTTP_ERROR', facts: { httpStatus: 503 } }) },
        { op: 'd', error: call({ code: 'HTTP_ERROR', facts: { httpStatus: 502 } }) },
      ],
      t.en,
      'en',
    );
    expect(groups).toEqual([]);
  });
});
