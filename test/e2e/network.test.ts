// The network inspector in Chromium over the real host: a SOAP call made through the UI shows up with its
// redacted envelopes, and nothing that leaves the page (the view, the cURL text, the clipboard) holds a ticket.
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);

const SANDBOX_TICKETS = ['sandbox-auth-ticket', 'sandbox-encrypted-ticket', 'sandbox-member-ticket'];
const ROTATED = /sbx-enc-/;

function expectNoTicket(text: string) {
  for (const ticket of SANDBOX_TICKETS) expect(text).not.toContain(ticket);
  expect(text).not.toMatch(ROTATED);
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('network inspector', () => {
  it('shows the exchanges of a connection test with redacted envelopes and a ticket-free cURL', async () => {
    const deps = createTestDeps({ osLocale: 'en-US' });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, locale: 'en-US' });
    const { page, context } = app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    const market = page.getByTestId('connection-test-market');
    await expect.poll(() => market.textContent()).toContain('OK');
    expect(await market.textContent()).toContain('GetSohoLookbook');
    expect(await page.getByTestId('connection-test-suggest').textContent()).toContain('GetSuggestionNotice');

    await page.getByRole('button', { name: 'Network' }).click();
    const grid = page.getByRole('grid', { name: /SOAP exchanges/ });
    const row = grid.getByRole('row').filter({ hasText: 'GetSohoLookbook' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('200');
    expect(await grid.getByRole('row').filter({ hasText: 'GetSuggestionNotice' }).count()).toBe(1);

    await row.click();
    const request = page.getByTestId('network-request');
    await expect.poll(() => request.isVisible()).toBe(true);
    const requestText = (await request.textContent()) ?? '';
    expect(requestText).toContain('GetSohoLookbook');
    expect(requestText).toContain('[redacted]');
    // Pretty-printed: one element per line, indented.
    expect(requestText).toMatch(/\n {2,}<[^/]/);
    expectNoTicket(requestText);
    const responseText = (await page.getByTestId('network-response').textContent()) ?? '';
    expect(responseText).toContain('GetSohoLookbookResponse');
    expectNoTicket(responseText);
    expect(await page.locator('.network-headers').textContent()).toMatch(/soapaction/i);

    await page.getByRole('button', { name: 'Copy as cURL' }).click();
    const dialog = page.getByRole('dialog', { name: 'cURL command' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const curl = await dialog.getByRole('textbox').inputValue();
    expect(curl).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/APIv1\/MarketService\.asmx'/);
    expect(curl).toMatch(/-H 'soapaction: "http:\/\/[^']+\/GetSohoLookbook"'/i);
    expect(curl).toContain('[redacted]');
    expectNoTicket(curl);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);

    await dialog.getByRole('button', { name: 'Close' }).click();
    expectNoTicket(await page.content());
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('moves with the arrow keys, opens with Enter, filters and clears', async () => {
    const deps = createTestDeps({ osLocale: 'en-US' });
    const handlers = createHandlers(deps);
    const ctx = { signal: new AbortController().signal, emit: () => {} };
    for (let i = 0; i < 3; i++) await handlers['connection.test'](undefined, ctx);
    const app = await openApp({ handlers, schemas: requestSchemas, locale: 'en-US' });
    const { page } = app;
    await page.getByRole('button', { name: 'Network' }).click();
    const grid = page.getByRole('grid', { name: /SOAP exchanges/ });
    // Other pages call the marketplace too (the inbox syncs on start): count only what this test made.
    await page.getByLabel('Operation').selectOption('GetSuggestionNotice');
    const rows = grid.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    for (const text of await rows.allTextContents()) expect(text).toContain('GetSuggestionNotice');
    await expect.poll(() => page.locator('.toolbar').textContent()).toContain('3 requests');
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.id));
    // Newest first: the ids count up as exchanges are recorded.
    const numbers = ids.map((id) => Number(id.replace(/\D/g, '')));
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);

    await grid.focus();
    const selected = grid.locator('tbody tr[aria-selected="true"]');
    expect(await selected.getAttribute('id')).toBe(ids[0]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await selected.getAttribute('id')).toBe(ids[2]);
    expect(await grid.getAttribute('aria-activedescendant')).toBe(ids[2]);
    expect(await page.getByTestId('network-request').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.locator('tbody tr[data-open]').getAttribute('id')).toBe(ids[2]);
    expect(await page.getByTestId('network-request').textContent()).toContain('GetSuggestionNotice');
    await page.keyboard.press('ArrowDown');
    expect(await selected.getAttribute('id')).toBe(ids[2]);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.locator('tbody tr[data-open]').getAttribute('id')).toBe(ids[0]);

    await page.getByLabel('Outcome').selectOption('error');
    await expect
      .poll(() => page.locator('.network-list').textContent())
      .toContain('No request matches these filters.');
    await page.getByLabel('Outcome').selectOption('ok');
    await expect.poll(() => rows.count()).toBe(3);

    await page.getByRole('button', { name: 'Clear log' }).click();
    await expect
      .poll(() => page.locator('.network-list').textContent())
      .toContain('No request matches these filters.');
    expect(deps.connection.network.list({ operation: 'GetSuggestionNotice' })).toEqual([]);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('shows failed exchanges of a live profile in Korean, with its tickets redacted', async () => {
    const deps = createTestDeps({ osLocale: 'ko-KR' });
    const handlers = createHandlers(deps);
    const ctx = { signal: new AbortController().signal, emit: () => {} };
    const port = await closedPort();
    const { settings } = await handlers['settings.get'](undefined, ctx);
    await handlers['settings.update'](
      {
        activeProfileId: 'shop',
        profiles: [
          ...settings.profiles,
          {
            id: 'shop',
            name: '내 상점',
            kind: 'live',
            apiBaseUrl: `http://127.0.0.1:${port}`,
            suggestBaseUrl: `http://127.0.0.1:${port}`,
            nsRoot: 'http://api.shop.example',
            schemaRoot: 'http://schema.shop.example',
            suggestNamespace: 'ns',
            soapVersion: '1.2',
            pageIndexBase: 1,
            timeoutMs: 5000,
            sellerIds: ['seller-1'],
          },
        ],
      },
      ctx,
    );
    await deps.vault.set('shop', {
      authTicket: 'LIVE-AUTH-SECRET-1',
      encryptedTicket: 'LIVE-ENC-SECRET-2',
      memberTicket: 'LIVE-MEMBER-SECRET-3',
    });
    const app = await openApp({ handlers, schemas: requestSchemas, locale: 'ko-KR' });
    const { page } = app;
    await page.getByRole('button', { name: '설정' }).click();
    await page.getByRole('button', { name: '연결 테스트' }).click();
    const market = page.getByTestId('connection-test-market');
    await expect.poll(() => market.textContent()).toContain('실패');
    expect(await market.locator('.error-headline').textContent()).toBe(
      '마켓 서버가 연결을 거부함 — 설정의 서비스 주소와 포트 확인',
    );
    expect(await market.locator('.error-where').textContent()).toMatch(/^연결하려던 곳: 127\.0\.0\.1:\d+$/);

    await page.getByRole('button', { name: '네트워크' }).click();
    await page.getByLabel('결과').selectOption('error');
    const grid = page.getByRole('grid');
    const row = grid.getByRole('row').filter({ hasText: 'GetSohoLookbook' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('연결 실패');
    expect(await row.textContent()).toContain('응답 없음');
    await row.click();
    await expect
      .poll(() =>
        page.getByTestId('network-error').getByRole('alert').locator('.error-headline').textContent(),
      )
      .toBe('마켓 서버가 연결을 거부함 — 설정의 서비스 주소와 포트 확인');
    expect(await page.getByText('응답을 받지 못했습니다.').isVisible()).toBe(true);
    const requestText = (await page.getByTestId('network-request').textContent()) ?? '';
    expect(requestText).toContain('soap-envelope');
    expect(requestText).toContain('[redacted]');
    await page.getByRole('button', { name: 'cURL로 복사' }).click();
    const curl = await page.getByRole('dialog', { name: 'cURL 명령' }).getByRole('textbox').inputValue();
    for (const text of [requestText, curl, await page.content()]) expect(text).not.toContain('SECRET');
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });
});
