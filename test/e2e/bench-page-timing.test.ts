// The bench's pages run on a clock that flows from TEST_NOW, and that clock replaces the page's `performance` with
// one that keeps no mark and its frames with timers: the insights first-paint bench waited for the app's
// 'insights:report-arrived' mark for ever. The bench's script, run before the clock (bench/page-timing.ts), keeps
// the browser's own timeline: the marks the app makes reach it, and a frame is the browser's.
import { afterAll, describe, expect, it } from 'vitest';
import { REAL_TIMING_SCRIPT } from '../../bench/page-timing';
import type { RealTiming } from '../../bench/page-timing';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { TEST_NOW, createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();

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
});
