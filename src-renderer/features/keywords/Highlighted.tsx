import { highlightSegments } from './model/hint-highlight';

/** The keyword with the part the hint covers marked. */
export function Highlighted({ text, hint }: { text: string; hint: string }) {
  return (
    <>
      {highlightSegments(text, hint).map((s, i) =>
        s.hit ? (
          <mark key={i} className="kw-mark">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
