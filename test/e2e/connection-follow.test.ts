// The connection's queries follow main's `connection.state` events: when the active profile changes outside
// this window (the command line, another window) and main announces the connection, the status bar, the
// inbox's seller IDs and the marketplace's answers on screen follow without a reload.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import type { AssembleOptions } from '../../src-main/host/assemble-host';
import { createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';
import { closedPort } from './live-profile';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const poll = <V>(fn: () => V | Promise<V>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const ctx = { signal: new AbortController().signal, emit: () => {} };

async function start() {
  // Main's events reach the page once it is open, as they reach the window in the app.
  const relay: { toPage?: (event: string, payload: unknown) => Promise<void> } = {};
  const emit: AssembleOptions['emit'] = (event, payload) =>
    void relay.toPage?.(event, payload).catch(() => {});
  const deps = createTestDeps({ sandbox: { notes: 100 }, emit });
  const handlers = createHandlers(deps);
  const sandboxInfo = (await deps.connection.active()).info;
  const app = await openApp({ handlers, schemas: requestSchemas });
  cleanup.push(async () => {
    await app.close();
    await deps.close();
  });
  relay.toPage = app.emit;
  return { ...app, handlers, sandboxInfo };
}

/**
 * Another window (or the command line) makes a live profile the active one, where nothing listens; this window
 * does nothing. Then a connection test announces the connection now in use.
 */
async function switchOutside(handlers: ReturnType<typeof createHandlers>, announce: () => Promise<void>) {
  const { settings } = await handlers['settings.get'](undefined, ctx);
  const port = await closedPort();
  await handlers['settings.update'](
    {
      activeProfileId: 'shop',
      profiles: [
        ...settings.profiles,
        {
          id: 'shop',
          name: '내 상점',
          kind: 'live',
          apiBaseUrl: `http://127.0.0.1:${port}/api`,
          suggestBaseUrl: `http://127.0.0.1:${port}/suggest`,
          nsRoot: 'http://example.com/',
          schemaRoot: 'http://example.com/',
          suggestNamespace: 'ns',
          soapVersion: '1.1',
          pageIndexBase: 1,
          timeoutMs: 2000,
          sellerIds: ['gangnam_style', 'seoul_shop'],
        },
      ],
    },
    ctx,
  );
  await announce();
  const tested = await handlers['connection.test'](undefined, ctx);
  expect(tested.info.profileName).toBe('내 상점');
}

describe('connection events', () => {
  it('shows the new connection in the status bar and the seller filter when main announces it', async () => {
    const { page, handlers, sandboxInfo, pageErrors } = await start();
    expect(sandboxInfo.sellerIds.length).toBeGreaterThan(0);
    const statusBar = page.locator('footer.statusbar');
    const sellerOptions = () =>
      page
        .getByRole('combobox', { name: '판매자 ID' })
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
    await poll(() => statusBar.textContent()).toContain('샌드박스');
    await poll(sellerOptions).toEqual([...sandboxInfo.sellerIds]);

    await switchOutside(handlers, async () => {
      // Still the old connection on screen: nothing has been announced yet.
      expect(await statusBar.textContent()).toContain('샌드박스');
    });
    await poll(() => statusBar.textContent()).toContain('내 상점');
    await poll(sellerOptions).toEqual(['gangnam_style', 'seoul_shop']);
    expect(pageErrors).toEqual([]);
  });

  it('asks the new connection’s marketplace again for the keyword answers on screen', async () => {
    const { page, handlers, calls, pageErrors } = await start();
    await page.getByRole('button', { name: '키워드' }).click();
    await page.getByRole('searchbox', { name: '검색어 힌트' }).fill('나이키');
    const panel = page.locator('section[data-op="GetKeywordsByKeywordHint"]');
    await poll(() => panel.locator('[role="option"]').count()).toBeGreaterThan(0);
    const asked = () => calls.filter((c) => c.channel === 'suggest.GetKeywordsByKeywordHint').length;
    const before = asked();

    await switchOutside(handlers, async () => {
      // The answers are fresh for a minute: nothing asks again on its own.
      expect(asked()).toBe(before);
    });
    // The sandbox's answers are not passed off as the new marketplace's: it is asked, and cannot be reached.
    await poll(asked).toBeGreaterThan(before);
    await poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });
});
