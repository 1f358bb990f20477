// Fuzzing the response decoder: arbitrary bytes and mutated valid responses may only ever produce
// a result or a typed error (one with a deskCode) — never an untyped exception or a hang.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES } from '../../../src-main/schema';
import { buildResponse } from '../../../src-main/sandbox/response-write';
import { decodeResponse } from '../../../src-main/soap/result-read';
import { readEnvelope } from '../../../src-main/soap/envelope-read';
import { parseXml } from '../../../src-main/soap/xml-read';
import { mutate } from '../../support/mutate';
import type { Mutation } from '../../support/mutate';

function decode(input: string | Uint8Array): 'ok' | string {
  try {
    const env = readEnvelope(parseXml(input, { maxBytes: 1 << 20, maxDepth: 64 }));
    if (env.payload) decodeResponse('BuyerNoteList', env.payload, DEFAULT_NAMESPACES);
    return 'ok';
  } catch (err) {
    const code = (err as { deskCode?: unknown }).deskCode;
    if (typeof code !== 'string') throw new Error(`untyped error: ${String(err)}`, { cause: err });
    return code;
  }
}

const valid = buildResponse(
  'BuyerNoteList',
  {
    SendNote: Array.from({ length: 5 }, (_, i) => ({
      SeqNo: i + 1,
      BuyerID: `buyer${i}`,
      Title: `배송 문의 ${i} & <확인>`,
      Content: '줄1\r\n줄2\t끝',
      OrderNo: '9007199254740993',
      InsDate: '2026-11-21T14:03:00+09:00',
      ReplyStatus: 'NoReply' as const,
      SearchQueryType: 'Shipping' as const,
    })),
  },
  { version: '1.1', ns: DEFAULT_NAMESPACES, encryptedTicket: 'x' },
);

const mutation = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('delete', 'insert', 'duplicate', 'flip'),
  at: fc.nat(),
  len: fc.integer({ min: 1, max: 40 }),
  text: fc.constantFrom(
    '<',
    '>',
    '&',
    '&#0;',
    '&lt;',
    ']]>',
    '<!--',
    '<!DOCTYPE x>',
    '"',
    '\u0000',
    '</soap:Body>',
    'xmlns:a="b"',
    '\uFFFE',
    '<![CDATA[',
  ),
});

describe('decoder fuzzing', () => {
  it('decodes the unmutated response', () => {
    expect(decode(valid)).toBe('ok');
  });

  it('arbitrary bytes give only typed errors', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        expect(typeof decode(bytes)).toBe('string');
      }),
      { numRuns: 400 },
    );
  });

  it('mutated valid responses give a result or a typed error', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
        seen.add(decode(mutate(valid, ms)));
      }),
      { numRuns: 600 },
    );
    // The mutations reach both outcomes, so the property is not vacuous.
    expect(seen.has('ok')).toBe(true);
    expect(seen.has('BAD_RESPONSE')).toBe(true);
  });
});
