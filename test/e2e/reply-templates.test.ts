// Reply templates as a seller uses them: filled from the open note and copied with one click or the `t` key (the
// clipboard read back), edited in Settings, exported and imported through the host's dialogs, and a file that is
// not a template file refused with a specific message in the UI's language; a note that lacks a value a
// template names (no order number before ordering) gets the placeholder back, not a blank, and a warning.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src-main/host/create-handlers';
import { recentNotes } from '../../src-main/sandbox/backend';
import { starterTemplates } from '../../src-main/storage/reply-templates';
import { createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';
import { checkAlerts } from './ui-language';
import { T } from './fault-scenarios';
import { itemQuestionsOnScreen, openInbox } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const poll = <V>(fn: () => V | Promise<V>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

async function start(lang: 'ko' | 'en', notes = 200) {
  const deps = createTestDeps({ osLocale: lang === 'ko' ? 'ko-KR' : 'en-US', sandbox: { notes } });
  const saved = new Map<string, Uint8Array>();
  const saveCalls: string[] = [];
  let toOpen: Uint8Array | undefined;
  const handlers = createHandlers({
    ...deps,
    saveFile: async (name, data) => {
      saveCalls.push(name);
      saved.set(name, data);
      return `/home/seller/${name}`;
    },
    openFile: async () => (toOpen ? { data: toOpen } : undefined),
  });
  await deps.connection.active();
  const backend = deps.connection.sandbox()!.backend;
  // The page's clock pinned to the sandbox's (the inbox's period is the sandbox's last days on any calendar day).
  const app = await openInbox(deps, cleanup, { handlers, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: 'https://seller-desk.app',
  });
  return {
    ...app,
    backend,
    saved,
    saveCalls,
    pick: (data: Uint8Array | string) => {
      toOpen = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    },
  };
}

describe('reply templates', () => {
  it('fills the open note into a template and copies it with one click and with the t key', async () => {
    const { page, backend, pageErrors } = await start('ko');
    await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
    const shown = await page
      .locator('.note-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seqno'))));
    const notes = new Map(recentNotes(backend).map((n) => [n.SeqNo, n]));
    // A Korean buyer's shipping question about an order.
    const target = shown
      .map((s) => notes.get(s))
      .find((n) => n?.OrderNo !== undefined && n.SearchQueryType === 'Shipping' && /[가-힣]/.test(n.Title!))!;
    expect(target).toBeDefined();
    await page.locator(`.note-row[data-seqno="${target.SeqNo}"]`).click();
    const picker = page.getByTestId('reply-template');
    // The shipping starter in the note's language comes first.
    expect(await picker.locator('select option:checked').textContent()).toBe('배송 문의 답변');
    await picker.getByRole('button', { name: '채워서 복사' }).click();
    await poll(() => page.getByTestId('template-copied').count()).toBe(1);
    const want =
      `안녕하세요, ${target.BuyerID}님. ${target.ItemName} 문의 주셔서 감사합니다.\n` +
      `주문번호 ${target.OrderNo} 상품은 오늘 출고될 예정입니다. 송장번호는 출고 후 문자로 안내해 드립니다.\n` +
      `감사합니다. ${target.SellerID} 드림`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(want);
    expect(await page.getByTestId('template-preview').inputValue()).toBe(want);

    // Another template, by key: the item number too.
    await picker.locator('select').selectOption({ label: '교환·반품 안내' });
    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await page.locator(`.note-row[data-seqno="${target.SeqNo}"]`).focus();
    await page.keyboard.press('t');
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(
      `${target.ItemName}(상품번호 ${target.ItemNo}) 교환·반품은 마이페이지 → 주문번호 ${target.OrderNo}에서`,
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).not.toMatch(/[{}]/);
    expect(pageErrors).toEqual([]);
  });

  it.each([
    [
      'ko',
      '주문번호 {주문번호} 상품은 오늘 출고될 예정입니다.',
      '이 문의에 없는 값: 주문번호 — 보내기 전에 답변의 {주문번호} 자리를 직접 채우기',
    ],
    [
      'en',
      'Order {orderNo} ships today;',
      'Not in this note: Order no. — fill in {orderNo} in the reply yourself before sending it',
    ],
  ] as const)(
    'keeps the placeholder and warns when the note has no order number yet, and not when it has one (%s)',
    async (lang, line, warning) => {
      const { page, backend, pageErrors } = await start(lang, 2000);
      const t = T[lang];
      const { early, ordered } = await itemQuestionsOnScreen(page, backend, lang);
      const open = async (seqNo: number | undefined) => {
        await page.locator(`.note-row[data-seqno="${seqNo}"]`).click();
        await poll(() => page.locator('#note-detail').getAttribute('data-seqno')).toBe(String(seqNo));
      };
      const picker = page.getByTestId('reply-template');
      const preview = page.getByTestId('template-preview');
      // The shipping reply in the UI's language names the order number (an item question opens on the item
      // reply, which does not): the seller picks it.
      const shippingReply = starterTemplates().find((x) => x.lang === lang && x.types?.includes('Shipping'))!;
      const useShipping = () => picker.locator('select').selectOption({ label: shippingReply.name });
      await open(early.SeqNo);
      await useShipping();
      await poll(() => preview.inputValue()).toContain(line);
      expect(await picker.getByTestId('template-missing').innerText()).toBe(warning);
      await picker.getByRole('button', { name: t('templates.copy') }).click();
      await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await preview.inputValue());
      const placeholder = lang === 'ko' ? '{주문번호}' : '{orderNo}';
      expect(await picker.getByTestId('template-copied').textContent()).toBe(
        t('templates.copiedMissing', { placeholders: placeholder }),
      );
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(early.BuyerID);

      // A note with an order: filled whole, no warning.
      await open(ordered.SeqNo);
      await useShipping();
      await poll(() => preview.inputValue()).toContain(String(ordered.OrderNo));
      expect(await preview.inputValue()).not.toMatch(/[{}]/);
      expect(await picker.getByTestId('template-missing').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    },
  );

  it.each(['ko', 'en'] as const)(
    'edits, exports and imports templates in Settings, refusing a file that is not one (%s)',
    async (lang) => {
      const app = await start(lang);
      const { page } = app;
      const t = T[lang];
      await page.getByRole('button', { name: t('nav.settings') }).click();
      const section = page.locator('section.reply-templates');
      await section.waitFor();
      // The UI language's starters open; the other language's folded under it.
      const starters = starterTemplates();
      const rows = section.locator('details[open] [data-testid="template-row"]');
      await poll(() => rows.count()).toBe(starters.filter((x) => x.lang === lang).length);
      expect(await section.getByTestId('template-row').count()).toBe(starters.length);
      await section.getByRole('button', { name: t('templates.add') }).click();
      const added = rows.last();
      await added.getByLabel(t('templates.name')).fill('재입고');
      await added.getByLabel(t('templates.body')).fill('{구매자}님, {상품명}은 다음 주에 들어옵니다.');
      // It answers item questions (restocks).
      await added.getByRole('checkbox', { name: t('inbox.type.Item') }).check();
      await section.getByRole('button', { name: t('templates.save') }).click();
      await poll(() => section.getByTestId('templates-message').textContent()).toBe(t('templates.saved'));

      await section.getByRole('button', { name: t('templates.export') }).click();
      await poll(() => app.saveCalls.length).toBe(1);
      const file = app.saved.get('seller-desk-reply-templates.json')!;
      const doc = JSON.parse(new TextDecoder().decode(file)) as {
        templates: { name: string; types?: string[] }[];
      };
      expect(doc.templates.find((x) => x.name === '재입고')?.types).toEqual(['Item']);

      // Not a template file: refused with a specific headline, nothing changed.
      app.pick('name,body\n배송,안녕하세요');
      await section.getByRole('button', { name: t('templates.import') }).click();
      await poll(() => section.getByTestId('templates-invalid').count()).toBe(1);
      expect(await section.locator('.error-headline').textContent()).toBe(t('templates.invalid.not-json'));
      await checkAlerts(page, lang);
      app.pick(JSON.stringify({ kind: 'something-else', templates: [] }));
      await section.getByRole('button', { name: t('templates.import') }).click();
      await poll(() => section.locator('.error-headline').textContent()).toBe(
        t('templates.invalid.not-templates'),
      );
      await checkAlerts(page, lang);

      // The exported file, edited elsewhere, comes back: its templates replace the same ids.
      const edited = JSON.parse(new TextDecoder().decode(file)) as {
        templates: { name: string; lang: string }[];
      };
      edited.templates = edited.templates.map((x) =>
        x.name === '재입고' ? { ...x, name: '재입고 안내' } : x,
      );
      app.pick(JSON.stringify(edited));
      await section.getByRole('button', { name: t('templates.import') }).click();
      await poll(() => section.getByTestId('templates-message').textContent()).toBe(
        t('templates.imported', { count: starters.length + 1, replaced: starters.length + 1 }),
      );
      expect(await section.getByTestId('templates-invalid').count()).toBe(0);
      await poll(() => rows.last().getByLabel(t('templates.name')).inputValue()).toBe('재입고 안내');
      expect(app.pageErrors).toEqual([]);
    },
  );
});
