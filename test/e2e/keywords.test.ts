import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { SUGGEST_OPERATIONS } from '../../src-main/schema';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import type { Handlers } from '../../src-main/host/dispatch';
import { HostError } from '../../src-main/host/dispatch';
import { DEEP_CATALOG_ID } from '../../src-main/sandbox/data/suggest-data';
import { toElement } from '../../src-main/services/lookbook';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);

// Results arrive over real SOAP calls (some tests add seconds of latency): wait for them, never for a fixed time.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 50 });

// A second sandbox with the same seed answers what the UI should show, without touching the app's network log.
const oracleDeps = createTestDeps({ sandbox: { notes: 10 } });
const oracle = createHandlers(oracleDeps);
const ctx = { signal: new AbortController().signal, emit: () => {} };
afterAll(() => oracleDeps.close());

type KeywordList = { KSDataT?: ({ Keyword?: string } | null)[] } | undefined;
async function firstKeyword(
  channel:
    | 'suggest.GetKeywordsByKeywordHint'
    | 'suggest.GetSuggestionKeywordsByKeywordHint'
    | 'suggest.GetNicknamesByKeywordHint'
    | 'suggest.GetBooksKeywordByKeywordHint'
    | 'suggest.GetTicketKeywordByKeywordHint',
  keywordHint: string,
): Promise<string> {
  const res = (await oracle[channel]({ keywordHint }, ctx)) as KeywordList;
  const k = res?.KSDataT?.[0]?.Keyword;
  if (!k) throw new Error(`the sandbox has no ${channel} answer for ${keywordHint}`);
  return k;
}

async function openKeywords(page: Page) {
  await page.getByRole('button', { name: '키워드' }).click();
  const search = page.getByRole('searchbox', { name: '검색어 힌트' });
  await search.waitFor();
  return search;
}

const panel = (page: Page, op: string) => page.locator(`section[data-op="${op}"]`);

/** Every hint panel has settled on `hint`: answered for it and no longer loading. */
async function settled(page: Page, hint: string) {
  await poll(() =>
    page.evaluate((h) => {
      const panels = Array.from(document.querySelectorAll<HTMLElement>('.kw-panels section[data-op]'));
      return panels.length === 8 && panels.every((p) => p.dataset.hint === h && p.ariaBusy !== 'true');
    }, hint),
  ).toBe(true);
}

async function search(page: Page, hint: string) {
  const box = page.getByRole('searchbox', { name: '검색어 힌트' });
  await box.fill(hint);
  await settled(page, hint);
}

describe('keyword explorer in Chromium against the sandbox', () => {
  it('calls all 12 suggest operations through the UI and shows a known value from each', async () => {
    const deps = createTestDeps({ sandbox: { notes: 10 } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    // The sandbox's item pictures come from loopback, which Chromium gates for the bridge's https origin.
    await app.context.grantPermissions(['local-network-access']);
    await openKeywords(page);

    // GetSuggestionNotice
    await poll(() => page.locator('.kw-notices').textContent()).toContain('시스템 점검 안내');

    // GetKeywordSuggest, GetKeywordsByKeywordHint, GetBrandShop…, GetKeywordByTopCategoryList: '나이키'
    await search(page, '나이키');
    await poll(() => panel(page, 'GetKeywordSuggest').textContent()).toContain('나이키 에어포스');
    expect(
      await panel(page, 'GetKeywordsByKeywordHint').locator('[role="option"]').first().textContent(),
    ).toContain(await firstKeyword('suggest.GetKeywordsByKeywordHint', '나이키'));
    expect(await panel(page, 'GetBrandShopSuggestionBrandsByKeywordHint').textContent()).toContain('Nike');
    expect(await panel(page, 'GetKeywordByTopCategoryList').textContent()).toContain('패션잡화');

    // GetBrandPlusItems: the brand's item cards with their pictures
    await panel(page, 'GetBrandShopSuggestionBrandsByKeywordHint')
      .getByRole('button', { name: '상품 보기 (→)' })
      .click();
    const cards = page.locator('.kw-detail .kw-card');
    await poll(() => cards.count()).toBeGreaterThan(0);
    expect(await cards.first().locator('.kw-card-name').textContent()).toMatch(/^나이키 /);
    await poll(() =>
      cards
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    // GetCatalog from the combined panel's catalog link
    await panel(page, 'GetKeywordSuggest')
      .getByRole('button', { name: `카탈로그 ${DEEP_CATALOG_ID}` })
      .click();
    await poll(() => page.getByRole('tree').getByRole('treeitem').count()).toBeGreaterThan(1);

    // GetSuggestionKeywordsByKeywordHint answers base words
    await search(page, '운동화');
    expect(await panel(page, 'GetSuggestionKeywordsByKeywordHint').textContent()).toContain(
      await firstKeyword('suggest.GetSuggestionKeywordsByKeywordHint', '운동화'),
    );

    // GetNicknamesByKeywordHint
    await search(page, '강남');
    expect(await panel(page, 'GetNicknamesByKeywordHint').textContent()).toContain(
      await firstKeyword('suggest.GetNicknamesByKeywordHint', '강남'),
    );

    // GetTicketKeywordByKeywordHint
    await search(page, '콘서트');
    expect(await panel(page, 'GetTicketKeywordByKeywordHint').textContent()).toContain(
      await firstKeyword('suggest.GetTicketKeywordByKeywordHint', '콘서트'),
    );

    // GetBooksKeywordByKeywordHint, then GetBook through the combined panel's book link
    const book = Object.values(oracleDeps.connection.sandbox()!.backend.data.suggest.books)[0]!;
    await search(page, book.ItemName!);
    expect(await panel(page, 'GetBooksKeywordByKeywordHint').textContent()).toContain(book.ItemName);
    await panel(page, 'GetKeywordSuggest')
      .getByRole('button', { name: `도서 ${book.ItemNo}` })
      .first()
      .click();
    const detail = page.locator('.kw-detail');
    await poll(() => detail.locator('.kw-book').textContent()).toContain(book.ISBN);
    const text = await detail.textContent();
    expect(text).toContain(book.Author);
    expect(text).toContain(book.Publisher);

    const operations = new Set(deps.connection.network.list().map((x) => x.operation));
    expect(SUGGEST_OPERATIONS.filter((op) => !operations.has(op))).toEqual([]);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('opens with the search box focused, and / brings it back from anywhere on the page', async () => {
    const deps = createTestDeps({ sandbox: { notes: 10 } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    const box = await openKeywords(page);
    const focused = () => box.evaluate((el) => el === document.activeElement);
    await poll(focused).toBe(true);
    // Typing goes straight into it, with no click first.
    await page.keyboard.type('나이키');
    await settled(page, '나이키');
    expect(await box.inputValue()).toBe('나이키');
    // Ranks are grouped numbers on one line ("2,578"), never digits wrapped apart.
    const ranks = await panel(page, 'GetKeywordsByKeywordHint').locator('.kw-c-rank').allTextContents();
    for (const r of ranks.filter((x) => x !== '')) expect(r).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(ranks.some((r) => r.includes(','))).toBe(true);

    // Away from the box (the basket), `/` focuses it again and is not typed.
    await page.locator('.kw-side').click({ position: { x: 5, y: 5 } });
    expect(await focused()).toBe(false);
    await page.keyboard.press('/');
    expect(await focused()).toBe(true);
    expect(await box.inputValue()).toBe('나이키');
    // The whole hint is selected: typing replaces it.
    await page.keyboard.type('운동화');
    expect(await box.inputValue()).toBe('운동화');

    // Leaving the page and coming back focuses it again.
    await page.getByRole('button', { name: /^설정/ }).click();
    await openKeywords(page);
    await poll(focused).toBe(true);

    // The `?` sheet lists the key.
    await page.locator('.kw-side').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const sheet = page.locator('dialog.shortcut-overlay[open]');
    await sheet.waitFor();
    expect(
      await sheet
        .getByRole('row', { name: /키워드: 검색/ })
        .locator('kbd')
        .allTextContents(),
    ).toEqual(['/']);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('debounces fast typing into one fan-out, and aborted requests never render', async () => {
    const deps = createTestDeps({ sandbox: { notes: 10, faults: { latencyMs: 1500 } } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    const box = await openKeywords(page);
    await poll(() => page.locator('.kw-notices').count()).toBe(1);
    // Record every hint any panel ever displays rows for.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __hintsSeen: Set<string> }).__hintsSeen = seen;
      new MutationObserver(() => {
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('section[data-op]'))) {
          seen.add(el.dataset.hint ?? '');
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-hint'],
      });
    });

    const hintCalls = () => app.calls.filter((c) => c.channel === 'suggest.GetKeywordSuggest');
    await box.focus();
    const tenChars = '나이키 에어포스 1';
    expect(Array.from(tenChars)).toHaveLength(10);
    await page.keyboard.type(tenChars, { delay: 30 });
    await settled(page, tenChars);
    expect(hintCalls().length).toBeLessThanOrEqual(2);
    expect(
      deps.connection.network.list({ operation: 'GetKeywordsByKeywordHint' }).length,
    ).toBeLessThanOrEqual(2);

    // A hint in flight, then a longer one: the first is aborted down to the wire and never shows.
    await box.fill('');
    await page.keyboard.type('나이', { delay: 30 });
    await poll(() =>
      hintCalls().some((c) => (c.req as { keywordHint?: string }).keywordHint === '나이'),
    ).toBe(true);
    await page.keyboard.type('키 운동화', { delay: 30 });
    await settled(page, '나이키 운동화');
    expect(await panel(page, 'GetKeywordsByKeywordHint').textContent()).toContain('나이키 운동화');

    const seen = await page.evaluate(() => [
      ...(window as unknown as { __hintsSeen: Set<string> }).__hintsSeen,
    ]);
    expect(seen).toContain('나이키 운동화');
    expect(seen).not.toContain('나이');
    const aborted = deps.connection.network
      .list()
      .map((x) => deps.connection.network.get(x.id)!)
      .filter((x) => x.error?.code === 'ABORTED' && />나이</.test(x.requestXml));
    expect(new Set(aborted.map((x) => x.operation)).size).toBe(8);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('queries a half-composed syllable when the seller pauses mid-composition, and the committed word after', async () => {
    const deps = createTestDeps({ sandbox: { notes: 10 } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    const box = await openKeywords(page);
    await box.focus();
    // What a Korean IME does: an open composition showing '나잌' on the way to '나이키'.
    const cdp = await app.context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '나잌', selectionStart: 2, selectionEnd: 2 });
    await settled(page, '나잌');
    expect(
      await panel(page, 'GetKeywordsByKeywordHint').locator('[role="option"]').first().textContent(),
    ).toContain('나이키');
    expect(await panel(page, 'GetKeywordsByKeywordHint').locator('mark').first().textContent()).toBe(
      '나이키',
    );
    await cdp.send('Input.insertText', { text: '나이키' });
    await settled(page, '나이키');
    expect(await box.inputValue()).toBe('나이키');
    await app.close();
    await deps.close();
  });

  it('renders a catalog three levels deep as a keyboard-navigable tree', async () => {
    const deps = createTestDeps({ sandbox: { notes: 10 } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    await openKeywords(page);
    const root = oracleDeps.connection.sandbox()!.backend.data.suggest.catalogs[DEEP_CATALOG_ID]!;
    const level2 = root.SetCatalogs![0]!;
    const level3 = level2.SetCatalogs![0]!;
    const level4 = level3.SetCatalogs;

    await search(page, '나이키 에어포스');
    await panel(page, 'GetKeywordSuggest')
      .getByRole('button', { name: `카탈로그 ${DEEP_CATALOG_ID}` })
      .click();
    const tree = page.getByRole('tree');
    const names = (level: number) =>
      tree
        .locator(`[role="treeitem"][aria-level="${level}"]`)
        .evaluateAll((els) => els.map((e) => e.ariaLabel));
    await poll(() => names(1)).toEqual([root.CatalogFullName]);
    expect(await names(2)).toEqual(root.SetCatalogs!.map((c) => c.CatalogFullName));
    expect(await names(3)).toEqual([]);

    await tree.focus();
    await page.keyboard.press('ArrowDown'); // level 2, first
    await page.keyboard.press('ArrowRight'); // expand it
    await poll(() => names(3)).toEqual(level2.SetCatalogs!.map((c) => c.CatalogFullName));
    await page.keyboard.press('ArrowRight'); // into its first child (level 3)
    await page.keyboard.press('ArrowRight'); // expand level 3
    await poll(() => names(4)).toEqual(level4!.map((c) => c.CatalogFullName));
    const selected = () => tree.locator('[aria-selected="true"]').getAttribute('aria-label');
    expect(await selected()).toBe(level3.CatalogFullName);
    expect(await tree.locator(`[aria-label="${level3.CatalogFullName}"]`).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await page.keyboard.press('ArrowLeft'); // collapse level 3
    await poll(() => names(4)).toEqual([]);
    await page.keyboard.press('ArrowLeft'); // up to its parent
    expect(await selected()).toBe(level2.CatalogFullName);
    await app.close();
    await deps.close();
  });

  it('measures a title with characters EUC-KR cannot carry exactly as the lookbook audit counts it', async () => {
    const deps = createTestDeps({ sandbox: { notes: 10 } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    try {
      // Emoji, a syllable outside KS X 1001 (똠) and decomposed Hangul (NFD), as a seller might paste them.
      const basket = ['신상🙂', '똠얌꿍', '가방'.normalize('NFD')];
      await page.evaluate(
        (b) => localStorage.setItem('seller-desk.keywords.basket.v1', JSON.stringify(b)),
        basket,
      );
      await page.reload();
      await openKeywords(page);
      const title = basket.join(' ');
      const audited = toElement(
        { PageNo: 1, ElementType: 3, Contents: title } as never,
        0,
      ).contentsEucKrBytes!;
      // What the marketplace's encoder stores is never more than the count shown.
      expect(audited).toBeGreaterThanOrEqual(iconv.encode(title, 'euc-kr').length);
      await poll(() => page.getByTestId('basket-count').textContent()).toBe(
        `${[...title].length}자 · ${audited}바이트 / 100`,
      );
      const warning = page.getByText('EUC-KR로 보낼 수 없는 문자:');
      expect(await warning.textContent()).toContain('🙂');
      expect(await warning.textContent()).toContain('\u1100');
    } finally {
      await app.close();
      await deps.close();
    }
  });

  it('collects keywords with Enter and clicks into a persisted basket measured in EUC-KR bytes', async () => {
    const deps = createTestDeps({ sandbox: { notes: 10 } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page, context } = app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: 'https://seller-desk.app',
    });
    const box = await openKeywords(page);

    await box.fill('ㄴㅇㅋ');
    await box.press('Enter');
    await settled(page, 'ㄴㅇㅋ');
    expect(
      await panel(page, 'GetKeywordsByKeywordHint').locator('[role="option"]').first().textContent(),
    ).toContain('나이키');
    // ↓ from the search box into the first list, ↓ once more, Enter: the second keyword goes in.
    await box.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const second = await panel(page, 'GetKeywordSuggest')
      .locator('[role="option"]')
      .nth(1)
      .getAttribute('data-keyword');
    await panel(page, 'GetKeywordsByKeywordHint').locator('[role="option"] .kw-c-keyword').first().click();
    const basket = page.getByRole('list', { name: '키워드 바구니' });
    await poll(() => basket.locator('.kw-basket-word').allTextContents()).toEqual([second, '나이키']);
    const title = `${second} 나이키`;
    const bytes = [...title].reduce((n, ch) => n + (ch.charCodeAt(0) < 0x80 ? 1 : 2), 0);
    expect(await page.getByTestId('basket-count').textContent()).toBe(
      `${[...title].length}자 · ${bytes}바이트 / 100`,
    );

    await page.getByRole('button', { name: '나이키 앞으로' }).click();
    await poll(() => basket.locator('.kw-basket-word').allTextContents()).toEqual(['나이키', second]);
    await page.getByRole('button', { name: '상품명으로 복사' }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`나이키 ${second}`);

    // Esc clears the search; the basket and the hint history survive a reload.
    await box.focus();
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');
    await poll(() => page.locator('.kw-panels').count()).toBe(0);
    await page.reload();
    await openKeywords(page);
    await poll(() => basket.locator('.kw-basket-word').allTextContents()).toEqual(['나이키', second]);
    await page.getByRole('button', { name: 'ㄴㅇㅋ', exact: true }).click();
    await settled(page, 'ㄴㅇㅋ');
    await page.getByRole('button', { name: '나이키 빼기' }).click();
    await poll(() => basket.locator('.kw-basket-word').allTextContents()).toEqual([second]);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('shows one failing operation in its own panel while the others answer, in English too', async () => {
    const deps = createTestDeps({ osLocale: 'en-US', sandbox: { notes: 10 } });
    const handlers: Handlers = {
      ...createHandlers(deps),
      'suggest.GetNicknamesByKeywordHint': async () => {
        throw new HostError('NETWORK', 'The marketplace cannot be reached.', 'nicknames down');
      },
    };
    const app = await openApp({ handlers, schemas: requestSchemas, locale: 'en-US' });
    const { page } = app;
    await page.getByRole('button', { name: 'Keywords' }).click();
    await page.getByRole('searchbox', { name: 'Keyword hint' }).fill('나이키');
    const nick = panel(page, 'GetNicknamesByKeywordHint');
    await poll(() => nick.getByRole('alert').locator('.error-headline').textContent()).toBe(
      'Cannot reach the marketplace — check the internet connection and the service address in Settings',
    );
    await poll(() =>
      panel(page, 'GetKeywordsByKeywordHint').locator('[role="option"]').count(),
    ).toBeGreaterThan(0);
    expect(await panel(page, 'GetKeywordSuggest').locator('h2').textContent()).toBe('Combined');

    // Notices link out only through the host's validated openExternal.
    await page.locator('.kw-notice-link').first().click();
    await poll(() => deps.opened.length).toBe(1);
    expect(deps.opened[0]).toMatch(/^https:\/\//);
    await app.close();
    await deps.close();
  });
});
