// How long a title is for the marketplace, which limits product titles in EUC-KR bytes, not characters.
// ASCII is one byte; Hangul syllables, jamo, hanja and the KS X 1001 symbols are two (CP949, the EUC-KR superset
// Korean forms actually send, which gives every one of the 11,172 syllables a two-byte code). Anything else
// (emoji, é, most other scripts) has no code at all: it is reported so the seller can remove it, and not counted,
// because the marketplace replaces it with '?' or refuses it rather than storing it.
import { HANJA_BITMAP_BASE64, HANJA_FIRST, HANJA_LAST, TWO_BYTE_RANGES } from './euc-kr-repertoire';

export interface EucKrLength {
  /** Characters as a person counts them (code points). */
  chars: number;
  bytes: number;
  /** Characters EUC-KR cannot carry, each once, in order of appearance. */
  unencodable: string[];
}

/** The marketplace's title limit in EUC-KR bytes. */
export const TITLE_BYTE_LIMIT = 100;

let hanja: Uint8Array | undefined;
function hanjaBits(): Uint8Array {
  hanja ??= Uint8Array.from(atob(HANJA_BITMAP_BASE64), (c) => c.charCodeAt(0));
  return hanja;
}

/** 1 or 2 for a code point EUC-KR can carry, 0 for one it cannot. */
export function eucKrBytesOf(cp: number): 0 | 1 | 2 {
  if (cp < 0x80) return 1;
  if (cp >= HANJA_FIRST && cp <= HANJA_LAST) {
    const i = cp - HANJA_FIRST;
    return (hanjaBits()[i >> 3]! >> (i & 7)) & 1 ? 2 : 0;
  }
  let lo = 0;
  let hi = TWO_BYTE_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = TWO_BYTE_RANGES[mid]!;
    if (cp < from) hi = mid - 1;
    else if (cp > to) lo = mid + 1;
    else return 2;
  }
  return 0;
}

export function eucKrLength(text: string): EucKrLength {
  let chars = 0;
  let bytes = 0;
  const unencodable: string[] = [];
  for (const ch of text) {
    chars++;
    const n = eucKrBytesOf(ch.codePointAt(0)!);
    if (n === 0) {
      if (!unencodable.includes(ch)) unencodable.push(ch);
    } else bytes += n;
  }
  return { chars, bytes, unencodable };
}
