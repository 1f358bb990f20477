// The daily path through the inbox: handled notes leave the queue and every count (list, chips, summary strip,
// sidebar badge) and come back when unticked; the waiting filter and the 대기 sort; the SLA count as a filter.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { formatDateTime } from '../../src-main/schema';
import type { SendNote } from '../../src-main/schema';
import { addDays, dayEndMs, dayStartMs, marketDayOf } from '../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const TODAY = marketDayOf(TEST_NOW.getTime());
const WEEK_START = addDays(TODAY, -6);
const LONG = { timeout: 60_000 };
const HOUR = 3_600_000;

async function start(opts: { dataDir?: string } = {}) {
  const deps = createTestDeps({ osLocale: 'ko-KR', ...(opts.dataDir ? { dataDir: opts.dataDir } : {}) });
  await deps.connection.active();
  const backend = deps.connection.sandbox()!.backend;
  const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, locale: 'ko-KR' });
  cleanup.push(async () => {
    await app.close();
    await deps.close().catch(() => {});
  });
  await app.page.clock.setFixedTime(TEST_NOW);
  const before = app.calls.filter((c) => c.channel === 'notes.sync').length;
  await app.page.reload();
  await expect
    .poll(() => app.calls.filter((c) => c.channel === 'notes.sync').length, LONG)
    .toBeGreaterThan(before);
  await expect.poll(() => app.page.getByTestId('sync-progress').count(), LONG).toBe(0);
  await app.page.getByTestId('note-count').waitFor();
  const week = backend.notes({
    start: formatDateTime(dayStartMs(WEEK_START)),
    end: formatDateTime(dayEndMs(TODAY) - 999),
  });
  const { settings } = await deps.settings.get();
  return { page: app.page, deps, week, slaHours: settings.replySlaHours };
}

const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));
const count = async (page: Page) => digits(await page.getByTestId('note-count').textContent());
const rowSeqNos = (page: Page) =>
  page.locator('.note-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seqno'))));
const chip = (page: Page, name: RegExp) => page.getByRole('radio', { name });

/** Every place the inbox counts what waits: chips, summary strip, sidebar badge. */
async function counts(page: Page) {
  return {
    waitingChip: digits(await chip(page, /^미답변/).textContent()),
    handledChip: digits(await chip(page, /^처리함/).textContent()),
    summaryWaiting: digits(await page.getByTestId('summary-noreply').textContent()),
    summaryHandled: digits(await page.getByTestId('summary-handled').textContent()),
    pastSla: digits(await page.getByTestId('summary-past-sla').textContent()),
    badge: digits(
      await page
        .getByRole('button', { name: /^문의함/ })
        .locator('.nav-count')
        .textContent(),
    ),
  };
}

const waitingIds = (notes: readonly SendNote[]) =>
  notes.filter((n) => n.ReplyStatus === 'NoReply').map((n) => n.SeqNo!);
const pastSlaOf = (notes: readonly SendNote[], hours: number) =>
  notes.filter(
    (n) => n.ReplyStatus === 'NoReply' && TEST_NOW.getTime() - Date.parse(n.InsDate!) > hours * HOUR,
  );

describe('handled means done for now', () => {
  it('a handled note leaves the 미답변 queue, the SLA count and the badge, and returns when unticked', async () => {
    const { page, week, slaHours } = await start();
    const waiting = waitingIds(week);
    const late = pastSlaOf(week, slaHours);
    expect(late.length).toBeGreaterThan(1);
    const before = {
      waitingChip: waiting.length,
      handledChip: 0,
      summaryWaiting: waiting.length,
      summaryHandled: 0,
      pastSla: late.length,
      badge: waiting.length,
    };
    await expect.poll(() => counts(page), LONG).toEqual(before);

    // The first row is the longest-waiting note (NoReply first, oldest first): past the SLA.
    const target = late.reduce((a, b) => (Date.parse(a.InsDate!) <= Date.parse(b.InsDate!) ? a : b));
    await page.locator(`.note-row[data-seqno="${target.SeqNo}"]`).click();
    await page.getByLabel('처리함으로 표시').check();
    const after = {
      waitingChip: waiting.length - 1,
      handledChip: 1,
      summaryWaiting: waiting.length - 1,
      summaryHandled: 1,
      pastSla: late.length - 1,
      badge: waiting.length - 1,
    };
    await expect.poll(() => counts(page), LONG).toEqual(after);

    await chip(page, /^미답변/).click();
    await expect.poll(() => count(page), LONG).toBe(waiting.length - 1);
    expect(await rowSeqNos(page)).not.toContain(target.SeqNo);
    await chip(page, /^처리함/).click();
    await expect.poll(() => rowSeqNos(page), LONG).toEqual([target.SeqNo]);

    // The mark is kept: after a reload the counts are the same.
    await page.reload();
    await page.getByTestId('note-count').waitFor();
    await expect.poll(() => counts(page), LONG).toEqual(after);

    await chip(page, /^처리함/).click();
    await page.locator(`.note-row[data-seqno="${target.SeqNo}"]`).click();
    await page.getByLabel('처리함으로 표시').uncheck();
    await expect.poll(() => count(page), LONG).toBe(0);
    await chip(page, /^전체/).click();
    await expect.poll(() => counts(page), LONG).toEqual(before);
  });
});

describe('waiting time as a filter and a sort', () => {
  it('filters over the SLA and over 48 hours, sorts by 대기, and the SLA count applies the filter', async () => {
    const { page, week, slaHours } = await start();
    const late = pastSlaOf(week, slaHours);
    const over48 = pastSlaOf(week, 48);
    expect(over48.length).toBeGreaterThan(0);
    expect(over48.length).toBeLessThan(waitingIds(week).length);

    await page.getByLabel('대기 시간').selectOption('48h');
    await expect.poll(() => count(page), LONG).toBe(over48.length);
    expect(new Set(await rowSeqNos(page))).toEqual(new Set(over48.map((n) => n.SeqNo)));
    await page.getByLabel('대기 시간').selectOption('');
    await expect.poll(() => count(page), LONG).toBe(week.length);

    // The SLA count is the filter's own button.
    await page.getByTestId('summary-past-sla').click();
    await expect.poll(() => page.getByLabel('대기 시간').inputValue()).toBe('sla');
    await expect.poll(() => count(page), LONG).toBe(late.length);
    expect(new Set(await rowSeqNos(page))).toEqual(new Set(late.map((n) => n.SeqNo)));
    await page.keyboard.press('Escape');
    await expect.poll(() => count(page), LONG).toBe(week.length);

    // 대기 sorts what still waits first, the longest wait on top; descending puts the shortest wait last of all.
    const header = page.getByRole('columnheader', { name: /대기/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    const byWait = week
      .filter((n) => n.ReplyStatus === 'NoReply')
      .sort((a, b) => Date.parse(a.InsDate!) - Date.parse(b.InsDate!) || a.SeqNo! - b.SeqNo!);
    await expect.poll(async () => (await rowSeqNos(page))[0], LONG).toBe(byWait[0]!.SeqNo);
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await rowSeqNos(page))[0], LONG).not.toBe(byWait[0]!.SeqNo);
    const first = (await rowSeqNos(page))[0]!;
    expect(week.find((n) => n.SeqNo === first)!.ReplyStatus).toBe('ReplyComplete');
  });
});
