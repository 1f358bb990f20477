import { getChoseong } from 'es-hangul';
import { decimalFromHundredths } from './decimal';
import { itemImagePath } from './images';
import { isbn13CheckDigit } from './isbn';
import type { Rng } from './prng';
import type {
  KSDataBrandT,
  KSDataT,
  KSTopCategoryDataT,
  SearchNoticeT,
  SuggestBookItemT,
  SuggestItemT,
  SuggestKeywordMDT,
  SuggestKeywordShopT,
  SuggestOSCatalogT,
} from './types';
import type { CatalogFamily, KeywordsFile, SuggestExtrasFile } from './word-lists';
import { formatDateTime } from '../../../src-shared/date-time';
import { DAY_MS } from '../../../src-shared/market-day';

/**
 * The catalog whose SetCatalogs nest three levels below it (colour -> size -> package): '나이키 에어포스 1 '07'.
 * GetCatalog drill-downs and the recursive codec are tested against it.
 */
export const DEEP_CATALOG_ID = '5000000001';
/** A catalog id above 2^53, so an xsd:long parsed into a JS number would visibly break. */
export const BIG_CATALOG_ID = '9007199254740999';

/** Links a KeywordContents entry carries so the app can drill down (GetBook / GetCatalog / GetBrandPlusItems). */
export interface KeywordLink {
  BookItemNo?: string;
  CatalogID?: string;
  BrandID?: number;
}

export interface SuggestData {
  /** The main dictionary (GetKeywordsByKeywordHint); a few records are expired or not yet applying. */
  keywords: KSDataT[];
  /** Related keywords; Hint holds the word they are suggested for (GetSuggestionKeywordsByKeywordHint). */
  suggestionKeywords: KSDataT[];
  nicknames: KSDataT[];
  bookKeywords: KSDataT[];
  ticketKeywords: KSDataT[];
  /** One record per top category: CategoryCode, CategoryName (Keyword is filled per query). */
  categories: KSTopCategoryDataT[];
  /** CategoryCode of each dictionary keyword. */
  keywordCategory: Record<string, number>;
  /** Drill-down links by keyword text (dictionary and book keywords). */
  keywordLinks: Record<string, KeywordLink>;
  brands: KSDataBrandT[];
  /** By BrandCode (decimal text). */
  brandItems: Record<string, SuggestItemT[]>;
  /** By book ItemNo. */
  books: Record<string, SuggestBookItemT>;
  /** Every catalog node by ID, nested set catalogs included (they are the same objects as inside their parent). */
  catalogs: Record<string, SuggestOSCatalogT>;
  /** Root catalog IDs in order. */
  catalogRoots: string[];
  notices: SearchNoticeT[];
  shops: SuggestKeywordShopT[];
  mds: SuggestKeywordMDT[];
  dlp: string[];
}

const COLOURS = ['#D32F2F', '#1E3A8A', '#047857', '#7C3AED', '#B45309'];

function reverseText(text: string): string {
  return Array.from(text).reverse().join('');
}

function won(n: number): number {
  return n * 100;
}

interface KeywordSeed {
  category: number;
  priority: number;
  bold: boolean;
  /** Always inside its window, so demos and tests can rely on it. */
  pinned: boolean;
}

function ksData(
  rng: Rng,
  nowMs: number,
  keyword: string,
  seed: KeywordSeed,
  windows: 'mixed' | 'active',
): KSDataT {
  const rec: KSDataT = {
    Keyword: keyword,
    KeywordReverse: reverseText(keyword),
    Priority: seed.priority,
    DisplayType: rng.int(4),
    IsBold: seed.bold || rng.chance(0.04),
  };
  if (rng.chance(0.03)) rec.FontColorRgb = rng.pick(COLOURS);
  let applying = nowMs - rng.range(1, 365) * DAY_MS;
  let closing = nowMs + rng.range(30, 730) * DAY_MS;
  if (windows === 'mixed' && !seed.pinned) {
    const u = rng.next();
    if (u < 0.03) {
      closing = nowMs - rng.range(1, 60) * DAY_MS;
      applying = closing - rng.range(7, 180) * DAY_MS;
    } else if (u < 0.06) {
      applying = nowMs + rng.range(1, 30) * DAY_MS;
      closing = applying + rng.range(7, 180) * DAY_MS;
    }
  }
  rec.ApplyingDate = formatDateTime(applying);
  rec.ClosingDate = formatDateTime(closing);
  rec.Hint = getChoseong(keyword, { keepNonHangul: true });
  return rec;
}

/** KeywordRank 1..n by Priority (highest first), ties in generation order. */
function assignRanks(records: KSDataT[]): void {
  records
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (b.r.Priority ?? 0) - (a.r.Priority ?? 0) || a.i - b.i)
    .forEach(({ r }, rank) => {
      r.KeywordRank = rank + 1;
    });
}

function dictionary(rng: Rng, kf: KeywordsFile, extras: SuggestExtrasFile): Map<string, KeywordSeed> {
  const seeds = new Map<string, KeywordSeed>();
  const add = (keyword: string, category: number, priority: number, bold = false, pinned = false): void => {
    if (!seeds.has(keyword)) seeds.set(keyword, { category, priority, bold, pinned });
  };
  for (const f of kf.fixed) add(f.keyword, f.category, f.priority, f.bold === true, true);
  const codeByName = new Map(kf.categories.map((c) => [c.name, c.code]));
  for (const fam of extras.catalogFamilies)
    add(fam.keyword, codeByName.get(fam.category) ?? 0, 50, false, true);
  for (const c of kf.categories) {
    for (const base of c.bases) {
      add(base, c.code, rng.range(40, 80));
      for (const m of c.modifiers) {
        add(`${base} ${m}`, c.code, rng.range(0, 60));
        if (rng.chance(0.2)) add(`${m} ${base}`, c.code, rng.range(0, 50));
      }
      for (const m of kf.globalModifiers)
        if (rng.chance(kf.globalShare)) add(`${base} ${m}`, c.code, rng.range(0, 40));
    }
  }
  for (const base of kf.english.bases) {
    add(base, kf.english.code, rng.range(30, 70));
    for (const m of kf.english.modifiers) add(`${base} ${m}`, kf.english.code, rng.range(0, 40));
  }
  for (const [name, , category] of extras.brands) {
    add(name, category, rng.range(40, 80));
    const products = productsOf(kf, category);
    for (let k = 0; k < 3; k++) add(`${name} ${rng.pick(products)}`, category, rng.range(10, 60));
  }
  return seeds;
}

/** What a brand of a category sells: that category's base words (so no '해피바스 운동화'). */
function productsOf(kf: KeywordsFile, category: number): string[] {
  return kf.categories.find((c) => c.code === category)?.bases ?? kf.english.bases;
}

function catalogNode(
  rng: Rng,
  nowMs: number,
  id: string,
  name: string,
  attr: { element: string; unitName?: string },
  image: number,
): SuggestOSCatalogT {
  const lowest = won(rng.range(30, 3000) * 100);
  const node: SuggestOSCatalogT = {
    ID: id,
    CatalogFullName: name,
    ProductionDate: formatDateTime(nowMs - rng.range(60, 900) * DAY_MS),
    MainDescription: `${name} · 최저가 비교 ${rng.range(3, 40)}개 판매처`,
    LowestPrice: decimalFromHundredths(lowest),
    IacLowestPriceTotalPrice: decimalFromHundredths(lowest + won(rng.pick([0, 2500, 3000]))),
    MatchingItemCount: rng.range(3, 480),
    SetAttributeElementName: attr.element,
    SetAttributeIsUnit: attr.unitName !== undefined,
    Image100Path: itemImagePath(image),
    SetCatalogs: [],
  };
  if (attr.unitName !== undefined) node.SetAttributeUnitName = attr.unitName;
  return node;
}

function catalogs(
  rng: Rng,
  nowMs: number,
  families: CatalogFamily[],
): { byId: Record<string, SuggestOSCatalogT>; roots: string[] } {
  const byId: Record<string, SuggestOSCatalogT> = {};
  const roots: string[] = [];
  let childId = 5_100_000_000;
  let image = 30_000;
  const index = (n: SuggestOSCatalogT): SuggestOSCatalogT => {
    byId[n.ID as string] = n;
    return n;
  };
  families.forEach((fam, i) => {
    const id =
      i === 0 ? DEEP_CATALOG_ID : i === families.length - 1 ? BIG_CATALOG_ID : String(5_000_000_001 + i);
    const root = index(catalogNode(rng, nowMs, id, fam.name, { element: fam.unit, ...unit(fam) }, image++));
    roots.push(id);
    const valueNodes = (prefix: string): SuggestOSCatalogT[] =>
      fam.values.map((v) =>
        index(
          catalogNode(
            rng,
            nowMs,
            String(++childId),
            `${prefix} ${v}${fam.unitName ?? ''}`,
            { element: fam.unit, ...unit(fam) },
            image++,
          ),
        ),
      );
    if (id === DEEP_CATALOG_ID) {
      // root -> colour -> size -> package: SetCatalogs three levels deep.
      root.SetAttributeElementName = '색상';
      root.SetAttributeIsUnit = false;
      delete root.SetAttributeUnitName;
      root.SetCatalogs = ['화이트', '블랙'].map((colour) => {
        const colourNode = index(
          catalogNode(
            rng,
            nowMs,
            String(++childId),
            `${fam.name} ${colour}`,
            { element: fam.unit, ...unit(fam) },
            image++,
          ),
        );
        colourNode.SetCatalogs = valueNodes(`${fam.name} ${colour}`);
        for (const size of colourNode.SetCatalogs) {
          size.SetAttributeElementName = '구성';
          size.SetAttributeIsUnit = false;
          delete size.SetAttributeUnitName;
          size.SetCatalogs = ['단품', '2켤레 세트'].map((pack) =>
            index(
              catalogNode(
                rng,
                nowMs,
                String(++childId),
                `${size.CatalogFullName ?? ''} ${pack}`,
                { element: '구성' },
                image++,
              ),
            ),
          );
        }
        return colourNode;
      });
    } else {
      root.SetCatalogs = valueNodes(fam.name);
    }
  });
  return { byId, roots };
}

function unit(fam: CatalogFamily): { unitName?: string } {
  return fam.unitName === undefined ? {} : { unitName: fam.unitName };
}

export function createSuggestData(
  rng: Rng,
  nowMs: number,
  kf: KeywordsFile,
  extras: SuggestExtrasFile,
): SuggestData {
  // Every part draws from `rng` in turn: their order is what makes a seed's data the same every time.
  const seeds = dictionary(rng, kf, extras);
  const keywords: KSDataT[] = [];
  const keywordCategory: Record<string, number> = {};
  for (const [keyword, seed] of seeds) {
    keywords.push(ksData(rng, nowMs, keyword, seed, 'mixed'));
    keywordCategory[keyword] = seed.category;
  }
  assignRanks(keywords);

  const categories: KSTopCategoryDataT[] = kf.categories.map((c, i) => ({
    CategoryCode: c.code,
    CategoryName: c.name,
    Priority: kf.categories.length - i,
  }));

  const keywordLinks: Record<string, KeywordLink> = {};
  const cat = catalogs(rng, nowMs, extras.catalogFamilies);
  const { brands, brandItems } = drawBrands(rng, nowMs, kf, extras, cat.roots);
  // A keyword starting with a brand's name drills down to that brand.
  const brandByFirstWord = new Map(brands.map((b) => [b.BrandName ?? '', b.BrandCode ?? 0]));
  for (const k of keywords) {
    const text = k.Keyword ?? '';
    const code = brandByFirstWord.get(text) ?? brandByFirstWord.get(text.split(' ')[0] ?? '');
    if (code !== undefined) keywordLinks[text] = { BrandID: code };
  }
  extras.catalogFamilies.forEach((fam, i) => {
    const id = cat.roots[i];
    if (id !== undefined) keywordLinks[fam.keyword] = { ...keywordLinks[fam.keyword], CatalogID: id };
  });

  const { books, bookKeywordSeeds } = drawBooks(rng, nowMs, extras.books, keywordLinks);
  const bookKeywords = [...bookKeywordSeeds].map(([kw, s]) => ksData(rng, nowMs, kw, s, 'active'));
  assignRanks(bookKeywords);
  const ticketKeywords = drawTickets(rng, nowMs, extras.tickets);
  const nicknames = drawNicknames(rng, nowMs, extras.nicknameParts);
  const suggestionKeywords = drawSuggestionKeywords(rng, nowMs, kf, keywords);

  return {
    keywords,
    suggestionKeywords,
    nicknames,
    bookKeywords,
    ticketKeywords,
    categories,
    keywordCategory,
    keywordLinks,
    brands,
    brandItems,
    books,
    catalogs: cat.byId,
    catalogRoots: cat.roots,
    notices: noticesOf(nowMs, extras.notices),
    shops: extras.shops.map(([ShopID, ShopName, LargeCategory]) => ({ ShopID, ShopName, LargeCategory })),
    mds: extras.mds.map(([MDID, MDName, LargeCategory]) => ({ MDID, MDName, LargeCategory })),
    dlp: [...extras.dlp],
  };
}

/** The brands and each one's items. */
function drawBrands(
  rng: Rng,
  nowMs: number,
  kf: KeywordsFile,
  extras: SuggestExtrasFile,
  catalogRoots: string[],
): { brands: KSDataBrandT[]; brandItems: Record<string, SuggestItemT[]> } {
  const brands: KSDataBrandT[] = [];
  const brandItems: Record<string, SuggestItemT[]> = {};
  const categoryName = new Map(kf.categories.map((c) => [c.code, c.name]));
  extras.brands.forEach(([name, english, category], i) => {
    const code = 1001 + i;
    const ins = nowMs - rng.range(200, 900) * DAY_MS;
    const brand: KSDataBrandT = {
      BrandCode: code,
      BrandName: name,
      IsBrandShop: i < 30 ? rng.chance(0.8) : rng.chance(0.3),
      MdPicImg1: itemImagePath(9000 + i * 2),
      Hint: english,
      InsDate: formatDateTime(ins),
      UpdDate: formatDateTime(ins + rng.range(0, Math.floor((nowMs - ins) / DAY_MS)) * DAY_MS),
    };
    if (rng.chance(0.7)) brand.MdPicImg2 = itemImagePath(9001 + i * 2);
    brands.push(brand);
    const items: SuggestItemT[] = [];
    const count = rng.range(4, 10);
    for (let k = 0; k < count; k++) {
      const price = won(rng.range(99, 2990) * 100) + (rng.chance(0.1) ? 50 : 0);
      const rate = rng.pick([0, 5, 10, 15, 20, 30, 40]);
      const discounted = Math.round((price * (100 - rate)) / 100 / 10000) * 10000;
      const item: SuggestItemT = {
        ItemNo: String(4_000_000_000 + code * 1000 + k),
        Price: decimalFromHundredths(price),
        DiscountPrice: decimalFromHundredths(rate === 0 ? price : discounted),
        ItemName: `${name} ${rng.pick(productsOf(kf, category))} ${rng.pick(kf.globalModifiers)}`,
        IsAdult: rng.chance(0.03),
        Category: categoryName.get(category) ?? '기타',
        FixImage80: itemImagePath(20_000 + code * 10 + k),
        FixImage100: itemImagePath(20_000 + code * 10 + k),
        IsFreeOfCharge: rng.chance(0.5),
        BrandName: name,
        DiscountRate: rate,
      };
      if (rng.chance(0.5)) item.CatalogID = rng.pick(catalogRoots);
      items.push(item);
    }
    brandItems[String(code)] = items;
  });
  return { brands, brandItems };
}

/** 150 books, and the keywords (titles, authors) that find them; their links go into `keywordLinks`. */
function drawBooks(
  rng: Rng,
  nowMs: number,
  b: SuggestExtrasFile['books'],
  keywordLinks: Record<string, KeywordLink>,
): { books: Record<string, SuggestBookItemT>; bookKeywordSeeds: Map<string, KeywordSeed> } {
  const books: Record<string, SuggestBookItemT> = {};
  const bookKeywordSeeds = new Map<string, KeywordSeed>();
  const titles = new Set<string>();
  for (let i = 0; titles.size < 150 && i < 10_000; i++) {
    const title = `${rng.pick(b.titleHeads)} ${rng.pick(b.titleTails)}${rng.pick(b.series)}`;
    if (titles.has(title)) continue;
    titles.add(title);
    const n = titles.size;
    const itemNo = String(3_000_000_000 + n);
    const publisherIndex = rng.int(b.publishers.length);
    const first12 = `97911${String(6000 + publisherIndex).padStart(4, '0')}${String(n).padStart(3, '0')}`;
    const price = won(rng.range(98, 380) * 100);
    const discounted = Math.round((price * 0.9) / 1000) * 1000;
    const author = `${rng.pick(b.surnames)}${rng.pick(b.givenNames)}`;
    books[itemNo] = {
      ItemNo: itemNo,
      Price: decimalFromHundredths(price),
      DiscountPrice: decimalFromHundredths(discounted),
      ItemName: title,
      IsAdult: false,
      Category: '도서/음반',
      FixImage80: itemImagePath(40_000 + n),
      FixImage100: itemImagePath(40_000 + n),
      IsFreeOfCharge: price >= won(15_000),
      DiscountRate: 10,
      ISBN: `${first12}${isbn13CheckDigit(first12)}`,
      Author: author,
      Publisher: b.publishers[publisherIndex] ?? '',
      Review: rng.pick(b.reviews),
      BookCash: Math.floor(price / 100 / 20),
      ProductionDate: formatDateTime(nowMs - rng.range(30, 3650) * DAY_MS),
      LowestPrice: decimalFromHundredths(Math.round((discounted * rng.range(70, 100)) / 100 / 1000) * 1000),
    };
    const modifier = rng.pick(b.keywordModifiers);
    for (const kw of [title, `${title}${modifier}`]) {
      bookKeywordSeeds.set(kw, {
        category: 100000010,
        priority: rng.range(0, 80),
        bold: false,
        pinned: true,
      });
      keywordLinks[kw] = { ...keywordLinks[kw], BookItemNo: itemNo };
    }
    if (!bookKeywordSeeds.has(author)) {
      bookKeywordSeeds.set(author, {
        category: 100000010,
        priority: rng.range(0, 40),
        bold: false,
        pinned: true,
      });
      keywordLinks[author] = { ...keywordLinks[author], BookItemNo: itemNo };
    }
  }
  return { books, bookKeywordSeeds };
}

function drawTickets(rng: Rng, nowMs: number, t: SuggestExtrasFile['tickets']): KSDataT[] {
  const ticketKeywords: KSDataT[] = [];
  const seen = new Set<string>();
  const addTicket = (kw: string, priority: number): void => {
    if (seen.has(kw)) return;
    seen.add(kw);
    ticketKeywords.push(
      ksData(rng, nowMs, kw, { category: 0, priority, bold: false, pinned: true }, 'active'),
    );
  };
  for (const kind of t.kinds) for (const m of t.modifiers) addTicket(`${kind} ${m}`, rng.range(20, 90));
  for (const title of t.titles) {
    addTicket(title, rng.range(40, 90));
    for (const m of t.modifiers) addTicket(`${title} ${m}`, rng.range(0, 60));
  }
  assignRanks(ticketKeywords);

  return ticketKeywords;
}

function drawNicknames(rng: Rng, nowMs: number, np: SuggestExtrasFile['nicknameParts']): KSDataT[] {
  const nicknames: KSDataT[] = [];
  const nickSeen = new Set<string>();
  for (const p of np.prefixes) {
    for (const c of np.cores) {
      if (!rng.chance(0.6)) continue;
      const nick = `${p}${c}${rng.pick(np.suffixes)}`;
      if (nickSeen.has(nick)) continue;
      nickSeen.add(nick);
      nicknames.push(
        ksData(
          rng,
          nowMs,
          nick,
          { category: 0, priority: rng.range(0, 100), bold: false, pinned: true },
          'active',
        ),
      );
    }
  }
  assignRanks(nicknames);

  return nicknames;
}

/** Related ("suggestion") keywords: for each base word, dictionary keywords that contain it plus sibling bases. */
function drawSuggestionKeywords(rng: Rng, nowMs: number, kf: KeywordsFile, keywords: KSDataT[]): KSDataT[] {
  const suggestionKeywords: KSDataT[] = [];
  const activeKeywordTexts = keywords.map((k) => k.Keyword ?? '');
  for (const c of kf.categories) {
    for (const base of c.bases) {
      const containing = activeKeywordTexts.filter((k) => k !== base && k.includes(base));
      const picks = new Set<string>();
      for (let k = 0; k < 6 && containing.length > 0; k++) picks.add(rng.pick(containing));
      for (let k = 0; k < 2; k++) {
        const sibling = rng.pick(c.bases);
        if (sibling !== base) picks.add(sibling);
      }
      let rank = 1;
      for (const kw of picks) {
        const rec = ksData(
          rng,
          nowMs,
          kw,
          { category: c.code, priority: 100 - rank * 10, bold: false, pinned: true },
          'active',
        );
        rec.Hint = base;
        rec.KeywordRank = rank++;
        suggestionKeywords.push(rec);
      }
    }
  }

  return suggestionKeywords;
}

function noticesOf(nowMs: number, notices: SuggestExtrasFile['notices']): SearchNoticeT[] {
  return notices.map((n, i) => {
    const start = nowMs + n.startDays * DAY_MS;
    const rec: SearchNoticeT = {
      SeqNo: i + 1,
      GroupNo: (i % 3) + 1,
      NoticeType: n.type,
      IconType: n.icon,
      IsBold: n.bold,
      Contents: n.contents,
      Url: n.url,
      StartDate: formatDateTime(start),
      EndDate: formatDateTime(nowMs + n.endDays * DAY_MS),
      // InsertDate is a plain string in the spec; the sandbox sends the Korean display form 'YYYY.MM.DD'.
      InsertDate: formatDateTime(start - 3 * DAY_MS)
        .slice(0, 10)
        .replace(/-/g, '.'),
      DisplayOrder: n.order,
    };
    if (n.color !== undefined) rec.FontColor = n.color;
    return rec;
  });
}
