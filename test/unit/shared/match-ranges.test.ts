// One decomposition for matching and marking: whatever the Korean matcher finds in a text, match-ranges marks,
// on NFC and NFD text alike, in code units of the text as given.
import { disassemble, getChoseong } from 'es-hangul';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatcher, createTextIndex } from '../../../src-shared/korean-matcher';
import { markedSegments, matchRanges } from '../../../src-shared/match-ranges';
import type { MatchRange } from '../../../src-shared/match-ranges';
import { searchMarks } from '../../../src-shared/note-search';

const matcher = createMatcher<string>([], (s) => s);
const marked = (text: string, ranges: readonly MatchRange[]) => ranges.map(([a, b]) => text.slice(a, b));
const nfd = (s: string) => s.normalize('NFD');

describe('match ranges', () => {
  it('marks plain, initial-consonant and half-typed queries as the suggest matcher finds them', () => {
    expect(markedSegments('나이키 운동화', '운동')).toEqual([
      { text: '나이키 ', hit: false },
      { text: '운동', hit: true },
      { text: '화', hit: false },
    ]);
    expect(matchRanges('ㄴㅇㅋ', '나이키 에어포스')).toEqual([[0, 3]]);
    expect(matchRanges('ㅇㅇㅍ', '나이키 에어포스')).toEqual([[4, 7]]);
    expect(matchRanges('나잌', '나이키')).toEqual([[0, 3]]);
    expect(matchRanges('나ㅇ', '나이키')).toEqual([[0, 2]]);
    expect(matchRanges('air', 'Nike Air')).toEqual([[5, 8]]);
    // Whitespace is ignored on both sides, as the matcher ignores it; the mark spans the gap.
    expect(matchRanges('나이키운동', '나이키 운동화')).toEqual([[0, 6]]);
    expect(matchRanges('운동', '원피스')).toEqual([]);
    expect(markedSegments('원피스', '')).toEqual([{ text: '원피스', hit: false }]);
    expect(matchRanges('환불', '환불 요청, 환불 문의')).toEqual([
      [0, 2],
      [7, 9],
    ]);
  });

  it('marks NFD text exactly as its NFC twin, with ranges on the NFD code units', () => {
    const text = '똠얌꿍 세트 환불 요청';
    const decomposed = nfd(text);
    expect(decomposed.length).toBeGreaterThan(text.length);
    for (const query of ['환불', 'ㅎㅂ', '환ㅂ', '똠얌', nfd('환불'), '얌꿍세']) {
      const composedRanges = matchRanges(query, text);
      const decomposedRanges = matchRanges(query, decomposed);
      expect(composedRanges.length, query).toBeGreaterThan(0);
      expect(marked(decomposed, decomposedRanges).map((s) => s.normalize('NFC'))).toEqual(
        marked(text, composedRanges),
      );
    }
    // All three conjoining jamo of NFD 똠 are marked, not just the first.
    expect(matchRanges('똠', decomposed)).toEqual([[0, 3]]);
  });

  it('marks something exactly when the matcher matches, for NFC and NFD text alike (es-hangul as the oracle)', () => {
    const syllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c));
    const letter = fc.constantFrom(...'가나다라 ABCabc123 ㄱㅋ'.split(''));
    const text = fc.array(fc.oneof(syllable, letter), { minLength: 1, maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 2 }), (t, i, n, form) => {
        const chars = Array.from(t);
        const start = i % chars.length;
        const piece = chars.slice(start, start + 1 + (n % 4)).join('');
        // The query is a piece of the text, as typed, as its initials, or half-typed (its last syllable's jamo
        // without the last letter), each per es-hangul.
        const query =
          form === 0
            ? piece
            : form === 1
              ? getChoseong(piece) || piece
              : disassemble(piece).slice(0, Math.max(1, disassemble(piece).length - 1));
        for (const subject of [t, nfd(t)]) {
          const ranges = matchRanges(query, subject);
          expect(ranges.length > 0, `${query} in ${subject}`).toBe(matcher.matches(query, subject));
          for (const [a, b] of ranges) {
            expect(a).toBeLessThan(b);
            expect(b).toBeLessThanOrEqual(subject.length);
          }
        }
        expect(marked(nfd(t), matchRanges(query, nfd(t))).map((s) => s.normalize('NFC'))).toEqual(
          marked(t, matchRanges(query, t)),
        );
      }),
      { numRuns: 400 },
    );
  });

  it("marks in the inbox what the inbox's index finds, initials only for a query of consonants", () => {
    const titles = ['배송 문의', '없어요', nfd('배송 지연'), '주문 3250-367955'];
    const index = createTextIndex(titles, (s) => s);
    for (const query of ['ㅂㅅ', '배송', '배ㅅ', '3250367955', '3250-367955']) {
      const mask = index.matchMask(query, { initialsOnly: true });
      const found = titles.map((_, k) => mask![k] === 1);
      const digits = query.includes('-') ? titles.map((s) => s.includes('3250-367955')) : found;
      const markedAny = titles.map((s) => searchMarks(query, s).length > 0);
      expect(markedAny, query).toEqual(found.map((f, k) => f || digits[k]!));
    }
    // ㅂ,ㅅ inside 없 are letters of one syllable, not initials: the inbox does not find it, nothing is marked.
    expect(searchMarks('ㅂㅅ', '없어요')).toEqual([]);
    expect(
      marked(nfd('배송 지연'), searchMarks('ㅂㅅ', nfd('배송 지연'))).map((s) => s.normalize('NFC')),
    ).toEqual(['배송']);
  });
});
