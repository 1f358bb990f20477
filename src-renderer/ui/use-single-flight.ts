// An action that runs once at a time: a double click, a key held down or a second click before the button has
// re-rendered as disabled all land while the first run is in flight and are dropped. React state alone cannot
// promise that (the second click can arrive before the disabled button is painted), so a ref guards it.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export function useSingleFlight<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): { run: (...args: A) => void; running: boolean } {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });
  const run = useCallback((...args: A) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    // The action reports its own failure (a mutation's error state); here only the flight ends.
    void latest
      .current(...args)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        inFlight.current = false;
        setRunning(false);
      });
  }, []);
  return { run, running };
}
