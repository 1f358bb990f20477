// Which characters of a suggested keyword the typed hint covers, for highlighting. The suggest service matches
// more than substrings, so this mirrors its three ways in: plain text (case-insensitive), initial consonants
// ('ㄴㅇㅋ' covers 나이키) and jamo ('나잌' covers 나이키: the IME shows 잌 on the way to 이키).
import { disassemble, getChoseong } from 'es-hangul';

export interface Segment {
  text: string;
  hit: boolean;
}

const CONSONANTS = /^[ㄱ-ㅎ]+$/;

/** [start, end) in code points of the keyword, or undefined when the hint does not occur in it. */
export function hintRange(keyword: string, hint: string): [number, number] | undefined {
  const q = hint.trim().toLowerCase();
  if (q === '') return undefined;
  const chars = Array.from(keyword);
  const lower = chars.map((c) => c.toLowerCase());
  const tryUnits = (units: string[], query: string): [number, number] | undefined => {
    // Each keyword character contributes one unit (its text, its 초성, or its jamo); find the query across units.
    const joined = units.join('');
    const at = joined.indexOf(query);
    if (at < 0) return undefined;
    let pos = 0;
    let start = -1;
    for (let i = 0; i < units.length; i++) {
      const next = pos + units[i]!.length;
      if (start < 0 && at < next) start = i;
      if (start >= 0 && at + query.length <= next) return [start, i + 1];
      pos = next;
    }
    return undefined;
  };
  const compactQ = q.replace(/\s+/g, '');
  return (
    tryUnits(lower, q) ??
    (CONSONANTS.test(compactQ)
      ? tryUnits(
          lower.map((c) => (/\s/.test(c) ? '' : getChoseong(c) || c)),
          compactQ,
        )
      : tryUnits(
          lower.map((c) => (/\s/.test(c) ? '' : disassemble(c))),
          disassemble(compactQ),
        ))
  );
}

export function highlightSegments(keyword: string, hint: string): Segment[] {
  const range = hintRange(keyword, hint);
  if (!range) return keyword === '' ? [] : [{ text: keyword, hit: false }];
  const chars = Array.from(keyword);
  return [
    { text: chars.slice(0, range[0]).join(''), hit: false },
    { text: chars.slice(range[0], range[1]).join(''), hit: true },
    { text: chars.slice(range[1]).join(''), hit: false },
  ].filter((s) => s.text !== '');
}
