import { readJsonResource } from '../resources';

// Shapes of the data files under resources/sandbox/. The words live there, not in code, so the content can be
// edited (or translated) without touching the generator.

export interface KeywordCategory {
  code: number;
  name: string;
  bases: string[];
  modifiers: string[];
}

export interface KeywordsFile {
  categories: KeywordCategory[];
  english: { code: number; bases: string[]; modifiers: string[] };
  globalModifiers: string[];
  globalShare: number;
  fixed: { keyword: string; category: number; priority: number; bold?: boolean }[];
}

export interface NoticeSeed {
  contents: string;
  url: string;
  startDays: number;
  endDays: number;
  order: number;
  bold: boolean;
  color?: string;
  icon: number;
  type: number;
}

export interface CatalogFamily {
  name: string;
  /** Dictionary keyword that drills down to this catalog. */
  keyword: string;
  category: string;
  unit: string;
  unitName?: string;
  values: string[];
}

export interface SuggestExtrasFile {
  brands: [string, string, number][];
  nicknameParts: { prefixes: string[]; cores: string[]; suffixes: string[] };
  books: {
    titleHeads: string[];
    titleTails: string[];
    series: string[];
    surnames: string[];
    givenNames: string[];
    publishers: string[];
    reviews: string[];
    keywordModifiers: string[];
  };
  tickets: { kinds: string[]; titles: string[]; modifiers: string[] };
  notices: NoticeSeed[];
  shops: [string, string, string][];
  mds: [string, string, string][];
  dlp: string[];
  catalogFamilies: CatalogFamily[];
}

export interface NoteTemplate {
  title: string;
  content: string;
}

export interface NoteTemplatesFile {
  ko: Record<string, NoteTemplate[]>;
  en: Record<string, NoteTemplate[]>;
  sizes: string[];
  colors: string[];
  buyerParts: { first: string[]; last: string[]; joiners: string[] };
  itemPrefixes: string[];
  itemAdjectives: string[];
}

export interface LookbookSellerSeed {
  id: string;
  nickName: string;
  shopName: string;
  description: string;
  categories: number[];
  itemCount: number;
  texts: string[];
  htmls: string[];
}

export interface LookbookFile {
  sellers: LookbookSellerSeed[];
  longTextParagraph: string;
}

export const keywordsFile = (): KeywordsFile => readJsonResource<KeywordsFile>('sandbox/keywords.json');
export const suggestExtrasFile = (): SuggestExtrasFile =>
  readJsonResource<SuggestExtrasFile>('sandbox/suggest-extras.json');
export const noteTemplatesFile = (): NoteTemplatesFile =>
  readJsonResource<NoteTemplatesFile>('sandbox/note-templates.json');
export const lookbookFile = (): LookbookFile => readJsonResource<LookbookFile>('sandbox/lookbook.json');
