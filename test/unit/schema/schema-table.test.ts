import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NAMESPACES,
  OPERATIONS,
  OPERATION_NAMES,
  RECORDS,
  SUGGEST_OPERATIONS,
  decodeScalar,
  encodeScalar,
  soapAction,
} from '../../../src-main/schema';
import { dateTimeInstant } from '../../../src-shared/date-time';
import type { RecordSpec } from '../../../src-main/schema';

const SCALARS = ['string', 'int', 'long', 'boolean', 'decimal', 'dateTime'];

describe('the spec as code', () => {
  it('declares the 14 operations: 12 suggest, 2 API', () => {
    expect(OPERATION_NAMES).toHaveLength(14);
    expect(SUGGEST_OPERATIONS).toHaveLength(12);
    expect(OPERATION_NAMES.filter((n) => OPERATIONS[n].service === 'market').sort()).toEqual([
      'BuyerNoteList',
      'GetSohoLookbook',
    ]);
  });

  it('resolves every child type and every result type', () => {
    for (const [name, spec] of Object.entries(RECORDS) as [string, RecordSpec][]) {
      for (const [child, c] of Object.entries(spec.children ?? {})) {
        expect(SCALARS.includes(c.type) || c.type in RECORDS, `${name}.${child} → ${c.type}`).toBe(true);
      }
    }
    for (const op of OPERATION_NAMES) expect(OPERATIONS[op].result in RECORDS).toBe(true);
  });

  it('makes SuggestBookItemT a superset of SuggestItemT and SuggestOSCatalogT recursive', () => {
    for (const attr of Object.keys(RECORDS.SuggestItemT.attrs))
      expect(attr in RECORDS.SuggestBookItemT.attrs).toBe(true);
    expect(RECORDS.SuggestOSCatalogT.children.SetCatalogs.type).toBe('SuggestOSCatalogT');
  });

  it('derives SOAP actions as the spec gives them', () => {
    expect(soapAction('GetKeywordSuggest', DEFAULT_NAMESPACES)).toBe('ns/GetKeywordSuggest');
    expect(soapAction('BuyerNoteList', { ...DEFAULT_NAMESPACES, nsRoot: 'http://x.example/' })).toBe(
      'http://x.example/APIv1/MarketService/BuyerNoteList',
    );
  });
});

describe('typed values', () => {
  it('keeps longs above 2^53 exact, as strings', () => {
    expect(decodeScalar('long', '9007199254740993', 'p')).toBe('9007199254740993');
    expect(encodeScalar('long', '9007199254740993', 'p')).toBe('9007199254740993');
    expect(() => decodeScalar('long', '9223372036854775808', 'p')).toThrow(/xsd:long/);
  });
  it('reads booleans as true/false/1/0 and nothing else', () => {
    expect(decodeScalar('boolean', '1', 'p')).toBe(true);
    expect(decodeScalar('boolean', ' false ', 'p')).toBe(false);
    expect(() => decodeScalar('boolean', 'yes', 'x@IsBold')).toThrow(/x@IsBold/);
  });
  it('keeps decimal text exact and never parses "007" into 7 for strings', () => {
    expect(decodeScalar('decimal', '12900.50', 'p')).toBe('12900.50');
    expect(decodeScalar('string', '007', 'p')).toBe('007');
    expect(decodeScalar('int', '007', 'p')).toBe(7);
    expect(() => decodeScalar('int', '2147483648', 'p')).toThrow();
  });
  it('keeps dateTime as sent and gives an instant only where an offset exists', () => {
    expect(decodeScalar('dateTime', '2026-11-22T09:30:00+09:00', 'p')).toBe('2026-11-22T09:30:00+09:00');
    expect(dateTimeInstant('2026-11-22T09:30:00+09:00')).toBe(Date.UTC(2026, 10, 22, 0, 30));
    expect(dateTimeInstant('2026-11-22T09:30:00')).toBeUndefined();
    expect(dateTimeInstant('2026-11-22T09:30:00', 9 * 60)).toBe(Date.UTC(2026, 10, 22, 0, 30));
    expect(() => decodeScalar('dateTime', '2026-13-01T00:00:00', 'p')).toThrow();
  });
});
