import { matchRanges } from '../../../src-shared/match-ranges';
import { Marked } from '../../ui/Marked';

/** The keyword with the part the hint covers marked (plain, 초성 or half-typed, as the suggest service matches). */
export function Highlighted({ text, hint }: { text: string; hint: string }) {
  return <Marked text={text} ranges={matchRanges(hint, text)} />;
}
