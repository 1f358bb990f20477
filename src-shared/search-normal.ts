// The search's one normal form of text, for the query and for what is searched alike (the Korean matcher, the
// inbox's index and marks, the notes mirror's search): a full-width ３２５０ or ＳＩＺＥ typed by a Korean IME, a
// zero-width space pasted from a web page, NFD text from macOS, capitals and spaces change nothing.
//
// NFKC folds full-width and other compatibility forms, except the Hangul compatibility jamo (ㄱ, ㅏ: what the IME
// shows while a syllable is typed, and what 초성 queries are written in), which NFKC would turn into conjoining
// jamo and compose (ㄱ followed by ㅏ would read as 가): they are left as typed.

/** Zero-width space, non-joiner, joiner, word joiner and the byte-order mark: invisible, never meant. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
/** Runs of characters other than the Hangul compatibility jamo (U+3131..U+318E). */
const NOT_JAMO = /[^\u3131-\u318e]+/g;

/** NFKC (the Hangul compatibility jamo kept as they are), zero-width characters removed; nothing else changed. */
export function foldCompatible(text: string): string {
  return text.replace(ZERO_WIDTH, '').replace(NOT_JAMO, (run) => run.normalize('NFKC'));
}

/** The search's normal form: folded (foldCompatible), lower case, no whitespace. */
export function searchNormal(text: string): string {
  return foldCompatible(text).toLowerCase().replace(/\s+/g, '');
}
