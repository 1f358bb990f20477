// A value as the screen last showed it, caught up once the browser has drawn the frame in which it changed.
import { useEffect, useState } from 'react';

/**
 * Returns `value`, but a change reaches the caller only after the next frame has been drawn: the update is
 * scheduled from that frame's requestAnimationFrame callback as a task, which runs once the frame's style,
 * layout and paint are done. Use it for what surrounds the thing a keystroke is for (counts, a summary), so
 * the keystroke's own frame draws only what the person is looking at and the rest follows one frame later.
 * A newer value cancels the pending one; the last value always lands.
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setShown(() => value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (task !== undefined) clearTimeout(task);
    };
  }, [value, shown]);
  return shown;
}
