// The sandbox writes responses and faults from string templates. Whatever the result, ticket, SOAP version or
// namespace configuration, the text must be byte for byte what the xmlbuilder2 serializer wrote (kept in
// test/support/envelope-reference.ts), the bytes path must equal the text path, and the envelope must read
// back to the same result and ticket.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES, OPERATIONS, OPERATION_NAMES } from '../../../src-main/schema';
import type { OperationName, ServiceNamespaces } from '../../../src-main/schema';
import {
  buildFault,
  buildResponse,
  buildResponseBytes,
  createResponseMemo,
} from '../../../src-main/sandbox/response-write';
import { decodeResponse } from '../../../src-main/soap/result-read';
import type { FaultSpec } from '../../../src-main/sandbox/response-write';
import { readEnvelope } from '../../../src-main/soap/envelope-read';
import { parseXml } from '../../../src-main/soap/xml-read';
import { InvalidXmlCharError } from '../../../src-main/soap/xml-text';
import { referenceBuildFault, referenceBuildResponse } from '../../support/envelope-reference';
import { recordArb, xmlString } from '../schema/arbitraries';
import { SAMPLE_RESULTS } from '../../fixtures/sample-results';

const NAMESPACES: ServiceNamespaces[] = [
  DEFAULT_NAMESPACES,
  {
    nsRoot: 'urn:market/',
    schemaRoot: 'http://schema.example.kr/v2/?a=1&b="2"',
    suggestNs: 'http://suggest.example/ns',
  },
];
const version = fc.constantFrom('1.1' as const, '1.2' as const);
const namespaces = fc.constantFrom(...NAMESPACES);
const ticket = fc.option(
  fc.oneof(xmlString, fc.stringMatching(/^sbx-enc-[0-9a-z]{1,4}-[A-Za-z0-9_-]{12}$/)),
  {
    nil: undefined,
  },
);

function readBack(op: OperationName, xml: string, ns: ServiceNamespaces) {
  const env = readEnvelope(parseXml(xml));
  return {
    result: decodeResponse(op, env.payload!, ns),
    ticket: env.header?.children.find((h) => h.name === 'EncryptedTicket')?.children[0]?.text,
  };
}

describe('response envelopes', () => {
  it.each(OPERATION_NAMES)(
    '%s: text equals the xmlbuilder2 serialization, bytes equal text, reads back',
    (op) => {
      const spec = OPERATIONS[op];
      // One memo across runs, as the sandbox keeps one: later runs hit records encoded by earlier ones.
      const memo = createResponseMemo();
      const seen: Record<string, unknown>[] = [];
      fc.assert(
        fc.property(
          fc.option(recordArb(spec.result), { nil: undefined, freq: 8 }),
          ticket,
          version,
          namespaces,
          fc.boolean(),
          (generated, encryptedTicket, v, ns, reuse) => {
            // Now and then answer again with records already in the memo, as a server answers a page twice.
            const result = reuse && seen.length > 0 ? seen[seen.length - 1] : generated;
            if (result) seen.push(result);
            const opts = { version: v, ns, encryptedTicket };
            const xml = buildResponse(op, result as never, opts);
            expect(xml).toBe(referenceBuildResponse(op, result as never, opts));
            expect(buildResponseBytes(op, result as never, opts).toString('utf8')).toBe(xml);
            expect(buildResponseBytes(op, result as never, { ...opts, memo }).toString('utf8')).toBe(xml);
            const back = readBack(op, xml, ns);
            expect(back.result).toEqual(result);
            expect(back.ticket).toBe(spec.service === 'market' ? encryptedTicket : undefined);
          },
        ),
        { numRuns: 80 },
      );
    },
  );

  it('keeps &, <, \\r, \\t, Korean and emoji exactly, from the memo as from scratch', () => {
    const note = {
      SeqNo: 1,
      Title: '교환 & <반품>\r\n문의\t😀',
      Content: '&amp; 그대로\r',
      OrderNo: '9007199254740993',
      InsDate: '2026-11-22T09:30:00+09:00',
    };
    const memo = createResponseMemo();
    const opts = { version: '1.2' as const, ns: DEFAULT_NAMESPACES, encryptedTicket: 'a&b<c>\r\t한😀', memo };
    const first = buildResponseBytes('BuyerNoteList', { SendNote: [note, note] }, opts);
    const again = buildResponseBytes('BuyerNoteList', { SendNote: [note] }, opts);
    expect(again.toString('utf8')).toContain(first.toString('utf8').match(/<SendNote[^>]*\/>/)![0]);
    const back = readBack('BuyerNoteList', first.toString('utf8'), DEFAULT_NAMESPACES);
    expect(back.result).toEqual({ SendNote: [note, note] });
    expect(back.ticket).toBe('a&b<c>\r\t한😀');
    expect(first.toString('utf8')).toContain('Title="교환 &amp; &lt;반품&gt;&#xD;&#xA;문의&#x9;😀"');
    expect(first.toString('utf8')).toContain('<Value>a&amp;b&lt;c&gt;&#xD;\t한😀</Value>');
  });

  it('refuses what XML 1.0 cannot carry, in the ticket and in a record, with or without a memo', () => {
    const ok = { SendNote: [{ SeqNo: 1, Title: 'fine' }] };
    const bad = { SendNote: [{ SeqNo: 1, Title: 'bell\u0007' }] };
    for (const memo of [undefined, createResponseMemo()]) {
      const opts = { version: '1.1' as const, ns: DEFAULT_NAMESPACES, memo };
      expect(() => buildResponseBytes('BuyerNoteList', ok, { ...opts, encryptedTicket: 'x\u0000' })).toThrow(
        InvalidXmlCharError,
      );
      expect(() => buildResponseBytes('BuyerNoteList', bad, { ...opts, encryptedTicket: 'x' })).toThrow(
        InvalidXmlCharError,
      );
    }
  });

  it('the sample results serialize as the reference does', () => {
    for (const op of OPERATION_NAMES) {
      for (const v of ['1.1', '1.2'] as const) {
        const opts = { version: v, ns: DEFAULT_NAMESPACES, encryptedTicket: 'T' };
        expect(buildResponse(op, SAMPLE_RESULTS[op] as never, opts)).toBe(
          referenceBuildResponse(op, SAMPLE_RESULTS[op] as never, opts),
        );
      }
    }
  });
});

describe('fault envelopes', () => {
  it('equal the xmlbuilder2 serialization for any reason, detail and subcode', () => {
    const fault: fc.Arbitrary<FaultSpec> = fc.record(
      {
        code: fc.constantFrom('Client' as const, 'Server' as const),
        reason: xmlString,
        subcode: fc.stringMatching(/^[A-Za-z][A-Za-z0-9.]{0,20}$/),
        detail: xmlString,
      },
      { requiredKeys: ['code', 'reason'] },
    );
    fc.assert(
      fc.property(version, fault, (v, f) => {
        expect(buildFault(v, f)).toBe(referenceBuildFault(v, f));
      }),
      { numRuns: 300 },
    );
  });
});
