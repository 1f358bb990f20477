// Images in seller HTML and in URL fields load only from the sandbox's own image route and from public https
// hosts the lookbook's own fields name: a real server on another loopback port counts every connection the page
// opens to it, and none may come, whatever notation the address is written in.
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createBackend } from '../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../src-main/sandbox/backend';
import type { SohoShopLookBookIntroElementList } from '../../src-main/schema';
import { TEST_NOW, createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

const SELLER = 'img_lab';
let counter: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  counter = createServer((socket) => {
    hits++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  port = (counter.address() as { port: number }).port;
});
afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => counter.close(resolve));
});

/** Every way to write the counting server's address, and every element that could fetch it. */
function hostileUrls(): string[] {
  return [
    `http://127.0.0.1:${port}/plain.png`,
    `http://0x7f000001:${port}/hex.png`,
    `http://2130706433:${port}/integer.png`,
    `http://127.1:${port}/short.png`,
    `http://0177.0.0.1:${port}/octal.png`,
    `http://0x7f.0.0.1:${port}/hex-octet.png`,
    `http://localhost:${port}/name.png`,
    `http://LOCALHOST:${port}/upper.png`,
    `//127.0.0.1:${port}/protocol-relative.png`,
    `https://127.0.0.1:${port}/tls.png`,
    `http://[::ffff:127.0.0.1]:${port}/mapped.png`,
    `http://127.0.0.1:${port}/images/item/1.svg`,
  ];
}

function hostileHtml(): string[] {
  const u = `http://127.0.0.1:${port}`;
  return [
    ...hostileUrls().map((url) => `<img src="${url}">`),
    `<img srcset="${u}/srcset.png 1x">`,
    `<picture><source srcset="${u}/source.png"><img src="/images/item/1.svg"></picture>`,
    `<input type=image src="${u}/input.png">`,
    `<svg><image href="${u}/svg-image.png"></image></svg>`,
    `<video poster="${u}/poster.png"></video>`,
    `<table background="${u}/table.png"><tr><td>t</td></tr></table>`,
    `<div style="background-image:url(${u}/style.png)">style</div>`,
    `<style>@import url(${u}/import.css); body{background:url(${u}/css.png)}</style>`,
    `<link rel=preload as=image href="${u}/preload.png">`,
    `<object data="${u}/object.png"></object><embed src="${u}/embed.png">`,
    `<audio src="${u}/audio.mp3"></audio><iframe src="${u}/frame.html"></iframe>`,
    `<a ping="${u}/ping" href="https://ok.example/">ping</a>`,
    `<base href="${u}/"><img src="relative-to-base.png">`,
    `<meta http-equiv="refresh" content="0;url=${u}/refresh">`,
  ];
}

function imageBackend(): SandboxBackend {
  const base = createBackend({ seed: 42, now: TEST_NOW, notes: 50 });
  return {
    ...base,
    sellerIds: [...base.sellerIds, SELLER],
    lookbook(sellerId, origin) {
      if (sellerId !== SELLER) return base.lookbook(sellerId, origin);
      const intro: SohoShopLookBookIntroElementList[] = hostileHtml().map((Html, i) => ({
        PageNo: 1,
        TemplateType: 1,
        ElementType: 2,
        ElementSeqNo: i + 1,
        Html,
      }));
      hostileUrls().forEach((ImagePath, i) =>
        intro.push({ PageNo: 2, TemplateType: 1, ElementType: 1, ElementSeqNo: 100 + i, ImagePath }),
      );
      // The sandbox's own route still loads, in a field and in HTML.
      intro.push({
        PageNo: 3,
        TemplateType: 1,
        ElementType: 1,
        ElementSeqNo: 200,
        ImagePath: `${origin}/images/intro/1.svg`,
      });
      intro.push({
        PageNo: 3,
        TemplateType: 1,
        ElementType: 2,
        ElementSeqNo: 201,
        Html: '<img src="/images/item/2.svg">',
      });
      return {
        SohoShopName: 'Image lab',
        SohoShopDescription: '',
        items: [
          {
            ItemNo: 'I1',
            ItemName: 'every address',
            SellerID: SELLER,
            ItemImagePathList: [`${origin}/images/item/3.svg`, ...hostileUrls()],
          },
        ],
        intro,
      };
    },
  };
}

describe('lookbook images', () => {
  it('never opens a connection to another loopback port, in any notation, from HTML or URL fields', async () => {
    const deps = createTestDeps({ sandbox: { backend: imageBackend() } });
    const app = await openApp({
      handlers: createHandlers(deps),
      schemas: requestSchemas,
      viewport: { width: 1600, height: 1000 },
    });
    const { page } = app;
    await page.getByRole('button', { name: '룩북' }).click();
    await page.locator('#lb-seller').fill(SELLER);
    await page.locator('#lb-seller').press('Enter');
    await expect
      .poll(() => page.locator('.lb-el[data-kind="html"] iframe').count())
      .toBe(hostileHtml().length + 1);
    // Every thumbnail, so no image of the item stays unrendered.
    const thumbs = page.locator('.lb-thumb');
    for (let i = 0; i < (await thumbs.count()); i++) await thumbs.nth(i).click();
    for (const f of page.frames()) if (f !== page.mainFrame()) await f.waitForLoadState('load');
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await page.waitForTimeout(500);
    expect(hits).toBe(0);

    // The sandbox's own images did load.
    const loaded = await page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => img.naturalWidth > 0)
        .map((img) => new URL(img.src).pathname),
    );
    expect(loaded).toEqual(expect.arrayContaining(['/images/intro/1.svg', '/images/item/3.svg']));

    // A control: the same page can reach the counting server when something does ask, so zero meant zero.
    await page.evaluate((p) => {
      const img = document.createElement('img');
      img.src = `http://127.0.0.1:${p}/control.png`;
      document.body.append(img);
    }, port);
    await expect.poll(() => hits).toBeGreaterThan(0);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });
});
