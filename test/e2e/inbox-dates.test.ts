// The inbox's custom period in Chromium: a date out of range (9999-12-31) is refused by the inputs, a stored
// one is dropped, and a long period is held to what one sync may cover, with a note saying so. None of it may
// freeze the page or reach the host as a runaway sync.
import type { Page } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SYNC_DAYS, addDays, marketDayOf, periodDays } from '../../src-shared/market-day';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { TEST_NOW, createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);

const TODAY = marketDayOf(TEST_NOW.getTime());

async function responsive(page: Page): Promise<boolean> {
  return Promise.race([
    page.evaluate(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
  ]);
}

describe('inbox custom period', () => {
  it('refuses dates out of range, holds a long period to one sync, and never freezes', async () => {
    const deps = createTestDeps({ sandbox: { notes: 500 } });
    // A period ending 9999-12-31, as an older version could have stored it.
    await deps.settings.update({
      inbox: { filters: { preset: 'custom', start: '2026-11-01', end: '9999-12-31' } },
    });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    await expect.poll(() => page.getByLabel('기간').inputValue()).toBe('7d');
    expect(await responsive(page)).toBe(true);

    await page.getByLabel('기간').selectOption('custom');
    const start = page.getByLabel('시작일');
    const end = page.getByLabel('종료일');
    const before = await end.inputValue();
    await end.fill('9999-12-31');
    expect(await responsive(page)).toBe(true);
    await start.fill('1900-01-01');
    expect(await responsive(page)).toBe(true);
    // The view kept its last sane period.
    expect(await end.getAttribute('max')).toBe('2099-12-31');
    expect(await start.getAttribute('min')).toBe('2000-01-01');
    await page.getByLabel('종료일').fill(before);

    // Three years: the view and the sync cover its last MAX_SYNC_DAYS days, and say so.
    const syncsBefore = app.calls.filter((c) => c.channel === 'notes.sync').length;
    const from = addDays(TODAY, -3 * 365);
    await start.fill(from);
    await end.fill(TODAY);
    const note = page.getByRole('status').filter({ hasText: `${MAX_SYNC_DAYS}일` });
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toContain(addDays(TODAY, -(MAX_SYNC_DAYS - 1)));
    await expect
      .poll(() => app.calls.filter((c) => c.channel === 'notes.sync').length, { timeout: 10_000 })
      .toBeGreaterThan(syncsBefore);
    for (const c of app.calls.filter((x) => x.channel === 'notes.sync').slice(syncsBefore)) {
      const { start: s, end: e } = c.req as { start: string; end: string };
      const days = periodDays(s, e);
      expect(days, `${s}..${e}`).toBeDefined();
      expect(days!).toBeLessThanOrEqual(MAX_SYNC_DAYS);
    }
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });
});
