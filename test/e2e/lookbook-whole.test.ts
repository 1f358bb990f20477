// The publishing audit reads the whole lookbook, not the item page on screen: a seller with more items than one
// audit request carries, served slowly enough to watch the progress bar, with a defect on a late item page.
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createBackend } from '../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../src-main/sandbox/backend';
import type { SohoShopItemList } from '../../src-main/schema';
import { WHOLE_LOOKBOOK_PAGE_SIZE } from '../../src-main/services/lookbook';
import { TEST_NOW, createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);

const BIG_SELLER = 'big_shop';
const BIG_ITEMS = 2 * WHOLE_LOOKBOOK_PAGE_SIZE + 50;
/** Far past the first item page at any page size the UI offers but the largest. */
const DEFECT_AT = 230;
const defectItemNo = `B${DEFECT_AT}`;

/** The seeded sandbox plus a big seller whose items are the first seller's, repeated, one without colours. */
function bigBackend(): SandboxBackend & { lookbookCalls: string[] } {
  const base = createBackend({ seed: 42, now: TEST_NOW, notes: 50 });
  const lookbookCalls: string[] = [];
  return {
    ...base,
    lookbookCalls,
    sellerIds: [...base.sellerIds, BIG_SELLER],
    lookbook(sellerId, origin) {
      lookbookCalls.push(sellerId);
      if (sellerId !== BIG_SELLER) return base.lookbook(sellerId, origin);
      const model = base.lookbook(base.sellerIds[0]!, origin)!;
      // Clean items only: numeric prices, images that load, colours.
      const clean = model.items.filter((it) => /^\d+$/.test(it.Price ?? ''));
      const items: SohoShopItemList[] = Array.from({ length: BIG_ITEMS }, (_, i) => ({
        ...clean[i % clean.length]!,
        ItemNo: `B${i}`,
        SellerID: BIG_SELLER,
        ...(i === DEFECT_AT ? { SohoItemColorList: [] } : {}),
      }));
      return { SohoShopName: '큰 가게', SohoShopDescription: '', items, intro: [] };
    },
  };
}

async function openLookbook(opts: { latencyMs?: number; locale?: string } = {}) {
  const backend = bigBackend();
  const deps = createTestDeps({
    osLocale: opts.locale ?? 'ko-KR',
    sandbox: { backend, notes: 50, faults: { latencyMs: opts.latencyMs ?? 0 } },
  });
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    viewport: { width: 1600, height: 1000 },
    locale: opts.locale,
  });
  await app.page.getByRole('button', { name: opts.locale?.startsWith('en') ? 'Lookbook' : '룩북' }).click();
  await app.page.locator('.lb-item').first().waitFor();
  return { app, backend, deps, page: app.page };
}

const wholeCalls = (calls: { channel: string; req: unknown }[], sellerId: string) =>
  calls.filter(
    (c) => c.channel === 'lookbook.getAll' && (c.req as { sellerId: string }).sellerId === sellerId,
  ).length;

describe('the lookbook audit over the whole lookbook', () => {
  it('reads every item page with a determinate progress bar, finds a late-page defect and jumps to it', async () => {
    const { app, page } = await openLookbook({ latencyMs: 500 });
    await page.locator('#lb-seller').fill(BIG_SELLER);
    await page.locator('#lb-seller').press('Enter');

    // Determinate once the first page has told the total: items read of the lookbook's items.
    const bar = page.getByTestId('audit-progress').locator('progress');
    await expect
      .poll(() => bar.getAttribute('max'), { interval: 50, timeout: 10_000 })
      .toBe(String(BIG_ITEMS));
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(WHOLE_LOOKBOOK_PAGE_SIZE);
    expect(await page.getByTestId('audit-progress').textContent()).toMatch(/상품 [\d,]+ \/ 250개/);

    const finding = page.locator('.lb-finding[data-kind="item-no-colors"]');
    await finding.waitFor();
    await page.getByTestId('audit-progress').waitFor({ state: 'detached' });
    // The item on screen is on page 1 of 13 (20 a page); the finding names its page and jumps there.
    expect(await page.getByTestId('page-of').textContent()).toBe('1 / 13 페이지');
    expect(await finding.textContent()).toContain(`상품 ${defectItemNo} · 목록 12페이지`);
    expect(await page.locator('.lb-finding').count()).toBe(1);
    expect(await page.getByTestId('audit-count').textContent()).toBe('오류 0 · 경고 1 · 참고 0');
    await finding.click();
    await expect.poll(() => page.getByTestId('page-of').textContent()).toBe('12 / 13 페이지');
    const card = page.locator(`[data-item-no="${defectItemNo}"]`);
    await expect.poll(() => card.evaluate((e) => e.classList.contains('lb-flash'))).toBe(true);
    expect(await card.evaluate((e) => e === document.activeElement)).toBe(true);
    const inView = await card.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    expect(inView).toBe(true);
    // Paging the preview reads no more of the whole lookbook.
    expect(wholeCalls(app.calls, BIG_SELLER)).toBe(1);

    // The CSV covers the whole lookbook, page named.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV 내보내기' }).click();
    const lines = (await readFile((await (await download).path())!)).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`경고,item-no-colors,상품 ${defectItemNo} · 목록 12페이지,`);

    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it('cancels the read in the host, says so, and audits again on request', async () => {
    const { app, backend, page } = await openLookbook({ latencyMs: 1000 });
    await page.locator('#lb-seller').fill(BIG_SELLER);
    await page.locator('#lb-seller').press('Enter');
    const bar = page.getByTestId('audit-progress').locator('progress');
    await expect
      .poll(() => bar.getAttribute('max'), { interval: 50, timeout: 10_000 })
      .toBe(String(BIG_ITEMS));
    await page.getByTestId('audit-progress').getByRole('button', { name: '취소' }).click();
    await page.getByTestId('audit-cancelled').waitFor();
    // The host stops paging: well after three pages would have come, the whole read has not asked for them all.
    await page.waitForTimeout(2500);
    const bigCalls = backend.lookbookCalls.filter((s) => s === BIG_SELLER).length;
    // One preview page, the first whole page and at most the one in flight at cancel time (a second apart).
    expect(bigCalls).toBeLessThanOrEqual(3);
    expect(await page.locator('.lb-finding').count()).toBe(0);
    expect(await page.getByTestId('audit-none').count()).toBe(0);

    await page.getByRole('button', { name: '다시 점검' }).click();
    await page.locator('.lb-finding[data-kind="item-no-colors"]').waitFor();
    expect(wholeCalls(app.calls, BIG_SELLER)).toBe(2);
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it('says there is no lookbook to audit for an unknown seller, in Korean and in English', async () => {
    for (const [locale, nothing, none] of [
      ['ko-KR', '점검할 룩북이 없습니다', '문제가 없습니다'],
      ['en-US', 'There is no lookbook to audit', 'No problems found'],
    ] as const) {
      const { app, page } = await openLookbook({ locale });
      await page.locator('#lb-seller').fill('no_such_seller');
      await page.locator('#lb-seller').press('Enter');
      await expect.poll(() => page.getByTestId('audit-empty').textContent()).toContain(nothing);
      expect(await page.locator('.lb-audit').textContent()).not.toContain(none);
      expect(
        await page
          .getByRole('button', { name: locale === 'ko-KR' ? 'CSV 내보내기' : 'Export CSV' })
          .isDisabled(),
      ).toBe(true);
      expect(app.pageErrors).toEqual([]);
      await app.close();
    }
  });
});
