import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);

describe('app shell in Chromium', () => {
  it('renders the sidebar in Korean for a Korean OS and switches views on click', async () => {
    const app = await openApp({
      handlers: createHandlers(createTestDeps({ osLocale: 'ko-KR' })),
      schemas: requestSchemas,
    });
    const { page } = app;
    await expect.poll(() => page.getByRole('button', { name: '문의함' }).count()).toBe(1);
    await expect.poll(() => page.locator('h1').textContent()).toBe('구매자 문의');
    await page.getByRole('button', { name: '키워드' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('키워드 탐색');
    await expect.poll(() => page.locator('footer.statusbar').textContent()).toContain('샌드박스');
    // The sandbox's own tickets are built in: no alarming "no tickets" on a fresh start.
    await expect.poll(() => page.locator('footer.statusbar').textContent()).toContain('샌드박스 기본 티켓');
    expect(app.calls.some((c) => c.channel === 'app.info')).toBe(true);
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it('speaks English when the OS locale is English', async () => {
    const app = await openApp({
      handlers: createHandlers(createTestDeps({ osLocale: 'en-US' })),
      schemas: requestSchemas,
      locale: 'en-US',
    });
    await expect.poll(() => app.page.locator('h1').textContent()).toBe('Buyer notes');
    await app.page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => app.page.locator('h1').textContent()).toBe('Settings');
    await app.close();
  });
});
