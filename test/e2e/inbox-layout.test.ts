// The inbox at every window size the app allows (its minimum is 960×600), in Korean and English, light and dark:
// no two visible controls of the top bar, filters, summary strip, list header or note pane overlap, and none is
// cut off (outside the window, or its text clipped without a tooltip).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { SettingsPatch } from '../../src-main/contract';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import type { AppUnderTest } from './harness';
import { layoutProblems } from './inbox-layout-check';

afterAll(closeBrowser);
const LONG = { timeout: 60_000 };
const SIZES = [
  { width: 960, height: 600 },
  { width: 1024, height: 768 },
  { width: 1360, height: 860 },
];
const SHOTS = mkdtempSync(join(tmpdir(), 'inbox-layout-'));

/**
 * The inbox on the sandbox in `lang` at the smallest window, the page's clock at the sandbox's, once the first
 * sync is done; `settings` are saved before it opens.
 */
async function openInbox(
  lang: 'ko' | 'en',
  scheme: 'light' | 'dark',
  settings: Omit<SettingsPatch, 'language'> = {},
): Promise<{ app: AppUnderTest; close: () => Promise<void> }> {
  const deps = createTestDeps({ osLocale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  await deps.settings.update({ ...settings, language: lang });
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    locale: lang === 'ko' ? 'ko-KR' : 'en-US',
    colorScheme: scheme,
    viewport: SIZES[0]!,
  });
  const close = async () => {
    await app.close();
    await deps.close();
  };
  try {
    const { page } = app;
    await page.locator('.note-row').first().waitFor(LONG);
    await expect.poll(() => page.getByTestId('sync-progress').count(), LONG).toBe(0);
    return { app, close };
  } catch (e) {
    await close();
    throw e;
  }
}

describe('the inbox at every window size', () => {
  for (const lang of ['ko', 'en'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${lang}, ${scheme}: nothing overlaps, nothing is cut off`, async () => {
        const { app, close } = await openInbox(lang, scheme);
        try {
          const { page } = app;
          // With a note open: the pane is part of the layout being checked.
          await page.locator('.note-row').nth(1).click();
          await page.locator('aside.note-detail[data-seqno]').waitFor();
          const problems: string[] = [];
          for (const size of SIZES) {
            await page.setViewportSize(size);
            await page.waitForTimeout(200);
            await page.screenshot({
              path: join(SHOTS, `inbox-${lang}-${scheme}-${size.width}x${size.height}.png`),
            });
            for (const p of await layoutProblems(page)) problems.push(`${size.width}×${size.height}: ${p}`);
          }
          expect(problems).toEqual([]);

          // At the smallest window the open note lies over the list's right columns: Esc on the list closes
          // it, and the waiting column's sort button can be reached again.
          await page.setViewportSize({ width: 960, height: 600 });
          await page.getByTestId('note-list').focus();
          await page.keyboard.press('Escape');
          await page.locator('aside.note-detail[data-seqno]').waitFor({ state: 'detached' });
          const waiting = page.getByRole('columnheader', { name: lang === 'ko' ? '대기' : 'Waiting' });
          await waiting.getByRole('button').click({ timeout: 5000 });
          await expect.poll(() => waiting.getAttribute('aria-sort')).not.toBeNull();
          expect(app.pageErrors).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }
});

/** Rows past their SLA whose badge is cut off, and waiting times cut off without a tooltip, as readable lines. */
function waitingCellProblems(page: Page): Promise<{ late: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    let late = 0;
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('.note-row > .c-waiting'))) {
      const seq = cell.closest('[data-seqno]')?.getAttribute('data-seqno');
      const box = cell.getBoundingClientRect();
      const right = box.right - parseFloat(getComputedStyle(cell).paddingRight);
      const time = cell.querySelector<HTMLElement>('.waiting');
      const badge = cell.querySelector('.sla-badge');
      if (time?.classList.contains('late')) {
        late++;
        if (!badge) problems.push(`${seq}: past the SLA without a badge`);
      }
      if (badge) {
        const b = badge.getBoundingClientRect();
        if (b.right > right + 0.5 || b.left < box.left)
          problems.push(`${seq}: badge cut off (${b.right} > ${right})`);
      }
      if (time && time.scrollWidth > time.clientWidth + 1 && time.title !== time.textContent)
        problems.push(`${seq}: waiting time "${time.textContent}" cut off without a tooltip`);
    }
    return { late, problems };
  });
}

describe('a note past its SLA', () => {
  for (const lang of ['ko', 'en'] as const) {
    it(`${lang}: shows its badge however long it has waited, at the smallest and the default window`, async () => {
      // A period of almost six months: the oldest unanswered notes have waited over 100 days ("172일").
      const { app, close } = await openInbox(lang, 'light', {
        inbox: { filters: { preset: 'custom', start: '2026-06-01', end: '2026-11-20' } },
      });
      try {
        const { page } = app;
        // Longest wait first: what a seller looks at to see what is waiting oldest first.
        const waiting = page.getByRole('columnheader', { name: lang === 'ko' ? '대기' : 'Waiting' });
        await waiting.getByRole('button').click();
        await expect.poll(() => waiting.getAttribute('aria-sort')).toBe('descending');
        const first = page.locator('.note-row .waiting').first();
        await expect.poll(() => first.textContent()).toMatch(/^\d{3}/);
        for (const size of [SIZES[0]!, SIZES[2]!]) {
          await page.setViewportSize(size);
          await page.waitForTimeout(200);
          const { late, problems } = await waitingCellProblems(page);
          expect(late, `${size.width}×${size.height}`).toBeGreaterThan(5);
          expect(problems, `${size.width}×${size.height}`).toEqual([]);
        }
        expect(app.pageErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
