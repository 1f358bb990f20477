import { createMatcher, type Matcher } from '../../../src-shared/korean-matcher';
import type { SuggestData } from './suggest-data';
import type {
  KSDataBrandT,
  KSDataT,
  KSTopCategoryDataT,
  KeywordSuggestT,
  SearchNoticeT,
  SuggestBookItemT,
  SuggestItemT,
  SuggestKeywordContentsT,
  SuggestOSCatalogT,
} from './types';
import { marketInstant } from '../../../src-shared/date-time';

/** Cap of every list a suggest query returns (the spec leaves result sizes open). */
export const SUGGEST_RESULT_LIMIT = 10;
/** Cap of the Shop, MD and DLP children of KeywordSuggestT: side panels, not the main list. */
export const KEYWORD_SUGGEST_SIDE_LIMIT = 3;

/**
 * One query per suggest operation. Keyword lists rank with the matcher's tiers, then Priority (HIGHER first: it
 * is the editors' boost), then KeywordRank (LOWER first: 1 is the most searched), then the keyword text. Records
 * outside their ApplyingDate..ClosingDate window at `now` are left out. An empty or absent hint returns nothing.
 * Results are the stored records themselves: serialize them, don't mutate them.
 */
export interface Suggest {
  /** GetKeywordsByKeywordHint */
  keywords(hint: string | undefined, now?: Date): KSDataT[];
  /** GetSuggestionKeywordsByKeywordHint: related keywords of the base words the hint matches. */
  suggestionKeywords(hint: string | undefined, now?: Date): KSDataT[];
  /** GetNicknamesByKeywordHint */
  nicknames(hint: string | undefined, now?: Date): KSDataT[];
  /** GetKeywordByTopCategoryList: the top categories of the keywords the hint matches, strongest first. */
  topCategories(hint: string | undefined, now?: Date): KSTopCategoryDataT[];
  /** GetBooksKeywordByKeywordHint */
  books(hint: string | undefined, now?: Date): KSDataT[];
  /** GetTicketKeywordByKeywordHint */
  tickets(hint: string | undefined, now?: Date): KSDataT[];
  /** GetSuggestionNotice: notices active at `now` (StartDate <= now <= EndDate), by DisplayOrder then SeqNo. */
  notices(now?: Date): SearchNoticeT[];
  /** GetBrandShopSuggestionBrandsByKeywordHint: by Korean name or English name (Hint); brand shops first. */
  brands(hint: string | undefined): KSDataBrandT[];
  /** GetKeywordSuggest: keywords with drill-down links, top categories, shops, MD picks and DLP keywords. */
  keywordSuggest(hint: string | undefined, now?: Date): KeywordSuggestT;
  /** GetBrandPlusItems; unknown brand -> []. */
  brandItems(brandId: number): SuggestItemT[];
  /** GetBook; unknown or absent item number -> []. */
  book(bookItemNo: string | undefined): SuggestBookItemT[];
  /** GetCatalog by xsd:long id as decimal text; any catalog node, nested set catalogs included; unknown -> []. */
  catalog(catalogId: string): SuggestOSCatalogT[];
}

/** Drops undefined-valued keys: an absent attribute must be absent, not present-and-undefined. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const byPriorityThenRank = (a: KSDataT, b: KSDataT): number =>
  (b.Priority ?? 0) - (a.Priority ?? 0) ||
  (a.KeywordRank ?? Number.MAX_SAFE_INTEGER) - (b.KeywordRank ?? Number.MAX_SAFE_INTEGER);

function keywordMatcher(records: KSDataT[]): Matcher<KSDataT> {
  return createMatcher(records, (r) => r.Keyword ?? '', {
    getReverse: (r) =>
      r.KeywordReverse ??
      Array.from(r.Keyword ?? '')
        .reverse()
        .join(''),
    compare: byPriorityThenRank,
  });
}

/** The suggest data indexed once: each list's matcher, and which records are active when. */
interface SuggestIndex {
  data: SuggestData;
  activeAt: (now: Date) => (r: KSDataT) => boolean;
  keywords: Matcher<KSDataT>;
  nicknames: Matcher<KSDataT>;
  bookKeywords: Matcher<KSDataT>;
  tickets: Matcher<KSDataT>;
  suggestionsByHint: Matcher<KSDataT>;
  brands: Matcher<{ brand: KSDataBrandT; text: string }>;
  shops: Matcher<SuggestData['shops'][number]>;
  dlp: Matcher<string>;
  categoryByCode: Map<number | undefined, SuggestData['categories'][number]>;
}

const ALL = Number.POSITIVE_INFINITY;

function indexSuggest(data: SuggestData): SuggestIndex {
  // Windows parsed once; a record without dates is always active.
  const windows = new Map<KSDataT, [number, number]>();
  for (const list of [
    data.keywords,
    data.suggestionKeywords,
    data.nicknames,
    data.bookKeywords,
    data.ticketKeywords,
  ]) {
    for (const r of list) {
      windows.set(r, [
        r.ApplyingDate === undefined ? -Infinity : (marketInstant(r.ApplyingDate) ?? NaN),
        r.ClosingDate === undefined ? Infinity : (marketInstant(r.ClosingDate) ?? NaN),
      ]);
    }
  }
  const activeAt = (now: Date) => {
    const t = now.getTime();
    return (r: KSDataT): boolean => {
      const w = windows.get(r);
      return w === undefined || (w[0] <= t && t <= w[1]);
    };
  };
  const brandNames = data.brands.flatMap((brand) =>
    [brand.BrandName, brand.Hint]
      .filter((t): t is string => t !== undefined)
      .map((text) => ({ brand, text })),
  );
  return {
    data,
    activeAt,
    keywords: keywordMatcher(data.keywords),
    nicknames: keywordMatcher(data.nicknames),
    bookKeywords: keywordMatcher(data.bookKeywords),
    tickets: keywordMatcher(data.ticketKeywords),
    suggestionsByHint: createMatcher(data.suggestionKeywords, (r) => r.Hint ?? '', {
      compare: (a, b) => (a.KeywordRank ?? 0) - (b.KeywordRank ?? 0),
    }),
    brands: createMatcher(brandNames, (e) => e.text, {
      compare: (a, b) =>
        Number(b.brand.IsBrandShop === true) - Number(a.brand.IsBrandShop === true) ||
        (a.brand.BrandCode ?? 0) - (b.brand.BrandCode ?? 0),
    }),
    shops: createMatcher(data.shops, (s) => `${s.ShopName ?? ''} ${s.ShopID ?? ''}`),
    dlp: createMatcher(data.dlp, (d) => d),
    categoryByCode: new Map(data.categories.map((c) => [c.CategoryCode, c])),
  };
}

export function createSuggest(data: SuggestData): Suggest {
  const ix = indexSuggest(data);
  return {
    keywords: (hint, now = new Date()) => ks(ix, ix.keywords, hint, now),
    nicknames: (hint, now = new Date()) => ks(ix, ix.nicknames, hint, now),
    books: (hint, now = new Date()) => ks(ix, ix.bookKeywords, hint, now),
    tickets: (hint, now = new Date()) => ks(ix, ix.tickets, hint, now),
    suggestionKeywords: (hint, now = new Date()) => suggestionKeywords(ix, hint, now),
    topCategories: (hint, now = new Date()) => topCategories(ix, hint, now),
    notices(now = new Date()) {
      const t = now.getTime();
      return data.notices
        .filter((n) => {
          const start = n.StartDate === undefined ? -Infinity : (marketInstant(n.StartDate) ?? NaN);
          const end = n.EndDate === undefined ? Infinity : (marketInstant(n.EndDate) ?? NaN);
          return start <= t && t <= end;
        })
        .sort((a, b) => (a.DisplayOrder ?? 0) - (b.DisplayOrder ?? 0) || (a.SeqNo ?? 0) - (b.SeqNo ?? 0))
        .slice(0, SUGGEST_RESULT_LIMIT);
    },
    brands: (hint) => brandsFor(ix, hint),
    keywordSuggest: (hint, now = new Date()) => keywordSuggest(ix, hint, now),
    brandItems: (brandId) => data.brandItems[String(brandId)] ?? [],
    book(bookItemNo) {
      const no = bookItemNo?.trim();
      const b = no !== undefined && Object.hasOwn(data.books, no) ? data.books[no] : undefined;
      return b === undefined ? [] : [b];
    },
    catalog(catalogId) {
      const id = catalogId.trim().replace(/^0+(?=\d)/, '');
      const c = Object.hasOwn(data.catalogs, id) ? data.catalogs[id] : undefined;
      return c === undefined ? [] : [c];
    },
  };
}

function ks(ix: SuggestIndex, m: Matcher<KSDataT>, hint: string | undefined, now: Date): KSDataT[] {
  return m.search(hint ?? '', SUGGEST_RESULT_LIMIT, ix.activeAt(now)).map((x) => x.item);
}

function topCategories(ix: SuggestIndex, hint: string | undefined, now: Date): KSTopCategoryDataT[] {
  const { data, categoryByCode } = ix;
  // Categories of the best 50 matches, ordered by how many of those matches fall in each.
  const hits = ix.keywords.search(hint ?? '', 50, ix.activeAt(now));
  const tally = new Map<number, { keyword: string; count: number; first: number }>();
  hits.forEach(({ item }, i) => {
    const code = data.keywordCategory[item.Keyword ?? ''];
    if (code === undefined || !categoryByCode.has(code)) return;
    const t = tally.get(code);
    if (t === undefined) tally.set(code, { keyword: item.Keyword ?? '', count: 1, first: i });
    else t.count++;
  });
  return [...tally]
    .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
    .slice(0, SUGGEST_RESULT_LIMIT)
    .map(([code, t]) => ({
      Keyword: t.keyword,
      CategoryCode: code,
      CategoryName: categoryByCode.get(code)?.CategoryName ?? '',
      Priority: t.count,
    }));
}

function brandsFor(ix: SuggestIndex, hint: string | undefined): KSDataBrandT[] {
  const out: KSDataBrandT[] = [];
  for (const { item } of ix.brands.search(hint ?? '', ALL)) {
    if (!out.includes(item.brand)) out.push(item.brand);
    if (out.length >= SUGGEST_RESULT_LIMIT) break;
  }
  return out;
}

function suggestionKeywords(ix: SuggestIndex, hint: string | undefined, now: Date): KSDataT[] {
  const out: KSDataT[] = [];
  const seen = new Set<string>();
  const take = (query: string) => {
    for (const { item } of ix.suggestionsByHint.search(query, ALL, ix.activeAt(now))) {
      const k = item.Keyword ?? '';
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(item);
      if (out.length >= SUGGEST_RESULT_LIMIT) return;
    }
  };
  take(hint ?? '');
  // A hint that is no base word itself (a brand: 나이키) borrows the related keywords of the words that
  // follow it in its strongest matches (나이키 운동화 → the family of 운동화).
  if (out.length === 0 && hint) {
    const words = ks(ix, ix.keywords, hint, now).flatMap((k) => (k.Keyword ?? '').split(/\s+/).slice(1));
    for (const word of [...new Set(words)]) {
      if (out.length >= SUGGEST_RESULT_LIMIT) break;
      take(word);
    }
  }
  return out;
}

function keywordSuggest(ix: SuggestIndex, hint: string | undefined, now: Date): KeywordSuggestT {
  const { data } = ix;
  const contents: SuggestKeywordContentsT[] = [];
  const push = (c: SuggestKeywordContentsT): void => {
    if (contents.length < SUGGEST_RESULT_LIMIT && !contents.some((x) => x.Keyword === c.Keyword)) {
      contents.push(compact(c));
    }
  };
  const linked = (k: KSDataT): SuggestKeywordContentsT => ({
    Keyword: k.Keyword,
    Hint: k.Hint,
    Priority: k.Priority,
    ...data.keywordLinks[k.Keyword ?? ''],
  });
  const kws = ks(ix, ix.keywords, hint, now);
  // Keywords fill most of the list; brands and books keep two places each so drill-downs always show up.
  for (const k of kws.slice(0, SUGGEST_RESULT_LIMIT - 4)) push(linked(k));
  for (const b of brandsFor(ix, hint).slice(0, 2)) {
    push({ Keyword: b.BrandName, Hint: b.Hint, Priority: 0, BrandID: b.BrandCode });
  }
  for (const k of ks(ix, ix.bookKeywords, hint, now).slice(0, 2)) push(linked(k));
  for (const k of kws.slice(SUGGEST_RESULT_LIMIT - 4)) push(linked(k));
  const top = topCategories(ix, hint, now);
  const best = contents[0]?.Keyword ?? hint ?? '';
  const categoryNames = new Set(top.map((c) => c.CategoryName));
  const shopHits = ix.shops.search(hint ?? '', KEYWORD_SUGGEST_SIDE_LIMIT).map((m) => m.item);
  for (const s of data.shops) {
    if (shopHits.length >= KEYWORD_SUGGEST_SIDE_LIMIT || top.length === 0) break;
    if (categoryNames.has(s.LargeCategory) && !shopHits.includes(s)) shopHits.push(s);
  }
  return {
    KeywordContents: contents,
    TopCategory: top,
    Shop:
      contents.length === 0 && shopHits.length === 0
        ? []
        : shopHits.map((s) => compact({ Keyword: best, ...s })),
    MD: data.mds
      .filter((m) => categoryNames.has(m.LargeCategory))
      .slice(0, KEYWORD_SUGGEST_SIDE_LIMIT)
      .map((m) => compact({ Keyword: best, ...m })),
    DLP: ix.dlp.search(hint ?? '', KEYWORD_SUGGEST_SIDE_LIMIT).map((m) => ({ Keyword: m.item })),
  };
}
