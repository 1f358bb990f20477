// The inbox as the E2E tests open it: the host's real handlers over a test data folder and the embedded sandbox,
// the page's clock pinned to TEST_NOW (the sandbox's data is laid out back from it, so "today", the presets and
// the SLA clocks agree), and the sync that opening the inbox starts run to its end. Also the few ways the tests
// read the list back. Each test file keeps what is its own (extra deps, what it returns).
import { expect } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import type { Handlers } from '../../src-main/host/dispatch';
import { recentNotes } from '../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../src-main/sandbox/backend';
import type { NoteFilter } from '../../src-main/sandbox/data/notes';
import type { SendNote } from '../../src-main/schema';
import { formatDateTime } from '../../src-shared/date-time';
import type { Lang } from '../../src-renderer/i18n/lang';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { addDays, dayEndMs, dayStartMs, marketDayOf } from '../../src-shared/market-day';
import type { createTestDeps } from '../support/host-deps';
import { TEST_NOW } from '../support/host-deps';
import { openApp } from './harness';
import type { Cleanup } from './cleanup';
import type { AppUnderTest } from './harness';

export const TODAY = marketDayOf(TEST_NOW.getTime());
export const WEEK_START = addDays(TODAY, -6);
export const LONG = { timeout: 60_000 };

type TestDeps = ReturnType<typeof createTestDeps>;

import { settled } from './settle';

export { settled };

/**
 * Opens the app on `deps` (closed with the app after the test). The page's clock is TEST_NOW from its first script
 * (the harness's default) unless `fixedClock` is false; with `settle` (the default) the call returns once the
 * inbox's own sync has ended.
 */
export async function openInbox(
  deps: TestDeps,
  cleanup: Cleanup,
  opts: { locale?: string; fixedClock?: boolean; settle?: boolean; handlers?: Handlers } = {},
): Promise<AppUnderTest> {
  const app = await openApp({
    handlers: opts.handlers ?? createHandlers(deps),
    schemas: requestSchemas,
    locale: opts.locale ?? 'ko-KR',
    ...(opts.fixedClock === false ? { clock: 'real' as const } : {}),
  });
  cleanup.push(async () => {
    await app.close();
    await deps.close().catch(() => {});
  });
  if (opts.settle !== false) await settled(app.page, app.calls);
  return app;
}

/** The sandbox's own answer over whole Korean days (`start` and `end` are days; this week unless told). */
export function notesOfDays(notes: (f: NoteFilter) => SendNote[], f: NoteFilter = {}): SendNote[] {
  return notes({
    ...f,
    start: formatDateTime(dayStartMs(f.start ?? WEEK_START)),
    end: formatDateTime(dayEndMs(f.end ?? TODAY) - 999),
  });
}

const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));

/** The number of notes the list says it holds. */
export const noteCount = async (page: Page): Promise<number> =>
  digits(await page.getByTestId('note-count').textContent());

/** SeqNo of every row on screen, top to bottom. */
export const rowSeqNos = (page: Page): Promise<number[]> =>
  page.locator('.note-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seqno'))));

/**
 * The list narrowed to item questions (where notes asked before ordering are), as a seller would with the type
 * chip, and two of the notes on screen: one without an order number and one with.
 */
export async function itemQuestionsOnScreen(
  page: Page,
  backend: SandboxBackend,
  lang: Lang,
): Promise<{ early: SendNote; ordered: SendNote }> {
  const t = translatorFor(lang);
  await expect.poll(() => page.locator('.note-row').count(), LONG).toBeGreaterThan(0);
  await page
    .getByRole('group', { name: t('inbox.type') })
    .getByRole('button', { name: new RegExp(`^${t('inbox.type.Item')}`) })
    .click();
  await expect
    .poll(() => page.locator('.note-row .c-type').allTextContents(), LONG)
    .toEqual(expect.arrayContaining([t('inbox.type.Item')]));
  const notes = new Map(recentNotes(backend).map((n) => [n.SeqNo, n]));
  const shown = (await rowSeqNos(page)).map((s) => notes.get(s)!);
  const early = shown.find((n) => n.OrderNo === undefined);
  const ordered = shown.find((n) => n.OrderNo !== undefined);
  expect(early, 'an item question asked before ordering, in the list').toBeDefined();
  expect(ordered, 'an item question about an order, in the list').toBeDefined();
  return { early: early!, ordered: ordered! };
}

/** The rendered count equals the sandbox's answer, and every rendered row belongs to it. */
export async function expectView(page: Page, want: readonly SendNote[]): Promise<void> {
  await expect.poll(() => noteCount(page), LONG).toBe(want.length);
  const ids = new Set(want.map((n) => n.SeqNo));
  const shown = await rowSeqNos(page);
  if (want.length > 0) expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((s) => !ids.has(s))).toEqual([]);
}
