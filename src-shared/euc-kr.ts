// How long text is for the marketplace, which stores Korean text in EUC-KR and limits it in bytes, not characters.
// EUC-KR here is CP949, the superset Korean servers actually store, which gives every one of the 11,172 Hangul
// syllables a code: ASCII is one byte; syllables (똠 and 쀍 included), compatibility jamo (ㅋ), hanja and the
// KS X 1001 symbols are two. The repertoire table is generated from iconv-lite (scripts/generate-euc-kr-repertoire.ts),
// so this module needs no encoder at run time and runs the same in main (the lookbook audit) and the renderer (the
// keyword basket).
//
// THE RULE for characters EUC-KR cannot carry (emoji, é, hanja outside KS X 1001, and the conjoining jamo that NFD
// text is made of): each UTF-16 code unit of such a character counts ONE byte, and the character is reported.
// The marketplace does not refuse them: its servers store '?' in their place. How many depends on the converter:
// .NET's encoder writes one '?' per character, SQL Server's varchar conversion one per UTF-16 code unit, so an
// emoji (two code units) becomes '??'. Counting the larger never under-counts what the marketplace stores, so a
// text this module calls within a limit is within it whichever converter the marketplace runs; counting nothing
// (as the keyword basket once did) let a title with emoji pass here and be cut short there. NFD Hangul is not
// normalised first: the marketplace does not normalise either, so '가' typed as two conjoining jamo costs the two
// '?' it will become, and is reported so the seller can retype it.
import { HANJA_BITMAP_BASE64, HANJA_FIRST, HANJA_LAST, TWO_BYTE_RANGES } from './euc-kr-repertoire';

export interface EucKrLength {
  /** Characters as a person counts them (code points). */
  chars: number;
  /** Bytes the marketplace stores, with the rule above for characters EUC-KR cannot carry. */
  bytes: number;
  /** Characters EUC-KR cannot carry, each once, in order of appearance. */
  unencodable: string[];
}

let hanja: Uint8Array | undefined;
function hanjaBits(): Uint8Array {
  hanja ??= Uint8Array.from(atob(HANJA_BITMAP_BASE64), (c) => c.charCodeAt(0));
  return hanja;
}

/** 1 or 2 for a code point EUC-KR can carry, 0 for one it cannot. */
export function eucKrWidthOf(cp: number): 0 | 1 | 2 {
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
    const width = eucKrWidthOf(ch.codePointAt(0)!);
    if (width > 0) {
      bytes += width;
    } else {
      // One '?' per UTF-16 code unit: ch.length is 2 for an astral character, 1 otherwise (a lone surrogate too).
      bytes += ch.length;
      if (!unencodable.includes(ch)) unencodable.push(ch);
    }
  }
  return { chars, bytes, unencodable };
}

/** Bytes `text` takes when the marketplace stores it (see eucKrLength). */
export function eucKrByteLength(text: string): number {
  return eucKrLength(text).bytes;
}
