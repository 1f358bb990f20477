// Where a query matches inside a text, for marking it on screen: the same rule as the Korean matcher (NFKC, lower
// case, whitespace and zero-width characters ignored; plain text, then initial consonants for a query of consonants
// alone, then jamo for a half-typed syllable) and the same decomposition (hangul-forms.ts), so whatever the matcher
// finds is marked, and NFD or full-width text is marked exactly as its NFC twin. The ranges are in code units of the
// text as given: each grapheme of the original is normalized and decomposed on its own and remembers where it came
// from, so a match in the decomposed form maps back to whole graphemes of the original (all three jamo of an NFD 똠).
import { choseongOf, jamoOf } from './hangul-forms';
import { compileQuery } from './korean-matcher';
import { foldCompatible, searchNormal } from './search-normal';

/** [start, end) in UTF-16 code units of the original text. */
export type MatchRange = readonly [start: number, end: number];

export interface MarkedSegment {
  text: string;
  hit: boolean;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

interface Cluster {
  /** Code-unit offset of the grapheme in the original text. */
  start: number;
  end: number;
  /** The grapheme as the matcher reads it (searchNormal: NFKC, lower case, no whitespace; often ''). */
  norm: string;
}

const SPACE = /\s/;

function clustersOf(text: string): Cluster[] {
  const out: Cluster[] = [];
  if (foldCompatible(text) === text) {
    // Composed text without compatibility forms (nearly every note): each code point is its own normal form, so no
    // grapheme segmentation (four times the cost) is needed to map a match back. A combining mark NFC keeps apart
    // may end a mark early.
    for (let i = 0; i < text.length;) {
      const width = text.codePointAt(i)! > 0xffff ? 2 : 1;
      const ch = text.slice(i, i + width);
      out.push({ start: i, end: i + width, norm: SPACE.test(ch) ? '' : ch.toLowerCase() });
      i += width;
    }
    return out;
  }
  for (const { segment, index } of graphemes.segment(text)) {
    out.push({
      start: index,
      end: index + segment.length,
      norm: searchNormal(segment),
    });
  }
  return out;
}

/** Every non-overlapping occurrence of `needle` in the clusters' joined `form`, as original code-unit ranges. */
function occurrences(
  clusters: readonly Cluster[],
  form: (norm: string) => string,
  needle: string,
): MatchRange[] {
  const pieces = clusters.map((c) => (c.norm === '' ? '' : form(c.norm)));
  const joined = pieces.join('');
  // Where each cluster's piece starts in `joined`.
  const at = new Int32Array(clusters.length + 1);
  for (let i = 0; i < pieces.length; i++) at[i + 1] = at[i]! + pieces[i]!.length;
  const clusterAt = (pos: number): number => {
    let lo = 0;
    let hi = clusters.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (at[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const ranges: MatchRange[] = [];
  for (let pos = joined.indexOf(needle); pos >= 0; pos = joined.indexOf(needle, pos + needle.length)) {
    // Clusters with an empty piece (whitespace) sit at the same offset as the next one: skip past them.
    let first = clusterAt(pos);
    while (pieces[first] === '') first++;
    const last = clusterAt(pos + needle.length - 1);
    ranges.push([clusters[first]!.start, clusters[last]!.end]);
  }
  return ranges;
}

/**
 * Where `query` matches `text`, best rule first: plain text, else initial consonants (a query of consonants alone),
 * else jamo (a query with Hangul). Empty when the query is empty or does not match. `initialsOnly` is the inbox's
 * rule (TextIndex.matchMask): a query of consonants alone matches initials only, never letters inside a syllable.
 */
export function matchRanges(query: string, text: string, opts?: { initialsOnly?: boolean }): MatchRange[] {
  const q = compileQuery(query);
  if (q === undefined || text === '') return [];
  const clusters = clustersOf(text);
  const plain = occurrences(clusters, (s) => s, q.norm);
  if (plain.length > 0) return plain;
  if (q.choseong) {
    const initials = occurrences(clusters, choseongOf, q.norm);
    if (initials.length > 0 || opts?.initialsOnly === true) return initials;
  }
  return q.jamo === undefined ? [] : occurrences(clusters, jamoOf, q.jamo);
}

/** The text cut into marked and unmarked runs by `ranges` (ascending, not overlapping). */
export function segmentsOf(text: string, ranges: readonly MatchRange[]): MarkedSegment[] {
  const out: MarkedSegment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) out.push({ text: text.slice(at, start), hit: false });
    out.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}

/** `text` cut where `query` matches it (see matchRanges). */
export function markedSegments(text: string, query: string): MarkedSegment[] {
  return segmentsOf(text, matchRanges(query, text));
}
