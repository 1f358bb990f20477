// The one EUC-KR counter, against iconv-lite as the oracle, and its two callers (the lookbook audit in main and
// the keyword basket in the renderer) giving the same answer on the same text.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { REPERTOIRE_FILE, renderEucKrRepertoire } from '../../../scripts/generate-euc-kr-repertoire';
import { toElement } from '../../../src-main/services/lookbook';
import { measureTitle } from '../../../src-renderer/features/keywords/model/keyword-basket';
import { eucKrByteLength, eucKrLength, eucKrWidthOf } from '../../../src-shared/euc-kr';

/** What iconv-lite's CP949 gives a code point: its width, or 0 when it writes '?' and reads back another. */
function oracleWidth(cp: number): 0 | 1 | 2 {
  const ch = String.fromCodePoint(cp);
  const bytes = iconv.encode(ch, 'euc-kr');
  return iconv.decode(bytes, 'euc-kr') === ch ? (bytes.length as 1 | 2) : 0;
}

const carriable = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0xac00, max: 0xd7a3 }), // every Hangul syllable, 똠 and 쀍 included
      fc.integer({ min: 0x3131, max: 0x318e }), // compatibility jamo
      fc.integer({ min: 0x80, max: 0xffff }),
      fc.integer({ min: 0x4e00, max: 0x9fa5 }),
    ),
    { maxLength: 40 },
  )
  .map((cps) => cps.filter((cp) => (cp < 0xd800 || cp >= 0xe000) && oracleWidth(cp) !== 0))
  .map((cps) => String.fromCodePoint(...cps));

/** Emoji, Latin with accents, a hanja outside KS X 1001, NFD jamo, a lone surrogate: none has an EUC-KR code. */
const UNCARRIABLE = ['🙂', '👍🏻', 'é', '丂', '\u1104\u1169\u11b7', '\ud800', 'ñ', '\u{20000}'];

describe('EUC-KR counter (src-shared/euc-kr)', () => {
  it('counts exactly what iconv-lite encodes for any text EUC-KR can carry', () => {
    fc.assert(
      fc.property(carriable, (s) => {
        expect(eucKrByteLength(s)).toBe(iconv.encode(s, 'euc-kr').length);
        expect(eucKrLength(s).unencodable).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('never counts fewer bytes than iconv-lite stores, on any text at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(eucKrByteLength(s)).toBeGreaterThanOrEqual(iconv.encode(s, 'euc-kr').length);
      }),
      { numRuns: 500 },
    );
  });

  it("counts each UTF-16 code unit EUC-KR cannot carry as the one '?' byte it becomes, and reports it", () => {
    // iconv-lite (like .NET) writes one '?' per character; SQL Server's varchar conversion one per code unit.
    for (const ch of UNCARRIABLE) {
      expect(iconv.decode(iconv.encode(ch, 'euc-kr'), 'euc-kr'), 'the oracle cannot carry it').not.toBe(ch);
      expect(eucKrLength(ch).bytes, JSON.stringify(ch)).toBe(ch.length);
      expect(ch.length).toBeGreaterThanOrEqual(iconv.encode(ch, 'euc-kr').length);
    }
    expect(eucKrLength('신상🙂 café 🙂')).toEqual({ chars: 10, bytes: 14, unencodable: ['🙂', 'é'] });
    // NFD 똠 is three conjoining jamo, none in EUC-KR: three '?' where NFC 똠 is two bytes.
    expect(eucKrLength('똠'.normalize('NFD'))).toEqual({
      chars: 3,
      bytes: 3,
      unencodable: ['\u1104', '\u1169', '\u11b7'],
    });
    expect(eucKrLength('똠')).toEqual({ chars: 1, bytes: 2, unencodable: [] });
  });

  it('counts syllables outside KS X 1001 (똠, 쀍), jamo, KS X 1001 symbols and hanja as two bytes', () => {
    expect(eucKrLength('나이키 운동화 260')).toEqual({ chars: 11, bytes: 17, unencodable: [] });
    expect(eucKrByteLength('똠얌꿍 쀍 ㅋㅋ')).toBe(14);
    expect(eucKrByteLength('★㈜㎏※「」漢')).toBe(14);
    expect(eucKrByteLength('')).toBe(0);
  });

  it('agrees with iconv-lite on every code point of the Basic Multilingual Plane', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      if (eucKrWidthOf(cp) !== oracleWidth(cp)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('has its committed repertoire table exactly as the generator writes it from iconv-lite', async () => {
    expect(readFileSync(REPERTOIRE_FILE, 'utf8')).toBe(await renderEucKrRepertoire());
  });
});

describe('the lookbook audit and the keyword basket count the same', () => {
  const texts = [
    '나이키 운동화 260',
    '똠얌꿍 쀍 ㅋㅋ',
    '신상🙂 café 👍🏻',
    '丂 ñ \ud800',
    '가을 신상'.normalize('NFD'),
    '똠'.normalize('NFD') + ' 똠',
  ];
  it.each(texts)('%j', (text) => {
    const audited = toElement({ PageNo: 1, ElementType: 3, Contents: text } as never, 0).contentsEucKrBytes;
    const basket = measureTitle([text]);
    expect(basket.bytes).toBe(audited);
    expect(basket.bytes).toBe(eucKrLength(text).bytes);
    expect(basket.bytes).toBeGreaterThanOrEqual(iconv.encode(text, 'euc-kr').length);
  });
});
