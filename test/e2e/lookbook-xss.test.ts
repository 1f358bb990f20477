// The XSS corpus through the real pipeline: sandbox SOAP server → client → host → IPC bridge → renderer
// sanitizer → sandboxed iframe. Nothing may run, navigate, open a window, or reach openExternal but http(s).
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createBackend } from '../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../src-main/sandbox/backend';
import type { SohoShopLookBookIntroElementList } from '../../src-main/schema';
import { TEST_NOW, createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);

const PAYLOADS = readFileSync('test/fixtures/xss/payloads.txt', 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));
const XSS_SELLER = 'xss_lab';
const HOSTILE_URLS = [
  'javascript:parent.__xss=1',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

/** The seeded sandbox plus one seller whose every lookbook field is hostile. */
function xssBackend(): SandboxBackend {
  const base = createBackend({ seed: 42, now: TEST_NOW, notes: 50 });
  const intro: SohoShopLookBookIntroElementList[] = PAYLOADS.map((Html, i) => ({
    PageNo: 1 + Math.floor(i / 10),
    TemplateType: 1,
    ElementType: 2,
    ElementSeqNo: i + 1,
    Html,
  }));
  HOSTILE_URLS.forEach((url, i) =>
    intro.push({
      PageNo: 99,
      TemplateType: 1,
      ElementType: 1,
      ElementSeqNo: 1000 + i,
      ImagePath: url,
      LandingUrl: url,
      LandingTargetYn: i % 2 === 0,
    }),
  );
  return {
    ...base,
    sellerIds: [...base.sellerIds, XSS_SELLER],
    lookbook(sellerId, origin) {
      if (sellerId !== XSS_SELLER) return base.lookbook(sellerId, origin);
      return {
        SohoShopName: '<img src=x onerror=parent.__xss=1>',
        SohoShopDescription: '<script>parent.__xss=1</script>',
        items: HOSTILE_URLS.map((url, i) => ({
          ItemNo: `X${i}`,
          ItemName: `<svg onload=alert(${i})>`,
          SellerID: XSS_SELLER,
          SellerNickName: '"><img src=x onerror=alert(1)>',
          Price: '<b>1000</b>',
          ItemLandingUrl: url,
          SohoItemColorList: ['red;background:url(javascript:alert(1))', '#12345g'],
          SohoItemIconList: ['<script>alert(1)</script>'],
          ItemImagePathList: [url],
        })),
        intro,
      };
    },
  };
}

describe('lookbook XSS corpus in Chromium', () => {
  it(`renders ${PAYLOADS.length} filter-evasion payloads without running, navigating or opening anything`, async () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const deps = createTestDeps({ sandbox: { backend: xssBackend() } });
    const app = await openApp({
      handlers: createHandlers(deps),
      schemas: requestSchemas,
      viewport: { width: 1600, height: 1000 },
    });
    const { page, context } = app;
    await context.grantPermissions(['local-network-access']);
    const counters = { dialogs: 0, popups: 0, navigations: 0 };
    page.on('dialog', (d) => {
      counters.dialogs++;
      void d.dismiss();
    });
    page.on('popup', () => counters.popups++);
    context.on('page', () => counters.popups++);
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) counters.navigations++;
    });
    const startUrl = page.url();
    await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__xss = 0;
      const trap = () => {
        (w.__xss as number)++;
      };
      w.alert = trap;
      w.confirm = trap;
      w.prompt = trap;
    });

    await page.getByRole('button', { name: '룩북' }).click();
    await page.locator('#lb-seller').fill(XSS_SELLER);
    await page.locator('#lb-seller').press('Enter');
    const frames = page.locator('.lb-el[data-kind="html"] iframe');
    await expect.poll(() => frames.count()).toBe(PAYLOADS.length);
    for (const f of page.frames()) if (f !== page.mainFrame()) await f.waitForLoadState('load');
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));

    // Hostile text stays text.
    expect(await page.getByTestId('shop-name').textContent()).toBe('<img src=x onerror=parent.__xss=1>');
    expect(await page.locator('.lb-item-name').first().textContent()).toBe('<svg onload=alert(0)>');

    // Every frame: the empty sandbox, and a body the sanitizer left without anything active.
    const audit = await page.evaluate(() => {
      const bad: string[] = [];
      const forbidden = new Set([
        'script',
        'style',
        'iframe',
        'frame',
        'object',
        'embed',
        'form',
        'input',
        'button',
        'base',
        'meta',
        'link',
        'svg',
        'math',
        'template',
        'video',
        'audio',
        'source',
      ]);
      for (const iframe of Array.from(
        document.querySelectorAll<HTMLIFrameElement>('.lb-el[data-kind="html"] iframe'),
      )) {
        if (iframe.getAttribute('sandbox') !== '') bad.push(`sandbox=${iframe.getAttribute('sandbox')}`);
        const doc = new DOMParser().parseFromString(iframe.srcdoc, 'text/html');
        for (const el of Array.from(doc.body.querySelectorAll('*'))) {
          const tag = el.localName;
          if (forbidden.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') bad.push(`<${tag}>`);
          for (const a of Array.from(el.attributes)) {
            if (
              /^on/i.test(a.name) ||
              ['style', 'href', 'target', 'action', 'formaction', 'srcset', 'background'].includes(a.name)
            ) {
              bad.push(`${a.name} on <${tag}>`);
            }
            if (a.name === 'src' && !/^(https?:|data:image\/)/i.test(a.value)) bad.push(`src=${a.value}`);
          }
        }
      }
      return bad;
    });
    expect(audit).toEqual([]);
    // The sanitizer changed every payload and said what it removed.
    const flagged = new Set(
      await page
        .locator('.lb-finding[data-kind="html-sanitized"]')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.target)),
    );
    const htmlKeys = await page
      .locator('.lb-el[data-kind="html"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.auditKey));
    // Even <img src=`javascript:alert(1)`> (backticks are not quotes: a relative path) is flagged, since a
    // path outside the sandbox's image route is not an image the lookbook may load.
    expect(htmlKeys.filter((k) => !flagged.has(k)).map((k) => PAYLOADS[Number(k!.slice(3))])).toEqual([]);

    // Every link the preview offers goes through openExternal, and only http(s) ever gets there.
    const buttons = page.locator('.lb-link, [data-landing], .lb-item-open');
    const n = await buttons.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      await buttons.nth(i).click();
      const dialog = page.getByRole('dialog', { name: '현재 창 링크 미리보기' });
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: '브라우저에서 열기' }).click();
    }
    const asked = app.calls
      .filter((c) => c.channel === 'shell.openExternal')
      .map((c) => (c.req as { url: string }).url);
    await expect.poll(() => deps.opened.length).toBe(asked.length);
    expect(deps.opened.length).toBeGreaterThan(0);
    for (const url of [...deps.opened, ...asked]) expect(url).toMatch(/^https?:\/\/[^/]/);
    expect(deps.opened).toContain('https://ok.example/');

    expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
    expect(counters).toEqual({ dialogs: 0, popups: 0, navigations: 0 });
    expect(page.url()).toBe(startUrl);
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
