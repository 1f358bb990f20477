// What the inbox's one search box looks in, and how the notes mirror answers the same question outside the
// period the inbox holds.
//
// A note is found by its words (title, content, buyer, item name: 초성 and half-typed syllables work through the
// Korean matcher) and by its numbers (item, order and note number), whole or partial: a number is text like the
// rest, so the last six digits of an order number, read off a parcel, find it. A number typed with spaces or
// dashes ("3250-367955") also finds it written without them. Both sides are read in the search's normal form
// (search-normal.ts): full-width digits and letters (３２５０, ＳＩＺＥ) and zero-width spaces, in the box or in the
// note, change nothing.
//
// The store (SQLite) cannot run the matcher over every row fast enough (about 25 µs a note), so it answers with a
// GLOB over the same fields in that normal form, which is the matcher's own rule for whole
// syllables, Latin letters and digits, and for a query of initial consonants alone (ㅂㅅ: a syllable with that
// initial, or the letter itself, one after another). A query holding a half-typed syllable (나잌) is the seller
// mid-word: the store is not asked (storeTextPattern answers undefined).
import { FINAL_PARTS, INITIALS, MEDIAL_PARTS, choseongOf } from './hangul-forms';
import { matchRanges } from './match-ranges';
import type { MatchRange } from './match-ranges';
import { NOTE_FIELDS } from './note-fields';
import type { InboxNote } from './note-fields';
import { foldCompatible, searchNormal } from './search-normal';

/** The note's fields the search looks in, in the table's order. */
export const SEARCHED_FIELDS = NOTE_FIELDS.filter((f) => 'searched' in f && f.searched);

/** Between two fields of a note's search text: no query matches across it. */
const FIELD_SEP = '\u0001';

/** A note's search text: its searched fields joined by FIELD_SEP (an absent order number is empty). */
export function searchTextOf(note: InboxNote): string {
  const values = note as unknown as Record<string, string | number | undefined>;
  let out = '';
  for (let i = 0; i < SEARCHED_FIELDS.length; i++) {
    if (i > 0) out += FIELD_SEP;
    const v = values[SEARCHED_FIELDS[i]!.key];
    if (v !== undefined) out += String(v);
  }
  return out;
}

/**
 * The digits of a query that is a number written with spaces or dashes ("3250-367955"), when they differ from
 * the query itself; undefined otherwise (a plain number is already found as text).
 */
export function numberAlternative(query: string): string | undefined {
  // Full-width digits and dashes (３２５０－３６７９５５) are the same number.
  const t = foldCompatible(query).trim();
  if (!/^[\d\s-]+$/.test(t) || !/[\s-]/.test(t)) return undefined;
  const digits = t.replace(/\D/g, '');
  return digits.length > 0 ? digits : undefined;
}

/**
 * Where the inbox's search marks `text`, one of a note's searched values: what its words match (the rule of the
 * search itself, initials only for a query of consonants alone), else the digits of a number typed with spaces or
 * dashes.
 */
export function searchMarks(query: string, text: string): MatchRange[] {
  const words = matchRanges(query, text, { initialsOnly: true });
  if (words.length > 0) return words;
  const digits = numberAlternative(query);
  return digits === undefined ? [] : matchRanges(digits, text);
}

const JAMO = /[\u1100-\u11ff\u3130-\u318f]/;
// The letter tables are the matcher's own (hangul-forms.ts): a GLOB built from other tables could disagree with it.
const SBASE = 0xac00;
const syllable = (cho: number, jung: number, jong: number) =>
  String.fromCharCode(SBASE + cho * 588 + jung * 28 + jong);
/** A GLOB class member for the syllables from `a` to `b`. */
const span = (a: string, b: string) => (a === b ? a : `${a}-${b}`);

function globLiteral(ch: string): string {
  return ch === '*' || ch === '?' || ch === '[' ? `[${ch}]` : ch;
}

/**
 * What a note's text may hold where the query's last syllable is, as the matcher sees it: the syllable's letters
 * are a prefix of the text's letters from there on. A syllable without a final consonant (고) is any syllable
 * with its initial and a vowel that starts with its vowel (고, 과, 괘, 괴…, any final); one with a final (잌) is a
 * syllable whose final starts with it (잌, and 읷 for ㄱ), or the syllable without it followed by a syllable that
 * starts with that consonant (이 then 카…킿).
 */
function lastSyllableAlternatives(ch: string): string[] {
  const c = ch.charCodeAt(0) - SBASE;
  const cho = Math.floor(c / 588);
  const jung = Math.floor((c % 588) / 28);
  const jong = c % 28;
  if (jong === 0) {
    const ranges = MEDIAL_PARTS.flatMap((v, j) =>
      v.startsWith(MEDIAL_PARTS[jung]!) ? [span(syllable(cho, j, 0), syllable(cho, j, 27))] : [],
    );
    return [`[${ranges.join('')}]`];
  }
  const finals = FINAL_PARTS.flatMap((f, k) =>
    k > 0 && f.startsWith(FINAL_PARTS[jong]!) ? [syllable(cho, jung, k)] : [],
  );
  const out = [`[${finals.join('')}]`];
  const letters = Array.from(FINAL_PARTS[jong]!);
  // The final's first letter ends this syllable and its last one starts the next (잌 as 이+ㅋ…, 읷 as 익+ㅅ…).
  const next = INITIALS.indexOf(letters.at(-1)!);
  const head = letters.length === 1 ? 0 : FINAL_PARTS.indexOf(letters[0]!);
  if (next >= 0 && head >= 0) {
    out.push(`${syllable(cho, jung, head)}[${span(syllable(next, 0, 0), syllable(next, 20, 27))}]`);
  }
  return out;
}

/**
 * The GLOB patterns the store matches a note's normalized search text against (any one matching is a match), or
 * undefined when the store cannot answer this query the way the inbox does (a syllable being typed).
 */
export function storeTextPatterns(query: string): string[] | undefined {
  const norm = searchNormal(query.replaceAll(FIELD_SEP, ''));
  if (norm === '') return undefined;
  const chars = Array.from(norm);
  if (chars.every((c) => INITIALS.includes(c))) {
    // Initial consonants: each one a syllable that starts with it (a block of 588), or the letter as typed.
    const classes = chars.map((c) => {
      const i = INITIALS.indexOf(c);
      return `[${c}${span(syllable(i, 0, 0), syllable(i, 20, 27))}]`;
    });
    return [`*${classes.join('')}*`];
  }
  // A jamo among other letters is a syllable still being typed.
  if (JAMO.test(norm)) return undefined;
  const last = chars.at(-1)!;
  const head = chars.slice(0, -1).map(globLiteral).join('');
  if (!/^[\uac00-\ud7a3]$/.test(last)) return [`*${head}${globLiteral(last)}*`];
  return lastSyllableAlternatives(last).map((alt) => `*${head}${alt}*`);
}

/**
 * The letters of a query of initial consonants alone (ㄴㅇ) in the normal form, else undefined. A note matches it
 * where its initials text (initialsText) holds them in a row: each one there is a syllable with that initial or the
 * letter itself, what storeTextPatterns' classes say.
 */
export function initialsQuery(query: string): string | undefined {
  const norm = searchNormal(query.replaceAll(FIELD_SEP, ''));
  return norm !== '' && Array.from(norm).every((c) => INITIALS.includes(c)) ? norm : undefined;
}

/** A search text (normalizedSearchText) with each syllable replaced by its initial consonant, nothing else changed. */
export function initialsText(searchText: string): string {
  return choseongOf(searchText);
}

/** A note's searched values as the matcher reads them: joined by FIELD_SEP, in the search's normal form. */
export function normalizedSearchText(values: readonly (string | number | null | undefined)[]): string {
  return searchNormal(
    values
      .map((v) => (v === null || v === undefined ? '' : String(v).replaceAll(FIELD_SEP, '')))
      .join(FIELD_SEP),
  );
}

/** A Latin letter or digit as it may stand in raw text: either case, half or full width (Ａ, ａ, ３). */
function rawVariants(c: string): string {
  const upper = c.toUpperCase();
  const forms = upper !== c && Array.from(upper).length === 1 ? [c, upper] : [c];
  if (/^[0-9a-z]$/.test(c))
    for (const f of [...forms]) forms.push(String.fromCharCode(f.charCodeAt(0) + 0xfee0));
  return forms.length === 1 ? c : `[${forms.join('')}]`;
}

/**
 * A pattern every raw field value matching `pattern` in normalized text also matches (anything may come between
 * two of its letters, and a letter or digit may be in either case and full width): a cheap first pass over the rows
 * before the exact one. Other compatibility forms (①, ㈜) are found by the inbox but not through this pass.
 */
export function loosePattern(pattern: string): string {
  const parts: string[] = [];
  for (let i = 0; i < pattern.length;) {
    const ch = pattern[i]!;
    if (ch === '*') {
      i++;
    } else if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      parts.push(pattern.slice(i, end + 1));
      i = end + 1;
    } else {
      const c = String.fromCodePoint(pattern.codePointAt(i)!);
      parts.push(rawVariants(c));
      i += c.length;
    }
  }
  return `*${parts.join('*')}*`;
}
