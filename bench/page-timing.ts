// The browser's own timing in a bench page, whose clock the harness sets (clock: { flowingFrom }): the page's clock
// replaces `performance` with one that records no mark (getEntriesByName always answers nothing) and
// `requestAnimationFrame` with a timer, so a bench that waited for the app's marks waited for ever, and a frame it
// timed was a timer's; an event's timeStamp becomes the clock's now when first read; and its `performance.memory`
// is a function, so a heap read through it was 0. Given to openApp as `beforeClock`, this script keeps the
// browser's own `performance`, `requestAnimationFrame` and event timeStamp before the clock replaces them, and
// forwards the marks the app makes (performance.mark('notes:period-arrived'),
// 'insights:report-arrived') to the browser's timeline.
export const REAL_TIMING_SCRIPT = `(() => {
  const real = window.performance;
  const raf = window.requestAnimationFrame.bind(window);
  const stamp = Object.getOwnPropertyDescriptor(Event.prototype, 'timeStamp').get;
  window.__realTiming = {
    now: () => real.now(),
    frame: () => new Promise((resolve) => raf(() => resolve(real.now()))),
    requestFrame: (callback) => raf(callback),
    eventTime: (event) => stamp.call(event),
    marks: (name) => real.getEntriesByName(name, 'mark').map((m) => m.startTime),
    heapBytes: () => (real.memory ? real.memory.usedJSHeapSize : 0),
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
  /** The browser's own requestAnimationFrame: the callback runs in the next frame, given its start. */
  requestFrame(callback: (start: number) => void): number;
  /**
   * An event's own timeStamp: when the browser received it, on this timeline. The clock replaces the getter with
   * its own now at the first read, which is when a handler looks, not when the input came.
   */
  eventTime(event: Event): number;
  /** The start times of the marks of that name, oldest first. */
  marks(name: string): number[];
  /** The page's JS heap in use (Chromium's performance.memory), 0 where the browser does not say. */
  heapBytes(): number;
}
