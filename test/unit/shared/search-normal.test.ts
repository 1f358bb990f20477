// The search's one normal form, for the query and the searched text alike: what a Korean IME or a pasted web page
// adds (full-width digits and letters, zero-width spaces) changes nothing, and the letters 초성 queries are written
// in stay letters.
import { describe, expect, it } from 'vitest';
import { createMatcher } from '../../../src-shared/korean-matcher';
import { matchRanges } from '../../../src-shared/match-ranges';
import { numberAlternative } from '../../../src-shared/note-search';
import { searchNormal } from '../../../src-shared/search-normal';

describe('the search normal form', () => {
  it('folds full-width forms, drops zero-width characters, lower-cases and drops whitespace', () => {
    expect(searchNormal('３２５０９５７５５８')).toBe('3250957558');
    expect(searchNormal('ＳＩＺＥ 문의')).toBe('size문의');
    expect(searchNormal('사이\u200b즈\u200c\u200d\u2060\ufeff')).toBe('사이즈');
    expect(searchNormal('㈜나이키\u3000운동화')).toBe('(주)나이키운동화');
    // NFD Hangul (macOS) composes as before.
    expect(searchNormal('\u1100\u1161')).toBe('가');
  });

  it('keeps the Hangul letters as typed: ㄱ then ㅏ is not 가, and 초성 still find their syllables', () => {
    expect(searchNormal('ㄱㅏ')).toBe('ㄱㅏ');
    expect(searchNormal('ㄴㅇㅋ')).toBe('ㄴㅇㅋ');
    const m = createMatcher(['나이키 운동화', 'ＮＩＫＥ 운동화'], (s) => s);
    expect(m.filter('ㄴㅇㅋ')).toEqual(['나이키 운동화']);
    expect(m.filter('nike')).toEqual(['ＮＩＫＥ 운동화']);
    expect(m.filter('ｎｉｋｅ운동')).toEqual(['ＮＩＫＥ 운동화']);
  });

  it('marks what it finds in the text as given (full width, zero-width spaces inside)', () => {
    expect(matchRanges('size', 'ＳＩＺＥ 문의')).toEqual([[0, 4]]);
    expect(matchRanges('３２５０', 'order 3250')).toEqual([[6, 10]]);
    expect(matchRanges('사이즈', '사이\u200b즈 교환')).toEqual([[0, 4]]);
  });

  it('reads a number typed in full-width digits with a dash as the number', () => {
    expect(numberAlternative('３２５０－３６７９５５')).toBe('3250367955');
    expect(numberAlternative('３２５０-３６７９５５')).toBe('3250367955');
  });
});
