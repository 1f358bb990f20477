// The inbox's edges, against the sandbox: a first sync counts every note still waiting, not only the period's; an
// outage in the middle of a sync keeps saying what was not received, beside the offline banner, and the counts
// read as lower bounds; a marketplace that goes silent (timeouts, not refusals) is taken for unreachable within
// seconds instead of being asked for every day.
import { afterAll, describe, expect, it } from 'vitest';
import type { NotesSyncSummary } from '../../src-main/contract';
import { createHandlers } from '../../src-main/host/create-handlers';
import { addDays } from '../../src-shared/market-day';
import { createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';
import { LONG, notesOfDays, openInbox, TODAY, WEEK_START } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const ctx = { signal: new AbortController().signal, emit: () => {} };
const num = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));

describe('a fresh mirror', () => {
  it('counts every note the marketplace lists as waiting in the last 180 days from the first sync, not only the week’s', async () => {
    const deps = createTestDeps({ osLocale: 'ko-KR' });
    await deps.connection.active();
    const backend = deps.connection.sandbox()!.backend;
    const { page } = await openInbox(deps, cleanup);
    const waiting = (start: string, end: string) =>
      notesOfDays(backend.notes, { start, end, replyStatus: 'NoReply' }).length;
    const inWeek = waiting(WEEK_START, TODAY);
    const before = waiting(addDays(TODAY, -179), addDays(WEEK_START, -1));
    // The premise: notes older than the week still wait.
    expect(before).toBeGreaterThan(2);
    const badge = page.locator('.nav-item .nav-count');
    await expect.poll(async () => num(await badge.textContent()), LONG).toBe(inWeek + before);
    // The badge is main's answer; the hint and the summary are the page's, read again after the sync: waited for.
    await expect
      .poll(() => page.getByTestId('waiting-outside').textContent(), LONG)
      .toContain(`답변을 기다리는 문의가 ${before}건 있습니다`);
    await expect.poll(() => page.getByTestId('summary-noreply').textContent(), LONG).toBe(String(inWeek));
    expect(await page.getByTestId('sync-partial').count()).toBe(0);
  });
});

describe('an outage in the middle of a sync', () => {
  it('keeps saying how much was received beside the offline banner, and the counts read as lower bounds', async () => {
    // Slow enough that the 90 days (about 25 s here) are still being fetched when the marketplace goes away.
    const deps = createTestDeps({ osLocale: 'ko-KR', sandbox: { faults: { latencyMs: 400 } } });
    await deps.connection.active();
    const sandbox = deps.connection.sandbox()!;
    const { page } = await openInbox(deps, cleanup);
    await page.getByLabel('기간', { exact: true }).selectOption('90d');
    const bar = page.getByTestId('sync-progress').locator('progress');
    await expect.poll(async () => Number(await bar.getAttribute('max')), LONG).toBe(84);
    await expect.poll(async () => Number(await bar.getAttribute('value')), LONG).toBeGreaterThan(1);
    await sandbox.close();
    await page.getByTestId('offline-banner').waitFor(LONG);
    const partial = page.getByTestId('sync-partial');
    await partial.waitFor(LONG);
    const text = (await partial.textContent()) ?? '';
    const m = /^84일 중 (\d+)일, 문의 ([\d,]+)건만 받았습니다 — 연결되면 나머지를 받습니다\.$/.exec(text);
    expect(m, text).not.toBeNull();
    expect(Number(m![1])).toBeLessThan(84);
    // Both at once: offline, and what the period lacks.
    expect(await page.getByTestId('offline-banner').isVisible()).toBe(true);
    // The counts are what was received: lower bounds.
    expect(await page.getByTestId('note-count').textContent()).toMatch(/^[\d,]+건 이상$/);
    expect(await page.getByTestId('summary-noreply').textContent()).toMatch(/^[\d,]+\+$/);
    expect(await page.locator('.nav-item .nav-count').textContent()).toMatch(/^[\d,]+\+$/);
  }, 150_000);
});

describe('a marketplace that goes silent', () => {
  it('is taken for unreachable after a few timed-out calls: the offline banner shows and the days are not all asked for', async () => {
    const deps = createTestDeps({ osLocale: 'ko-KR', sandbox: { faults: { silentRate: 1 } } });
    const handlers = createHandlers(deps);
    // A short timeout, so that the test is quick: 1 s a send, 4 sends a call.
    const { settings } = await handlers['settings.get'](undefined, ctx);
    await handlers['settings.update'](
      { profiles: settings.profiles.map((p) => ({ ...p, timeoutMs: 1000 })) },
      ctx,
    );
    await deps.connection.active();
    // The sync of the pinned week (the page may have asked for its own week before its clock was pinned).
    const week: NotesSyncSummary[] = [];
    const sync = handlers['notes.sync'];
    handlers['notes.sync'] = async (req, c) => {
      const out = await sync(req, c);
      if (req.end === TODAY) week.push(out);
      return out;
    };
    const { page } = await openInbox(deps, cleanup, { handlers, settle: false });
    await expect.poll(() => week.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('offline-banner').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('offline-banner').textContent()).toContain('오프라인');
    expect(await page.getByTestId('sync-progress').count()).toBe(0);
    // 7 days × 3 sellers = 21 day slices: asked one after another, each would wait out its 4 sends, and a
    // status check after them. Here the first calls' silence ends it, with no status check.
    const [out] = week;
    expect(out!.slices).toBe(21);
    expect(out!.calls).toBeGreaterThan(0);
    expect(out!.calls).toBeLessThanOrEqual(8);
    expect(out!.statusCheck.calls).toBe(0);
    expect(out!.failedSlices.every((f) => f.code === 'TIMEOUT')).toBe(true);
    expect(await page.getByTestId('sync-partial').textContent()).toBe(
      '7일 중 아직 받은 날이 없습니다 — 연결되면 받습니다.',
    );
  });
});
