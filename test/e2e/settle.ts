// Waiting for the inbox's sync, without the test runner: the E2E tests, the bench and the screenshot script use it.
import type { Page } from 'playwright';
import type { AppUnderTest } from './harness';

const syncCalls = (calls: AppUnderTest['calls']) => calls.filter((c) => c.channel === 'notes.sync').length;

/** Polls `check` every 50 ms until it holds; after `timeoutMs` it throws, naming what it waited for. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A sync asked for after `after` earlier ones has run, and its result is on screen. */
export async function settled(page: Page, calls: AppUnderTest['calls'], after = 0): Promise<void> {
  await until('a sync call', () => syncCalls(calls) > after);
  await until('the sync to end', async () => (await page.getByTestId('sync-progress').count()) === 0);
  await page.getByTestId('note-count').waitFor();
}
