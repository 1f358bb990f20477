// Each page brought to the state a seller usually sees it in (the inbox with a note open, the lookbook loaded
// and audited, keywords for a hint, the network log with an exchange open, the shortcut sheet over the inbox).
// Shared by the layout test and the screenshot matrix, so both look at the same screens.
import type { Page } from 'playwright';

export type UiLang = 'ko' | 'en';
export type Screen = 'inbox' | 'insights' | 'lookbook' | 'keywords' | 'network' | 'settings' | 'shortcuts';
export const SCREENS: readonly Screen[] = [
  'inbox',
  'insights',
  'lookbook',
  'keywords',
  'network',
  'settings',
  'shortcuts',
];

/** Every window size the layout must hold at: the app's minimum, a small laptop, and the default window. */
export const WINDOW_SIZES = [
  { width: 960, height: 600 },
  { width: 1024, height: 768 },
  { width: 1360, height: 860 },
] as const;

const NAV: Record<Exclude<Screen, 'shortcuts'>, Record<UiLang, string>> = {
  inbox: { ko: '문의함', en: 'Inbox' },
  insights: { ko: '통계', en: 'Insights' },
  lookbook: { ko: '룩북', en: 'Lookbook' },
  keywords: { ko: '키워드', en: 'Keywords' },
  network: { ko: '네트워크', en: 'Network' },
  settings: { ko: '설정', en: 'Settings' },
};

const HINT_LABEL: Record<UiLang, string> = { ko: '검색어 힌트', en: 'Keyword hint' };

async function go(page: Page, screen: Exclude<Screen, 'shortcuts'>, lang: UiLang): Promise<void> {
  // A sidebar entry's name carries its count ("문의함 131").
  const name = new RegExp(`^${NAV[screen][lang]}(\\s|$)`);
  await page.getByRole('navigation').getByRole('button', { name }).click();
}

const imagesSettled = (page: Page) =>
  page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));

/** Waits until nothing on the page says it is busy (queries, syncs, audits). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

/** Brings `screen` up in its usual state. Pages keep their own state, so calling it again is cheap. */
export async function showScreen(page: Page, screen: Screen, lang: UiLang): Promise<void> {
  await page.keyboard.press('Escape');
  switch (screen) {
    case 'inbox': {
      await go(page, 'inbox', lang);
      await page.locator('.note-row').first().waitFor();
      await page.getByTestId('sync-progress').waitFor({ state: 'detached' });
      if ((await page.getByTestId('note-content').count()) === 0) {
        await page.locator('.note-row').nth(2).click();
        await page.getByTestId('note-content').waitFor();
      }
      break;
    }
    case 'insights': {
      await go(page, 'insights', lang);
      await page.getByTestId('figure-reply-speed').waitFor();
      await settled(page);
      await page.locator('.work').evaluate((w) => w.querySelector('.insights')?.scrollTo(0, 0));
      break;
    }
    case 'lookbook': {
      await go(page, 'lookbook', lang);
      await page.locator('.lb-item').first().waitFor();
      await imagesSettled(page);
      await settled(page);
      break;
    }
    case 'keywords': {
      await go(page, 'keywords', lang);
      const search = page.getByRole('searchbox', { name: HINT_LABEL[lang] });
      if ((await search.inputValue()) === '') {
        await search.fill('나이키');
        await search.press('Enter');
      }
      await page.locator('[data-op="GetKeywordsByKeywordHint"][data-hint="나이키"]').waitFor();
      await settled(page);
      await imagesSettled(page);
      break;
    }
    case 'network': {
      await go(page, 'network', lang);
      await page.locator('.network-list tbody tr').first().waitFor();
      if ((await page.locator('.network-pane pre').count()) === 0) {
        await page.locator('.network-list tbody tr').first().click();
        await page.locator('.network-pane pre').first().waitFor();
      }
      break;
    }
    case 'settings': {
      await go(page, 'settings', lang);
      await page.locator('.settings .panel').first().waitFor();
      await page.locator('.work').evaluate((w) => w.scrollTo(0, 0));
      break;
    }
    case 'shortcuts': {
      await showScreen(page, 'inbox', lang);
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('?');
      await page.locator('dialog.shortcut-overlay[open]').waitFor();
      break;
    }
  }
  // Fonts and late layout (a count arriving, an image sizing its card) settle before anyone looks.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}
