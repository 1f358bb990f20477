// What waits outside the period on screen: a note older than the chosen period is still waiting, so the
// sidebar counts it and the inbox says where it is, with one button that shows every waiting note, the longest
// wait first. Against the sandbox as it changes: a note answered on the marketplace (the sandbox's control
// route) leaves the count after a refresh.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { addDays, dayStartMs, marketDayOf } from '../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { activeMirror } from '../support/mirror';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const poll = <V>(fn: () => V | Promise<V>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const TODAY = marketDayOf(TEST_NOW.getTime());
const WEEK_START = addDays(TODAY, -6);
const num = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));

describe('notes waiting outside the period', () => {
  it('are in the sidebar count and named in the inbox; one button shows them all, the longest wait first', async () => {
    const deps = createTestDeps({ osLocale: 'ko-KR' });
    // The seller has looked at the last 90 days before: the mirror holds them.
    await deps.settings.update({ inbox: { filters: { preset: '90d' } } });
    await deps.connection.active();
    const sandbox = deps.connection.sandbox()!;
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, locale: 'ko-KR' });
    cleanup.push(async () => {
      await app.close();
      await deps.close();
    });
    const { page, calls, pageErrors } = app;
    await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
    await poll(() => page.getByTestId('sync-progress').count()).toBe(0);

    // The last 7 days: the older waiting notes are outside the period.
    await page.getByLabel('기간', { exact: true }).selectOption('7d');
    const store = await activeMirror(deps);
    const olderWaiting = () =>
      store.count({ start: addDays(TODAY, -365), end: addDays(WEEK_START, -1) }).noReply;
    const before = olderWaiting();
    expect(before).toBeGreaterThan(2);
    const hint = page.getByTestId('waiting-outside');
    const badge = page.locator('.nav-item .nav-count');
    const waitingChip = page.getByRole('radio', { name: /^미답변/ });
    await poll(() => hint.textContent()).toContain(`답변을 기다리는 문의가 ${before}건 있습니다`);
    // The chips follow the period's notes a frame later: compare once both have settled.
    await poll(async () => num(await badge.textContent()) - num(await waitingChip.textContent())).toBe(
      before,
    );
    const inPeriod = num(await waitingChip.textContent());
    expect(inPeriod).toBeGreaterThan(0);
    expect(num(await badge.textContent())).toBe(inPeriod + before);

    // The oldest waiting note is answered on the marketplace; a refresh settles it and the counts follow.
    const held = () =>
      store
        .lookup({ limit: 100_000 })
        .notes.filter((f) => f.note.replyStatus === 'NoReply' && !f.withdrawnAt)
        .map((f) => f.note)
        .sort((a, b) => a.at - b.at);
    const oldest = held().find((n) => n.at < dayStartMs(WEEK_START))!;
    expect(oldest).toBeDefined();
    const res = await fetch(`${sandbox.baseUrl}/sandbox/notes/${oldest.seqNo}/reply`, { method: 'POST' });
    expect(res.status).toBe(200);
    const syncs = calls.filter((c) => c.channel === 'notes.sync').length;
    await page.getByTestId('note-list').focus();
    await page.keyboard.press('r');
    await poll(() => calls.filter((c) => c.channel === 'notes.sync').length).toBeGreaterThan(syncs);
    await poll(() => page.getByTestId('sync-progress').count()).toBe(0);
    await poll(() => olderWaiting()).toBe(before - 1);
    await poll(() => hint.textContent()).toContain(`답변을 기다리는 문의가 ${before - 1}건 있습니다`);
    await poll(async () => num(await badge.textContent())).toBe(inPeriod + before - 1);

    // Show them all: every waiting note in the list, the longest wait first, and nothing left outside.
    // From the keyboard: the button takes focus like any other, and Enter presses it.
    await hint.getByRole('button', { name: '미답변 모두 보기' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => hint.count()).toBe(0);
    await poll(() => waitingChip.getAttribute('aria-checked')).toBe('true');
    await poll(async () => num(await waitingChip.textContent())).toBe(inPeriod + before - 1);
    expect(await page.getByRole('columnheader', { name: '대기' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const firstSeq = Number(await page.locator('.note-row').first().getAttribute('data-seqno'));
    expect(firstSeq).not.toBe(oldest.seqNo);
    expect(firstSeq).toBe(held()[0]!.seqNo);
    expect(pageErrors).toEqual([]);
  });
});
