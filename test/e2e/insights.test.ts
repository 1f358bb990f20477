// The insights page over the mirror the inbox's first sync filled, its figures checked against counts made
// here from the sandbox's own notes for the same week (not from the mirror, not from the page's code): the notes
// received, the waiting ones split at 24 hours, the answered ones the mirror first saw answered ("time unknown"),
// notes per day and type through the table view, the exports' files (CSV, PNG, XLSX), and the clicks that open the inbox narrowed
// to an item or a day. In Korean and in English; the page's clock and the sandbox's are TEST_NOW.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers } from '../../src-main/host/create-handlers';
import type { SendNote } from '../../src-main/schema';
import { translatorFor } from '../../src-renderer/app/message-registry';
import type { Lang } from '../../src-renderer/i18n/lang';
import type { MessageKey } from '../../src-renderer/i18n/messages';
import { dayStartMs, marketDayOf } from '../../src-shared/market-day';
import { INQUIRY_TYPES, NOTE_VALUE_LABELS } from '../../src-shared/note-fields';
import { TEST_NOW, createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';
import { LONG, WEEK_START, TODAY, noteCount, notesOfDays, openInbox } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const HOUR = 3_600_000;
const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));
const at = (n: SendNote) => Date.parse(n.InsDate!);

/** What the sandbox says about the week, counted here. */
function weekTruth(week: readonly SendNote[]) {
  const waiting = week.filter((n) => n.ReplyStatus === 'NoReply');
  const perDay = new Map<string, Record<string, number>>();
  for (const n of week) {
    const day = marketDayOf(at(n));
    const row = perDay.get(day) ?? Object.fromEntries(INQUIRY_TYPES.map((t) => [t, 0]));
    row[n.SearchQueryType!] = (row[n.SearchQueryType!] ?? 0) + 1;
    perDay.set(day, row);
  }
  return {
    total: week.length,
    answered: week.length - waiting.length,
    waitingLate: waiting.filter((n) => TEST_NOW.getTime() - at(n) > 24 * HOUR).length,
    waitingFresh: waiting.filter((n) => TEST_NOW.getTime() - at(n) <= 24 * HOUR).length,
    perDay,
  };
}

async function openInsights(page: Page, lang: Lang): Promise<void> {
  const t = translatorFor(lang);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: new RegExp(`^${t('nav.insights')}`) })
    .click();
  await page.getByRole('radio', { name: t('insights.range.7d') }).click();
  await page.getByTestId('figure-reply-speed').waitFor(LONG);
  await page.waitForFunction(() => document.querySelector('.insights[aria-busy="true"]') === null);
}

const speed = (page: Page, part: string) =>
  page
    .getByTestId(`speed-${part}`)
    .textContent()
    .then((s) => digits(s));

describe('the insights page', () => {
  for (const lang of ['ko', 'en'] as const) {
    it(`counts the week as the sandbox does, shows it as a table, exports it and opens the notes behind it (${lang})`, async () => {
      const t = translatorFor(lang);
      const deps = createTestDeps({ osLocale: lang === 'ko' ? 'ko-KR' : 'en-US' });
      const files: { name: string; data: Uint8Array }[] = [];
      deps.saveFile = async (name, data) => {
        files.push({ name, data });
        return `/home/seller/Downloads/${name}`;
      };
      await deps.connection.active();
      const backend = deps.connection.sandbox()!.backend;
      const app = await openInbox(deps, cleanup, {
        locale: lang === 'ko' ? 'ko-KR' : 'en-US',
        handlers: createHandlers(deps),
      });
      const { page } = app;
      const week = notesOfDays(backend.notes);
      const truth = weekTruth(week);
      expect(truth.total, 'the sandbox has notes this week').toBeGreaterThan(20);
      await openInsights(page, lang);
      expect(await page.locator('h1').textContent()).toBe(t('page.insights.title'));

      // Reply speed: every note of the week; the waiting ones split at 24 hours before now; the answered ones were
      // answered before the mirror first saw them, so their reply time is unknown, not invented.
      expect(await speed(page, 'total')).toBe(truth.total);
      expect(await speed(page, 'waitingLate')).toBe(truth.waitingLate);
      expect(await speed(page, 'waitingFresh')).toBe(truth.waitingFresh);
      expect(await speed(page, 'unknown')).toBe(truth.answered);
      expect(await speed(page, 'within24h')).toBe(0);
      await expect
        .poll(() => page.locator('.insights-footnotes').first().textContent())
        .toContain(t('insights.speed.unknownNote', { count: truth.answered }));
      // No reply time is known yet: the page says where they come from and how often the auto refresh syncs.
      const { settings } = await deps.settings.get();
      expect(await page.getByTestId('speed-no-time-yet').textContent()).toBe(
        t('insights.speed.firstSync', { count: settings.autoRefreshMinutes }),
      );

      // Notes per day by type: the chart is an image with a name; its table view holds the same figures.
      const days = page.getByTestId('figure-notes-per-day');
      const chart = days.getByRole('img');
      expect(await chart.getAttribute('aria-label')).toContain(truth.total.toLocaleString('en-US'));
      await days.getByRole('button', { name: t('insights.view.table') }).click();
      const table = days.getByRole('table', { name: t('insights.days.title') });
      const words = NOTE_VALUE_LABELS[lang];
      expect(await table.locator('thead th').allTextContents()).toEqual(
        expect.arrayContaining([t('insights.days.day'), ...INQUIRY_TYPES.map((q) => words[q])]),
      );
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => c.textContent ?? '')));
      expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 7 }, (_, i) => rows[i]![0]));
      expect(rows[0]![0]).toBe(WEEK_START);
      expect(rows[6]![0]).toBe(TODAY);
      for (const row of rows) {
        const want = truth.perDay.get(row[0]!) ?? {};
        expect(row.slice(1, 1 + INQUIRY_TYPES.length).map(digits), row[0]).toEqual(
          INQUIRY_TYPES.map((q) => want[q] ?? 0),
        );
      }

      // Exports: the table as CSV through the one writer (BOM, CRLF, the same rows), the chart as a PNG.
      await days.getByRole('button', { name: t('insights.export.csv') }).click();
      await expect.poll(() => files.length).toBe(1);
      const csv = new TextDecoder().decode(files[0]!.data);
      expect(files[0]!.name).toMatch(/^notes-per-day-\d{8}-\d{4}\.csv$/);
      expect([...files[0]!.data.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.trimEnd().split('\r\n');
      expect(lines).toHaveLength(8);
      expect(lines[1]!.split(',').slice(0, 1 + INQUIRY_TYPES.length)).toEqual(
        rows[0]!.slice(0, 1 + INQUIRY_TYPES.length).map((c, i) => (i === 0 ? c : String(digits(c)))),
      );
      await days.getByRole('button', { name: t('insights.view.chart') }).click();
      await days.getByRole('button', { name: t('insights.export.png') }).click();
      await expect.poll(() => files.length).toBe(2);
      expect([...files[1]!.data.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await days.getByRole('button', { name: t('insights.export.xlsx') }).click();
      await expect.poll(() => files.length).toBe(3);
      expect(files[2]!.name).toMatch(/^notes-per-day-\d{8}-\d{4}\.xlsx$/);
      expect([...files[2]!.data.slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip, as XLSX files are

      // The busiest day, from the table view: its row's link opens that day's notes in the inbox.
      await days.getByRole('button', { name: t('insights.view.table') }).click();
      const busiest = rows.reduce((a, b) => (digits(b.at(-2)!) > digits(a.at(-2)!) ? b : a));
      await days.getByRole('button', { name: t('insights.days.open', { day: busiest[0]! }) }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe(t('page.inbox.title'));
      const ofDay = week.filter((n) => marketDayOf(at(n)) === busiest[0]);
      await expect.poll(() => noteCount(page), LONG).toBe(ofDay.length);

      // The item with the most notes: a click opens the inbox narrowed to that item.
      await openInsights(page, lang);
      const top = page.getByTestId('figure-top-items-notes').locator('.item-bar').first();
      const itemNo = (await top.getAttribute('data-item'))!;
      const ofItem = week.filter((n) => n.ItemNo === itemNo);
      expect(digits(await top.locator('.item-value').textContent())).toBe(ofItem.length);
      expect(
        Math.max(
          ...[...new Set(week.map((n) => n.ItemNo))].map((i) => week.filter((n) => n.ItemNo === i).length),
        ),
      ).toBe(ofItem.length);
      await top.click();
      await expect.poll(() => page.locator('h1').textContent()).toBe(t('page.inbox.title'));
      await expect.poll(() => noteCount(page), LONG).toBe(ofItem.length);
      expect(
        await page.getByText(t('inbox.scope.itemNo' as MessageKey, { value: itemNo })).count(),
      ).toBeGreaterThan(0);

      // Business hours: the toggle asks main for them, and the page says which count the figures use.
      await openInsights(page, lang);
      const footnotes = page.getByTestId('figure-reply-speed').locator('.insights-footnotes');
      expect(await footnotes.textContent()).toContain(t('insights.speed.calendarDays'));
      await page.getByRole('checkbox', { name: t('insights.businessDays') }).check();
      await expect.poll(() => footnotes.textContent()).toContain(t('insights.speed.businessDays'));
      const asked = app.calls.filter((c) => c.channel === 'insights.report').at(-1)!.req;
      expect(asked).toMatchObject({ businessDays: true });
      expect(app.pageErrors).toEqual([]);
    });
  }

  it("follows the profile's targets set in Settings, which refuses a target below 50 % on its field (ko)", async () => {
    const t = translatorFor('ko');
    const deps = createTestDeps({ osLocale: 'ko-KR' });
    await deps.connection.active();
    const app = await openInbox(deps, cleanup, { locale: 'ko-KR', handlers: createHandlers(deps) });
    const { page } = app;
    await page
      .getByRole('navigation')
      .getByRole('button', { name: t('nav.settings') })
      .click();
    const form = page.getByRole('form', { name: t('settings.targets') });
    const within24h = form.getByLabel(t('settings.targets.within24h'));
    const within48h = form.getByLabel(t('settings.targets.within48h'));
    expect(await within24h.inputValue()).toBe('90');

    // Refused where it is typed, and nothing saved.
    await within24h.fill('45');
    await within24h.press('Enter');
    const error = page.locator('#it-within24h-error');
    await expect.poll(() => error.textContent()).toBe(t('settings.invalid.too-small', { limit: 50 }));
    expect(await within24h.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('it-within24h');
    const saved = async () => (await deps.settings.get()).settings.profiles[0]!.insightTargets;
    expect(await saved()).toBeUndefined();

    // 85 % and 92 %, counted in business days: saved with the keyboard.
    await within24h.fill('85');
    await within48h.fill('92');
    await form.getByRole('radio', { name: t('settings.targets.business') }).check();
    await within48h.press('Enter');
    await expect.poll(saved).toEqual({ within24h: 0.85, within48h: 0.92, businessDays: true });
    expect(await error.count()).toBe(0);

    await openInsights(page, 'ko');
    const trend = page.getByTestId('figure-weekly-trend').getByRole('img');
    await expect
      .poll(() => trend.getAttribute('aria-label'))
      .toMatch(new RegExp(`${t('insights.trend.target24', { value: '85%' })}.*92%`));
    expect(await page.getByTestId('rate-24h').textContent()).toContain(
      t('insights.trend.target24', { value: '85%' }),
    );
    expect(await page.getByTestId('rate-48h').textContent()).toContain(
      t('insights.trend.target24', { value: '92%' }),
    );
    const footnotes = page.getByTestId('figure-reply-speed').locator('.insights-footnotes');
    expect(await footnotes.textContent()).toContain(t('insights.speed.businessDays'));
    expect(app.pageErrors).toEqual([]);
  });

  it('a click on a bar of the chart opens the inbox narrowed to that day', async () => {
    const t = translatorFor('en');
    const deps = createTestDeps({ osLocale: 'en-US' });
    await deps.connection.active();
    const backend = deps.connection.sandbox()!.backend;
    const app = await openInbox(deps, cleanup, { locale: 'en-US', handlers: createHandlers(deps) });
    const { page } = app;
    const week = notesOfDays(backend.notes);
    const perDay = new Map<string, number>();
    for (const n of week) perDay.set(marketDayOf(at(n)), (perDay.get(marketDayOf(at(n))) ?? 0) + 1);
    // The busiest day; no other day has as many notes, so a click landing on another bar shows.
    const [day, count] = [...perDay].reduce((a, b) => (b[1] > a[1] ? b : a));
    expect([...perDay.values()].filter((c) => c === count)).toHaveLength(1);
    await openInsights(page, 'en');
    // Where the day's bar is, from the chart's x scale: the period's days, half a day of room either side
    // (dayPadding), over the plotting area (uPlot's cursor layer covers exactly it).
    const plot = await page.getByTestId('figure-notes-per-day').locator('.u-over').boundingBox();
    expect(plot).not.toBeNull();
    const min = dayStartMs(WEEK_START) / 1000 - 43_200;
    const max = dayStartMs(TODAY) / 1000 + 43_200;
    const x = plot!.x + ((dayStartMs(day) / 1000 - min) / (max - min)) * plot!.width;
    await page.mouse.move(x, plot!.y + plot!.height / 2);
    await page.mouse.click(x, plot!.y + plot!.height - 2);
    await expect.poll(() => page.locator('h1').textContent()).toBe(t('page.inbox.title'));
    await expect.poll(() => noteCount(page), LONG).toBe(count);
    expect(app.pageErrors).toEqual([]);
  });
});
