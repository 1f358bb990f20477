import { describe, expect, it } from 'vitest';
import { decimalFromHundredths } from '../../../src-main/sandbox/data/decimal';
import { isbn13CheckDigit, isValidIsbn13 } from '../../../src-main/sandbox/data/isbn';
import { createSandboxData } from '../../../src-main/sandbox/data/sandbox-data';
import {
  createSuggest,
  KEYWORD_SUGGEST_SIDE_LIMIT,
  SUGGEST_RESULT_LIMIT,
} from '../../../src-main/sandbox/data/suggest';
import { BIG_CATALOG_ID, DEEP_CATALOG_ID } from '../../../src-main/sandbox/data/suggest-data';
import type { KSDataT, SuggestOSCatalogT } from '../../../src-main/sandbox/data/types';
import { marketInstant } from '../../../src-shared/date-time';

const instantOf = (text: string) => marketInstant(text) ?? NaN;

const NOW = new Date('2025-06-15T03:00:00Z');
const DAY = 86_400_000;
const data = createSandboxData({ now: NOW, notes: 10 });
const s = data.suggest;
const suggest = createSuggest(s);
const words = (list: KSDataT[]): string[] => list.map((k) => k.Keyword ?? '');
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
const DECIMAL = /^\d+(\.\d{1,2})?$/;

function active(k: KSDataT, at: Date): boolean {
  return instantOf(k.ApplyingDate ?? '') <= at.getTime() && at.getTime() <= instantOf(k.ClosingDate ?? '');
}

describe('keyword dictionary', () => {
  it('has a few thousand Korean and English keywords with the spec fields', () => {
    expect(s.keywords.length).toBeGreaterThan(2000);
    expect(new Set(words(s.keywords)).size).toBe(s.keywords.length);
    expect(s.keywords.some((k) => /^[a-z]/i.test(k.Keyword ?? ''))).toBe(true);
    for (const k of s.keywords) {
      expect(k.KeywordReverse).toBe(
        Array.from(k.Keyword ?? '')
          .reverse()
          .join(''),
      );
      expect(k.DisplayType).toBeGreaterThanOrEqual(0);
      expect(k.DisplayType).toBeLessThanOrEqual(3);
      expect(k.ApplyingDate).toMatch(DATE_TIME);
      expect(k.ClosingDate).toMatch(DATE_TIME);
      if (k.FontColorRgb !== undefined) expect(k.FontColorRgb).toMatch(/^#[0-9A-F]{6}$/);
    }
    expect(s.keywords.some((k) => k.FontColorRgb !== undefined)).toBe(true);
    expect(s.keywords.some((k) => k.IsBold === true)).toBe(true);
    expect(new Set(s.keywords.map((k) => k.KeywordRank)).size).toBe(s.keywords.length);
  });

  it('contains 나이키 and its family, all active', () => {
    for (const k of ['나이키', '나이키 에어포스', '나이키 운동화']) {
      const rec = s.keywords.find((r) => r.Keyword === k);
      expect(rec).toBeDefined();
      expect(active(rec as KSDataT, NOW)).toBe(true);
    }
  });

  it('has a few expired and a few future keywords, which queries leave out', () => {
    const expired = s.keywords.filter((k) => instantOf(k.ClosingDate ?? '') < NOW.getTime());
    const future = s.keywords.filter((k) => instantOf(k.ApplyingDate ?? '') > NOW.getTime());
    expect(expired.length).toBeGreaterThan(10);
    expect(future.length).toBeGreaterThan(10);
    for (const k of [...expired.slice(0, 20), ...future.slice(0, 20)]) {
      expect(words(suggest.keywords(k.Keyword, NOW))).not.toContain(k.Keyword);
    }
    const e = expired[0] as KSDataT;
    const before = new Date(instantOf(e.ClosingDate ?? '') - DAY);
    if (instantOf(e.ApplyingDate ?? '') <= before.getTime()) {
      expect(words(suggest.keywords(e.Keyword, before))).toContain(e.Keyword);
    }
  });
});

describe('keyword queries', () => {
  it('rank 나이키 family for every kind of hint', () => {
    for (const hint of ['나이', 'ㄴㅇㅋ', '나ㅇ', '나잌']) {
      const got = words(suggest.keywords(hint, NOW));
      expect(got[0], hint).toBe('나이키');
      expect(got, hint).toContain('나이키 에어포스');
    }
    expect(words(suggest.keywords('에어', NOW))).toContain('에어팟 프로');
    expect(words(suggest.keywords('운동화', NOW))[0]).toBe('운동화');
    expect(words(suggest.keywords('NIKE', NOW))).toEqual(words(suggest.keywords('nike', NOW)));
  });

  it('cap every list at SUGGEST_RESULT_LIMIT and return nothing for an empty hint', () => {
    expect(SUGGEST_RESULT_LIMIT).toBe(10);
    expect(suggest.keywords('ㅅ', NOW)).toHaveLength(SUGGEST_RESULT_LIMIT);
    expect(suggest.keywords('', NOW)).toEqual([]);
    expect(suggest.keywords(undefined, NOW)).toEqual([]);
    expect(suggest.keywordSuggest(undefined, NOW)).toEqual({
      KeywordContents: [],
      TopCategory: [],
      Shop: [],
      MD: [],
      DLP: [],
    });
  });

  it('answer nicknames, books, tickets and related keywords from their own sets', () => {
    expect(words(suggest.nicknames('강남', NOW)).every((k) => k.startsWith('강남'))).toBe(true);
    expect(suggest.nicknames('강남', NOW).length).toBeGreaterThan(0);
    for (const t of ['공연 티켓', '콘서트 티켓', '뮤지컬 티켓'])
      expect(words(suggest.tickets(t, NOW))[0]).toBe(t);
    expect(words(suggest.tickets('나이키', NOW))).toEqual([]);
    const book = Object.values(s.books)[0];
    expect(words(suggest.books(book?.ItemName, NOW))[0]).toBe(book?.ItemName);
    const related = suggest.suggestionKeywords('운동화', NOW);
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((k) => k.Hint === '운동화')).toBe(true);
  });

  it('top categories follow the matched keywords', () => {
    const top = suggest.topCategories('원피스', NOW);
    expect(top[0]).toMatchObject({ CategoryName: '패션의류', CategoryCode: 100000001 });
    expect(suggest.topCategories('노트북', NOW)[0]?.CategoryName).toBe('디지털/가전');
  });
});

describe('brands', () => {
  it('has about fifty brands with brand-shop flags, pictures and dates', () => {
    expect(s.brands.length).toBeGreaterThanOrEqual(45);
    expect(s.brands.some((b) => b.IsBrandShop === true)).toBe(true);
    expect(s.brands.some((b) => b.IsBrandShop === false)).toBe(true);
    for (const b of s.brands) {
      expect(b.MdPicImg1).toMatch(/^\/images\/item\/\d+\.svg$/);
      expect(instantOf(b.UpdDate ?? '')).toBeGreaterThanOrEqual(instantOf(b.InsDate ?? ''));
    }
  });

  it('finds brands by Korean or English name', () => {
    expect(suggest.brands('나이')[0]?.BrandName).toBe('나이키');
    expect(suggest.brands('NIKE')[0]?.BrandName).toBe('나이키');
  });

  it('has items per brand with decimal prices and consistent discount rates', () => {
    const brand = suggest.brands('나이키')[0];
    const items = suggest.brandItems(brand?.BrandCode ?? -1);
    expect(items.length).toBeGreaterThan(0);
    for (const item of s.brands.flatMap((b) => suggest.brandItems(b.BrandCode ?? -1))) {
      expect(item.Price).toMatch(DECIMAL);
      expect(item.DiscountPrice).toMatch(DECIMAL);
      expect(Number(item.DiscountPrice)).toBeLessThanOrEqual(Number(item.Price));
      expect(item.FixImage80).toMatch(/^\/images\/item\/\d+\.svg$/);
      if (item.CatalogID !== undefined) expect(suggest.catalog(item.CatalogID)).toHaveLength(1);
    }
    expect(suggest.brandItems(999_999)).toEqual([]);
  });

  it('writes decimals exactly', () => {
    expect(decimalFromHundredths(1_590_000)).toBe('15900');
    expect(decimalFromHundredths(1_290_050)).toBe('12900.50');
    expect(decimalFromHundredths(1_290_005)).toBe('12900.05');
  });
});

describe('books', () => {
  it('computes ISBN-13 check digits', () => {
    expect(isbn13CheckDigit('978030640615')).toBe(7);
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isbn13CheckDigit('979110000000')).toBe((10 - ((9 + 7 * 3 + 9 + 1 * 3 + 1) % 10)) % 10);
  });

  it('every book has a valid, unique ISBN-13 and the book fields', () => {
    const books = Object.values(s.books);
    expect(books.length).toBeGreaterThanOrEqual(100);
    expect(new Set(books.map((b) => b.ISBN)).size).toBe(books.length);
    for (const b of books) {
      expect(isValidIsbn13(b.ISBN ?? '')).toBe(true);
      expect(b.Author).toBeTruthy();
      expect(b.Publisher).toBeTruthy();
      expect(b.ProductionDate).toMatch(DATE_TIME);
      expect(b.LowestPrice).toMatch(DECIMAL);
      expect(Number.isInteger(b.BookCash)).toBe(true);
      expect(suggest.book(b.ItemNo)).toEqual([b]);
    }
    expect(suggest.book('nope')).toEqual([]);
    expect(suggest.book('__proto__')).toEqual([]);
    expect(suggest.book(undefined)).toEqual([]);
  });
});

describe('catalogs', () => {
  function depth(c: SuggestOSCatalogT): number {
    return c.SetCatalogs!.length === 0 ? 0 : 1 + Math.max(...c.SetCatalogs!.map(depth));
  }

  it(`${DEEP_CATALOG_ID} nests SetCatalogs at least three levels deep`, () => {
    const [deep] = suggest.catalog(DEEP_CATALOG_ID);
    expect(deep).toBeDefined();
    expect(depth(deep as SuggestOSCatalogT)).toBeGreaterThanOrEqual(3);
    const leaf = deep?.SetCatalogs![0]?.SetCatalogs![0]?.SetCatalogs![0];
    expect(leaf?.ID).toMatch(/^\d+$/);
    expect(suggest.catalog(leaf?.ID ?? '')).toEqual([leaf]);
  });

  it('has a catalog id above 2^53 and unique ids', () => {
    expect(BigInt(BIG_CATALOG_ID) > 2n ** 53n).toBe(true);
    expect(suggest.catalog(BIG_CATALOG_ID)[0]?.ID).toBe(BIG_CATALOG_ID);
    expect(suggest.catalog('0' + DEEP_CATALOG_ID)[0]?.ID).toBe(DEEP_CATALOG_ID);
    expect(suggest.catalog('123')).toEqual([]);
    for (const [id, c] of Object.entries(s.catalogs)) {
      expect(c.ID).toBe(id);
      expect(c.LowestPrice).toMatch(DECIMAL);
    }
  });
});

describe('notices', () => {
  it('returns only active notices, ordered by DisplayOrder', () => {
    const got = suggest.notices(NOW);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(s.notices.length);
    for (const n of got) {
      expect(instantOf(n.StartDate ?? '')).toBeLessThanOrEqual(NOW.getTime());
      expect(instantOf(n.EndDate ?? '')).toBeGreaterThanOrEqual(NOW.getTime());
    }
    const orders = got.map((n) => n.DisplayOrder ?? 0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('has expired and future notices that show up at other times', () => {
    const expired = s.notices.filter((n) => instantOf(n.EndDate ?? '') < NOW.getTime());
    const future = s.notices.filter((n) => instantOf(n.StartDate ?? '') > NOW.getTime());
    expect(expired.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);
    const f = future[0];
    const later = new Date(instantOf(f?.StartDate ?? '') + 1000);
    expect(suggest.notices(later)).toContain(f);
    expect(suggest.notices(NOW)).not.toContain(f);
  });
});

describe('keywordSuggest', () => {
  it('links keywords to real brands and catalogs so drill-downs work', () => {
    const ks = suggest.keywordSuggest('나이키', NOW);
    expect(ks.KeywordContents!.length).toBeGreaterThan(0);
    expect(ks.KeywordContents!.length).toBeLessThanOrEqual(SUGGEST_RESULT_LIMIT);
    const brand = ks.KeywordContents!.find((c) => c.BrandID !== undefined);
    expect(suggest.brandItems(brand?.BrandID ?? -1).length).toBeGreaterThan(0);
    const cat = ks.KeywordContents!.find((c) => c.CatalogID !== undefined);
    expect(cat?.CatalogID).toBe(DEEP_CATALOG_ID);
    expect(ks.TopCategory![0]?.CategoryName).toBe('패션잡화');
    expect(ks.Shop!.length).toBeGreaterThan(0);
    expect(ks.Shop!.length).toBeLessThanOrEqual(KEYWORD_SUGGEST_SIDE_LIMIT);
    expect(ks.MD!.length).toBeGreaterThan(0);
    expect(ks.DLP).toEqual([{ Keyword: '나이키 브랜드위크' }]);
    for (const c of ks.KeywordContents!) expect(Object.values(c)).not.toContain(undefined);
  });

  it('links book keywords to real books', () => {
    const book = Object.values(s.books)[3];
    const ks = suggest.keywordSuggest(book?.ItemName, NOW);
    const link = ks.KeywordContents!.find((c) => c.BookItemNo !== undefined);
    expect(link).toBeDefined();
    expect(suggest.book(link?.BookItemNo)).toHaveLength(1);
  });
});
