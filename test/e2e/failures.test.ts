// Failures as a seller meets them, with the sandbox's fault injection and live profiles pointed at a second
// sandbox with wrong tickets or at an address where nothing listens. On the Keywords, Lookbook, Settings
// (connection test) and Network pages, in Korean and English: every visible role="alert" has a specific
// headline in the UI's language, the marketplace's reason is shown for faults, a failure the keyword panels
// share is told once, and the Korean UI (shell included) shows no English but data the marketplace sent.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { startSandbox } from '../../src-main/sandbox/server';
import type { RunningSandbox } from '../../src-main/sandbox/server';
import type { FaultInjection } from '../../src-main/sandbox/fault-injection';
import { translatorFor } from '../../src-renderer/i18n/translator';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import type { AppUnderTest } from './harness';
import { closedPort, useLiveProfile } from './live-profile';
import { checkAlerts, englishInKoreanUi, wireWords, wordsOf } from './ui-language';
import type { AlertSeen } from './ui-language';

afterAll(closeBrowser);

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

type Lang = 'ko' | 'en';
const T = { ko: translatorFor('ko'), en: translatorFor('en') };
const HINT = '나이키';

interface Scenario {
  name: string;
  faults?: Partial<FaultInjection>;
  /**
   * The sandbox's clock stands still, so its throttling window never ends: once the one request it allows has
   * gone (before the app opens), every request of the app is throttled.
   */
  frozenClock?: boolean;
  live?: 'wrong-tickets' | 'dead-address';
  /** The marketplace's own words every failing page must show, for faults. */
  reason?: string;
  /** The keyword panels fail too (the suggest service needs no tickets). */
  keywordsFail: boolean;
  /** What the headline of the market service's failure says, per language. */
  headline: (lang: Lang) => string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'HTTP 503',
    faults: { failRate: 1 },
    keywordsFail: true,
    headline: (lang) => T[lang]('error.http.server', { status: 503 }),
  },
  {
    name: 'Server faults',
    faults: { faultRate: 1 },
    reason: 'The service failed to process the request (injected fault).',
    keywordsFail: true,
    headline: (lang) => T[lang]('error.cause.server-fault'),
  },
  {
    name: 'throttling',
    faults: { throttlePerSecond: 1 },
    frozenClock: true,
    reason: 'Too many requests: this service accepts 1 requests per second.',
    keywordsFail: true,
    headline: (lang) => T[lang]('error.code.THROTTLED'),
  },
  {
    name: 'truncated responses',
    faults: { truncateRate: 1 },
    keywordsFail: true,
    headline: (lang) => T[lang]('error.cause.damaged'),
  },
  {
    name: 'rejected tickets',
    live: 'wrong-tickets',
    reason: 'The AuthenticationTicket is not valid.',
    keywordsFail: false,
    headline: (lang) => T[lang]('error.code.AUTH_FAILED'),
  },
  {
    name: 'a dead address',
    live: 'dead-address',
    keywordsFail: true,
    headline: (lang) => T[lang]('error.cause.refused'),
  },
];

interface Session {
  app: AppUnderTest;
  page: Page;
  deps: ReturnType<typeof createTestDeps>;
  /** Words the seller typed or configured: allowed in the Korean UI like the marketplace's data. */
  typed: Set<string>;
  close: () => Promise<void>;
}

async function open(s: Scenario, lang: Lang): Promise<Session> {
  const deps = createTestDeps({
    osLocale: lang === 'ko' ? 'ko-KR' : 'en-US',
    sandbox: {
      notes: 50,
      faults: s.faults,
      ...(s.frozenClock ? { clock: () => TEST_NOW.getTime() } : {}),
    },
  });
  const handlers = createHandlers(deps);
  let second: RunningSandbox | undefined;
  const typed = wordsOf(HINT);
  if (s.live === 'wrong-tickets') {
    second = await startSandbox({ port: 0, host: '127.0.0.1', seed: 42, now: TEST_NOW, notes: 50 });
    const endpoint = {
      apiBaseUrl: second.baseUrl,
      suggestBaseUrl: second.baseUrl,
      nsRoot: second.ns.nsRoot,
      schemaRoot: second.ns.schemaRoot,
    };
    await useLiveProfile(deps, handlers, endpoint, {
      authTicket: 'WRONG-AUTH-TICKET',
      encryptedTicket: 'WRONG-ENCRYPTED-TICKET',
      memberTicket: 'WRONG-MEMBER-TICKET',
    });
    for (const w of wordsOf(...Object.values(endpoint))) typed.add(w);
  } else if (s.live === 'dead-address') {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const endpoint = {
      apiBaseUrl: url,
      suggestBaseUrl: url,
      nsRoot: 'http://api.market.example.com',
      schemaRoot: 'http://schema.market.example.com',
    };
    await useLiveProfile(deps, handlers, endpoint, {
      authTicket: 'A',
      encryptedTicket: 'E',
      memberTicket: 'M',
    });
    for (const w of wordsOf(...Object.values(endpoint))) typed.add(w);
  }
  if (s.frozenClock) {
    // Another client of the same account takes the one request the window allows.
    await handlers['suggest.GetSuggestionNotice'](
      {},
      { signal: new AbortController().signal, emit: () => {} },
    );
  }
  const app = await openApp({ handlers, schemas: requestSchemas, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  return {
    app,
    page: app.page,
    deps,
    typed,
    close: async () => {
      await app.close();
      await deps.close();
      await second?.close();
    },
  };
}

const nav = (lang: Lang, page: 'keywords' | 'lookbook' | 'network' | 'settings') => T[lang](`nav.${page}`);

/** The Korean UI, shell included, shows no English but the marketplace's data and what the seller typed. */
async function expectKoreanOnly(s: Session, lang: Lang) {
  if (lang !== 'ko') return;
  const data = wireWords(s.deps.connection.network.list().map((x) => s.deps.connection.network.get(x.id)));
  for (const w of s.typed) data.add(w);
  expect(await englishInKoreanUi(s.page, data)).toEqual([]);
}

function expectReason(s: Scenario, alerts: AlertSeen[]) {
  if (s.reason) expect(alerts.map((a) => a.reason)).toContain(s.reason);
}

describe.each(SCENARIOS)('with $name', (scenario) => {
  it.each(['ko', 'en'] as const)(
    'every page speaks %s, with the marketplace reason where it gave one',
    async (lang) => {
      const s = await open(scenario, lang);
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
        if (scenario.keywordsFail) {
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
        expect(suggestOk).toBe(scenario.keywordsFail ? 'false' : 'true');
        const settingsAlerts = await checkAlerts(page, lang);
        expect(settingsAlerts.length).toBe(scenario.keywordsFail ? 2 : 1);
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
    const s: Session = { app, page, deps, typed: wordsOf(HINT, 'gangnam_style'), close: async () => {} };
    try {
      await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
      await expectKoreanOnly(s, 'ko');
      await page.getByRole('button', { name: nav('ko', 'keywords') }).click();
      await page.getByRole('searchbox', { name: T.ko('kw.search.label') }).fill(HINT);
      await poll(() =>
        page.evaluate(
          (hint) =>
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
