import { describe, expect, it } from 'vitest';
import { createMatcher, DEFAULT_SEARCH_LIMIT, MatchTier } from '../../../src-shared/korean-matcher';

interface Kw {
  Keyword: string;
  Priority: number;
  KeywordRank: number;
}

const kw = (Keyword: string, Priority = 0, KeywordRank = 100): Kw => ({ Keyword, Priority, KeywordRank });
const WORDS = [
  kw('나이키', 90, 1),
  kw('나이키 에어포스', 80, 2),
  kw('나이키 운동화', 70, 3),
  kw('아디다스 운동화', 60, 4),
  kw('여성 운동화 추천', 10, 5),
  kw('에어프라이어', 50, 6),
  kw('Nike Air Force 1', 40, 7),
  kw('nike dunk', 30, 8),
  kw('낭만 캠핑', 5, 9),
  kw('원피스 여름', 20, 10),
];
const byPriorityThenRank = (a: Kw, b: Kw): number => b.Priority - a.Priority || a.KeywordRank - b.KeywordRank;
const matcher = createMatcher(WORDS, (w) => w.Keyword, { compare: byPriorityThenRank });
const texts = (query: string, limit?: number): string[] =>
  matcher.search(query, limit).map((m) => m.item.Keyword);

describe('matcher rules', () => {
  it('prefix: 나이 finds every 나이키 keyword and nothing else', () => {
    expect(texts('나이')).toEqual(['나이키', '나이키 에어포스', '나이키 운동화']);
    expect(matcher.tierOf('나이', '나이키 운동화')).toBe(MatchTier.Prefix);
  });

  it('exact beats prefix', () => {
    const m = matcher.search('나이키');
    expect(m[0]).toMatchObject({ item: { Keyword: '나이키' }, tier: MatchTier.Exact });
    expect(m.slice(1).every((x) => x.tier === MatchTier.Prefix)).toBe(true);
  });

  it('substring: 에어 inside a keyword', () => {
    expect(matcher.tierOf('에어', '나이키 에어포스')).toBe(MatchTier.Substring);
    // 에어프라이어 is a prefix match and ranks first; the middle matches follow.
    expect(texts('에어')).toEqual(['에어프라이어', '나이키 에어포스']);
  });

  it('suffix: 운동화 at the end ranks after a middle occurrence', () => {
    expect(matcher.tierOf('운동화', '나이키 운동화')).toBe(MatchTier.Suffix);
    expect(matcher.tierOf('운동화', '여성 운동화 추천')).toBe(MatchTier.Substring);
    expect(texts('운동화')).toEqual(['여성 운동화 추천', '나이키 운동화', '아디다스 운동화']);
  });

  it('suffix uses the record reverse form when given (KeywordReverse)', () => {
    const rec = { Keyword: '나이키 운동화', KeywordReverse: '화동운 키이나' };
    const m = createMatcher([rec], (r) => r.Keyword, { getReverse: (r) => r.KeywordReverse });
    expect(m.search('운동화')[0]?.tier).toBe(MatchTier.Suffix);
    // A reverse form that disagrees with the text demotes the hit to a plain substring: it is really used.
    const lying = createMatcher([{ ...rec, KeywordReverse: 'xxxx' }], (r) => r.Keyword, {
      getReverse: (r) => r.KeywordReverse,
    });
    expect(lying.search('운동화')[0]?.tier).toBe(MatchTier.Substring);
  });

  it('initial consonants: ㄴㅇㅋ finds 나이키, spaces ignored', () => {
    expect(texts('ㄴㅇㅋ')).toEqual(['나이키', '나이키 에어포스', '나이키 운동화']);
    expect(matcher.tierOf('ㄴㅇㅋ', '나이키')).toBe(MatchTier.ChoseongPrefix);
    expect(matcher.tierOf('ㄴㅇㅋㅇㄷㅎ', '나이키 운동화')).toBe(MatchTier.ChoseongPrefix);
    expect(matcher.tierOf('ㄴㅇㅋ ㅇㄷㅎ', '나이키 운동화')).toBe(MatchTier.ChoseongPrefix);
    expect(matcher.tierOf('ㅇㄷㅎ', '나이키 운동화')).toBe(MatchTier.Substring);
    expect(matcher.tierOf('ㅋㅋㅋ', '나이키')).toBeUndefined();
  });

  it('half-typed last syllable: 나ㅇ and 나잌 find 나이키 (jamo prefix)', () => {
    expect(matcher.tierOf('나ㅇ', '나이키')).toBe(MatchTier.JamoPrefix);
    expect(matcher.tierOf('나잌', '나이키')).toBe(MatchTier.JamoPrefix);
    expect(texts('나잌')).toEqual(['나이키', '나이키 에어포스', '나이키 운동화']);
    // 나ㅇ is also on the way to 낭만: both appear, ranked by priority inside the tier.
    expect(texts('나ㅇ')).toEqual(['나이키', '나이키 에어포스', '나이키 운동화', '낭만 캠핑']);
    expect(matcher.tierOf('나잌', '나비')).toBeUndefined();
  });

  it('Latin is case-insensitive', () => {
    expect(texts('NIKE')).toEqual(['Nike Air Force 1', 'nike dunk']);
    expect(texts('nike')).toEqual(texts('NIKE'));
    expect(matcher.tierOf('AIR force', 'Nike Air Force 1')).toBe(MatchTier.Substring);
  });

  it('spaces do not matter: 나이키운동화 finds 나이키 운동화', () => {
    expect(matcher.tierOf('나이키운동화', '나이키 운동화')).toBe(MatchTier.Exact);
  });

  it('orders by tier, then Priority (higher first), then KeywordRank (lower first), then text', () => {
    const same = [
      kw('가방 b', 5, 2),
      kw('가방 a', 5, 2),
      kw('가방 c', 5, 1),
      kw('가방 d', 9, 50),
      kw('가방', 0, 99),
    ];
    const m = createMatcher(same, (w) => w.Keyword, { compare: byPriorityThenRank });
    expect(m.search('가방').map((x) => x.item.Keyword)).toEqual([
      '가방',
      '가방 d',
      '가방 c',
      '가방 a',
      '가방 b',
    ]);
    const tiers = createMatcher(
      [kw('x운동화'), kw('운동화'), kw('ㅇ운동화 x'), kw('운동화x'), kw('운동')],
      (w) => w.Keyword,
    );
    expect(tiers.search('운동화').map((x) => [x.item.Keyword, x.tier])).toEqual([
      ['운동화', MatchTier.Exact],
      ['운동화x', MatchTier.Prefix],
      ['ㅇ운동화 x', MatchTier.Substring],
      ['x운동화', MatchTier.Suffix],
    ]);
  });

  it('caps results at the limit (default DEFAULT_SEARCH_LIMIT)', () => {
    const many = Array.from({ length: 50 }, (_, i) => kw(`나이키 ${String(i).padStart(2, '0')}`));
    const m = createMatcher(many, (w) => w.Keyword);
    expect(DEFAULT_SEARCH_LIMIT).toBe(10);
    expect(m.search('나이키')).toHaveLength(DEFAULT_SEARCH_LIMIT);
    expect(m.search('나이키', 3).map((x) => x.item.Keyword)).toEqual(['나이키 00', '나이키 01', '나이키 02']);
    expect(m.search('나이키', 0)).toEqual([]);
  });

  it('empty or blank query matches nothing', () => {
    expect(matcher.search('')).toEqual([]);
    expect(matcher.search('   ')).toEqual([]);
    expect(matcher.filter('')).toEqual([]);
  });

  it('accept filters before the cap', () => {
    const m = matcher.search('나이', 2, (w) => w.Keyword !== '나이키');
    expect(m.map((x) => x.item.Keyword)).toEqual(['나이키 에어포스', '나이키 운동화']);
  });
});

describe('free-text use (inbox)', () => {
  const notes = [
    { id: 1, text: '배송 언제 되나요?\n주문번호 3100000001' },
    { id: 2, text: 'Exchange for a bigger size' },
    { id: 3, text: '사이즈 교환 문의\r\n\t260으로 교환 가능할까요?' },
  ];
  const inbox = createMatcher(notes, (n) => n.text, { lazy: true });

  it('filter finds a word anywhere, in input order', () => {
    expect(inbox.filter('교환').map((n) => n.id)).toEqual([3]);
    expect(inbox.filter('3100000001').map((n) => n.id)).toEqual([1]);
    expect(inbox.filter('BIGGER').map((n) => n.id)).toEqual([2]);
    expect(inbox.filter('ㄱㅎ').map((n) => n.id)).toEqual([3]);
    expect(inbox.filter('언젣').map((n) => n.id)).toEqual([1]);
  });

  it('matches tests one text without an index', () => {
    expect(inbox.matches('가능할까', '260으로 교환 가능할까요?')).toBe(true);
    expect(inbox.matches('환불', '260으로 교환 가능할까요?')).toBe(false);
  });

  it('ranks consonant and half-typed queries over a few thousand keywords', () => {
    const words = Array.from(
      { length: 4000 },
      (_, i) => `${['나이키', '운동화', '원피스', '에어팟'][i % 4]} 상품${i}`,
    );
    const m = createMatcher(words, (w) => w);
    expect(m.search('ㄴㅇㅋ', 10)).toHaveLength(10);
    expect(m.search('나잌', 10)).toHaveLength(10);
  });
});
