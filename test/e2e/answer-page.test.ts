// The way to the answer form: a profile's answer-page template gives the open note a "마켓에서 답변하기" button that
// opens the filled, URL-encoded address through the host's validated openExternal (the bridge records it); no
// button without a template; an invalid template is refused by the host. Answering on the marketplace (the
// sandbox's control route) and refreshing shows the note answered.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { toDeskError } from '../../src-main/host/dispatch';
import { recentNotes } from '../../src-main/sandbox/backend';
import { createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';
import { itemQuestionsOnScreen } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const poll = <V>(fn: () => V | Promise<V>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const ctx = { signal: new AbortController().signal, emit: () => {} };
const TEMPLATE =
  'https://soho.market.example/notes/{SeqNo}/answer?order={OrderNo}&seller={SellerID}&item={ItemNo}';

async function start(answerPageUrl: string | undefined, notes = 200) {
  const deps = createTestDeps({ sandbox: { notes } });
  const handlers = createHandlers(deps);
  if (answerPageUrl !== undefined) {
    const { settings } = await handlers['settings.get'](undefined, ctx);
    await handlers['settings.update'](
      { profiles: settings.profiles.map((p) => ({ ...p, answerPageUrl })) },
      ctx,
    );
  }
  await deps.connection.active();
  const sandbox = deps.connection.sandbox()!;
  const app = await openApp({ handlers, schemas: requestSchemas });
  cleanup.push(async () => {
    await app.close();
    await deps.close();
  });
  return { ...app, deps, handlers, sandbox };
}

describe('answering on the marketplace', () => {
  it('opens the note’s answer page through openExternal, and a refresh shows it answered', async () => {
    const { page, deps, sandbox, calls, pageErrors } = await start(TEMPLATE);
    await poll(() => page.getByTestId('sync-progress').count()).toBe(0);
    await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
    const shown = await page
      .locator('.note-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seqno'))));
    const notes = new Map(recentNotes(sandbox.backend).map((n) => [n.SeqNo, n]));
    const target = shown
      .map((s) => notes.get(s))
      .find((n) => n?.ReplyStatus === 'NoReply' && n.OrderNo !== undefined)!;
    expect(target).toBeDefined();
    await page.locator(`.note-row[data-seqno="${target.SeqNo}"]`).click();
    const detail = page.locator('aside.note-detail');
    await poll(() => detail.getAttribute('data-seqno')).toBe(String(target.SeqNo));
    expect(await detail.locator('.detail-tags .badge').first().textContent()).toBe('미답변');

    await detail.getByRole('button', { name: '마켓에서 답변하기' }).click();
    const want =
      `https://soho.market.example/notes/${target.SeqNo}/answer?order=${target.OrderNo}` +
      `&seller=${target.SellerID}&item=${target.ItemNo}`;
    await poll(() => deps.opened).toEqual([want]);
    expect(calls.filter((c) => c.channel === 'shell.openExternal').map((c) => c.req)).toEqual([
      { url: want },
    ]);

    // The seller writes the answer there; the marketplace now lists the note answered.
    const res = await fetch(`${sandbox.baseUrl}/sandbox/notes/${target.SeqNo}/reply`, { method: 'POST' });
    expect(res.status).toBe(200);
    const syncs = calls.filter((c) => c.channel === 'notes.sync').length;
    await page.locator(`.note-row[data-seqno="${target.SeqNo}"]`).focus();
    await page.keyboard.press('r');
    await poll(() => calls.filter((c) => c.channel === 'notes.sync').length).toBeGreaterThan(syncs);
    await poll(() => detail.locator('.detail-tags .badge').first().textContent()).toBe('답변 완료');
    expect(pageErrors).toEqual([]);
  });

  it('says, beside the link, that a note asked before ordering has no order number in its address', async () => {
    const { page, deps, sandbox, pageErrors } = await start(TEMPLATE, 2000);
    const { early, ordered } = await itemQuestionsOnScreen(page, sandbox.backend, 'ko');
    const detail = page.locator('aside.note-detail');

    await page.locator(`.note-row[data-seqno="${early.SeqNo}"]`).click();
    await poll(() => detail.getAttribute('data-seqno')).toBe(String(early.SeqNo));
    expect(await detail.getByTestId('answer-no-order').textContent()).toBe(
      `주문 전 문의라 주소의 주문번호 자리가 비어 있습니다. 페이지에서 문의를 찾지 못하면 문의번호 ${early.SeqNo}로 찾으세요.`,
    );
    await detail.getByRole('button', { name: '마켓에서 답변하기' }).click();
    await poll(() => deps.opened).toEqual([
      `https://soho.market.example/notes/${early.SeqNo}/answer?order=&seller=${early.SellerID}&item=${early.ItemNo}`,
    ]);

    await page.locator(`.note-row[data-seqno="${ordered.SeqNo}"]`).click();
    await poll(() => detail.getAttribute('data-seqno')).toBe(String(ordered.SeqNo));
    expect(await detail.getByTestId('answer-on-market').count()).toBe(1);
    expect(await detail.getByTestId('answer-no-order').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('offers no link without a template, and the host refuses an address that is not http(s)', async () => {
    const { page, handlers, deps } = await start(undefined);
    await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
    await page.locator('.note-row').first().click();
    await page.locator('aside.note-detail[data-seqno]').waitFor();
    expect(await page.getByTestId('answer-on-market').count()).toBe(0);

    const { settings } = await handlers['settings.get'](undefined, ctx);
    for (const bad of [
      'javascript:alert(1)//{SeqNo}',
      'https://{SellerID}.evil.example/',
      'file:///{SeqNo}',
    ]) {
      const refused = await handlers['settings.update'](
        { profiles: settings.profiles.map((p) => ({ ...p, answerPageUrl: bad })) },
        ctx,
      ).catch((e: unknown) => e);
      // What the renderer receives: the dispatcher's envelope of the thrown error.
      expect(toDeskError(refused)).toMatchObject({
        code: 'INVALID_ARGUMENT',
        issues: expect.arrayContaining([
          expect.objectContaining({ path: ['profiles', 0, 'answerPageUrl'], rule: 'answer-page' }),
        ]) as unknown,
      });
    }
    expect(deps.opened).toEqual([]);
  });
});
