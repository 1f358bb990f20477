// The echoing marketplace (test/support/echo-server.ts) through the whole app in Chromium: after the inbox has
// synced, the network page showed every exchange, the lookbook and keywords pages and the connection test
// rendered what came back, the tickets are in no DOM, no frame and no IPC answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../src-main/host/dispatch';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createDispatcher, toDeskError } from '../../src-main/host/dispatch';
import { DEFAULT_NAMESPACES } from '../../src-main/schema';
import { ECHO_SELLERS, ECHO_TICKETS, startEchoServer, ticketForms } from '../support/echo-server';
import type { EchoServer } from '../support/echo-server';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import { envelopeText } from '../support/envelope-text';

// Every ticket the server was sent or handed out, in every spelling it quoted them in, and URL-encoded.
const leaksIn = (text: string) =>
  echo
    .tickets()
    .flatMap((t) => [...ticketForms(t), encodeURIComponent(t)])
    .filter((form) => text.includes(form));

let echo: EchoServer;
beforeAll(async () => {
  // 45 good answers, each with a new EncryptedTicket, before the hostile kinds: the ticket quoted 40 back is one
  // the app held 40 calls earlier.
  echo = await startEchoServer({ rotations: 45, ago: 40 });
});
afterAll(async () => {
  await closeBrowser();
  await echo.close();
});

/** The handlers, with every answer (data or error) recorded as the renderer receives it. */
function recorded(handlers: Handlers, answers: string[]): Handlers {
  const out: Record<string, unknown> = {};
  for (const [channel, handler] of Object.entries(handlers)) {
    out[channel] = async (req: unknown, ctx: unknown) => {
      try {
        const data = await (handler as (r: unknown, c: unknown) => Promise<unknown>)(req, ctx);
        answers.push(`${channel} ${envelopeText(data)}`);
        return data;
      } catch (err) {
        answers.push(`${channel} ${JSON.stringify(toDeskError(err))}`);
        throw err;
      }
    };
  }
  return out as Handlers;
}

describe('a marketplace echoing the tickets', () => {
  it('never shows them, on any page', async () => {
    const deps = createTestDeps({ osLocale: 'en-US' });
    const { settings } = await deps.settings.get();
    await deps.settings.update({
      profiles: [
        ...settings.profiles,
        {
          id: 'live-1',
          name: 'Echo',
          kind: 'live',
          apiBaseUrl: echo.baseUrl,
          suggestBaseUrl: echo.baseUrl,
          nsRoot: DEFAULT_NAMESPACES.nsRoot,
          schemaRoot: DEFAULT_NAMESPACES.schemaRoot,
          suggestNamespace: 'ns',
          soapVersion: '1.1',
          pageIndexBase: 1,
          timeoutMs: 5000,
          sellerIds: ECHO_SELLERS,
        },
      ],
      activeProfileId: 'live-1',
    });
    await deps.vault.set('live-1', {
      authTicket: ECHO_TICKETS.auth,
      encryptedTicket: ECHO_TICKETS.encrypted,
      memberTicket: ECHO_TICKETS.member,
    });
    // The connection's ticket rotates 45 times before the window opens (the same connection the window uses).
    const warm = createDispatcher(createHandlers(deps), requestSchemas, () => {});
    for (let i = 0; i < 45; i++)
      await warm.dispatch('lookbook.get', { sellerId: ECHO_SELLERS[i % 2], page: 1, pageSize: 20 }, null);
    expect(echo.quotedOld).toBeGreaterThan(0);
    const quotedBefore = echo.quotedOld;
    const answers: string[] = [];
    const app = await openApp({
      handlers: recorded(createHandlers(deps), answers),
      schemas: requestSchemas,
      locale: 'en-US',
    });
    const { page } = app;
    const dom: string[] = [];
    const snapshot = async () => {
      dom.push(await page.content());
      dom.push(await page.evaluate(() => document.body.innerText));
      for (const frame of page.frames()) dom.push(await frame.content().catch(() => ''));
    };

    // The inbox syncs on opening: wait for its first answer.
    await expect.poll(() => answers.some((a) => a.startsWith('notes.sync')), { timeout: 60_000 }).toBe(true);
    await snapshot();

    await page.getByRole('button', { name: 'Lookbook' }).click();
    for (let i = 0; i < 6; i++) {
      await page.locator('#lb-seller').fill(ECHO_SELLERS[i % 2]!);
      await page.locator('#lb-seller').press('Enter');
      await expect
        .poll(() => answers.filter((a) => a.startsWith('lookbook.get')).length, { timeout: 10_000 })
        .toBeGreaterThan(i);
      await snapshot();
    }

    await page.getByRole('button', { name: 'Keywords' }).click();
    const search = page.getByRole('searchbox');
    for (const hint of ['nike', 'adidas', 'puma']) {
      await search.fill(hint);
      await page.waitForTimeout(400);
      await snapshot();
    }

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => answers.some((a) => a.startsWith('connection.test')), { timeout: 10_000 })
      .toBe(true);
    await snapshot();

    await page.getByRole('button', { name: 'Network' }).click();
    const rows = page.getByRole('grid').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(10);
    const n = Math.min(await rows.count(), 40);
    for (let i = 1; i < n; i++) {
      await rows.nth(i).click();
      await snapshot();
    }

    // Old tickets were quoted to the window too, and something of every kind made it to the screen, redacted.
    expect(echo.quotedOld).toBeGreaterThan(quotedBefore);
    expect(dom.join('\n')).toContain('[redacted]');
    expect(answers.join('\n')).toContain('BAD_RESPONSE');
    expect(leaksIn(dom.join('\n'))).toEqual([]);
    expect(leaksIn(answers.join('\n'))).toEqual([]);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });
});
