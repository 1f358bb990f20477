// The inbox's edges: the note pane never holds a note the list no longer shows (it closes, or follows the list
// when the seller goes through it by keyboard), and the keys never act on such a note; `t` copies the template for
// the note's inquiry type, in the note's language whatever the UI's, and remembers the seller's choice per type;
// "all notes of this buyer" counts and lists every note of that buyer the mirror holds, not only 90 days'.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers } from '../../src-main/host/create-handlers';
import { recentNotes } from '../../src-main/sandbox/backend';
import type { SendNote } from '../../src-main/schema';
import { addDays, dayStartMs } from '../../src-shared/market-day';
import { createTestDeps } from '../support/host-deps';
import { activeMirror } from '../support/mirror';
import { cleanupAfterEach } from './cleanup';
import { APP_ORIGIN, closeBrowser } from './harness';
import { T } from './fault-scenarios';
import { LONG, noteCount, notesOfDays, openInbox, rowSeqNos, TODAY, WEEK_START } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();

async function start(lang: 'ko' | 'en', opts: { days?: number } = {}) {
  const locale = lang === 'ko' ? 'ko-KR' : 'en-US';
  const deps = createTestDeps({ osLocale: locale });
  const handlers = createHandlers(deps);
  // The mirror already holds older days (a seller who looked at them before).
  if (opts.days) {
    const ctx = { signal: new AbortController().signal, emit: () => {} };
    await handlers['notes.sync']({ start: addDays(TODAY, -(opts.days - 1)), end: TODAY, mode: 'full' }, ctx);
  }
  await deps.connection.active();
  const backend = deps.connection.sandbox()!.backend;
  const app = await openInbox(deps, cleanup, { handlers, locale });
  // The clipboard, as Electron grants it to the app.
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_ORIGIN });
  return { ...app, deps, backend, week: notesOfDays(backend.notes), t: T[lang] };
}

const pane = (page: Page) => page.locator('aside.note-detail');
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const setClipboard = (page: Page, text: string) =>
  page.evaluate((t) => navigator.clipboard.writeText(t), text);
/** Leaves the search box (or any field), so the list's keys work. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** Narrows the list to one note by its SeqNo and opens it with a click. */
async function openBySearch(page: Page, search: string, seqNo: number) {
  await page.getByLabel(search, { exact: true }).fill(String(seqNo));
  await page.locator(`.note-row[data-seqno="${seqNo}"]`).click();
  await expect.poll(() => pane(page).getAttribute('data-seqno'), LONG).toBe(String(seqNo));
}

describe('the note pane follows the list', () => {
  it('closes when a search leaves its note out, and t, h, c then act on nothing', async () => {
    const { page, calls, deps, week, t } = await start('ko');
    const [open, other] = week.filter((n) => n.OrderNo && n.ReplyStatus === 'NoReply');
    expect(other, 'two waiting notes with an order this week').toBeDefined();
    await openBySearch(page, t('inbox.search'), open!.SeqNo!);
    // A search for another note: the open one is no longer in the list.
    await page.getByLabel(t('inbox.search'), { exact: true }).fill(String(other!.SeqNo));
    await expect.poll(() => rowSeqNos(page), LONG).not.toContain(open!.SeqNo);
    await expect.poll(() => pane(page).getAttribute('data-seqno'), LONG).toBeNull();
    expect(await pane(page).textContent()).toContain(t('inbox.detail.empty'));

    await blur(page);
    await setClipboard(page, 'before');
    const marks = () => calls.filter((c) => c.channel === 'notes.local.set').length;
    for (const key of ['t', 'c', 'h']) await page.keyboard.press(key);
    await page.getByTestId('note-list').focus();
    for (const key of ['t', 'c', 'h']) await page.keyboard.press(key);
    // Nothing was copied and nothing marked: the keys had no note of the list to act on.
    expect(await clipboard(page)).toBe('before');
    expect(marks()).toBe(0);
    const store = await activeMirror(deps);
    expect(store.lookup({ seqNo: open!.SeqNo! }).notes[0]!.mark?.handled ?? false).toBe(false);
  });

  it('follows to the next row when the note leaves the list under the keyboard (h under 미답변)', async () => {
    const { page, deps, t } = await start('ko');
    await page.getByRole('radio', { name: new RegExp(`^${t('inbox.status.NoReply')}`) }).click();
    await blur(page);
    const list = page.getByTestId('note-list');
    await list.focus();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    const ids = await rowSeqNos(page);
    expect(ids.length).toBeGreaterThan(3);
    await expect.poll(() => pane(page).getAttribute('data-seqno'), LONG).toBe(String(ids[1]));

    // Handled: it leaves the waiting list, and the pane goes to the note that took its row.
    await page.keyboard.press('h');
    await expect.poll(() => rowSeqNos(page), LONG).not.toContain(ids[1]);
    await expect.poll(() => pane(page).getAttribute('data-seqno'), LONG).toBe(String(ids[2]));
    await expect.poll(() => list.getAttribute('aria-activedescendant')).toBe(`note-row-${ids[2]}`);
    // The next h marks that one, not the first one back.
    await page.keyboard.press('h');
    await expect.poll(() => pane(page).getAttribute('data-seqno'), LONG).toBe(String(ids[3]));
    const store = await activeMirror(deps);
    const handled = (seqNo: number) => store.lookup({ seqNo }).notes[0]!.mark?.handled ?? false;
    expect([handled(ids[1]!), handled(ids[2]!), handled(ids[3]!)]).toEqual([true, true, false]);
  });
});

describe('reply templates per inquiry type, in the note’s language', () => {
  it('copies the Korean template for the note’s type in the English UI, and remembers a choice per type', async () => {
    const { page, deps, backend, t } = await start('en');
    const week = new Set(notesOfDays(backend.notes).map((n) => n.SeqNo));
    const korean = (n: SendNote) => /[가-힣]/.test(n.Title!);
    const mine = recentNotes(backend).filter((n) => week.has(n.SeqNo) && n.OrderNo && korean(n));
    const receipt = mine.find((n) => n.SearchQueryType === 'Other' && n.Content!.includes('영수증'));
    const shipping = mine.find((n) => n.SearchQueryType === 'Shipping');
    expect(receipt, 'a Korean receipt question this week').toBeDefined();
    expect(shipping, 'a Korean shipping question this week').toBeDefined();
    const picker = page.getByTestId('reply-template');
    const chosen = () => picker.locator('select option:checked').textContent();
    const search = t('inbox.search');

    // A receipt question: the receipt reply, in Korean, by the t key.
    await openBySearch(page, search, receipt!.SeqNo!);
    await expect.poll(chosen, LONG).toBe('영수증·증빙 안내');
    expect(await picker.getByTestId('template-lang').textContent()).toContain(t('templates.lang.ko'));
    await setClipboard(page, 'before');
    await page.locator(`.note-row[data-seqno="${receipt!.SeqNo}"]`).focus();
    await page.keyboard.press('t');
    await expect.poll(() => clipboard(page), LONG).toContain(`주문번호 ${receipt!.OrderNo}의 현금영수증`);
    expect(await clipboard(page)).not.toContain('출고');

    // A shipping question: the Korean shipping reply; the seller picks another, and it is kept for the type.
    await openBySearch(page, search, shipping!.SeqNo!);
    await expect.poll(chosen, LONG).toBe('배송 문의 답변');
    await picker.locator('select').selectOption({ label: '교환·반품 안내' });
    await expect
      .poll(async () => (await deps.settings.get()).settings.replyTemplateChoices, LONG)
      .toEqual({ 'Shipping.ko': 'starter-exchange-ko' });
    await openBySearch(page, search, receipt!.SeqNo!);
    await expect.poll(chosen, LONG).toBe('영수증·증빙 안내');
    await openBySearch(page, search, shipping!.SeqNo!);
    await expect.poll(chosen, LONG).toBe('교환·반품 안내');
  });
});

describe('all notes of this buyer', () => {
  it('counts and lists every note of the buyer the mirror holds, older than 90 days too', async () => {
    const { page, deps, week, t } = await start('ko', { days: 180 });
    const store = await activeMirror(deps);
    const held = (buyerId: string) =>
      store
        .lookup({ buyerId, limit: 500 })
        .notes.filter((f) => f.withdrawnAt === undefined)
        .map((f) => f.note);
    const old = dayStartMs(addDays(TODAY, -90));
    // A buyer of this week who also wrote more than 90 days ago.
    const buyer = week.find((n) => held(n.BuyerID!).some((h) => h.at < old));
    expect(buyer, 'a buyer of this week with a note older than 90 days').toBeDefined();
    const all = held(buyer!.BuyerID!);
    const inWeek = all.filter((n) => n.at >= dayStartMs(WEEK_START));
    expect(all.length).toBeGreaterThan(inWeek.length);

    await openBySearch(page, t('inbox.search'), buyer!.SeqNo!);
    await pane(page)
      .getByRole('button', { name: t('inbox.detail.allOfBuyer') })
      .click();
    await expect.poll(() => noteCount(page), LONG).toBe(inWeek.length);
    const hint = page.getByTestId('outside-hint');
    await expect
      .poll(() => hint.textContent(), LONG)
      .toContain(t('inbox.outside.heldMore', { count: all.length - inWeek.length }));
    await hint.getByRole('button', { name: t('inbox.outside.showHeld') }).click();
    await expect.poll(() => noteCount(page), LONG).toBe(all.length);
    expect((await rowSeqNos(page)).sort()).toEqual(all.map((n) => n.seqNo).sort());
    await expect.poll(() => hint.count()).toBe(0);
  });
});
