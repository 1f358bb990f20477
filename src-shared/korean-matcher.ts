import { choseongOf, choseongUnits, jamoOf as disassemble, jamoUnits, unitsToString } from './hangul-forms';
import { searchNormal } from './search-normal';

// Korean-shopping-site style matching of a typed hint against texts.
//
// Every comparison runs on a normalized form (search-normal.ts): NFKC (full-width ＳＩＺＥ is SIZE), no zero-width
// characters, lower case (Latin is case-insensitive) and with ALL whitespace removed, because Korean shoppers space
// words inconsistently ('나이키운동화' must find '나이키 운동화', and 'ㄴㅇㅋ ㅇㄷ' must find it too). Per text the
// index holds four forms:
//   norm  — the normalized text;
//   rev   — norm reversed (for keywords: the record's KeywordReverse), so a suffix test is a prefix test;
//   cho   — initial consonants (초성) of the Hangul syllables, other characters kept ('nike운동화' -> 'nikeㅇㄷㅎ');
//   jamo  — the jamo decomposition ('나이키' -> 'ㄴㅏㅇㅣㅋㅣ'), which is what a half-typed syllable is a prefix of:
//           '나ㅇ' -> 'ㄴㅏㅇ' and '나잌' -> 'ㄴㅏㅇㅣㅋ' are both jamo-prefixes of '나이키' (the IME shows '잌' while
//           the user is on the way to '이키').
//
// Tiers, best first (MatchTier): exact > prefix > initial-consonant prefix > jamo prefix > substring > suffix.
// "Substring" is an occurrence that is neither at the start nor only at the end, plus initial-consonant and jamo
// occurrences anywhere; "suffix" is an occurrence only at the end ('운동화' in '나이키 운동화'). Initial-consonant
// tests apply only when the query is made of consonant jamo alone (ㄱ..ㅎ); jamo tests only when it has Hangul.
//
// Two uses, one API:
//   - autocomplete (suggest service): `search(query, limit)` — ranked by tier, then the caller's `compare`
//     (suggest passes Priority then KeywordRank), then text; capped at `limit` (DEFAULT_SEARCH_LIMIT).
//   - free-text "contains anywhere" (inbox over note titles/contents): `filter(query)` returns every matching
//     item in input order; `matches(query, text)` tests one text without an index. Any tier counts as a match.
// Forms are computed once per item. By default all forms are built up front (a keyword index: a few thousand short
// texts, so a query is a tight loop of startsWith/includes). With `{ lazy: true }` only what a query needs is
// built, on first need, and cached — for big corpora of long texts where most queries are plain syllables and the
// initial-consonant/jamo forms would never be paid for.

export const MatchTier = {
  Exact: 0,
  Prefix: 1,
  ChoseongPrefix: 2,
  JamoPrefix: 3,
  Substring: 4,
  Suffix: 5,
} as const;
export type MatchTier = (typeof MatchTier)[keyof typeof MatchTier];

/** Result cap of `search` when the caller passes none. */
export const DEFAULT_SEARCH_LIMIT = 10;

export interface Match<T> {
  item: T;
  tier: MatchTier;
}

export interface MatcherOptions<T> {
  /** The item's reversed text when the data carries one (KSDataT.KeywordReverse); otherwise the text is reversed. */
  getReverse?: (item: T) => string;
  /** Tie-break inside a tier, before the text itself; negative when `a` ranks first. */
  compare?: (a: T, b: T) => number;
  /** Build forms on first need instead of up front (see above). */
  lazy?: boolean;
}

export interface Matcher<T> {
  /**
   * Ranked best matches, at most `limit` (default DEFAULT_SEARCH_LIMIT). Empty query -> []. `accept` drops items
   * before ranking (e.g. keywords outside their Applying/Closing window), so the cap counts only accepted ones.
   */
  search(query: string, limit?: number, accept?: (item: T) => boolean): Match<T>[];
  /** Every item matching anywhere (any tier), in input order. Empty query -> []. */
  filter(query: string): T[];
  /** Whether `text` matches `query` (any tier); no index needed. */
  matches(query: string, text: string): boolean;
  /** The tier at which `text` matches `query`, or undefined. */
  tierOf(query: string, text: string): MatchTier | undefined;
}

function reverse(text: string): string {
  return Array.from(text).reverse().join('');
}

const CONSONANTS_ONLY = /^[\u3131-\u314e]+$/;
const HAS_HANGUL = /[\uac00-\ud7a3\u3131-\u318e]/;

export interface CompiledQuery {
  norm: string;
  rev: string;
  /** Query is consonant jamo only, so initial-consonant tests apply. */
  choseong: boolean;
  /** Jamo of the query when it has Hangul, else undefined (no jamo tests). */
  jamo: string | undefined;
}

export function compileQuery(query: string): CompiledQuery | undefined {
  const norm = searchNormal(query);
  if (norm === '') return undefined;
  return {
    norm,
    rev: reverse(norm),
    choseong: CONSONANTS_ONLY.test(norm),
    jamo: HAS_HANGUL.test(norm) ? disassemble(norm) : undefined,
  };
}

/** Forms of one text; the lazily built ones start undefined. */
interface Forms {
  source: string;
  norm?: string;
  rev?: string;
  reverseSource?: string;
  cho?: string;
  jamo?: string;
}

function normOf(f: Forms): string {
  return (f.norm ??= searchNormal(f.source));
}
function revOf(f: Forms): string {
  return (f.rev ??= f.reverseSource === undefined ? reverse(normOf(f)) : searchNormal(f.reverseSource));
}
function choOf(f: Forms): string {
  return (f.cho ??= choseongOf(normOf(f)));
}
function jamoOf(f: Forms): string {
  return (f.jamo ??= disassemble(normOf(f)));
}

function tierOfForms(q: CompiledQuery, f: Forms): MatchTier | undefined {
  const norm = normOf(f);
  if (norm === q.norm) return MatchTier.Exact;
  if (norm.startsWith(q.norm)) return MatchTier.Prefix;
  if (q.choseong && choOf(f).startsWith(q.norm)) return MatchTier.ChoseongPrefix;
  if (q.jamo !== undefined && jamoOf(f).startsWith(q.jamo)) return MatchTier.JamoPrefix;
  const at = norm.indexOf(q.norm);
  if (at > 0) {
    // First occurrence at the very end means the only occurrence is the suffix.
    const onlyAtEnd = at === norm.length - q.norm.length;
    return onlyAtEnd && revOf(f).startsWith(q.rev) ? MatchTier.Suffix : MatchTier.Substring;
  }
  if (q.choseong && choOf(f).includes(q.norm)) return MatchTier.Substring;
  if (q.jamo !== undefined && jamoOf(f).includes(q.jamo)) return MatchTier.Substring;
  return undefined;
}

function formsOf(source: string, reverseSource: string | undefined, eager: boolean): Forms {
  const f: Forms = { source };
  if (reverseSource !== undefined) f.reverseSource = reverseSource;
  if (eager) {
    normOf(f);
    revOf(f);
    choOf(f);
    jamoOf(f);
  }
  return f;
}

export function createMatcher<T>(
  items: readonly T[],
  getText: (item: T) => string,
  options: MatcherOptions<T> = {},
): Matcher<T> {
  const eager = options.lazy !== true;
  const entries = items.map((item) => ({
    item,
    forms: formsOf(getText(item), options.getReverse?.(item), eager),
  }));
  const compare = options.compare;
  type Entry = (typeof entries)[number];
  const byRank = (a: Entry, b: Entry): number => {
    const c = compare?.(a.item, b.item) ?? 0;
    if (c !== 0) return c;
    const ta = a.forms.source;
    const tb = b.forms.source;
    return ta < tb ? -1 : ta > tb ? 1 : 0;
  };

  return {
    search(query, limit = DEFAULT_SEARCH_LIMIT, accept) {
      const q = compileQuery(query);
      if (q === undefined || limit <= 0) return [];
      // Bucket by tier so only the buckets that reach the cap are sorted.
      const buckets: Entry[][] = [[], [], [], [], [], []];
      for (const e of entries) {
        const tier = tierOfForms(q, e.forms);
        if (tier !== undefined && (accept === undefined || accept(e.item))) buckets[tier]?.push(e);
      }
      const out: Match<T>[] = [];
      for (let tier = 0; tier < buckets.length && out.length < limit; tier++) {
        const bucket = buckets[tier] ?? [];
        bucket.sort(byRank);
        for (const e of bucket) {
          if (out.length >= limit) break;
          out.push({ item: e.item, tier: tier as MatchTier });
        }
      }
      return out;
    },
    filter(query) {
      const q = compileQuery(query);
      if (q === undefined) return [];
      const out: T[] = [];
      for (const e of entries) if (tierOfForms(q, e.forms) !== undefined) out.push(e.item);
      return out;
    },
    matches(query, text) {
      const q = compileQuery(query);
      return q !== undefined && tierOfForms(q, { source: text }) !== undefined;
    },
    tierOf(query, text) {
      const q = compileQuery(query);
      return q === undefined ? undefined : tierOfForms(q, { source: text });
    },
  };
}

/**
 * "Contains anywhere" over a large corpus (the inbox's 100,000 notes): every text is normalized and
 * joined into one string per form, so a query is a handful of native indexOf scans instead of a
 * loop over 100,000 strings. The same rule as `filter`: a text matches when its normalized form
 * contains the query, or its initial consonants do (consonant-only query), or its jamo do (a query
 * with Hangul, which covers a half-typed last syllable).
 *
 * Only two forms are kept, jamo and initial consonants, because the jamo form answers the other two
 * tests on its own: jamo decomposition maps each character independently, so a normalized text that
 * contains the query has jamo that contain the query's jamo; and a query without Hangul is its own
 * jamo and cannot match across a decomposed syllable (every unit a decomposition emits is a jamo), so
 * for it "jamo contain" is exactly "text contains". The forms are built on the first query (or warm()).
 *
 * Recent answers are kept: repeating one is free, and a query whose matches are necessarily a subset
 * of an earlier one's (typing on: 환 -> 환불, or the syllable being composed: 화 -> 환) reads only the
 * texts of the earlier matches when they are few. Masks are shared between calls: callers must not
 * write to them.
 */
export interface TextIndex {
  /**
   * A mask over the items (1 = match), or undefined for an empty query. Read-only. With `initialsOnly`, a query of
   * initial consonants alone matches only the items whose initials hold it (ㅂㅅ finds 배송, not 없어요, whose
   * letters ㅂ,ㅅ only follow each other inside one syllable); other queries are unaffected.
   */
  matchMask(query: string, opts?: { initialsOnly?: boolean }): Uint8Array | undefined;
  /** Builds every form now (e.g. while the app is idle), so no keystroke pays for it. */
  warm(): void;
  readonly size: number;
}

const SEP = '\u0000';

interface JoinedForm {
  text: string;
  /** Start of each item in `text`; one more entry past the end. */
  starts: Int32Array;
}

function joinedForm(text: string, count: number): JoinedForm {
  const starts = new Int32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    const end = text.indexOf(SEP, at);
    at = end < 0 ? text.length + 1 : end + 1;
  }
  starts[count] = text.length + 1;
  return { text, starts };
}

// The joined forms and the needles are stored with code units U+3100..U+31FF (compatibility jamo) and
// U+0100..U+01FF swapped. V8's indexOf finds candidates by memchr for the larger byte of the pattern's
// first unit; every jamo has the high byte 0x31, so a pattern starting with ㄱ (U+3131) stopped at
// every jamo of the text and was ten times slower than one starting with ㅎ. Swapped, jamo carry the
// high byte 0x01, which no pattern unit searches for. A bijection applied to text and needle alike
// changes no match.
function encodeUnits(units: Uint16Array): Uint16Array {
  for (let i = 0; i < units.length; i++) {
    const high = units[i]! >> 8;
    if (high === 0x31) units[i]! -= 0x3000;
    else if (high === 0x01) units[i]! += 0x3000;
  }
  return units;
}
const encode = (s: string): string =>
  unitsToString(encodeUnits(Uint16Array.from(s, (_, i) => s.charCodeAt(i))));

/** Index of the item whose span holds position `pos`, searching from item `lo` on. */
function itemAt(starts: Int32Array, pos: number, lo: number): number {
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Marks every item holding `needle`. */
function markAll(form: JoinedForm, needle: string, mask: Uint8Array): void {
  const { text, starts } = form;
  let pos = text.indexOf(needle);
  let i = 0;
  while (pos >= 0) {
    i = itemAt(starts, pos, i);
    mask[i] = 1;
    // One hit per item is enough: continue from the next item.
    pos = text.indexOf(needle, starts[i + 1]!);
  }
}

/** Marks the items of `within` holding `needle`, reading each of them alone. */
function markWithin(form: JoinedForm, needle: string, mask: Uint8Array, within: Int32Array): void {
  const { text, starts } = form;
  for (const i of within) {
    // A slice of a flat string shares its characters: this reads the item and nothing past it.
    if (text.slice(starts[i]!, starts[i + 1]! - 1).includes(needle)) mask[i] = 1;
  }
}

/**
 * Whether every text matching `next` also matches `prev`, so `next` need only be tested on `prev`'s
 * matches. Two sufficient cases: `next` types on (its normalized text extends `prev`'s: each of
 * `next`'s tests implies the same test, or for a query without Hangul the plain one, of `prev`); or
 * `next` is not consonant-only and its jamo extend `prev`'s while `prev` has Hangul (a plain or jamo
 * match of `next` contains `next`'s jamo, hence `prev`'s: 화 -> 환 while a syllable is composed).
 */
export function narrows(prev: CompiledQuery, next: CompiledQuery): boolean {
  if (next.norm.startsWith(prev.norm)) return true;
  return (
    !next.choseong && prev.jamo !== undefined && next.jamo !== undefined && next.jamo.startsWith(prev.jamo)
  );
}

interface Answer {
  query: CompiledQuery;
  initialsOnly: boolean;
  mask: Uint8Array;
  /** The matching items, ascending. */
  hits: Int32Array;
}

const KEPT_ANSWERS = 8;

export function createTextIndex<T>(items: readonly T[], getText: (item: T) => string): TextIndex {
  const count = items.length;
  let forms: { jamo: JoinedForm; cho: JoinedForm } | undefined;
  const build = () => {
    if (forms) return forms;
    // One normalization pass over everything; the separator is neither whitespace nor combining. The
    // derived forms keep the separators, so item boundaries carry over.
    const norm = searchNormal(items.map((item) => getText(item).replaceAll(SEP, '')).join(SEP));
    forms = {
      jamo: joinedForm(unitsToString(encodeUnits(jamoUnits(norm))), count),
      cho: joinedForm(unitsToString(encodeUnits(choseongUnits(norm))), count),
    };
    return forms;
  };
  const answers: Answer[] = [];
  return {
    size: count,
    warm() {
      build();
    },
    matchMask(query, opts) {
      const q = compileQuery(query.replaceAll(SEP, ''));
      if (q === undefined) return undefined;
      const initialsOnly = opts?.initialsOnly === true && q.choseong;
      const known = answers.findIndex((a) => a.query.norm === q.norm && a.initialsOnly === initialsOnly);
      if (known >= 0) {
        const [a] = answers.splice(known, 1);
        answers.unshift(a!);
        return a!.mask;
      }
      const mask = new Uint8Array(count);
      if (count === 0) return mask;
      const { jamo, cho } = build();
      // Reading a quarter of the items one by one costs about one scan of everything.
      let base: Answer | undefined;
      for (const a of answers) {
        if (
          a.initialsOnly === initialsOnly &&
          a.hits.length <= count / 4 &&
          narrows(a.query, q) &&
          (!base || a.hits.length < base.hits.length)
        )
          base = a;
      }
      const needles: [JoinedForm, string][] = initialsOnly ? [] : [[jamo, encode(jamoOfQuery(q))]];
      if (q.choseong) needles.push([cho, encode(q.norm)]);
      for (const [form, needle] of needles) {
        if (base) markWithin(form, needle, mask, base.hits);
        else markAll(form, needle, mask);
      }
      const hits = hitsOf(mask, base?.hits);
      answers.unshift({ query: q, initialsOnly, mask, hits });
      if (answers.length > KEPT_ANSWERS) answers.pop();
      return mask;
    },
  };
}

/** The query's jamo; a query without Hangul is its own jamo. */
function jamoOfQuery(q: CompiledQuery): string {
  return q.jamo ?? q.norm;
}

function hitsOf(mask: Uint8Array, within: Int32Array | undefined): Int32Array {
  let n = 0;
  if (within) {
    for (const i of within) n += mask[i]!;
  } else {
    for (let i = 0; i < mask.length; i++) n += mask[i]!;
  }
  const out = new Int32Array(n);
  n = 0;
  if (within) {
    for (const i of within) if (mask[i]) out[n++] = i;
  } else {
    for (let i = 0; i < mask.length; i++) if (mask[i]) out[n++] = i;
  }
  return out;
}
