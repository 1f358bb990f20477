// The inbox's sync failures with the sandbox's fault injection and failing live profiles, in Korean and English:
// each cause is one alert ("7일 × 3명: 마켓 서비스 장애(HTTP 503) — 잠시 뒤 다시 시도 · 4번 시도") with a specific
// headline in the UI's language, told while the sync still runs; the marketplace's reason shows for faults; the
// Korean UI holds no English sentence; and no empty state below says there is simply nothing yet.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { startSandbox } from '../../src-main/sandbox/server';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import { useLiveProfile } from './live-profile';
import { checkAlerts } from './ui-language';
import { englishSeen, FAULT_SCENARIOS, openWithFaults, T } from './fault-scenarios';

afterAll(closeBrowser);

const poll = <T>(fn: () => T | Promise<T>, timeout = 60_000) => expect.poll(fn, { timeout, interval: 100 });

describe.each(FAULT_SCENARIOS)('the inbox with $name', (scenario) => {
  it.each(['ko', 'en'] as const)(
    'tells each cause once, as soon as it is certain, in %s',
    async (lang) => {
      const s = await openWithFaults(scenario, lang);
      const { page } = s;
      const t = T[lang];
      try {
        const failure = page.getByTestId('sync-failure');
        await poll(() => failure.count(), 90_000).toBeGreaterThan(0);
        // A failure that needed retries is told while the sync still runs: it does not wait for the end.
        const runningWhenTold = await page.getByTestId('sync-progress').isVisible();
        if (scenario.faults && !scenario.frozenClock) expect(runningWhenTold).toBe(true);

        const seen = async () => {
          const alerts = await checkAlerts(page, lang);
          expect(alerts.length).toBeGreaterThan(0);
          // One cause, one alert: the market service's failure, worded by the shared vocabulary.
          expect(await failure.count()).toBe(1);
          expect(await failure.locator('.error-headline').textContent()).toBe(scenario.headline(lang));
          const scope = (await failure.locator('.sync-failure-scope').textContent()) ?? '';
          expect(scope).toMatch(lang === 'ko' ? /^\d+일 × \d+명: $/ : /^\d+ days? × \d+ sellers?: $/);
          expect(await failure.locator('.sync-failure-line').textContent()).toMatch(
            lang === 'ko' ? / · \d+번 시도$/ : / · \d+ attempts?$/,
          );
          if (scenario.reason) expect(alerts.map((a) => a.reason)).toContain(scenario.reason);
          expect(await englishSeen(s, lang)).toEqual([]);
          // Never above an empty state that says there is simply nothing yet.
          expect(await page.getByText(t('inbox.empty.noData')).count()).toBe(0);
        };
        await seen();

        // Still told after the sync ends (cancelled here when it would run on), above the empty state that
        // points at it.
        // The sync may end on its own between the look and the click: then there is nothing to cancel.
        const progress = page.getByTestId('sync-progress');
        if (await progress.isVisible()) {
          await page
            .getByRole('button', { name: t('inbox.sync.cancel') })
            .click({ timeout: 5_000 })
            .catch(async (error: unknown) => {
              if ((await progress.count()) > 0) throw error;
            });
        }
        await poll(() => page.getByTestId('sync-progress').count()).toBe(0);
        await poll(() => page.getByTestId('inbox-empty-failed').count()).toBe(1);
        expect(await page.getByTestId('inbox-empty-failed').textContent()).toBe(t('inbox.empty.failed'));
        await seen();
        expect(s.app.pageErrors).toEqual([]);
      } finally {
        await s.close();
      }
    },
    180_000,
  );
});

describe('the inbox with a seller ID the marketplace does not know', () => {
  it('says to check the seller ID in Settings, not to try again, and shows no last sync', async () => {
    const deps = createTestDeps({ osLocale: 'ko-KR', sandbox: { notes: 50 } });
    const handlers = createHandlers(deps);
    // The shop's own marketplace, with the right tickets: only the seller ID is not this account's.
    const shop = await startSandbox({ port: 0, host: '127.0.0.1', seed: 42, now: TEST_NOW, notes: 50 });
    const endpoint = {
      apiBaseUrl: shop.baseUrl,
      suggestBaseUrl: shop.baseUrl,
      nsRoot: shop.ns.nsRoot,
      schemaRoot: shop.ns.schemaRoot,
    };
    const tickets = {
      authTicket: shop.tickets.auth,
      encryptedTicket: shop.tickets.encrypted,
      memberTicket: shop.tickets.member,
    };
    await useLiveProfile(deps, handlers, endpoint, tickets, { sellerIds: ['not_my_shop'] });
    const app = await openApp({ handlers, schemas: requestSchemas });
    try {
      const { page } = app;
      await page.clock.setFixedTime(TEST_NOW);
      await page.reload();
      const failure = page.getByTestId('sync-failure');
      await poll(() => failure.count()).toBe(1);
      expect(await failure.locator('.error-headline').textContent()).toBe(
        '판매자 ID 확인 — 설정 → 연결 프로필',
      );
      expect(await failure.locator('.error-reason-text').textContent()).toBe(
        'req/@SellerID "not_my_shop" does not belong to this account.',
      );
      // Refused at once: one attempt per day, no retry.
      expect(await failure.locator('.sync-failure-line').textContent()).toMatch(/ · 1번 시도$/);
      await poll(() => page.getByTestId('sync-progress').count()).toBe(0);
      // Nothing of the marketplace ever came back: no time beside the last sync.
      expect(await page.locator('.statusbar').textContent()).toContain('마지막 동기화: 아직 없음');
      expect(app.pageErrors).toEqual([]);
    } finally {
      await app.close();
      await deps.close();
      await shop.close();
    }
  }, 120_000);
});
