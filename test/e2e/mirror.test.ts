// The notes mirror in the app: one per connection (a second marketplace with the same seller IDs never shows the
// sandbox's notes, and the sandbox says its notes are samples), one sync per mirror (leaving the inbox and coming
// back shows the same sync and the same Cancel), carry-over of marks, removing a profile.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { NotesSyncRequest } from '../../src-main/contract';
import { createHandlers } from '../../src-main/host/create-handlers';
import type { HostDeps } from '../../src-main/host/host-deps';
import type { SendNote } from '../../src-main/schema';
import { sandboxIdentity, startSandbox } from '../../src-main/sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../src-main/sandbox/server';
import { addDays, dayStartMs } from '../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { endpointFingerprint, mirrorFileName, MIRRORS_DIR } from '../../src-main/storage/mirror-registry';
import { saveLiveProfile } from '../support/live-profile';
import { activeMirror } from '../support/mirror';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';
import { LONG, noteCount as count, notesOfDays, openInbox, settled, TODAY, WEEK_START } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();

/** A second marketplace: another seed, the same seller IDs, its own tickets. */
async function secondMarketplace(): Promise<RunningSandbox> {
  const s = await startSandbox({ port: 0, seed: 7, now: TEST_NOW, notes: 2000 });
  cleanup.push(() => s.close());
  return s;
}

async function start(
  opts: { sandbox?: SandboxOptions; dataDir?: string; prepare?: (d: HostDeps) => Promise<void> } = {},
) {
  const deps = createTestDeps({ sandbox: opts.sandbox, dataDir: opts.dataDir });
  await opts.prepare?.(deps);
  // Which syncs really ran (not attached to one running).
  const ran: NotesSyncRequest[] = [];
  const inner = deps.syncs;
  deps.syncs = {
    ...inner,
    run: (mirror, req, emit, work) =>
      inner.run(mirror, req, emit, (run) => {
        ran.push(req);
        return work(run);
      }),
  };
  await deps.connection.active();
  const app = await openInbox(deps, cleanup);
  return { deps, app, page: app.page, ran };
}

/** SeqNo and title of every row on screen. */
const rows = (page: Page) =>
  page
    .locator('.note-row')
    .evaluateAll((els) =>
      els.map(
        (r) => [Number(r.getAttribute('data-seqno')), r.querySelector('.c-title')!.textContent!] as const,
      ),
    );

async function expectShows(page: Page, want: SendNote[]) {
  await expect.poll(() => count(page), LONG).toBe(want.length);
  const titles = new Map(want.map((n) => [n.SeqNo!, n.Title!]));
  const shown = await rows(page);
  expect(shown.length).toBeGreaterThan(5);
  for (const [seq, title] of shown) expect([seq, title]).toEqual([seq, titles.get(seq)]);
}

async function useProfile(page: Page, name: RegExp) {
  await page.getByRole('button', { name: /^설정/ }).click();
  await page.getByRole('row', { name }).getByRole('button', { name: '사용' }).click();
  await expect.poll(() => page.getByRole('row', { name }).getByText('사용 중').count()).toBe(1);
  await page.getByRole('button', { name: /^문의함/ }).click();
}

describe('one mirror per connection', () => {
  it('never mixes two marketplaces with the same seller IDs; the sandbox says its notes are samples', async () => {
    let b!: RunningSandbox;
    const { page, app, deps } = await start({
      prepare: async (d) => {
        b = await secondMarketplace();
        await saveLiveProfile(d, b);
      },
    });
    const sandbox = deps.connection.sandbox()!;
    expect([...b.backend.sellerIds]).toEqual([...sandbox.backend.sellerIds]);
    const sample = notesOfDays(sandbox.backend.notes);
    const shop = notesOfDays(b.backend.notes);
    // The same SeqNos mean other notes in the other marketplace: a mix would show.
    const sampleTitles = new Map(sample.map((n) => [n.SeqNo, n.Title]));
    expect(
      shop.filter((n) => sampleTitles.has(n.SeqNo) && sampleTitles.get(n.SeqNo) !== n.Title).length,
    ).toBeGreaterThan(10);

    await expectShows(page, sample);
    expect(await page.getByTestId('sample-banner').textContent()).toContain('체험용 샘플 문의입니다');

    const syncs = app.calls.filter((c) => c.channel === 'notes.sync').length;
    await useProfile(page, /내 상점/);
    // Not even for a moment: what the list shows on arrival is the shop's or nothing.
    const shopTitles = new Map(shop.map((n) => [n.SeqNo!, n.Title!]));
    for (let i = 0; i < 10; i++) {
      for (const [seq, title] of await rows(page)) expect(title).toBe(shopTitles.get(seq));
      await page.waitForTimeout(30);
    }
    await settled(page, app.calls, syncs);
    await expectShows(page, shop);
    expect(await page.getByTestId('sample-banner').count()).toBe(0);

    await useProfile(page, /내장 샌드박스/);
    await expectShows(page, sample);
    await page.getByTestId('sample-banner').waitFor();

    // Removing the live profile asks about its notes; deleting them removes its mirror.
    await page.getByRole('button', { name: /^설정/ }).click();
    await page.getByRole('button', { name: '삭제 — 내 상점' }).click();
    const dialog = page.getByRole('dialog', { name: '프로필 삭제 — 내 상점' });
    // The week's notes, and the older ones still waiting (the status check's look back).
    const olderWaiting = notesOfDays(b.backend.notes, {
      start: addDays(TODAY, -179),
      end: addDays(WEEK_START, -1),
      replyStatus: 'NoReply',
    });
    await expect
      .poll(() => dialog.getByTestId('remove-mirror-info').textContent())
      .toContain(`문의 ${(shop.length + olderWaiting.length).toLocaleString('ko-KR')}건`);
    await dialog.getByLabel(/^함께 삭제/).check();
    await dialog.getByRole('button', { name: '프로필 삭제' }).click();
    await expect.poll(() => page.getByRole('row', { name: /내 상점/ }).count()).toBe(0);
    expect(deps.mirrors.profileMirrors('shop')).toEqual([]);
    expect((await deps.settings.get()).settings.profiles.map((p) => p.id)).toEqual(['sandbox']);
    expect(app.pageErrors).toEqual([]);
  });

  it('offers release 0.1.0’s marks to a live profile, matched by SeqNo, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-offer-'));
    for (const f of ['notes-cache.json', 'notes-local.json']) {
      copyFileSync(join('test/fixtures/legacy-json', f), join(dataDir, f));
    }
    const { page, deps } = await start({
      dataDir,
      prepare: async (d) => {
        await saveLiveProfile(d, await secondMarketplace());
        await d.settings.update({ activeProfileId: 'shop' });
      },
    });
    const offer = page.getByRole('region', { name: '처리 표시·메모 가져오기' });
    await expect.poll(() => offer.textContent(), LONG).toContain('처리 표시 3건·메모 3건');
    await offer.getByRole('button', { name: '가져오기' }).click();
    await expect.poll(() => page.getByTestId('offer-imported').textContent()).toContain('4건을 가져왔습니다');
    await expect.poll(() => offer.count()).toBe(0);
    const store = await activeMirror(deps);
    expect(store.mark(101866)).toMatchObject({ handled: true, memo: '내일 재발송\n택배사 확인' });
  });
});

describe('a mirror that cannot be read', () => {
  it('is moved aside with a notice in the seller’s language, kept until dismissed, and a fresh one fills', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-damaged-'));
    mkdirSync(join(dataDir, MIRRORS_DIR));
    const owner = {
      profileId: 'sandbox',
      kind: 'sandbox',
      fingerprint: endpointFingerprint({
        kind: 'sandbox',
        identity: sandboxIdentity({ seed: 42, notes: 2000 }),
      }),
    };
    writeFileSync(join(dataDir, MIRRORS_DIR, mirrorFileName(owner)), 'not a database '.repeat(400));
    const { page, deps } = await start({ dataDir });
    const notice = page.getByTestId('mirror-notice');
    await expect
      .poll(() => notice.textContent(), LONG)
      .toMatch(
        /문의 보관함 파일이 손상되어 mirrors\/sandbox-[0-9a-f]+\.corrupt-[\d-]+\.sqlite\(으\)로 옮기고 새 보관함을 시작했습니다/,
      );
    await expectShows(page, notesOfDays(deps.connection.sandbox()!.backend.notes));
    await notice.getByRole('button', { name: '확인' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await page.getByTestId('note-count').waitFor();
    expect(await notice.count()).toBe(0);
  });
});

describe('the store answers for the rest of the mirror', () => {
  it('says how many notes a filter matches outside the period, and widens it on request', async () => {
    const { page, deps } = await start({
      prepare: async (d) => {
        const ctx = { signal: new AbortController().signal, emit: () => {} };
        await createHandlers(d)['notes.sync']({ start: addDays(TODAY, -89), end: TODAY, mode: 'full' }, ctx);
      },
    });
    const backend = deps.connection.sandbox()!.backend;
    const older = notesOfDays(backend.notes, { start: addDays(TODAY, -60), end: addDays(TODAY, -30) }).find(
      (n) => n.OrderNo !== undefined,
    )!;
    const sameOrder = notesOfDays(backend.notes, { start: addDays(TODAY, -89) }).filter(
      (n) => n.OrderNo === older.OrderNo,
    );
    const inWeek = sameOrder.filter((n) => Date.parse(n.InsDate!) >= dayStartMs(WEEK_START));
    await page.getByLabel('검색').fill(older.OrderNo!);
    const hint = page.getByTestId('outside-hint');
    await expect
      .poll(() => hint.textContent(), LONG)
      .toContain(
        inWeek.length === 0
          ? `최근 90일에는 ${sameOrder.length}건 있습니다`
          : `${sameOrder.length - inWeek.length}건 더 있습니다`,
      );
    await hint.getByRole('button', { name: '기간 넓히기' }).click();
    await expect.poll(() => count(page), LONG).toBe(sameOrder.length);
    await expect.poll(() => hint.count()).toBe(0);
  });
});

describe('one sync per mirror', () => {
  it('leaving and re-entering the inbox mid-sync shows the same sync, and its Cancel stops it', async () => {
    // Slow enough that the 90 days (83 to fetch and a catch-up, 4 at a time) take about 30 s: the steps below, under a loaded
    // machine, must reach Cancel while the sync still runs.
    const { page, ran, deps } = await start({ sandbox: { faults: { latencyMs: 1200 } } });
    ran.length = 0;
    await page.getByLabel('기간').selectOption('90d');
    const bar = page.getByTestId('sync-progress').locator('progress');
    await expect.poll(async () => Number(await bar.getAttribute('max')), LONG).toBe(84);
    await expect.poll(async () => Number(await bar.getAttribute('value')), LONG).toBeGreaterThan(1);

    await page.getByRole('button', { name: /^룩북/ }).click();
    await page.getByRole('navigation').locator('[aria-current="page"]', { hasText: '룩북' }).waitFor();
    await expect.poll(() => page.getByTestId('sync-progress').count()).toBe(0);
    await page.getByRole('button', { name: /^문의함/ }).click();

    // The same bar, carried on from where it was.
    await page.getByTestId('sync-progress').waitFor({ timeout: 5000 });
    await expect.poll(async () => Number(await bar.getAttribute('max'))).toBe(84);
    const resumedAt = Number(await bar.getAttribute('value'));
    expect(resumedAt).toBeGreaterThan(1);
    await expect.poll(async () => Number(await bar.getAttribute('value')), LONG).toBeGreaterThan(resumedAt);
    expect(ran.filter((r) => r.start === addDays(TODAY, -89))).toHaveLength(1);

    await page.getByTestId('sync-progress').getByRole('button', { name: '취소' }).click();
    await page.getByTestId('sync-cancelled').waitFor(LONG);
    expect(await page.getByTestId('sync-cancelled').textContent()).toMatch(
      /84일 중 \d+일, 문의 [\d,]+건이 저장되었습니다/,
    );
    await expect.poll(() => page.getByTestId('sync-progress').count()).toBe(0);
    // One sync of the 90 days ran, and it was cancelled: nothing else was started by coming back.
    expect(ran.filter((r) => r.start === addDays(TODAY, -89))).toHaveLength(1);
    expect((await activeMirror(deps)).lastSync()).toMatchObject({ cancelled: true });
  });
});
