import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../src-main/contract';
import { createBackend, recentNotes } from '../../src-main/sandbox/backend';
import type { NoteFilter } from '../../src-main/sandbox/data/notes';
import type { SendNote } from '../../src-main/schema';
import { formatDateTime } from '../../src-shared/date-time';
import type { SandboxOptions } from '../../src-main/sandbox/server';
import { toInboxNote } from '../../src-main/storage/inbox-note';
import { createMatcher } from '../../src-shared/korean-matcher';
import { INQUIRY_TYPES } from '../../src-shared/note-fields';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { addDays, dayEndMs, dayStartMs, daysBetween, marketDayOf } from '../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { activeMirror, heldNotes, seedMirror } from '../support/mirror';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';
import {
  expectView,
  LONG,
  noteCount as count,
  notesOfDays,
  openInbox,
  rowSeqNos,
  settled,
  TODAY,
} from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();

async function start(
  opts: {
    sandbox?: SandboxOptions;
    dataDir?: string;
    locale?: string;
    settle?: boolean;
    stopSandbox?: boolean;
    /** Pin the page clock to TEST_NOW (needs a reload); off where only explicit dates matter. */
    fixedClock?: boolean;
  } = {},
) {
  const deps = createTestDeps({
    sandbox: opts.sandbox,
    dataDir: opts.dataDir,
    osLocale: opts.locale ?? 'ko-KR',
  });
  const saved: string[] = [];
  const exportDir = mkdtempSync(join(tmpdir(), 'inbox-export-'));
  deps.saveFile = async (name, data) => {
    const path = join(exportDir, name);
    writeFileSync(path, data);
    saved.push(path);
    return path;
  };
  const { client } = await deps.connection.active();
  const sandbox = deps.connection.sandbox()!;
  const backend = sandbox.backend;
  if (opts.stopSandbox) await sandbox.close();
  const app = await openInbox(deps, cleanup, opts);
  const expected = (f: NoteFilter = {}) => notesOfDays(backend.notes, f);
  return { deps, app, page: app.page, backend, client, expected, saved };
}

describe('buyer-notes inbox in Chromium against the sandbox', () => {
  it('shows exactly the notes the sandbox holds for each filter, alone and combined', async () => {
    const { page, expected, backend, app } = await start();
    const all = expected();
    expect(all.length).toBeGreaterThan(50);
    await expectView(page, all);
    // Default order: NoReply first, oldest first.
    const first = all.filter((n) => n.ReplyStatus === 'NoReply')[0]!;
    expect((await rowSeqNos(page))[0]).toBe(first.SeqNo);

    await page.getByRole('radio', { name: /^미답변/ }).click();
    await expectView(page, expected({ replyStatus: 'NoReply' }));
    await page.getByRole('radio', { name: /^답변 완료/ }).click();
    await expectView(page, expected({ replyStatus: 'ReplyComplete' }));
    await page.getByRole('radio', { name: /^전체/ }).click();

    const seller = backend.sellerIds[1]!;
    await page.getByLabel('판매자 ID').selectOption(seller);
    await expectView(page, expected({ sellerId: seller }));
    await page.getByRole('radio', { name: /^미답변/ }).click();
    await expectView(page, expected({ sellerId: seller, replyStatus: 'NoReply' }));
    await page.keyboard.press('Escape');
    await expectView(page, all);

    const byItem = new Map<string, number>();
    for (const n of all) byItem.set(n.ItemNo!, (byItem.get(n.ItemNo!) ?? 0) + 1);
    const itemNo = [...byItem].sort((a, b) => b[1] - a[1])[0]![0];
    // Item and order numbers go into the one search box (test/e2e/inbox-search.test.ts has every way).
    const digitsIn = (n: SendNote, d: string) =>
      [n.Title, n.Content, n.BuyerID, n.ItemName, n.ItemNo, n.OrderNo, String(n.SeqNo)].some((v) =>
        (v ?? '').replace(/\s+/g, '').includes(d),
      );
    await page.getByLabel('검색').fill(itemNo);
    await expectView(
      page,
      all.filter((n) => digitsIn(n, itemNo)),
    );
    expect(await count(page)).toBeGreaterThan(1);

    const orderNo = all.find((n) => n.OrderNo)!.OrderNo!;
    await page.getByLabel('검색').fill(orderNo);
    await expectView(
      page,
      all.filter((n) => digitsIn(n, orderNo)),
    );
    await page.getByLabel('검색').fill('');

    // Local filters: inquiry type chips and the Korean-aware search (초성).
    await page.getByRole('button', { name: /^환불/ }).click();
    await expectView(
      page,
      all.filter((n) => n.SearchQueryType === 'Refund'),
    );
    await page.getByRole('button', { name: /^교환/ }).click();
    await expectView(
      page,
      all.filter((n) => n.SearchQueryType === 'Refund' || n.SearchQueryType === 'Exchange'),
    );
    await page.getByRole('radio', { name: /^미답변/ }).click();
    await expectView(
      page,
      all.filter(
        (n) =>
          (n.SearchQueryType === 'Refund' || n.SearchQueryType === 'Exchange') && n.ReplyStatus === 'NoReply',
      ),
    );
    await page.keyboard.press('Escape');

    const text = (n: SendNote) => `${n.Title}\u0001${n.Content}\u0001${n.BuyerID}\u0001${n.ItemName}`;
    for (const query of ['ㅂㅅ', '환불', 'SIZE']) {
      await page.getByLabel('검색').fill(query);
      const want = createMatcher(all, text, { lazy: true }).filter(query);
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(all.length);
      await expectView(page, want);
    }
    await page.getByLabel('검색').fill('');

    // A custom range syncs the days the cache lacks, then shows exactly them.
    const syncs = app.calls.filter((c) => c.channel === 'notes.sync').length;
    await page.getByLabel('기간').selectOption('custom');
    const from = addDays(TODAY, -20);
    const to = addDays(TODAY, -12);
    await page.getByLabel('시작일').fill(from);
    await page.getByLabel('종료일').fill(to);
    await settled(page, app.calls, syncs);
    await expectView(page, expected({ start: from, end: to }));
    await page.getByRole('radio', { name: /^미답변/ }).click();
    await expectView(page, expected({ start: from, end: to, replyStatus: 'NoReply' }));
  });

  it('groups the numbers of the summary’s type mix like every count beside them, on a large mirror', async () => {
    const { page, expected } = await start({ sandbox: { notes: 120_000 } });
    const week = expected();
    await expectView(page, week);
    const byType = new Map<string, number>();
    for (const { queryType: q } of week.map((n) => toInboxNote(n)!)) byType.set(q, (byType.get(q) ?? 0) + 1);
    // Enough notes that a type counts past a thousand.
    expect(Math.max(...byType.values())).toBeGreaterThanOrEqual(1000);
    const ko = translatorFor('ko');
    expect(await page.locator('.type-mix > span').allTextContents()).toEqual(
      INQUIRY_TYPES.map((q) => `${ko(`inbox.type.${q}`)} ${(byType.get(q) ?? 0).toLocaleString('ko-KR')}`),
    );
    expect(await page.locator('.type-mix').textContent()).toMatch(/\d,\d{3}/);
  });

  it('keeps the filters across a restart (settings.inbox.filters)', async () => {
    const first = await start();
    await first.page.getByRole('radio', { name: /^미답변/ }).click();
    await first.page.getByLabel('기간').selectOption('30d');
    await expect
      .poll(async () => (await first.deps.settings.get()).settings.inbox.filters)
      .toMatchObject({ status: 'NoReply', preset: '30d' });
    const again = await start({ dataDir: first.deps.dataDir });
    expect(await again.page.getByRole('radio', { name: /^미답변/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await expectView(again.page, again.expected({ start: addDays(TODAY, -29), replyStatus: 'NoReply' }));
  });

  it('streams sync progress in days as a determinate bar; Cancel keeps whole days and says how many, and how many notes', async () => {
    const { page, deps } = await start({ sandbox: { faults: { latencyMs: 120 } } });
    await page.getByLabel('기간').selectOption('90d');
    const bar = page.getByTestId('sync-progress').locator('progress');
    // Days, not seller × day slices: 83 days the mirror lacks, plus the newest synced day (its catch-up, which
    // also covers the day before).
    await expect.poll(async () => Number(await bar.getAttribute('max')), { timeout: 30_000 }).toBe(84);
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 })
      .toBeGreaterThan(2);
    expect(await page.getByTestId('sync-progress').textContent()).toMatch(/동기화 중… \d+\/84일 · [\d,]+건/);
    await page.getByTestId('sync-progress').getByRole('button', { name: '취소' }).click();
    await page.getByTestId('sync-cancelled').waitFor();
    expect(await page.getByTestId('sync-progress').count()).toBe(0);

    const store = await activeMirror(deps);
    expect(store.lastSync()).toMatchObject({ cancelled: true });
    const backend = deps.connection.sandbox()!.backend;
    const covered = store
      .coveredSellers()
      .flatMap((s) => [...store.coveredDays(s)].map((d) => [s, d] as const));
    const want = covered.flatMap(([s, d]) =>
      backend
        .notes({ sellerId: s, start: formatDateTime(dayStartMs(d)), end: formatDateTime(dayEndMs(d) - 999) })
        .map((n) => n.SeqNo!),
    );
    const held = heldNotes(store);
    // Whole days; outside them only notes still waiting, which the status check holds alone (its look back).
    const coveredKeys = new Set(covered.map(([s, d]) => `${s} ${d}`));
    const inCovered = held.filter((n) => coveredKeys.has(`${n.sellerId} ${marketDayOf(n.at)}`));
    expect(inCovered.map((n) => n.seqNo).sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
    expect(held.filter((n) => !inCovered.includes(n)).every((n) => n.replyStatus === 'NoReply')).toBe(true);
    // The message counts whole days (every seller's) and the notes this sync saved.
    const wholeDays = [...new Set(covered.map(([, d]) => d))].filter(
      (d) => d < addDays(TODAY, -7) && covered.filter(([, day]) => day === d).length === 3,
    );
    const savedNow = inCovered.filter((n) => n.at < dayStartMs(addDays(TODAY, -6))).length;
    const text = (await page.getByTestId('sync-cancelled').textContent())!;
    const m = /84일 중 (\d+)일, 문의 ([\d,]+)건이 저장되었습니다/.exec(text);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(wholeDays.length);
    expect(Number(m![2]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(savedNow);
    await expect
      .poll(() => count(page))
      .toBe(held.filter((n) => n.at >= dayStartMs(addDays(TODAY, -89)) && n.at <= dayEndMs(TODAY)).length);
  });

  it('starts on the cached notes with an offline banner when the marketplace is unreachable', async () => {
    const online = await start();
    const want = online.expected();
    const dataDir = online.deps.dataDir;
    // The week is in the mirror before the app goes: on a loaded machine the sync the reload asked for can still
    // be waiting behind the one the first page load started (one sync per mirror at a time).
    await expectView(online.page, want);
    await expect.poll(() => online.page.getByTestId('sync-progress').count(), LONG).toBe(0);
    await online.app.close();

    const offline = await start({ dataDir, stopSandbox: true, settle: false });
    const { page } = offline;
    await expectView(page, want);
    await page.getByTestId('offline-banner').waitFor(LONG);
    expect(await page.getByTestId('offline-banner').textContent()).toContain('오프라인');
    expect(await page.getByTestId('as-of').textContent()).toMatch(/\d{2}:\d{2} 기준/);
    expect(await count(page)).toBe(want.length);
  });

  it('marks NoReply notes past the SLA, in the rows and in the summary', async () => {
    const deps = createTestDeps();
    await deps.settings.update({ replySlaHours: 72 });
    const { page, expected } = await start({ dataDir: deps.dataDir });
    await deps.close();
    const all = expected();
    const late = (n: SendNote) =>
      n.ReplyStatus === 'NoReply' && TEST_NOW.getTime() - Date.parse(n.InsDate!) > 72 * 3_600_000;
    const lateCount = all.filter(late).length;
    expect(lateCount).toBeGreaterThan(0);
    expect(lateCount).toBeLessThan(all.filter((n) => n.ReplyStatus === 'NoReply').length);
    await expect
      .poll(async () => Number(await page.getByTestId('summary-past-sla').textContent()))
      .toBe(lateCount);
    const bySeq = new Map(all.map((n) => [n.SeqNo, n]));
    const rows = await page
      .locator('.note-row')
      .evaluateAll((els) =>
        els.map(
          (r) =>
            [
              Number(r.getAttribute('data-seqno')),
              r.querySelector('[data-testid="sla-badge"]') !== null,
            ] as const,
        ),
      );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.some(([, b]) => b)).toBe(true);
    for (const [seq, badge] of rows) expect(badge).toBe(late(bySeq.get(seq)!));
    const nav = page.getByRole('navigation').locator('.nav-count');
    // Every note still waiting, the week's and those before it (the status check's look back).
    const waiting = expected({ start: addDays(TODAY, -179) }).filter(
      (n) => n.ReplyStatus === 'NoReply',
    ).length;
    expect(waiting).toBeGreaterThan(all.filter((n) => n.ReplyStatus === 'NoReply').length);
    expect(await nav.getAttribute('class')).toContain('alert');
    await expect.poll(async () => Number((await nav.textContent())!.replaceAll(',', ''))).toBe(waiting);
    // The count stays on the sidebar while the seller works on another page.
    await page.getByRole('button', { name: /^룩북/ }).click();
    await page.getByRole('navigation').locator('[aria-current="page"]', { hasText: '룩북' }).waitFor();
    expect(await page.locator('.note-row').count()).toBe(0);
    expect(Number((await nav.textContent())!.replaceAll(',', ''))).toBe(waiting);
    expect(await nav.getAttribute('class')).toContain('alert');
  });

  it('draws a filter’s list in the keystroke’s own frame and the counts around it in the next, ending on the last press', async () => {
    const { page, expected } = await start();
    const all = expected();
    await expectView(page, all);
    const waitingIn = (notes: readonly SendNote[]) => notes.filter((n) => n.ReplyStatus === 'NoReply').length;
    const refunds = (notes: readonly SendNote[]) =>
      notes.filter((n) => n.SearchQueryType === 'Refund').length;
    const replied = all.filter((n) => n.ReplyStatus === 'ReplyComplete');
    expect(waitingIn(all)).toBeGreaterThan(0);
    expect(refunds(replied)).toBeLessThan(refunds(all));
    // Frame by frame from the press: the list's length (the grid's row count less its header), the summary's
    // NoReply count and the Refund chip's count, read in each frame's requestAnimationFrame.
    const frames = await page.evaluate(
      ([labels]) =>
        new Promise<[number, number, number][]>((resolve) => {
          const num = (sel: string) => Number(document.querySelector(sel)!.textContent!.replace(/\D/g, ''));
          const refundChip = Array.from(document.querySelectorAll('button[aria-pressed]')).find((c) =>
            c.textContent!.startsWith(labels[1]!),
          )!;
          const read = (): [number, number, number] => [
            Number(document.querySelector('[data-testid="note-list"]')!.getAttribute('aria-rowcount')) - 1,
            num('[data-testid="summary-noreply"]'),
            Number(refundChip.querySelector('.num')!.textContent!.replace(/\D/g, '')),
          ];
          const radio = (label: string) =>
            Array.from(document.querySelectorAll<HTMLElement>('[role="radio"]')).find((b) =>
              b.textContent!.startsWith(label),
            )!;
          const out = [read()];
          radio(labels[0]!).click();
          const step = () => {
            out.push(read());
            if (out.length < 8) requestAnimationFrame(step);
            else resolve(out);
          };
          requestAnimationFrame(step);
        }),
      [['답변 완료', '환불']] as const,
    );
    const before: [number, number, number] = [all.length, waitingIn(all), refunds(all)];
    expect(frames[0]).toEqual(before);
    // The press's own frame: the new list, the counts as they were.
    expect(frames[1]).toEqual([replied.length, waitingIn(all), refunds(all)]);
    // Then the counts of the new view, and nothing after.
    expect(frames.at(-1)).toEqual([replied.length, 0, refunds(replied)]);
    // Two presses a frame apart: the counts end on the second, whatever was pending for the first.
    const quick = await page.evaluate(
      ([labels]) =>
        new Promise<number[]>((resolve) => {
          const radio = (label: string) =>
            Array.from(document.querySelectorAll<HTMLElement>('[role="radio"]')).find((b) =>
              b.textContent!.startsWith(label),
            )!;
          radio(labels[0]!).click();
          requestAnimationFrame(() => {
            radio(labels[1]!).click();
            setTimeout(() => {
              const noreply = Number(
                document.querySelector('[data-testid="summary-noreply"]')!.textContent!.replace(/\D/g, ''),
              );
              resolve([
                Number(document.querySelector('[data-testid="note-list"]')!.getAttribute('aria-rowcount')) -
                  1,
                noreply,
              ]);
            }, 300);
          });
        }),
      [['미답변', '답변 완료']] as const,
    );
    expect(quick).toEqual([replied.length, 0]);
  });

  it('shows the whole title, the item and the absolute time on hover, for the note the row shows now', async () => {
    const { page, expected } = await start();
    const all = new Map(expected().map((n) => [n.SeqNo, n]));
    // The refresh that opening the inbox starts may change the first row between the look and the hover: read
    // again until the row showed one note throughout.
    const hoverTitle = async (cell: string) => {
      const row = page.locator('.note-row').first();
      for (;;) {
        const seq = Number(await row.getAttribute('data-seqno'));
        await row.locator(cell).hover();
        const title = await row.locator(cell).getAttribute('title');
        if (Number(await row.getAttribute('data-seqno')) === seq) return { note: all.get(seq)!, title };
        await page.mouse.move(0, 0);
      }
    };
    const first = await hoverTitle('.c-title');
    expect(first.title).toBe(first.note.Title);
    const item = await hoverTitle('.c-item');
    expect(item.title).toBe(`${item.note.ItemName} (${item.note.ItemNo})`);
    const received = await hoverTitle('.c-received');
    // Korean medium date and time in the display zone, e.g. "2026. 11. 20. 오후 3:04:05", no zone name.
    expect(received.title).toMatch(/^\d{4}\. \d{1,2}\. \d{1,2}\. (오전|오후) \d{1,2}:\d{2}:\d{2}$/);
    // The same row element now shows another note: its tooltip follows.
    const other = first.note.ReplyStatus === 'NoReply' ? 'ReplyComplete' : 'NoReply';
    await page.getByRole('radio', { name: other === 'NoReply' ? /^미답변/ : /^답변 완료/ }).click();
    await expect
      .poll(
        async () =>
          all.get(Number(await page.locator('.note-row').first().getAttribute('data-seqno')))?.ReplyStatus,
      )
      .toBe(other);
    const after = await hoverTitle('.c-title');
    expect(after.note.SeqNo).not.toBe(first.note.SeqNo);
    expect(after.title).toBe(after.note.Title);
  });

  it('exports the filtered view as CSV with a BOM, a Korean header and the rows shown', async () => {
    const { page, saved, expected } = await start();
    await page.getByRole('radio', { name: /^미답변/ }).click();
    const want = expected({ replyStatus: 'NoReply' });
    await expect.poll(() => count(page)).toBe(want.length);
    const firstSeq = (await rowSeqNos(page))[0]!;
    await page.locator('body').press('e');
    await page.getByTestId('export-result').waitFor();
    expect(saved).toHaveLength(1);
    const bytes = readFileSync(saved[0]!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const records = text.split('\r\n').filter((l) => /^\d+,/.test(l));
    expect(
      text.startsWith('문의번호,상태,유형,판매자 ID,구매자 ID,상품번호,상품명,주문번호,받은 시각,제목,내용'),
    ).toBe(true);
    expect(records).toHaveLength(want.length);
    const note = want.find((n) => n.SeqNo === firstSeq)!;
    expect(records[0]!.startsWith(`${firstSeq},미답변,`)).toBe(true);
    expect(records[0]).toContain(`,${note.BuyerID},${note.ItemNo},`);
    expect(text).toContain(note.Title!);
  });

  it('works from the keyboard: j/k, Enter, /, Esc, Ctrl+A, r', async () => {
    const { page, app, expected } = await start();
    await expectView(page, expected());
    const ids = await rowSeqNos(page);
    await page.locator('body').press('j');
    await page.locator('body').press('j');
    await page.locator('body').press('j');
    await page.locator('body').press('k');
    await page.locator('body').press('Enter');
    await expect
      .poll(() => page.locator('aside.note-detail').getAttribute('data-seqno'))
      .toBe(String(ids[1]));
    expect(await page.getByTestId('note-list').getAttribute('aria-activedescendant')).toBe(
      `note-row-${ids[1]}`,
    );
    const note = expected().find((n) => n.SeqNo === ids[1])!;
    // Line breaks survive as text; nothing is parsed as HTML.
    expect(await page.getByTestId('note-content').innerText()).toBe(note.Content!.replace(/\r\n/g, '\n'));

    await page.locator('body').press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('검색');
    await page.keyboard.type('환불');
    await expect.poll(() => count(page)).toBeLessThan(ids.length > 0 ? expected().length : 0);
    await page.keyboard.press('Escape');
    await expect.poll(() => count(page)).toBe(expected().length);

    await page.locator('body').press('Control+a');
    await expect
      .poll(() => page.locator('.list-meta').textContent())
      .toContain(`${expected().length.toLocaleString()}건 선택`);

    const before = app.calls.filter((c) => c.channel === 'notes.sync').length;
    await page.locator('body').press('r');
    await expect.poll(() => app.calls.filter((c) => c.channel === 'notes.sync').length).toBe(before + 1);

    await page.keyboard.press('Shift+Slash');
    const overlay = page.getByRole('dialog', { name: '키보드 단축키' });
    await expect.poll(() => overlay.textContent()).toContain('문의함: 다음/이전 문의');
    expect(app.pageErrors).toEqual([]);
  });

  it('opens a note’s item in the Lookbook on the page that holds it, reading no page in between', async () => {
    // 60 more items ahead of every shop's own, so a note's item sits on page 4 or later (20 items a page).
    const shops = createBackend({ seed: 42, now: TEST_NOW, notes: 2000 });
    for (const shop of Object.values(shops.data.lookbooks)) {
      const first = shop.items[0]!;
      const ahead = Array.from({ length: 60 }, (_, i) => ({ ...first, ItemNo: String(990_000 + i) }));
      shop.items.unshift(...ahead);
    }
    const { app, page, expected, backend } = await start({ sandbox: { backend: shops } });
    const positionInShop = (n: SendNote) =>
      backend.lookbook(n.SellerID!, 'http://sandbox')?.items.findIndex((i) => i.ItemNo === n.ItemNo) ?? -1;
    const notes = expected();
    const target = notes.find((n) => positionInShop(n) >= 60);
    expect(target).toBeDefined();
    await page.getByLabel('검색').fill(target!.ItemNo!);
    await page.locator(`.note-row[data-seqno="${target!.SeqNo}"]`).click();
    await page.getByRole('button', { name: '룩북에서 보기' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('소호 룩북 미리보기');
    const card = page.locator(`[data-item-no="${target!.ItemNo}"]`);
    await expect.poll(() => card.count(), LONG).toBe(1);
    await expect
      .poll(
        () => card.evaluate((el) => el === document.activeElement || el.classList.contains('lb-flash')),
        LONG,
      )
      .toBe(true);
    // The page is computed from the item's place: the first page, then the item's page, none between.
    const pagesRead = app.calls
      .filter((c) => c.channel === 'lookbook.get')
      .map((c) => (c.req as { page: number }).page);
    expect(pagesRead).toEqual([1, Math.floor(positionInShop(target!) / 20) + 1]);
  });

  it('keeps the DOM bounded while scrolling 100,000 cached notes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inbox-100k-'));
    // The sandbox has about `rate` notes over 120 days; the newest 100,000 are cached.
    const rate = 105_000;
    const backend = createBackend({ seed: 42, now: TEST_NOW, notes: rate });
    const notes = recentNotes(backend)
      .slice(-100_000)
      .map(toInboxNote)
      .filter((n): n is InboxNote => n !== undefined);
    expect(notes).toHaveLength(100_000);
    const first = marketDayOf(notes[0]!.at);
    const days = daysBetween(first, TODAY);
    const seed = createTestDeps({ dataDir, sandbox: { notes: rate } });
    seedMirror(await activeMirror(seed), notes, backend.sellerIds, days, TEST_NOW.getTime());
    await seed.settings.update({ inbox: { filters: { preset: 'custom', start: first, end: TODAY } } });
    await seed.close();

    const { page } = await start({ dataDir, sandbox: { notes: rate }, fixedClock: false, settle: false });
    // The cached 100,000, and what the app's own sync on opening adds to them (the sandbox's notes of the first day
    // before the newest 100,000): never fewer, never more than the sandbox holds over the period.
    const most = notesOfDays(backend.notes, { start: first, end: TODAY }).length;
    await expect
      .poll(
        async () => (await page.getByTestId('sync-progress').count()) === 0 && (await count(page)) >= 100_000,
        { timeout: 80_000 },
      )
      .toBe(true);
    expect(await count(page)).toBeLessThanOrEqual(most);
    const scroller = page.getByTestId('note-scroll');
    const seen = new Set<number>();
    for (const frac of [0, 0.1, 0.35, 0.6, 0.85, 1]) {
      await scroller.evaluate((el, f) => {
        el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
      }, frac);
      await expect.poll(async () => (await rowSeqNos(page)).some((s) => !seen.has(s))).toBe(true);
      const shown = await rowSeqNos(page);
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.length).toBeLessThan(100);
      for (const s of shown) seen.add(s);
    }
  });
});
