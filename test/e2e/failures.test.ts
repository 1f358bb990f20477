// Failures as a seller meets them, with the sandbox's fault injection and live profiles pointed at a second
// sandbox with wrong tickets or at an address where nothing listens. On the Keywords, Lookbook, Settings
// (connection test) and Network pages, in Korean and English: every visible role="alert" has a specific
// headline in the UI's language, the marketplace's reason is shown for faults, a failure the keyword panels
// share is told once, and the Korean UI (shell included) shows no English but data the marketplace sent.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import { FAULT_SCENARIOS, T, englishSeen, openWithFaults } from './fault-scenarios';
import type { FaultScenario, FaultSession, Lang } from './fault-scenarios';
import { checkAlerts, wordsOf } from './ui-language';
import type { AlertSeen } from './ui-language';

afterAll(closeBrowser);

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

const HINT = '나이키';

/** The keyword panels fail too, except with rejected tickets (the suggest service needs none). */
const keywordsFail = (s: FaultScenario) => s.live !== 'wrong-tickets';

const nav = (lang: Lang, page: 'keywords' | 'lookbook' | 'network' | 'settings') => T[lang](`nav.${page}`);

/** The Korean UI, shell included, shows no English but the marketplace's data and what the seller typed. */
async function expectKoreanOnly(s: FaultSession, lang: Lang) {
  expect(await englishSeen(s, lang)).toEqual([]);
}

function expectReason(s: FaultScenario, alerts: AlertSeen[]) {
  if (s.reason) expect(alerts.map((a) => a.reason)).toContain(s.reason);
}

describe.each(FAULT_SCENARIOS)('with $name', (scenario) => {
  it.each(['ko', 'en'] as const)(
    'every page speaks %s, with the marketplace reason where it gave one',
    async (lang) => {
      const s = await openWithFaults(scenario, lang, [HINT]);
      const { page } = s;
      try {
        // Keywords: one failure shared by the eight panels is told once, above them.
        await page.getByRole('button', { name: nav(lang, 'keywords') }).click();
        await page.getByRole('searchbox', { name: T[lang]('kw.search.label') }).fill(HINT);
        await poll(() =>
          page.evaluate((hint) => {
            const panels = Array.from(document.querySelectorAll<HTMLElement>('.kw-panels section[data-op]'));
            return (
              panels.length === 8 &&
              panels.every(
                (p) =>
                  p.ariaBusy !== 'true' &&
                  (p.dataset.hint === hint || p.querySelector('.kw-shared-failure, [role="alert"]') !== null),
              )
            );
          }, HINT),
        ).toBe(true);
        const keywordAlerts = await checkAlerts(page, lang);
        const inPanels = await page.locator('.kw-panels [role="alert"]').count();
        const shared = page.locator('.kw-main > [role="alert"]');
        if (keywordsFail(scenario)) {
          expect(inPanels).toBe(0);
          expect(await shared.count()).toBe(1);
          expect(await shared.textContent()).toContain(
            T[lang]('kw.failure.ops', { count: 8, ops: '' }).replace(/:\s*$/, ''),
          );
          expect(await page.locator('.kw-shared-failure').count()).toBe(8);
          expect(await shared.locator('.error-headline').textContent()).toBe(scenario.headline(lang));
          expectReason(scenario, keywordAlerts);
        } else {
          expect(inPanels + (await shared.count())).toBe(0);
        }
        await expectKoreanOnly(s, lang);

        // Lookbook: the page's one request.
        await page.getByRole('button', { name: nav(lang, 'lookbook') }).click();
        await poll(() => page.locator('.lb-page-root > [role="alert"]').count()).toBe(1);
        const lookbookAlerts = await checkAlerts(page, lang);
        expect(await page.locator('.lb-page-root > [role="alert"] .error-headline').textContent()).toBe(
          scenario.headline(lang),
        );
        expectReason(scenario, lookbookAlerts);
        await expectKoreanOnly(s, lang);

        // Settings: the connection test words each service's failure in the UI's language.
        await page.getByRole('button', { name: nav(lang, 'settings') }).click();
        await page.getByRole('button', { name: T[lang]('settings.test.button') }).click();
        const market = page.getByTestId('connection-test-market');
        await poll(() => market.getAttribute('data-ok')).toBe('false');
        expect(await market.locator('.error-headline').textContent()).toBe(scenario.headline(lang));
        const suggestOk = await page.getByTestId('connection-test-suggest').getAttribute('data-ok');
        expect(suggestOk).toBe(keywordsFail(scenario) ? 'false' : 'true');
        const settingsAlerts = await checkAlerts(page, lang);
        expect(settingsAlerts.length).toBe(keywordsFail(scenario) ? 2 : 1);
        expectReason(scenario, settingsAlerts);
        await expectKoreanOnly(s, lang);

        // Network: a failed exchange opened shows the same headline and reason, its badge in words.
        await page.getByRole('button', { name: nav(lang, 'network') }).click();
        await page.getByLabel(T[lang]('network.filter.outcome')).selectOption('error');
        const row = page.getByRole('grid').locator('tbody tr').filter({ hasText: 'GetSohoLookbook' }).first();
        await row.click();
        const detail = page.getByTestId('network-error');
        await poll(() => detail.locator('.error-headline').count()).toBe(1);
        expect(await detail.locator('.error-headline').textContent()).toBe(scenario.headline(lang));
        const networkAlerts = await checkAlerts(page, lang);
        expectReason(scenario, networkAlerts);
        await expectKoreanOnly(s, lang);

        expect(s.app.pageErrors).toEqual([]);
      } finally {
        await s.close();
      }
    },
  );
});

describe('on a healthy sandbox', () => {
  it('the Korean UI shows no English but the marketplace data, on every page, and no alert', async () => {
    const deps = createTestDeps({ osLocale: 'ko-KR', sandbox: { notes: 200 } });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas });
    const { page } = app;
    const s: FaultSession = { app, page, deps, typed: wordsOf(HINT, 'gangnam_style'), close: async () => {} };
    try {
      await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
      await expectKoreanOnly(s, 'ko');
      await page.getByRole('button', { name: nav('ko', 'keywords') }).click();
      await page.getByRole('searchbox', { name: T.ko('kw.search.label') }).fill(HINT);
      await poll(() =>
        page.evaluate(
          (hint: string) =>
            Array.from(document.querySelectorAll<HTMLElement>('.kw-panels section[data-op]')).every(
              (p) => p.dataset.hint === hint && p.ariaBusy !== 'true',
            ),
          HINT,
        ),
      ).toBe(true);
      await expectKoreanOnly(s, 'ko');
      await page.getByRole('button', { name: nav('ko', 'lookbook') }).click();
      await poll(() => page.getByTestId('shop-name').textContent()).not.toBe('');
      await expectKoreanOnly(s, 'ko');
      await page.getByRole('button', { name: nav('ko', 'settings') }).click();
      await page.getByRole('button', { name: T.ko('settings.test.button') }).click();
      await poll(() => page.getByTestId('connection-test-market').getAttribute('data-ok')).toBe('true');
      await expectKoreanOnly(s, 'ko');
      await page.getByRole('button', { name: nav('ko', 'network') }).click();
      await page.getByRole('grid').locator('tbody tr').first().click();
      await poll(() => page.getByTestId('network-request').count()).toBe(1);
      await expectKoreanOnly(s, 'ko');
      expect(await checkAlerts(page, 'ko')).toEqual([]);
      expect(app.pageErrors).toEqual([]);
    } finally {
      await app.close();
      await deps.close();
    }
  });
});
