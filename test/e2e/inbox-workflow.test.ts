// The daily path through the inbox: handled notes leave the queue and every count (list, chips, summary strip,
// sidebar badge) and come back when unticked; the waiting filter and the 대기 sort; the SLA count as a filter.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { SendNote } from '../../src-main/schema';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { APP_ORIGIN, closeBrowser } from './harness';
import { WAITING_LOOKBACK_DAYS } from '../../src-main/services/notes-sync';
import { addDays } from '../../src-shared/market-day';
import { LONG, noteCount as count, notesOfDays, openInbox, rowSeqNos, TODAY, WEEK_START } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();

const HOUR = 3_600_000;

async function start(opts: { dataDir?: string } = {}) {
  const deps = createTestDeps({ osLocale: 'ko-KR', ...(opts.dataDir ? { dataDir: opts.dataDir } : {}) });
  await deps.connection.active();
  const backend = deps.connection.sandbox()!.backend;
  const app = await openInbox(deps, cleanup);
  const week = notesOfDays(backend.notes);
  // The badge also counts what still waits from before the week: the sync's look-back holds it.
  const olderWaiting = notesOfDays(backend.notes, {
    start: addDays(TODAY, -(WAITING_LOOKBACK_DAYS - 1)),
    end: addDays(WEEK_START, -1),
    replyStatus: 'NoReply',
  }).length;
  const { settings } = await deps.settings.get();
  // The clipboard, as Electron grants it to the app.
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_ORIGIN });
  return { page: app.page, calls: app.calls, deps, week, olderWaiting, slaHours: settings.replySlaHours };
}

const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));
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
    const { page, week, olderWaiting, slaHours } = await start();
    const waiting = waitingIds(week);
    const late = pastSlaOf(week, slaHours);
    expect(late.length).toBeGreaterThan(1);
    expect(olderWaiting).toBeGreaterThan(0);
    const before = {
      waitingChip: waiting.length,
      handledChip: 0,
      summaryWaiting: waiting.length,
      summaryHandled: 0,
      pastSla: late.length,
      badge: waiting.length + olderWaiting,
    };
    await expect.poll(() => counts(page), LONG).toEqual(before);

    // The first row is the longest-waiting note (NoReply first, oldest first): past the SLA.
    const target = late.reduce((a, b) => (Date.parse(a.InsDate!) <= Date.parse(b.InsDate!) ? a : b));
    await page.locator(`.note-row[data-seqno="${target.SeqNo}"]`).click();
    // A controlled box: it shows the mark once the store has it.
    await page.getByLabel('처리함으로 표시').click();
    await expect.poll(() => page.getByLabel('처리함으로 표시').isChecked(), LONG).toBe(true);
    const after = {
      waitingChip: waiting.length - 1,
      handledChip: 1,
      summaryWaiting: waiting.length - 1,
      summaryHandled: 1,
      pastSla: late.length - 1,
      badge: waiting.length - 1 + olderWaiting,
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
    await page.getByLabel('처리함으로 표시').click();
    // Unticked, it leaves the 처리함 list, and the pane with it (the pane never holds a note the list left out).
    await expect.poll(() => count(page), LONG).toBe(0);
    await expect.poll(() => page.locator('aside.note-detail').getAttribute('data-seqno'), LONG).toBeNull();
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

    // 대기 sorts what still waits first, the longest wait on top: the column's values run down, and its header
    // says so. The other way puts the shortest wait last of all.
    const header = page.getByRole('columnheader', { name: /대기/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const byWait = week
      .filter((n) => n.ReplyStatus === 'NoReply')
      .sort((a, b) => Date.parse(a.InsDate!) - Date.parse(b.InsDate!) || a.SeqNo! - b.SeqNo!);
    await expect.poll(async () => (await rowSeqNos(page))[0], LONG).toBe(byWait[0]!.SeqNo);
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => (await rowSeqNos(page))[0], LONG).not.toBe(byWait[0]!.SeqNo);
    const first = (await rowSeqNos(page))[0]!;
    expect(week.find((n) => n.SeqNo === first)!.ReplyStatus).toBe('ReplyComplete');
  });
});

describe('keyboard-first', () => {
  it('search → list → open → handled → memo → copy order number, and Esc clears the search before the rest', async () => {
    const { page, week } = await start();
    // A way of working set before the keyboard flow: one seller's notes.
    const seller = week[0]!.SellerID!;
    const sellerSelect = page.getByLabel('판매자 ID');
    await sellerSelect.selectOption(seller);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const mine = week.filter((n) => n.SellerID === seller);
    // The commonest start of a title among them: a query with several matches.
    const starts = new Map<string, number>();
    for (const n of mine) starts.set(n.Title!.slice(0, 2), (starts.get(n.Title!.slice(0, 2)) ?? 0) + 1);
    const query = [...starts].sort((a, b) => b[1] - a[1])[0]![0];
    const active = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('data-testid') ?? el?.getAttribute('aria-label') ?? el?.id ?? el?.tagName;
      });

    await page.keyboard.press('/');
    await expect.poll(active).toBe('검색');
    await page.keyboard.type(query);
    await expect.poll(() => count(page), LONG).toBeLessThan(mine.length);
    expect(await count(page)).toBeGreaterThan(1);
    await page.keyboard.press('Enter');
    await expect.poll(active).toBe('note-list');
    const ids = await rowSeqNos(page);
    expect(ids.length).toBeGreaterThan(1);
    const list = page.getByTestId('note-list');
    await expect.poll(() => list.getAttribute('aria-activedescendant')).toBe(`note-row-${ids[0]}`);
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    const detail = page.locator('aside.note-detail');
    await expect.poll(() => detail.getAttribute('data-seqno')).toBe(String(ids[1]));
    // j went to the list, not into the query.
    expect(await page.getByLabel('검색').inputValue()).toBe(query);

    await page.keyboard.press('h');
    await expect.poll(() => page.getByLabel('처리함으로 표시').isChecked(), LONG).toBe(true);
    await expect
      .poll(async () => digits(await chip(page, /^처리함/).textContent()), LONG)
      .toBe(mine.filter((n) => n.SeqNo === ids[1] && n.ReplyStatus === 'NoReply').length);

    await page.keyboard.press('m');
    await expect.poll(active).toBe('note-memo');
    await page.keyboard.type('내일 전화');
    await page.keyboard.press('Tab');
    await expect.poll(() => detail.locator('.saved').count(), LONG).toBe(1);

    await list.focus();
    await page.keyboard.press('c');
    const note = week.find((n) => n.SeqNo === ids[1])!;
    await expect
      .poll(() => page.getByTestId('copied').allTextContents(), LONG)
      .toContain(
        note.OrderNo ? `주문번호 ${note.OrderNo}을(를) 복사했습니다` : '이 문의에는 주문번호가 없습니다',
      );
    if (note.OrderNo) expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(note.OrderNo);

    // ↓ from the search box goes to the list too.
    await page.keyboard.press('/');
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe('note-list');

    // Esc: the search first, the rest on the second press.
    await page.keyboard.press('/');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('검색').inputValue()).toBe('');
    expect(await sellerSelect.inputValue()).toBe(seller);
    await page.keyboard.press('Escape');
    await expect.poll(() => sellerSelect.inputValue()).toBe('');

    // The keys are in the ? sheet and in the tooltips.
    expect(await page.getByText('처리함으로 표시').getAttribute('title')).toContain('(h)');
    await page.getByTestId('note-list').focus();
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: '키보드 단축키' });
    for (const label of ['처리함 표시/해제', '메모 쓰기', '주문번호 복사', '검색에서 목록으로']) {
      await expect.poll(() => sheet.textContent()).toContain(label);
    }
  });
});

describe('filters that persist', () => {
  it('keeps period, status, seller and waiting time across a restart, and the one-off search only between pages', async () => {
    const first = await start();
    const { page } = first;
    await chip(page, /^미답변/).click();
    await page.getByLabel('기간').selectOption('30d');
    await page.getByLabel('대기 시간').selectOption('48h');
    await page.getByLabel('검색').fill('환불');
    await expect
      .poll(async () => (await first.deps.settings.get()).settings.inbox.filters, LONG)
      .toMatchObject({ status: 'NoReply', preset: '30d', waiting: '48h' });

    // Another page and back: the search is still there.
    await page.getByRole('button', { name: /^룩북/ }).click();
    await page.getByRole('navigation').locator('[aria-current="page"]', { hasText: '룩북' }).waitFor();
    await page.getByRole('button', { name: /^문의함/ }).click();
    await expect.poll(() => page.getByLabel('검색').inputValue(), LONG).toBe('환불');

    // A restart on the same data: the way of working, not the lookup.
    const again = await start({ dataDir: first.deps.dataDir });
    await expect.poll(() => chip(again.page, /^미답변/).getAttribute('aria-checked'), LONG).toBe('true');
    expect(await again.page.getByLabel('기간').inputValue()).toBe('30d');
    expect(await again.page.getByLabel('대기 시간').inputValue()).toBe('48h');
    expect(await again.page.getByLabel('검색').inputValue()).toBe('');
  });

  it('saves the filters without asking main for anything else the page already has', async () => {
    const { page, calls, deps } = await start();
    const asked = (channel: string) => calls.filter((c) => c.channel === channel).length;
    await expect.poll(() => asked('vault.status'), LONG).toBeGreaterThan(0);
    const before = {
      vault: asked('vault.status'),
      settings: asked('settings.get'),
      saves: asked('settings.update'),
    };
    for (const name of [/^미답변/, /^답변 완료/, /^전체/, /^미답변/]) await chip(page, name).click();
    await expect
      .poll(async () => (await deps.settings.get()).settings.inbox.filters, LONG)
      .toMatchObject({ status: 'NoReply' });
    // Past the save's round trip and anything it would have set off.
    await page.waitForTimeout(1500);
    expect(asked('settings.update')).toBeGreaterThan(before.saves);
    // The vault's status belongs to the profile, which a filter does not change; the settings are in the
    // cache the save itself updated.
    expect(asked('vault.status')).toBe(before.vault);
    expect(asked('settings.get')).toBe(before.settings);
  });
});
