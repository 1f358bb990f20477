// Actions are safe to repeat: a double click, or Enter pressed again while the first run is in flight, reaches
// the host once. Counted at the bridge: every call the renderer makes passes through app.calls. The sandbox
// answers slowly so that the second click lands while the first run is still going.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import type { AppUnderTest } from './harness';

afterAll(closeBrowser);

async function open() {
  const deps = createTestDeps({ sandbox: { notes: 50, faults: { latencyMs: 300 } } });
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    viewport: { width: 1600, height: 1000 },
  });
  return { app, page: app.page };
}

const count = (app: AppUnderTest, channel: string, sellerId?: string) =>
  app.calls.filter(
    (c) =>
      c.channel === channel &&
      (sellerId === undefined || (c.req as { sellerId?: string }).sellerId === sellerId),
  ).length;

/** Nothing on the page says it is busy any more. */
const settled = (app: AppUnderTest) =>
  app.page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, {
    timeout: 20_000,
  });

describe('repeated clicks run an action once', () => {
  it('불러오기: a double click or a second Enter reads the lookbook once', async () => {
    const { app, page } = await open();
    await page.getByRole('navigation').getByRole('button', { name: /^룩북/ }).click();
    await page.locator('.lb-item').first().waitFor();
    await settled(app);
    const load = page.getByRole('button', { name: '불러오기' });

    // The seller on screen: 불러오기 reads it again, once, and says so while it reads.
    const pageReads = count(app, 'lookbook.get', 'gangnam_style');
    const wholeReads = count(app, 'lookbook.getAll', 'gangnam_style');
    await load.dblclick();
    const busy = page.locator('.lb-seller-form button[type="submit"]');
    expect(await busy.isDisabled()).toBe(true);
    expect(await busy.textContent()).toBe('불러오는 중…');
    await settled(app);
    expect(count(app, 'lookbook.get', 'gangnam_style')).toBe(pageReads + 1);
    expect(count(app, 'lookbook.getAll', 'gangnam_style')).toBe(wholeReads + 1);
    expect(await load.isEnabled()).toBe(true);

    // Another seller typed in, Enter pressed twice: the text box stays enabled, so only the guard stops it.
    const seller = page.locator('#lb-seller');
    await seller.fill('hongdae_closet');
    await seller.press('Enter');
    await seller.press('Enter');
    await page.locator('.lb-finding').first().waitFor();
    await settled(app);
    expect(count(app, 'lookbook.get', 'hongdae_closet')).toBe(1);
    expect(count(app, 'lookbook.getAll', 'hongdae_closet')).toBe(1);

    // The audit CSV: one export, one file.
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await page.getByRole('button', { name: 'CSV 내보내기' }).dblclick();
    await expect.poll(() => downloads.length).toBe(1);
    await settled(app);
    await page.waitForTimeout(500);
    expect(count(app, 'lookbook.exportAudit')).toBe(1);
    expect(downloads).toHaveLength(1);
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it('연결 테스트: a double click tests the connection once and shows that it runs', async () => {
    const { app, page } = await open();
    await page.getByRole('navigation').getByRole('button', { name: /^설정/ }).click();
    const button = page.getByRole('button', { name: '연결 테스트' });
    await button.dblclick();
    const running = page.getByRole('button', { name: '테스트 중…' });
    expect(await running.isDisabled()).toBe(true);
    await page.getByTestId('connection-test-market').waitFor();
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(count(app, 'connection.test')).toBe(1);
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
