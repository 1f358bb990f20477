// One search box finds a note however the seller remembers it (words, 초성, order, item, buyer, SeqNo, whole or
// partial); what matches outside the period is announced by the store with one action to widen it; the note pane
// narrows the list to its buyer, item or order in one click.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src-main/host/create-handlers';
import type { SendNote } from '../../src-main/schema';
import { createMatcher } from '../../src-shared/korean-matcher';
import { addDays, dayStartMs } from '../../src-shared/market-day';
import { createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';
import {
  expectView,
  LONG,
  noteCount as count,
  notesOfDays,
  openInbox,
  rowSeqNos,
  TODAY,
  WEEK_START,
} from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();

async function start(opts: { days?: number } = {}) {
  const deps = createTestDeps({ osLocale: 'ko-KR' });
  const handlers = createHandlers(deps);
  // The mirror already holds the older days (a seller who looked at 90 days before).
  if (opts.days) {
    const ctx = { signal: new AbortController().signal, emit: () => {} };
    await handlers['notes.sync']({ start: addDays(TODAY, -(opts.days - 1)), end: TODAY, mode: 'full' }, ctx);
  }
  await deps.connection.active();
  const backend = deps.connection.sandbox()!.backend;
  const app = await openInbox(deps, cleanup, { handlers });
  const notesFrom = (start: string) => notesOfDays(backend.notes, { start });
  return { page: app.page, app, week: notesFrom(WEEK_START), notesFrom };
}

/** A number typed into the box is found wherever it stands in the note's numbers or text (a plain substring). */
const holdsDigits = (n: SendNote, digits: string) =>
  [n.Title, n.Content, n.BuyerID, n.ItemName, n.ItemNo, n.OrderNo, String(n.SeqNo)].some((v) =>
    (v ?? '').replace(/\s+/g, '').includes(digits),
  );

describe('one search box finds a note however the seller remembers it', () => {
  it('by words, 초성, whole and partial order and item numbers, buyer ID and SeqNo', async () => {
    const { page, week } = await start();
    const search = page.getByLabel('검색');
    const words = (n: SendNote) => `${n.Title}\u0001${n.Content}\u0001${n.BuyerID}\u0001${n.ItemName}`;
    for (const query of ['환불', 'ㅂㅅ']) {
      await search.fill(query);
      const want = createMatcher(week, words, { lazy: true }).filter(query);
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(week.length);
      await expectView(page, want);
    }

    const note = week.filter((n) => n.OrderNo)[7]!;
    const lookups: [string, string][] = [
      ['whole order number', note.OrderNo!],
      ['last six digits of the order number', note.OrderNo!.slice(-6)],
      ['whole item number', note.ItemNo!],
      ['part of the item number', note.ItemNo!.slice(1, -1)],
      ['SeqNo', String(note.SeqNo)],
    ];
    for (const [what, digits] of lookups) {
      await search.fill(digits);
      const want = week.filter((n) => holdsDigits(n, digits));
      expect(
        want.map((n) => n.SeqNo),
        what,
      ).toContain(note.SeqNo);
      await expectView(page, want);
    }
    // An order number read off a parcel with a dash in it.
    await search.fill(`${note.OrderNo!.slice(0, 4)}-${note.OrderNo!.slice(4)}`);
    await expect.poll(() => rowSeqNos(page), LONG).toContain(note.SeqNo);

    await search.fill(note.BuyerID!);
    const byBuyer = week.filter((n) => n.BuyerID!.toLowerCase().includes(note.BuyerID!.toLowerCase()));
    await expect.poll(() => rowSeqNos(page), LONG).toContain(note.SeqNo);
    expect(await count(page)).toBeGreaterThanOrEqual(byBuyer.length);
  });

  it('full-width digits and letters and a zero-width space find what their plain forms find', async () => {
    const { page, week } = await start();
    const search = page.getByLabel('검색');
    const note = week.filter((n) => n.OrderNo)[7]!;
    // As a Korean IME types them: U+FF10.. for the digits.
    const fullWidthOrder = note.OrderNo!.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    expect(fullWidthOrder).not.toBe(note.OrderNo);
    await search.fill(fullWidthOrder);
    await expectView(
      page,
      week.filter((n) => holdsDigits(n, note.OrderNo!)),
    );
    expect(await rowSeqNos(page)).toContain(note.SeqNo);

    // ＳＩＺＥ in full width with a zero-width space inside, as pasted from a web page.
    const plain = (v: string | undefined) => (v ?? '').toLowerCase().replace(/\s+/g, '');
    const sized = week.filter((n) =>
      [n.Title, n.Content, n.BuyerID, n.ItemName].some((v) => plain(v).includes('size')),
    );
    expect(sized.length).toBeGreaterThan(0);
    expect(sized.length).toBeLessThan(week.length);
    await search.fill('ＳＩ\u200bＺＥ');
    await expectView(page, sized);
  });

  it('says what matches outside the period, and widens it in one click', async () => {
    const { page, notesFrom } = await start({ days: 90 });
    const ninety = notesFrom(addDays(TODAY, -89));
    const older = ninety.find((n) => n.OrderNo && Date.parse(n.InsDate!) < dayStartMs(addDays(TODAY, -30)))!;
    const suffix = older.OrderNo!.slice(-6);
    const inWeek = ninety.filter(
      (n) => holdsDigits(n, suffix) && Date.parse(n.InsDate!) >= dayStartMs(WEEK_START),
    );
    const wide = ninety.filter((n) => holdsDigits(n, suffix));
    await page.getByLabel('검색').fill(suffix);
    const hint = page.getByTestId('outside-hint');
    await expect
      .poll(() => hint.textContent(), LONG)
      .toContain(
        inWeek.length === 0
          ? `최근 90일에는 ${wide.length}건 있습니다`
          : `${wide.length - inWeek.length}건 더 있습니다`,
      );
    await hint.getByRole('button', { name: '기간 넓히기' }).click();
    await expect.poll(() => page.getByLabel('기간').inputValue()).toBe('90d');
    await expectView(page, wide);
    expect(await rowSeqNos(page)).toContain(older.SeqNo);
    await expect.poll(() => hint.count()).toBe(0);
  });

  it('the note pane shows all notes of this buyer, this item, this order in one click', async () => {
    const { page, week } = await start();
    const note = week.filter((n) => n.OrderNo)[3]!;
    await page.getByLabel('검색').fill(String(note.SeqNo));
    await page.locator(`.note-row[data-seqno="${note.SeqNo}"]`).click();
    const pane = page.locator('#note-detail');
    await expect.poll(() => pane.getAttribute('data-seqno')).toBe(String(note.SeqNo));

    await pane.getByRole('button', { name: '이 구매자의 문의 모두 보기' }).click();
    await expect.poll(() => page.getByLabel('검색').inputValue()).toBe('');
    await expectView(
      page,
      week.filter((n) => n.BuyerID === note.BuyerID),
    );
    await expect.poll(() => page.getByTestId('scope-buyerId').textContent()).toContain(note.BuyerID!);

    await pane.getByRole('button', { name: '이 상품의 문의 모두 보기' }).click();
    await expectView(
      page,
      week.filter((n) => n.ItemNo === note.ItemNo),
    );
    await expect.poll(() => page.getByTestId('scope-buyerId').count()).toBe(0);

    await pane.getByRole('button', { name: '이 주문의 문의 모두 보기' }).click();
    await expectView(
      page,
      week.filter((n) => n.OrderNo === note.OrderNo),
    );
    // The chip removes its scope.
    await page.getByRole('button', { name: `주문번호 ${note.OrderNo} 조건 해제` }).click();
    await expectView(page, week);
  });
});
