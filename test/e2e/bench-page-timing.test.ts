// The bench's pages run on a clock that flows from TEST_NOW, and that clock replaces the page's `performance` with
// one that keeps no mark and its frames with timers: the insights first-paint bench waited for the app's
// 'insights:report-arrived' mark for ever. The bench's script, run before the clock (bench/page-timing.ts), keeps
// the browser's own timeline: the marks the app makes reach it, and a frame is the browser's. The renderer bench's
// keystroke probe times with that timeline too, never with the clock's copies.
import { afterAll, describe, expect, it } from 'vitest';
import { REAL_TIMING_SCRIPT } from '../../bench/page-timing';
import type { RealTiming } from '../../bench/page-timing';
import { KEYSTROKE_PAGE, KEYSTROKE_PROBE, armKeystroke, keystrokeSamples } from '../../bench/renderer';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { TEST_NOW, createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';
import { settled } from './settle';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const LONG = { timeout: 30_000 };

async function benchPage(beforeClock?: string) {
  const deps = createTestDeps();
  cleanup.push(() => deps.close());
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    clock: { flowingFrom: TEST_NOW },
    ...(beforeClock ? { beforeClock } : {}),
  });
  cleanup.push(app.close);
  return app.page;
}

describe("the bench's page timing under the page's clock", () => {
  it("the page's clock keeps no mark: a bench waiting for one through it waits for ever", async () => {
    const page = await benchPage();
    const kept = await page.evaluate(() => {
      performance.mark('bench:probe');
      return performance.getEntriesByName('bench:probe').length;
    });
    expect(kept).toBe(0);
  });

  it('with the bench’s script, the marks the page makes reach the browser’s timeline, and frames follow them', async () => {
    const page = await benchPage(REAL_TIMING_SCRIPT);
    const seen = await page.evaluate(async () => {
      const real = (window as unknown as { __realTiming: RealTiming }).__realTiming;
      performance.mark('bench:probe');
      const frame = await real.frame();
      return { marks: real.marks('bench:probe'), frame, date: Date.now() };
    });
    expect(seen.marks).toHaveLength(1);
    expect(seen.frame).toBeGreaterThanOrEqual(seen.marks[0]!);
    // The page's clock is still the bench's: it flows from TEST_NOW.
    expect(seen.date).toBeGreaterThanOrEqual(TEST_NOW.getTime());
    expect(seen.date).toBeLessThan(TEST_NOW.getTime() + 3_600_000);
  });

  it("the renderer bench's keystroke probe times the browser's frames, whatever the page's clock does", async () => {
    const deps = createTestDeps();
    cleanup.push(() => deps.close());
    // The app as the renderer bench opens it, with its probe.
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, ...KEYSTROKE_PAGE });
    cleanup.push(app.close);
    const { page } = app;
    await settled(page, app.calls);
    await page.addInitScript({ content: KEYSTROKE_PROBE });
    await page.reload();
    await page.locator('[data-seqno]').first().waitFor({ timeout: 60_000 });
    // The page's clock jumps an hour and stops: its performance.now() is an hour past the browser's timeline, and
    // its requestAnimationFrame, a timer, never fires. The browser's own frames go on.
    await page.clock.pauseAt(new Date(TEST_NOW.getTime() + 3_600_000));
    const realNow = () =>
      page.evaluate(() => (window as unknown as { __realTiming: RealTiming }).__realTiming.now());
    const filter = page.getByRole('radio', { name: /^미답변/ });
    await filter.focus();
    const before = await realNow();
    const samples = await page.evaluate(armKeystroke);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await page.evaluate(keystrokeSamples)).painted.length, LONG)
      .toBe(samples + 1);
    const took = (await realNow()) - before;
    const s = await page.evaluate(keystrokeSamples);
    const [commit, frame, painted] = [s.commit.at(-1)!, s.frame.at(-1)!, s.painted.at(-1)!];
    // One keystroke's times, in order, each a span of the browser's timeline within the time it took.
    expect(commit).toBeGreaterThanOrEqual(0);
    expect(frame).toBeGreaterThanOrEqual(commit);
    expect(painted).toBeGreaterThanOrEqual(frame);
    expect(painted).toBeLessThanOrEqual(took);
    // The heap the bench reports is the browser's (the clock's copy of performance has no memory to read).
    const heap = await page.evaluate(() => ({
      real: (window as unknown as { __realTiming: RealTiming }).__realTiming.heapBytes(),
      clock: typeof (performance as unknown as { memory?: { usedJSHeapSize?: number } }).memory
        ?.usedJSHeapSize,
    }));
    expect(heap.clock).toBe('undefined');
    expect(heap.real).toBeGreaterThan(0);
  });
});
