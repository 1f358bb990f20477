import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../../src-main/cli/csv';

describe('csv', () => {
  it('quotes only what needs it and doubles quotes (RFC 4180)', () => {
    expect(csvField('plain 텍스트')).toBe('plain 텍스트');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(false)).toBe('false');
    expect(csvField(42)).toBe('42');
  });

  it('keeps spreadsheet formulas from running, but not negative numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.5')).toBe('-12.5');
  });

  it('starts with a BOM and ends every record with CRLF', () => {
    const text = toCsv([{ a: 1, b: 'x,y' }, null, { b: '한글' }], ['a', 'b']);
    expect(text).toBe('\uFEFFa,b\r\n1,"x,y"\r\n,\r\n,한글\r\n');
  });
});
