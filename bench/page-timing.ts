// The browser's own timing in a bench page, whose clock the harness sets (clock: { flowingFrom }): the page's clock
// replaces `performance` with one that records no mark (getEntriesByName always answers nothing) and
// `requestAnimationFrame` with a timer, so a bench that waited for the app's marks waited for ever, and a frame it
// timed was a timer's. Given to openApp as `beforeClock`, this script keeps the browser's own `performance` and
// `requestAnimationFrame` before the clock replaces them, and forwards the marks the app makes
// (performance.mark('notes:period-arrived'), 'insights:report-arrived') to the browser's timeline.
export const REAL_TIMING_SCRIPT = `(() => {
  const real = window.performance;
  const raf = window.requestAnimationFrame.bind(window);
  window.__realTiming = {
    now: () => real.now(),
    frame: () => new Promise((resolve) => raf(() => resolve(real.now()))),
    marks: (name) => real.getEntriesByName(name, 'mark').map((m) => m.startTime),
  };
  let current = real;
  Object.defineProperty(window, 'performance', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (replaced) => {
      current = replaced;
      if (replaced !== real) replaced.mark = (name, options) => real.mark(name, options);
    },
  });
})();`;

/** What REAL_TIMING_SCRIPT leaves in the page (read through page.evaluate). */
export interface RealTiming {
  now(): number;
  /** The start of the next frame, by the browser's own clock. */
  frame(): Promise<number>;
  /** The start times of the marks of that name, oldest first. */
  marks(name: string): number[];
}
