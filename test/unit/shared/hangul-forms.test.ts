import fc from 'fast-check';
import { disassemble, getChoseong } from 'es-hangul';
import { describe, expect, it } from 'vitest';
import { choseongOf, jamoOf } from '../../../src-shared/hangul-forms';

// es-hangul is the reference; the fast forms must agree with it on any Korean text.
const syllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c));
const compatJamo = fc.integer({ min: 0x3131, max: 0x318e }).map((c) => String.fromCharCode(c));
const other = fc.constantFrom(' ', 'a', 'Z', '1', '?', '\n', '😀', 'é', '漢');
const text = fc.string({ unit: fc.oneof(syllable, syllable, compatJamo, other), maxLength: 40 });

describe('Hangul forms agree with es-hangul', () => {
  it('initial consonants', () => {
    fc.assert(
      fc.property(text, (s) => {
        // es-hangul hands non-Hangul characters back in NFD (é → e + U+0301); the matcher works on NFC text.
        expect(choseongOf(s)).toBe(getChoseong(s, { keepNonHangul: true }).normalize('NFC'));
      }),
      { numRuns: 2000 },
    );
  });
  it('jamo decomposition', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(jamoOf(s)).toBe(disassemble(s));
      }),
      { numRuns: 2000 },
    );
  });
  it('every syllable of the Unicode block', () => {
    let all = '';
    for (let c = 0xac00; c <= 0xd7a3; c++) all += String.fromCharCode(c);
    expect(jamoOf(all)).toBe(disassemble(all));
    expect(choseongOf(all)).toBe(getChoseong(all, { keepNonHangul: true }));
  });
});
