import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileQuery, createMatcher, createTextIndex, narrows } from '../../../src-shared/korean-matcher';

// The large-corpus index must answer exactly what the matcher's own `filter` answers for each text, whatever
// queries came before (answers are kept and later queries narrow earlier ones).

// Small pools so that queries hit: syllables that share initials, vowels and finals (화/환/회, 가/각/간…),
// compatibility jamo (compound ones too), Latin in both cases, digits, spaces, a character from the
// U+0100 block the index swaps with the jamo block, and the separators the inbox and the index use.
const SYLLABLES = [...'가각간갃고교구귀나낙난이키화환회홚부불사색반취매요주세'];
const JAMO = [...'ㄱㄲㄳㄴㄵㄶㅂㅅㅎㅏㅗㅘㅜㅝ'];
const OTHER = [...'aAbBzZ19 ', '\n', '\u0131', '\u0101', '\u0001'];
const unit = fc.oneof(
  fc.constantFrom(...SYLLABLES),
  fc.constantFrom(...SYLLABLES),
  fc.constantFrom(...JAMO),
  fc.constantFrom(...OTHER),
);
const textArb = fc.string({ unit, maxLength: 24 });
const queryArb = fc.string({ unit, minLength: 1, maxLength: 4 });

const CHO = [...'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'];
/** What the search box holds while a word is typed with a Korean IME: 'ㅎ', '화', '환', '환ㅂ', '환부', '환불'. */
function typing(word: string): string[] {
  const out: string[] = [];
  let done = '';
  for (const ch of word) {
    const c = ch.charCodeAt(0) - 0xac00;
    if (c >= 0 && c <= 11171) {
      out.push(done + CHO[Math.floor(c / 588)]!);
      if (c % 28 !== 0) out.push(done + String.fromCharCode(0xac00 + c - (c % 28)));
    }
    done += ch;
    out.push(done);
  }
  return out;
}

/** A session in the search box: words typed, with backspaces between. */
const sessionArb = fc.array(
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...SYLLABLES), minLength: 1, maxLength: 3 }).map(typing),
    fc.array(queryArb, { minLength: 1, maxLength: 3 }),
    queryArb.map((q) => [q, q.slice(0, -1) || q]),
  ),
  { minLength: 1, maxLength: 6 },
);

describe('createTextIndex', () => {
  it('answers what the matcher filters, over any history of queries', () => {
    fc.assert(
      fc.property(fc.array(textArb, { maxLength: 25 }), sessionArb, (texts, session) => {
        const index = createTextIndex(texts, (t) => t);
        const matcher = createMatcher(texts, (t) => t, { lazy: true });
        for (const query of session.flat()) {
          const want = new Set(matcher.filter(query).map((t) => texts.indexOf(t)));
          const mask = index.matchMask(query);
          if (compileQuery(query) === undefined) {
            expect(mask).toBeUndefined();
            continue;
          }
          const got = texts.map((_, i) => mask![i] === 1);
          // indexOf gives the first of equal texts: compare per text value.
          expect(got).toEqual(texts.map((t) => want.has(texts.indexOf(t))));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('narrows only when every match of the new query matches the old one', () => {
    fc.assert(
      fc.property(fc.array(textArb, { maxLength: 25 }), queryArb, queryArb, (texts, a, b) => {
        const prev = compileQuery(a);
        const next = compileQuery(b);
        if (!prev || !next || !narrows(prev, next)) return;
        const matcher = createMatcher(texts, (t) => t, { lazy: true });
        const before = new Set(matcher.filter(a));
        for (const t of matcher.filter(b)) expect(before.has(t)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // The cases the inbox relies on: typing on, and composing a syllable.
    const q = (s: string) => compileQuery(s)!;
    expect(narrows(q('환'), q('환불'))).toBe(true);
    expect(narrows(q('ㅎ'), q('화'))).toBe(true);
    expect(narrows(q('화'), q('환'))).toBe(true);
    expect(narrows(q('환'), q('화'))).toBe(false);
    expect(narrows(q('ㄱ'), q('ㄳ'))).toBe(false);
  });

  it('finds jamo-initial words at any length of text (the swapped encoding)', () => {
    const texts = ['교환 문의', '가나다', 'ıı', 'ㄱ', 'ı교'];
    const index = createTextIndex(texts, (t) => t);
    const shown = (query: string) => texts.filter((_, i) => index.matchMask(query)![i] === 1);
    expect(shown('교')).toEqual(['교환 문의', 'ı교']);
    expect(shown('ㄱ')).toEqual(['교환 문의', '가나다', 'ㄱ', 'ı교']);
    expect(shown('ı')).toEqual(['ıı', 'ı교']);
    expect(shown('ㄱㅎ')).toEqual(['교환 문의']);
    expect(shown('교ㅎ')).toEqual(['교환 문의']);
    expect(index.matchMask('  ')).toBeUndefined();
    expect(createTextIndex([], (t: string) => t).matchMask('가')).toEqual(new Uint8Array(0));
  });
});
