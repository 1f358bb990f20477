import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { BROKEN_LOOKBOOK } from '../../src-main/sandbox/data/lookbooks';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);

const VIEWPORT = { width: 1700, height: 1000 };

async function openLookbook(opts: { locale?: string; viewport?: { width: number; height: number } } = {}) {
  const deps = createTestDeps({ osLocale: opts.locale ?? 'ko-KR' });
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    viewport: opts.viewport ?? VIEWPORT,
    locale: opts.locale,
  });
  // The test page is served from a public https origin; Chromium's Local Network Access asks before it may load
  // the sandbox's loopback images (the desktop app loads from file:, which is not asked).
  await app.context.grantPermissions(['local-network-access']);
  await app.page.getByRole('button', { name: opts.locale?.startsWith('en') ? 'Lookbook' : '룩북' }).click();
  return { app, deps, page: app.page };
}

/** Every <img> on the page has either loaded or failed: image findings are final from here on. */
const imagesSettled = (page: Page) =>
  page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));

const kinds = (page: Page) =>
  page.locator('.lb-finding').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.kind));

describe('lookbook previewer in Chromium', () => {
  it('renders a clean seller: every element kind and every item field', async () => {
    const { app, deps, page } = await openLookbook();
    await expect.poll(() => page.getByTestId('shop-name').textContent()).not.toBe('');
    expect(await page.locator('#lb-seller').inputValue()).toBe('gangnam_style');
    expect(
      await page
        .locator('#lb-seller-ids option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['gangnam_style', 'seoul_mart', 'hongdae_closet']);

    // Element kinds, including the unknown type shown by its raw value.
    for (const kind of ['image', 'html', 'text', 'unknown']) {
      expect(await page.locator(`.lb-el[data-kind="${kind}"]`).count(), kind).toBeGreaterThan(0);
    }
    expect(await page.locator('.lb-el[data-kind="unknown"] [data-testid="element-kind"]').textContent()).toBe(
      '요소 유형 9',
    );
    // Pages in order, each page's elements by ElementSeqNo.
    const seqs = await page
      .locator('.lb-intro-page')
      .evaluateAll((pages) =>
        pages.map((p) =>
          Array.from(p.querySelectorAll('.lb-el-meta .num')).map((n) => Number(n.textContent!.slice(1))),
        ),
      );
    for (const s of seqs) expect(s).toEqual([...s].sort((a, b) => a - b));
    expect(await page.locator('.lb-page-head').first().textContent()).toContain('페이지 1');

    // HTML: an empty sandbox (no scripts, opaque origin), the content really rendered inside it.
    const iframe = page.locator('.lb-el[data-kind="html"] iframe').first();
    expect(await iframe.getAttribute('sandbox')).toBe('');
    const frame = page.frameLocator('.lb-el[data-kind="html"] iframe').first();
    await expect.poll(() => frame.locator('h2').textContent()).toBe('여름 신상 기획전');
    expect(await frame.locator('a[href]').count()).toBe(0);
    expect(await page.locator('.lb-finding[data-kind="html-sanitized"]').count()).toBe(0);

    // The HTML's link goes out through the host's openExternal only.
    await page.locator('.lb-link', { hasText: '기획전 바로가기' }).click();
    await expect.poll(() => deps.opened).toEqual(['https://www.example.com/shop/gangnam_style/summer']);

    // LandingTargetYn=false shows the in-place pane and never navigates the app (true: see the broken seller).
    const before = page.url();
    await page.locator('[data-landing="in-place"]').first().click();
    const dialog = page.getByRole('dialog', { name: '현재 창 링크 미리보기' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('landing-url').textContent()).toBe(
      'https://www.example.com/shop/gangnam_style/page/1',
    );
    expect(deps.opened.length).toBe(1);
    await dialog.getByRole('button', { name: '브라우저에서 열기' }).click();
    await expect
      .poll(() => deps.opened)
      .toEqual([
        'https://www.example.com/shop/gangnam_style/summer',
        'https://www.example.com/shop/gangnam_style/page/1',
      ]);
    expect(await dialog.isVisible()).toBe(false);
    expect(page.url()).toBe(before);

    // Intro images load from the sandbox's image server.
    await imagesSettled(page);
    expect(
      await page
        .locator('.lb-el[data-kind="image"] img')
        .first()
        .evaluate((i) => (i as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    // Text elements show their EUC-KR size.
    expect(await page.locator('.lb-el[data-kind="text"] .lb-text-bytes').first().textContent()).toMatch(
      /^\d[\d,]*바이트/,
    );

    // Items: every field.
    const items = page.locator('.lb-item');
    expect(await items.count()).toBe(20);
    const first = items.first();
    for (const field of ['image', 'name', 'nick', 'price', 'colors', 'feedback', 'satisfaction']) {
      expect(await first.locator(`[data-field="${field}"]`).count(), field).toBe(1);
    }
    expect(await first.locator('[data-field="nick"]').textContent()).not.toBe('');
    expect(await first.locator('[data-field="satisfaction"]').textContent()).toMatch(/만족도 \d+%/);
    expect(await page.locator('[data-field="price"]').allTextContents()).toContain('가격문의');
    const numericPrices = (await page.locator('[data-field="price"]').allTextContents()).filter(
      (p) => p !== '가격문의',
    );
    for (const p of numericPrices) expect(p).toMatch(/^\d{1,3}(,\d{3})*원$/);
    for (const field of ['coupon', 'discount', 'premium', 'focus', 'icons']) {
      expect(await page.locator(`.lb-item [data-field="${field}"]`).count(), field).toBeGreaterThan(0);
    }
    expect(await page.locator('[data-field="coupon"]').first().textContent()).toMatch(/^\d{1,3}(,\d{3})*원$/);
    expect(await page.locator('[data-field="discount"]').first().textContent()).toMatch(/^\d+%$/);
    const swatches = await page
      .locator('[data-testid="swatch"]')
      .evaluateAll((s) => s.map((x) => [x.getAttribute('aria-label'), getComputedStyle(x).backgroundColor]));
    expect(swatches).toContainEqual(['#1E3A8A', 'rgb(30, 58, 138)']);
    expect(swatches.some(([name]) => name === '블랙' || name === '네이비' || name === '베이지')).toBe(true);
    expect(await page.locator('.lb-thumbs').count()).toBeGreaterThan(0);

    // The clean seller has nothing wrong; the unknown element and the worded price are notes, not errors.
    expect(await page.locator('.lb-finding[data-severity="error"]').count()).toBe(0);
    expect(await kinds(page)).toEqual(expect.arrayContaining(['element-type-unknown', 'price-not-numeric']));

    // Total, paging and device width.
    const total = Number((await page.getByTestId('total-items').textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(20);
    const pages = Math.ceil(total / 20);
    expect(await page.getByTestId('page-of').textContent()).toBe(`1 / ${pages} 페이지`);
    const firstItemNo = await first.getAttribute('data-item-no');
    await page.getByRole('button', { name: '다음 페이지' }).click();
    await expect.poll(() => page.getByTestId('page-of').textContent()).toBe(`2 / ${pages} 페이지`);
    await expect
      .poll(() => page.locator('.lb-item').first().getAttribute('data-item-no'))
      .not.toBe(firstItemNo);
    const lastCall = app.calls.filter((c) => c.channel === 'lookbook.get').at(-1);
    expect(lastCall?.req).toEqual({ sellerId: 'gangnam_style', page: 2, pageSize: 20 });
    await page.getByLabel('페이지당 상품').selectOption('40');
    await expect
      .poll(() => page.getByTestId('page-of').textContent())
      .toBe(`1 / ${Math.ceil(total / 40)} 페이지`);

    const frameWidth = () =>
      page.getByTestId('device-frame').evaluate((e) => e.getBoundingClientRect().width);
    await expect.poll(frameWidth).toBe(1024);
    expect(await page.locator('.lb-item').count()).toBe(36);
    await page.getByRole('button', { name: '모바일' }).click();
    await expect.poll(frameWidth).toBe(375);
    expect(await page.getByRole('button', { name: '모바일' }).getAttribute('aria-pressed')).toBe('true');

    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it('finds every deliberate defect of the broken seller, points at it and exports the audit', async () => {
    const { app, deps, page } = await openLookbook();
    await expect.poll(() => page.getByTestId('shop-name').textContent()).not.toBe('');
    await page.locator('#lb-seller').fill('hongdae_closet');
    await page.locator('#lb-seller').press('Enter');
    await expect
      .poll(() => app.calls.some((c) => (c.req as { sellerId?: string })?.sellerId === 'hongdae_closet'))
      .toBe(true);
    await expect.poll(() => page.locator('.lb-item').count()).toBeGreaterThan(0);
    await imagesSettled(page);

    const expected = [
      'image-failed',
      'image-http',
      'landing-empty',
      'landing-malformed',
      'seq-duplicate',
      'page-missing',
      'page-gap',
      'html-sanitized',
      'coupon-not-lower',
      'item-no-images',
      'item-no-colors',
      'text-too-long',
    ];
    await expect.poll(() => kinds(page)).toEqual(expect.arrayContaining(expected));
    const found = await kinds(page);
    expect(new Set(found)).toEqual(new Set(expected));

    // The evidence: what the sanitizer removed, the bad URLs, the failing image, the page gap.
    const sanitized = await page.locator('.lb-finding[data-kind="html-sanitized"]').first().textContent();
    expect(sanitized).toContain('<script>');
    expect(sanitized).toContain('onerror=');
    expect(sanitized).toContain('onclick=');
    expect(sanitized).toContain('javascript:');
    expect(await page.locator('.lb-finding[data-kind="landing-malformed"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(BROKEN_LOOKBOOK.malformedLandingUrl)]),
    );
    expect((await page.locator('.lb-finding[data-kind="image-http"]').allTextContents()).join()).toContain(
      BROKEN_LOOKBOOK.httpImageUrl,
    );
    expect((await page.locator('.lb-finding[data-kind="image-failed"]').allTextContents()).join()).toContain(
      BROKEN_LOOKBOOK.missingImagePath,
    );
    expect(await page.locator('.lb-finding[data-kind="page-gap"]').textContent()).toContain(
      '3 페이지가 비어 있습니다',
    );
    expect(await page.locator('.lb-finding[data-kind="seq-duplicate"]').count()).toBe(2);
    expect(
      await page.locator('.lb-el-meta', { hasText: `#${BROKEN_LOOKBOOK.duplicateElementSeqNo}` }).count(),
    ).toBe(2);
    // Errors first.
    const severities = await page
      .locator('.lb-finding')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.severity));
    expect(severities.indexOf('warning')).toBeGreaterThan(severities.lastIndexOf('error'));

    // LandingTargetYn=true opens the OS browser at once; the malformed link is not offered at all.
    expect(await page.locator('[data-landing]').count()).toBe(1);
    await page.locator('[data-landing="external"]').click();
    await expect.poll(() => deps.opened).toEqual(['https://www.example.com/shop/hongdae_closet']);

    // A finding scrolls to its element and flashes it.
    const finding = page.locator('.lb-finding[data-kind="text-too-long"]');
    const target = await finding.getAttribute('data-target');
    await finding.click();
    const el = page.locator(`[data-audit-key="${target}"]`);
    await expect.poll(() => el.evaluate((e) => e.classList.contains('lb-flash'))).toBe(true);
    const inView = await el.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    expect(inView).toBe(true);
    expect(await el.evaluate((e) => e === document.activeElement)).toBe(true);

    // The text limit is a setting: raising it clears the finding.
    await page.getByLabel('텍스트 한도 (EUC-KR 바이트)').fill('100000');
    await expect.poll(() => page.locator('.lb-finding[data-kind="text-too-long"]').count()).toBe(0);
    await page.getByLabel('텍스트 한도 (EUC-KR 바이트)').fill('2000');
    await expect.poll(() => page.locator('.lb-finding[data-kind="text-too-long"]').count()).toBe(1);

    // CSV export: UTF-8 with BOM, one row per finding.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV 내보내기' }).click();
    const file = await download;
    // Stamped on the seller's clock (Seoul), as the inbox export is: not in UTC.
    const stamp = /^룩북점검-hongdae_closet-(\d{8}-\d{4})\.csv$/.exec(file.suggestedFilename())?.[1];
    const seoulNow = (ms: number) =>
      new Date(ms + 9 * 3600_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    expect([seoulNow(Date.now()), seoulNow(Date.now() - 60_000)]).toContain(stamp);
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('심각도,점검 코드,대상,내용,근거');
    expect(lines.length).toBe(1 + (await page.locator('.lb-finding').count()));
    expect(lines.join('\n')).toContain('coupon-not-lower');
    expect(lines.join('\n')).toMatch(
      /오류,coupon-not-lower,.*쿠폰가 [\d,]+원이 판매가 [\d,]+원보다 높거나 같습니다 — 쿠폰가를 낮추세요\./,
    );

    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it('at the smallest window (960×600) a finding scrolls the preview pane only, never the window', async () => {
    const { app, page } = await openLookbook({ viewport: { width: 960, height: 600 } });
    await expect.poll(() => page.getByTestId('shop-name').textContent()).not.toBe('');
    await page.locator('#lb-seller').fill('hongdae_closet');
    await page.locator('#lb-seller').press('Enter');
    await expect.poll(() => page.locator('.lb-item').count()).toBeGreaterThan(0);
    await imagesSettled(page);
    await expect.poll(() => kinds(page)).toContain('text-too-long');
    const layout = () =>
      page.evaluate(() => ({
        documentScroll: document.scrollingElement!.scrollTop,
        shellTop: document.querySelector('.shell')!.getBoundingClientRect().top,
        statusBottom: Math.round(document.querySelector('.statusbar')!.getBoundingClientRect().bottom),
        workScroll: document.querySelector('.work')!.scrollTop,
      }));
    const still = { documentScroll: 0, shellTop: 0, statusBottom: 600, workScroll: 0 };
    expect(await layout()).toEqual(still);
    // The findings whose elements lie furthest down the pane, and one near its top.
    for (const kind of ['text-too-long', 'item-no-colors', 'page-gap']) {
      const finding = page.locator(`.lb-finding[data-kind="${kind}"]`).first();
      const target = await finding.getAttribute('data-target');
      await finding.click();
      const el = page.locator(`[data-audit-key="${target}"]`);
      await expect.poll(() => el.evaluate((e) => e.classList.contains('lb-flash'))).toBe(true);
      expect(await layout(), kind).toEqual(still);
      // The pane brought it into its own view.
      const seen = await el.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const pane = e.closest('.lb-stage')!.getBoundingClientRect();
        return r.bottom > pane.top && r.top < pane.bottom;
      });
      expect(seen, kind).toBe(true);
    }
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it('speaks English and keeps the raw values the spec leaves undefined', async () => {
    const { app, page } = await openLookbook({ locale: 'en-US' });
    await expect.poll(() => page.locator('h1').textContent()).not.toBe('');
    await expect.poll(() => page.locator('.lb-el[data-kind="unknown"]').count()).toBe(1);
    expect(await page.locator('.lb-el[data-kind="unknown"] [data-testid="element-kind"]').textContent()).toBe(
      'Element type 9',
    );
    expect(await page.getByTestId('total-items').textContent()).toMatch(/items in total$/);
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
