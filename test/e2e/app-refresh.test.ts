// The app's auto refresh runs in main for the active profile, whatever page is open: a note that arrives while the
// seller is on the lookbook raises the sidebar's count and a desktop notification without the inbox being opened,
// and a profile switch shows the new profile's count and last sync at once. Main's countdown runs on a scheduler the
// test moves (the real refresh, the real events); the host's and the page's clocks are TEST_NOW.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { AssembleOptions } from '../../src-main/host/assemble-host';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import type { NoteFilter } from '../../src-main/sandbox/data/notes';
import type { SendNote } from '../../src-main/schema';
import { WAITING_LOOKBACK_DAYS } from '../../src-main/services/notes-sync';
import { addDays } from '../../src-shared/market-day';
import { startSandbox } from '../../src-main/sandbox/server';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { createTestDeps, manualScheduler, TEST_NOW } from '../support/host-deps';
import { saveLiveProfile } from '../support/live-profile';
import { movingMarket } from '../support/market-clock';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';
import { LONG, notesOfDays, settled, TODAY } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const t = translatorFor('ko');

/** Desktop notifications as the page raises them, granted as the seller would have. */
const RECORD_NOTIFICATIONS = `
  window.__notifications = [];
  window.Notification = class {
    static permission = 'granted';
    constructor(title, options) {
      this.onclick = null;
      window.__notifications.push({ title, tag: options && options.tag, shown: this });
    }
  };
`;

async function start(opts: Parameters<typeof createTestDeps>[0] = {}) {
  // Main's events reach the page once it is open, as they reach the window in the app.
  const relay: { toPage?: (event: string, payload: unknown) => Promise<void> } = {};
  const emit: AssembleOptions['emit'] = (event, payload) =>
    void relay.toPage?.(event, payload).catch(() => {});
  const scheduler = manualScheduler();
  const deps = createTestDeps({ ...opts, emit, autoRefresh: { scheduler } });
  await deps.connection.active();
  const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, locale: 'ko-KR' });
  cleanup.push(async () => {
    await app.close();
    await deps.close();
  });
  relay.toPage = app.emit;
  await app.page.addInitScript({ content: RECORD_NOTIFICATIONS });
  await app.page.clock.setFixedTime(TEST_NOW);
  const before = app.calls.filter((c) => c.channel === 'notes.sync').length;
  await app.page.reload();
  await settled(app.page, app.calls, before);
  return { ...app, deps, scheduler, sandbox: deps.connection.sandbox()! };
}

/**
 * What the sidebar counts once a sync has run: every note the marketplace lists as waiting over the sync's
 * look-back, not only the week's.
 */
const waiting = (notes: (f: NoteFilter) => SendNote[]) =>
  notesOfDays(notes, { start: addDays(TODAY, -(WAITING_LOOKBACK_DAYS - 1)), replyStatus: 'NoReply' }).length;
const navButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
/** The inbox's count in the sidebar; undefined when it shows none. */
async function badge(page: Page): Promise<number | undefined> {
  const count = navButton(page, '문의함').locator('.nav-count');
  if ((await count.count()) === 0) return undefined;
  return Number((await count.textContent())!.replace(/\D/g, ''));
}
/** The status bar's 마지막 동기화. */
const lastSync = (page: Page) =>
  page
    .getByRole('status')
    .locator('.status-item', { hasText: t('status.lastSync') })
    .locator('.num')
    .textContent();
async function openPage(page: Page, name: string) {
  await navButton(page, name).click();
  await page.getByRole('navigation').locator('[aria-current="page"]', { hasText: name }).waitFor();
}

describe('the app-wide auto refresh', () => {
  it('refreshes while the lookbook is open: a new note raises the sidebar count and a notification', async () => {
    const market = movingMarket();
    const { page, scheduler, sandbox, pageErrors } = await start({
      sandbox: { notes: 2000, ...market.sandbox },
    });
    // Settings' interval, saved as the seller would.
    await page.evaluate(() =>
      (window as unknown as { desk: { invoke: (c: string, r: unknown) => Promise<unknown> } }).desk.invoke(
        'settings.update',
        { autoRefreshMinutes: 1 },
      ),
    );
    const before = waiting(sandbox.backend.notes);
    await expect.poll(() => badge(page), LONG).toBe(before);
    await openPage(page, '룩북');

    // A note arrives on the marketplace; main's one-minute countdown comes round.
    const arrived = market.arriveNext(sandbox.backend).filter((n) => n.ReplyStatus === 'NoReply');
    expect(arrived.length).toBeGreaterThan(0);
    const after = waiting(sandbox.backend.notes);
    expect(after).not.toBe(before);
    // What main counts down, read before it comes round (the interval is checked at the end).
    const countdown = scheduler.pending.map((p) => p.ms);
    const requests = sandbox.stats.requests;
    scheduler.fire();

    await expect.poll(() => badge(page), LONG).toBe(after);
    expect(sandbox.stats.requests).toBeGreaterThan(requests);
    const shown = () =>
      page.evaluate(() =>
        (window as unknown as { __notifications: { title: string; tag: string }[] }).__notifications.map(
          ({ title, tag }) => ({ title, tag }),
        ),
      );
    await expect
      .poll(shown, LONG)
      .toEqual([{ title: t('inbox.notify.title', { count: arrived.length }), tag: 'seller-desk-notes' }]);
    // All of it on the lookbook: the inbox was never opened.
    expect(await page.getByRole('navigation').locator('[aria-current="page"]').textContent()).toContain(
      '룩북',
    );
    expect(await page.locator('.note-row').count()).toBe(0);
    // Settings' one minute.
    expect(countdown).toEqual([60_000]);

    // Clicking the notification opens the inbox at the new note.
    await page.evaluate(() =>
      (
        window as unknown as { __notifications: { shown: { onclick: () => void } }[] }
      ).__notifications[0]!.shown.onclick(),
    );
    await page.getByRole('navigation').locator('[aria-current="page"]', { hasText: '문의함' }).waitFor();
    await page.locator(`.note-row[data-seqno="${arrived[0]!.SeqNo}"]`).waitFor(LONG);
    expect(pageErrors).toEqual([]);
  });

  it('shows the new profile’s count and last sync at once after a profile switch, “not yet” until it syncs', async () => {
    const shop = await startSandbox({ port: 0, seed: 7, now: TEST_NOW, notes: 2000 });
    cleanup.push(() => shop.close());
    const { page, scheduler, sandbox, deps, pageErrors } = await start({ sandbox: { notes: 2000 } });
    await saveLiveProfile(deps, shop);
    const sampleWaiting = waiting(sandbox.backend.notes);
    const shopWaiting = waiting(shop.backend.notes);
    expect(shopWaiting).not.toBe(sampleWaiting);
    await expect.poll(() => badge(page), LONG).toBe(sampleWaiting);
    const synced = await lastSync(page);
    expect(synced).not.toBe(t('status.never'));
    expect(synced).toMatch(/\d/);

    await openPage(page, '설정');
    await page
      .getByRole('row', { name: /내 상점/ })
      .getByRole('button', { name: '사용' })
      .click();
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /내 상점/ })
          .getByText('사용 중')
          .count(),
      )
      .toBe(1);
    // The shop's mirror has never been synced: no count, and no last sync.
    await expect.poll(() => badge(page), LONG).toBeUndefined();
    await expect.poll(() => lastSync(page), LONG).toBe(t('status.never'));

    // Main's countdown for the shop comes round (on the settings page): its notes, its time.
    expect(scheduler.pending).toHaveLength(1);
    const requests = shop.stats.requests;
    scheduler.fire();
    await expect.poll(() => badge(page), LONG).toBe(shopWaiting);
    await expect.poll(() => lastSync(page), LONG).toBe(synced);
    expect(shop.stats.requests).toBeGreaterThan(requests);

    // And back: the sandbox's own count and time, at once.
    await page
      .getByRole('row', { name: /내장 샌드박스/ })
      .getByRole('button', { name: '사용' })
      .click();
    await expect.poll(() => badge(page), LONG).toBe(sampleWaiting);
    await expect.poll(() => lastSync(page), LONG).toBe(synced);
    expect(pageErrors).toEqual([]);
  });
});
