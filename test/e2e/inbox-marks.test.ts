// What the search box matched is marked in the list, and a note whose title came in decomposed (NFD, as macOS and
// some web forms send Hangul) is marked exactly like one in composed form: the matcher and the marks share one
// decomposition (src-shared/match-ranges.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { formatDateTime } from '../../src-shared/date-time';
import { addDays, dayEndMs, dayStartMs, marketDayOf } from '../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);
const LONG = { timeout: 60_000 };
const TITLE = '똠얌꿍 세트 환불 요청';

describe('search marks in the inbox', () => {
  it('marks the matched part of an NFD title as it marks the same title in NFC', async () => {
    const deps = createTestDeps({ osLocale: 'ko-KR', sandbox: { notes: 300 } });
    await deps.connection.active();
    const backend = deps.connection.sandbox()!.backend;
    const today = marketDayOf(TEST_NOW.getTime());
    const week = backend.notes({
      start: formatDateTime(dayStartMs(addDays(today, -6))),
      end: formatDateTime(dayEndMs(today) - 999),
    });
    expect(week.length).toBeGreaterThan(2);
    // The backend hands out its own note objects: two of them get the same title, one decomposed.
    const [composed, decomposed] = [week[0]!, week[1]!];
    composed.Title = TITLE;
    decomposed.Title = TITLE.normalize('NFD');
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, locale: 'ko-KR' });
    try {
      const { page } = app;
      await page.getByTestId('note-count').waitFor(LONG);
      await expect.poll(() => page.getByTestId('sync-progress').count(), LONG).toBe(0);
      const marksOf = (seqNo: number | undefined) =>
        page
          .locator(`.note-row[data-seqno="${seqNo}"] .c-title mark`)
          .allTextContents()
          .then((all) => all.map((s) => s.normalize('NFC')));

      for (const [query, want] of [
        ['얌꿍', '얌꿍'],
        ['ㄸㅇㄲ', '똠얌꿍'],
        ['세트환ㅂ', '세트 환불'],
      ] as const) {
        await page.getByLabel('검색').fill(query);
        await expect.poll(() => marksOf(composed.SeqNo), LONG).toEqual([want]);
        await expect.poll(() => marksOf(decomposed.SeqNo), LONG).toEqual([want]);
      }
      // The decomposed title is shown as it came, marks and all: its text is the NFD string, whole.
      const cell = page.locator(`.note-row[data-seqno="${decomposed.SeqNo}"] .c-title`);
      expect(await cell.textContent()).toBe(TITLE.normalize('NFD'));
    } finally {
      await app.close();
      await deps.close();
    }
  });
});
