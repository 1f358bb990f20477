// A text with the parts a search matched marked. The ranges come from src-shared/match-ranges.ts, the matcher's
// own rule and decomposition, so NFD text is marked as its NFC twin is.
import type { MatchRange } from '../../src-shared/match-ranges';
import { segmentsOf } from '../../src-shared/match-ranges';
import styles from './Marked.module.css';

export function Marked({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  if (ranges.length === 0) return <>{text}</>;
  return (
    <>
      {segmentsOf(text, ranges).map((s, i) =>
        s.hit ? (
          <mark key={i} className={styles.mark}>
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
