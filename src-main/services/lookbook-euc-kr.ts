import iconv from 'iconv-lite';

/**
 * Bytes `text` takes in the marketplace's Korean encoding. iconv-lite's EUC-KR is CP949 (Unified Hangul Code),
 * the superset every Korean Windows server stores: ASCII 1 byte, Hangul syllables and the other KS X 1001
 * characters 2 bytes. Characters it cannot hold (emoji) become '?' on storage, 1 byte, and are counted so.
 */
export function eucKrByteLength(text: string): number {
  return iconv.encode(text, 'euc-kr').length;
}
