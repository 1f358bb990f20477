import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES, RECORDS } from '../../../src-main/schema';
import type { RecordName } from '../../../src-main/schema';
import { readRecord, serviceNamespaces, writeRecord } from '../../../src-main/soap/codec';
import { parseXml } from '../../../src-main/soap/xml-read';
import { recordArb } from '../schema/arbitraries';

const known = serviceNamespaces(DEFAULT_NAMESPACES);

function roundTrip(type: RecordName, value: Record<string, unknown>) {
  const xml = `<root xmlns="urn:test" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${writeRecord('ns', 'item', type, value, DEFAULT_NAMESPACES, 'urn:test')}</root>`;
  const parsed = parseXml(xml);
  return readRecord(parsed.children[0]!, type, known);
}

describe('encode → decode is the identity', () => {
  it.each(Object.keys(RECORDS) as RecordName[])('%s', (type) => {
    fc.assert(
      fc.property(recordArb(type), (value) => {
        expect(roundTrip(type, value)).toEqual(value);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps \\r, \\t, \\n, Korean, emoji and 2^53+1 exactly', () => {
    const note = {
      SeqNo: 1,
      Title: '교환\r\n문의\t😀',
      Content: '  앞뒤 공백  \n',
      OrderNo: '9007199254740993',
      InsDate: '2026-11-22T09:30:00.123+09:00',
    };
    expect(roundTrip('SendNote', note)).toEqual(note);
  });
});
