// `npm run screenshots`: the built renderer in headless Chromium against a seeded sandbox, through the same
// bridge as the E2E tests, so docs/screenshots always show the product as it is. One function per page: add
// yours to PAGES.
//
// `npm run screenshots -- --matrix` instead shoots every screen at every window size the app allows, in both
// languages and both themes, into a git-ignored folder: the pictures to look at before calling a layout done.
// `npm run screenshots -- --tasks` shoots a seller's three daily tasks the same way (what waits, oldest first; a
// note found by the last digits of its order number; what is broken in the lookbook) at the smallest and the
// default window.
// `npm run screenshots -- --team` shoots two members of one team at work (scripts/team-screenshots.ts).
import { cpSync, mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandlers, requestSchemas } from '../src-main/host/create-handlers';
import { closeBrowser, openApp } from '../test/e2e/harness';
import type { AppUnderTest } from '../test/e2e/harness';
import type { Page } from 'playwright';
import { SCREENS, WINDOW_SIZES, showScreen } from '../test/e2e/page-states';
import type { UiLang } from '../test/e2e/page-states';
import { createTestDeps } from '../test/support/host-deps';
import { livedDesk } from '../test/support/lived-desk';
import { translatorFor } from '../src-renderer/app/message-registry';
import { shootTeam } from './team-screenshots';

const OUT_DIR = 'docs/screenshots';
const MATRIX_DIR = 'test-results/screenshots';
const VIEWPORT = { width: 1360, height: 860 };
type Scheme = 'light' | 'dark';

async function open(
  colorScheme: Scheme,
  lang: UiLang = 'ko',
  dataDir?: string,
): Promise<{ app: AppUnderTest; close: () => Promise<void> }> {
  const deps = createTestDeps({
    osLocale: lang === 'ko' ? 'ko-KR' : 'en-US',
    ...(dataDir ? { dataDir } : {}),
  });
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    colorScheme,
    viewport: VIEWPORT,
    locale: lang === 'ko' ? 'ko-KR' : 'en-US',
  });
  return {
    app,
    close: async () => {
      await app.close();
      await deps.close();
    },
  };
}

async function inbox(colorScheme: Scheme): Promise<void> {
  const { app, close } = await open(colorScheme);
  const { page } = app;
  await page.locator('.note-row').first().waitFor();
  await page.getByTestId('sync-progress').waitFor({ state: 'detached' });
  await page.locator('.note-row').nth(2).click();
  await page.getByTestId('note-content').waitFor();
  await page.screenshot({ path: `${OUT_DIR}/inbox-${colorScheme}.png` });
  if (app.pageErrors.length > 0) throw app.pageErrors[0];
  await close();
}

async function lookbook(colorScheme: Scheme): Promise<void> {
  const { app, close } = await open(colorScheme);
  const { page } = app;
  // The desktop preview is 1024 px wide next to the audit panel; the sandbox's loopback images need the
  // local-network permission on the bridge's https origin.
  await page.setViewportSize({ width: 1680, height: 1000 });
  await app.context.grantPermissions(['local-network-access']);
  await page.getByRole('button', { name: '룩북' }).click();
  await page.locator('.lb-item').first().waitFor();
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  // The audit has read the whole lookbook and checked its images.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  // The banner page and the unknown element type above the first rows of items.
  await page
    .locator('.lb-intro-page')
    .nth(2)
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${OUT_DIR}/lookbook-${colorScheme}.png` });
  if (app.pageErrors.length > 0) throw app.pageErrors[0];
  await close();
}

async function keywords(colorScheme: Scheme): Promise<void> {
  const { app, close } = await open(colorScheme);
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 980 });
  await app.context.grantPermissions(['local-network-access']);
  await page.getByRole('button', { name: '키워드' }).click();
  const search = page.getByRole('searchbox', { name: '검색어 힌트' });
  // Three hints for the history, the last one left on screen.
  for (const hint of ['원피스', '운동화', '나이키']) {
    await search.fill(hint);
    await search.press('Enter');
    await page.locator(`[data-op="GetKeywordsByKeywordHint"][data-hint="${hint}"]`).waitFor();
  }
  const combined = page.locator('[data-op="GetKeywordSuggest"]');
  for (const keyword of ['나이키 에어포스', '나이키 운동화', '나이키']) {
    await combined.locator(`[data-keyword="${keyword}"] .kw-c-keyword`).first().click();
  }
  // The deep catalog, opened down to its third level.
  await combined.locator('.kw-link-catalog').first().click();
  const tree = page.getByRole('tree');
  await tree.getByRole('treeitem', { level: 2 }).first().click();
  await tree.getByRole('treeitem', { level: 3 }).first().click();
  await tree.getByRole('treeitem', { level: 4 }).first().waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.screenshot({ path: `${OUT_DIR}/keywords-${colorScheme}.png` });
  if (app.pageErrors.length > 0) throw app.pageErrors[0];
  await close();
}

/**
 * How the insights screenshots' desk lived with the sandbox before TEST_NOW: a week (so the 7 days shown all
 * arrived after its first sync), its auto refresh every hour (the default 5 minutes would take 12 times the
 * syncs; the page states the windows, about an hour here).
 */
const LIVED_DAYS = 7;
const LIVED_REFRESH_MINUTES = 60;
let livedDir: string | undefined;

/**
 * A data directory whose mirror lived LIVED_DAYS with the sandbox (first sync, then main's auto refresh every
 * LIVED_REFRESH_MINUTES up to TEST_NOW), made once per run; each shot opens a copy of it.
 */
async function livedDataDir(): Promise<string> {
  if (livedDir) return livedDir;
  const started = performance.now();
  const { deps, live } = livedDesk({ days: LIVED_DAYS, autoRefreshMinutes: LIVED_REFRESH_MINUTES });
  const { syncs, intervalMs } = await live();
  await deps.close();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `lived ${LIVED_DAYS} days with the sandbox: ${syncs} syncs, one every ${intervalMs / 60_000} min, in ${seconds.toFixed(1)} s`,
  );
  return (livedDir = deps.dataDir);
}

/**
 * The insights page's last 7 days, in Korean (insights-<scheme>.png, the README's) and in English, as a seller
 * sees it after the app has lived with the sandbox for a while: reply times observed by its syncs.
 */
async function insights(colorScheme: Scheme): Promise<void> {
  const lived = await livedDataDir();
  for (const lang of ['ko', 'en'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-'));
    cpSync(lived, dataDir, { recursive: true });
    const { app, close } = await open(colorScheme, lang, dataDir);
    const { page } = app;
    await page.getByTestId('sync-progress').waitFor({ state: 'detached' });
    await showScreen(page, 'insights', lang);
    await page.getByRole('radio', { name: translatorFor(lang)('insights.range.7d') }).click();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    const name = lang === 'ko' ? 'insights' : 'insights-en';
    await page.screenshot({ path: `${OUT_DIR}/${name}-${colorScheme}.png` });
    if (app.pageErrors.length > 0) throw app.pageErrors[0];
    await close();
  }
}

const PAGES: Record<string, (scheme: Scheme) => Promise<void>> = { inbox, insights, lookbook, keywords };

/** Every screen × window size × language × theme, named `<screen>-<width>x<height>-<lang>-<theme>.png`. */
async function matrix(only: readonly string[]): Promise<void> {
  mkdirSync(MATRIX_DIR, { recursive: true });
  for (const lang of ['ko', 'en'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const { app, close } = await open(scheme, lang);
      await app.context.grantPermissions(['local-network-access']);
      for (const size of WINDOW_SIZES) {
        await app.page.setViewportSize(size);
        for (const screen of SCREENS) {
          if (only.length > 0 && !only.includes(screen)) continue;
          await showScreen(app.page, screen, lang);
          const path = `${MATRIX_DIR}/${screen}-${size.width}x${size.height}-${lang}-${scheme}.png`;
          await app.page.screenshot({ path });
          console.log(path);
        }
      }
      if (app.pageErrors.length > 0) throw app.pageErrors[0];
      await close();
    }
  }
}

const TASK_WORDS = {
  ko: { noReply: /^미답변/, all: /^전체/, waiting: '대기', search: '검색' },
  en: { noReply: /^No reply/, all: /^All/, waiting: 'Waiting', search: 'Search' },
} as const;

/** The seller's daily tasks, each from the inbox (or the lookbook) as the app opens. */
const TASKS: Record<string, (page: Page, lang: UiLang) => Promise<void>> = {
  async waiting(page, lang) {
    const w = TASK_WORDS[lang];
    await showScreen(page, 'inbox', lang);
    // The open note covers the list's right columns below 1200 pixels: close it first, as a seller would.
    if (page.viewportSize()!.width < 1200) {
      await page.getByTestId('note-list').focus();
      await page.keyboard.press('Escape');
      await page.getByTestId('note-content').waitFor({ state: 'detached' });
    }
    await page.getByRole('radio', { name: w.noReply }).click();
    // Oldest first: the waiting column's values then run from the longest wait down.
    const header = page.getByRole('columnheader', { name: w.waiting });
    for (let i = 0; i < 3 && (await header.getAttribute('aria-sort')) !== 'descending'; i++) {
      await header.getByRole('button').click();
    }
    await page.locator('.note-row').first().click();
    await page.getByTestId('note-content').waitFor();
  },
  async order(page, lang) {
    const w = TASK_WORDS[lang];
    await showScreen(page, 'inbox', lang);
    await page.getByRole('radio', { name: w.all }).click();
    const orders = await page.locator('.note-row .c-order').allTextContents();
    const order = orders.find((o) => /^\d{6,}$/.test(o.trim()))!.trim();
    const search = page.getByLabel(w.search, { exact: true });
    await search.fill(order.slice(-6));
    await search.press('Enter');
    await page.locator('.note-row').first().click();
    await page.getByTestId('note-content').waitFor();
  },
  async lookbook(page, lang) {
    await showScreen(page, 'lookbook', lang);
  },
};

/** The daily tasks × the smallest and the default window × language × theme, named `task-<task>-…png`. */
async function tasks(only: readonly string[]): Promise<void> {
  mkdirSync(MATRIX_DIR, { recursive: true });
  for (const lang of ['ko', 'en'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [task, run] of Object.entries(TASKS)) {
        if (only.length > 0 && !only.includes(task)) continue;
        const { app, close } = await open(scheme, lang);
        await app.context.grantPermissions(['local-network-access']);
        for (const size of [WINDOW_SIZES[0], WINDOW_SIZES[2]]) {
          await app.page.setViewportSize(size);
          await run(app.page, lang);
          await app.page.evaluate(() => document.fonts.ready);
          const path = `${MATRIX_DIR}/task-${task}-${size.width}x${size.height}-${lang}-${scheme}.png`;
          await app.page.screenshot({ path });
          console.log(path);
        }
        if (app.pageErrors.length > 0) throw app.pageErrors[0];
        await close();
      }
    }
  }
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--'));
  if (args.includes('--team')) {
    await shootTeam();
    return;
  }
  if (args.includes('--matrix') || args.includes('--tasks')) {
    try {
      await (args.includes('--tasks') ? tasks(only) : matrix(only));
    } finally {
      await closeBrowser();
    }
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  try {
    for (const [name, shoot] of Object.entries(PAGES)) {
      if (only.length > 0 && !only.includes(name)) continue;
      for (const scheme of ['light', 'dark'] as const) {
        await shoot(scheme);
        console.log(`${OUT_DIR}/${name}-${scheme}.png`);
      }
    }
  } finally {
    await closeBrowser();
  }
}

await main();
