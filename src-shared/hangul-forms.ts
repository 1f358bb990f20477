// Initial consonants and jamo of long texts, by code-point arithmetic into a code-unit buffer.
// es-hangul defines the expected output (a property test checks these equal its getChoseong and
// disassemble on arbitrary Korean text); this exists because the inbox decomposes the text of a
// 100,000-note cache at once, where es-hangul's general-purpose path costs seconds.
const SBASE = 0xac00;
const SLAST = 0xd7a3;
const code = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
/** The 19 initial consonants, in Unicode's syllable order. */
export const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
/** The 21 medial vowels as es-hangul disassembles them: compound letters split into their parts. */
export const MEDIAL_PARTS: readonly string[] =
  'ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅗㅏ ㅗㅐ ㅗㅣ ㅛ ㅜ ㅜㅓ ㅜㅔ ㅜㅣ ㅠ ㅡ ㅡㅣ ㅣ'.split(' ');
/** The 28 finals (the first is none), split the same way. */
export const FINAL_PARTS: readonly string[] = [
  '',
  ...'ㄱ ㄲ ㄱㅅ ㄴ ㄴㅈ ㄴㅎ ㄷ ㄹ ㄹㄱ ㄹㅁ ㄹㅂ ㄹㅅ ㄹㅌ ㄹㅍ ㄹㅎ ㅁ ㅂ ㅂㅅ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ'.split(
    ' ',
  ),
];
const CHO = code(INITIALS);
const JUNG = MEDIAL_PARTS.map(code);
const JONG = FINAL_PARTS.map(code);
// Standalone compound compatibility jamo (U+3131..U+318E), split the same way.
const COMPOUND = new Map<number, number[]>(
  Object.entries({
    ㄳ: 'ㄱㅅ',
    ㄵ: 'ㄴㅈ',
    ㄶ: 'ㄴㅎ',
    ㄺ: 'ㄹㄱ',
    ㄻ: 'ㄹㅁ',
    ㄼ: 'ㄹㅂ',
    ㄽ: 'ㄹㅅ',
    ㄾ: 'ㄹㅌ',
    ㄿ: 'ㄹㅍ',
    ㅀ: 'ㄹㅎ',
    ㅄ: 'ㅂㅅ',
    ㅘ: 'ㅗㅏ',
    ㅙ: 'ㅗㅐ',
    ㅚ: 'ㅗㅣ',
    ㅝ: 'ㅜㅓ',
    ㅞ: 'ㅜㅔ',
    ㅟ: 'ㅜㅣ',
    ㅢ: 'ㅡㅣ',
  }).map(([k, v]) => [k.charCodeAt(0), code(v)]),
);

const utf16 = new TextDecoder('utf-16le');
/** A string of UTF-16 code units. */
export function unitsToString(units: Uint16Array): string {
  return utf16.decode(units);
}

/** Every Hangul syllable's initial consonant; other characters kept. Same length as the input. */
export function choseongOf(s: string): string {
  return unitsToString(choseongUnits(s));
}

/** Syllables and compound letters split into basic jamo. */
export function jamoOf(s: string): string {
  return unitsToString(jamoUnits(s));
}

/** choseongOf as code units (the large-corpus index re-encodes them before making a string). */
export function choseongUnits(s: string): Uint16Array {
  const out = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[i] = c >= SBASE && c <= SLAST ? CHO[((c - SBASE) / 588) | 0]! : c;
  }
  return out;
}

const JUNG_LEN = Uint8Array.from(JUNG, (j) => j.length);
const JONG_LEN = Uint8Array.from(JONG, (j) => j.length);

/** jamoOf as code units, sized exactly (one counting pass first: a 10-million-character text would
 *  otherwise need a buffer five times its length). */
export function jamoUnits(s: string): Uint16Array {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= SBASE && c <= SLAST) {
      const x = c - SBASE;
      n += 1 + JUNG_LEN[((x % 588) / 28) | 0]! + JONG_LEN[x % 28]!;
    } else {
      n += c >= 0x3131 && c <= 0x318e ? (COMPOUND.get(c)?.length ?? 1) : 1;
    }
  }
  const out = new Uint16Array(n);
  n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= SBASE && c <= SLAST) {
      const x = c - SBASE;
      out[n++] = CHO[(x / 588) | 0]!;
      for (const u of JUNG[((x % 588) / 28) | 0]!) out[n++] = u;
      for (const u of JONG[x % 28]!) out[n++] = u;
    } else {
      const parts = c >= 0x3131 && c <= 0x318e ? COMPOUND.get(c) : undefined;
      if (parts) for (const u of parts) out[n++] = u;
      else out[n++] = c;
    }
  }
  return out;
}
