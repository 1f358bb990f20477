// The matcher's rules, seen through the wire: initial consonants (초성) and a half-typed syllable find 나이키.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { decodeResponse } from '../../../src-main/soap/result-read';
import type { SoapVersion } from '../../../src-main/soap/envelope-write';
import { call, startTestSandbox, VERSIONS } from './support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function keywords(hint: string, version: SoapVersion): Promise<string[]> {
  const reply = await call(sb, 'GetKeywordsByKeywordHint', { keywordHint: hint }, version);
  expect(reply.status, reply.text).toBe(200);
  return (decodeResponse('GetKeywordsByKeywordHint', reply.env!.payload!, sb.ns)?.KSDataT ?? []).map(
    (k) => k?.Keyword ?? '',
  );
}

describe.each(VERSIONS)('GetKeywordsByKeywordHint over SOAP %s', (version) => {
  it.each(['ㄴㅇㅋ', '나ㅇ', '나이'])('%s returns 나이키 first, then more 나이키 keywords', async (hint) => {
    const found = await keywords(hint, version);
    expect(found[0]).toBe('나이키');
    expect(found.filter((k) => k.startsWith('나이키')).length).toBeGreaterThan(1);
  });

  it('ㄴㅇㅋ matches by initial consonants only: every result reads ㄴㅇㅋ…', async () => {
    const found = await keywords('ㄴㅇㅋ', version);
    const choseong = (s: string) =>
      Array.from(s.replace(/\s/g, ''))
        .map((c) => {
          const code = c.charCodeAt(0) - 0xac00;
          return code >= 0 && code < 11172
            ? 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'[Math.floor(code / 588)]
            : c;
        })
        .join('');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((k) => choseong(k).includes('ㄴㅇㅋ'))).toBe(true);
  });

  it('a hint that matches nothing, and an empty one, return an empty result', async () => {
    expect(await keywords('ㅋㅋㅋㅋㅋㅋㅋ', version)).toEqual([]);
    expect(await keywords('', version)).toEqual([]);
  });

  it('the same hint gives the same list as the sandbox data layer', async () => {
    const direct = sb.backend.suggest(
      'GetKeywordsByKeywordHint',
      { keywordHint: '나ㅇ' },
      new Date(sb.backend.data.generatedAtMs),
    );
    expect(await keywords('나ㅇ', version)).toEqual(direct?.KSDataT?.map((k) => k?.Keyword));
  });
});
