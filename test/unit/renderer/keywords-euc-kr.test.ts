import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { eucKrBytesOf, eucKrLength } from '../../../src-renderer/features/keywords/model/euc-kr-bytes';

/** What the marketplace stores: the CP949 encoding, with characters it cannot carry counting as none. */
function reference(cp: number): 0 | 1 | 2 {
  const ch = String.fromCodePoint(cp);
  const bytes = iconv.encode(ch, 'cp949');
  return iconv.decode(bytes, 'cp949') === ch ? (bytes.length as 1 | 2) : 0;
}

describe('EUC-KR byte counter', () => {
  it('counts ASCII as one byte and Hangul as two', () => {
    expect(eucKrLength('나이키 운동화 260')).toEqual({ chars: 11, bytes: 17, unencodable: [] });
    expect(eucKrLength('NIKE')).toEqual({ chars: 4, bytes: 4, unencodable: [] });
    expect(eucKrLength('')).toEqual({ chars: 0, bytes: 0, unencodable: [] });
  });

  it('counts syllables outside KS X 1001 (똠, 쀍) and half-typed jamo as two bytes', () => {
    expect(eucKrLength('똠얌꿍').bytes).toBe(6);
    expect(eucKrLength('쀍').bytes).toBe(2);
    expect(eucKrLength('ㅋㅋㅋ').bytes).toBe(6);
  });

  it('counts KS X 1001 symbols and hanja as two bytes', () => {
    expect(eucKrLength('★㈜㎏※「」漢').bytes).toBe(14);
  });

  it('reports what EUC-KR cannot carry, once each, without counting it', () => {
    expect(eucKrLength('신상🙂 café 🙂')).toEqual({ chars: 10, bytes: 9, unencodable: ['🙂', 'é'] });
    expect(eucKrLength('丂').unencodable).toEqual(['丂']);
  });

  it('agrees with the CP949 table on every code point of the Basic Multilingual Plane', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      if (eucKrBytesOf(cp) !== reference(cp)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});
