// Working as a team in the inbox, with two desktops (two hosts, each with its page) on one team database and one
// marketplace: A takes a note and B sees it taken and cannot take it (told who has it, in English: B's window is
// English, A's Korean); the views count what waits for each; A opens the answer page and B sees "A is answering" and
// is warned when it opens its own; A's host dies without a goodbye and B stops seeing A once the database's 15 s have
// passed. And a single desktop shows none of it. The latencies printed are what this machine showed, not bounds.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createBackend } from '../../src-main/sandbox/backend';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import type { PgServer } from '../support/postgres';
import { useTeamPages } from './team-pages';
import { LONG, openInbox } from './inbox-app';
import { desktop as openDesktop, team as openTeam } from './team-desktops';
import type { Desktop, TeamMember } from './team-desktops';

let pg: PgServer;
const cleanup = useTeamPages((server) => (pg = server));
const ko = translatorFor('ko');
const en = translatorFor('en');
const TEMPLATE = 'https://soho.market.example/notes/{SeqNo}/answer';
const FAST = { timeout: 60_000, interval: 50 };

const desktop = (
  member: TeamMember,
  backend: ReturnType<typeof createBackend>,
  options: { locale?: string; language?: 'ko' | 'en'; answerPageUrl?: string } = {},
) => openDesktop(cleanup, member, backend, options);

const row = (d: { page: Page }, seqNo: number) => d.page.locator(`.note-row[data-seqno="${seqNo}"]`);
const rowText = async (d: { page: Page }, seqNo: number, id: string) =>
  (await row(d, seqNo).getByTestId(id).allTextContents()).join(' | ');
const viewCount = async (d: { page: Page }, view: string) =>
  Number(
    ((await d.page.getByTestId(`team-view-${view}`).locator('.seg-count').textContent()) ?? '').replace(
      /\D/g,
      '',
    ),
  );

/** Both desktops with their lists; the first waiting note of A's list (waiting notes come first). */
async function twoDesktops(options: { answerPageUrl?: string } = {}) {
  const db = await openTeam(pg);
  const backend = createBackend({ seed: 7, now: TEST_NOW, notes: 300 });
  const a = await desktop(db.member('anna'), backend, options);
  const b = await desktop(db.member('ben'), backend, { ...options, locale: 'en-US', language: 'en' });
  await expect.poll(() => b.page.locator('.note-row').count(), LONG).toBeGreaterThan(0);
  await expect.poll(() => a.page.getByTestId('team-bar').count(), LONG).toBe(1);
  await expect.poll(() => b.page.getByTestId('team-bar').count(), LONG).toBe(1);
  const seqNo = Number(await a.page.locator('.note-row').first().getAttribute('data-seqno'));
  await expect.poll(() => row(b, seqNo).count(), LONG).toBe(1);
  return { db, a, b, seqNo };
}

/** Opens the note in the desktop's pane (a click on its row). */
async function openNote(d: Desktop, seqNo: number) {
  await row(d, seqNo).click();
  await expect
    .poll(() => d.page.locator('aside.note-detail').getAttribute('data-seqno'), LONG)
    .toBe(String(seqNo));
}

describe('working as a team: assignment', () => {
  it('A takes a note with one key; B sees it taken and cannot take it; assigning is a menu', async () => {
    const { a, b, seqNo } = await twoDesktops();
    const waitingA = await viewCount(a, 'everyone');
    expect(waitingA).toBeGreaterThan(0);
    expect(await viewCount(a, 'mine')).toBe(0);
    expect(await viewCount(a, 'unassigned')).toBe(waitingA);

    await openNote(a, seqNo);
    const started = Date.now();
    await a.page.keyboard.press('i');
    await expect
      .poll(() => a.page.getByTestId('team-assignee').textContent(), LONG)
      .toBe(ko('inbox.team.me', { login: a.member.login }));
    // B's row names the assignee (the pull brings it on the database's notification).
    await expect.poll(() => rowText(b, seqNo, 'team-row-assignee'), FAST).toBe(a.member.login);
    console.log(`B saw A's take ${Date.now() - started} ms after A pressed t`);
    // The views' counts of what waits: A has one now, and one note fewer is unassigned.
    await expect.poll(() => viewCount(a, 'mine'), LONG).toBe(1);
    await expect.poll(() => viewCount(b, 'unassigned'), LONG).toBe(waitingA - 1);
    expect(await viewCount(b, 'mine')).toBe(0);
    // The sidebar counts what waits for A alone once A chooses so (it counts the whole mirror before).
    const badge = async () =>
      ((await a.page.locator('.nav-item[aria-current="page"] .nav-count').textContent()) ?? '').replace(
        /\D/g,
        '',
      );
    expect(Number(await badge())).toBeGreaterThan(1);
    await a.page.getByLabel(ko('inbox.team.badgeMine')).check();
    await expect.poll(badge, LONG).toBe('1');

    // B's take is refused, naming A (B's window is English).
    await openNote(b, seqNo);
    await b.page.keyboard.press('i');
    await expect
      .poll(() => b.page.getByTestId('team-notice').textContent(), LONG)
      .toBe(en('inbox.team.taken', { login: a.member.login }));
    expect(await b.page.getByTestId('team-assignee').textContent()).toBe(a.member.login);

    // A's Mine view lists that note alone.
    await a.page.getByTestId('team-view-mine').click();
    await expect.poll(() => a.page.locator('.note-row').count(), LONG).toBe(1);
    expect(await a.page.locator('.note-row').first().getAttribute('data-seqno')).toBe(String(seqNo));

    // A hands it to B from the assign menu, by keyboard: `a` focuses the menu, the member's initial picks them.
    await a.page.locator('[data-testid="note-list"]').focus();
    await a.page.keyboard.press('a');
    await expect.poll(() => a.page.evaluate(() => document.activeElement?.id), LONG).toBe('team-assign');
    await a.page.keyboard.press(b.member.login[0]!);
    await expect.poll(() => rowText(b, seqNo, 'team-row-assignee'), LONG).toBe(b.member.login);
    await expect.poll(() => viewCount(b, 'mine'), LONG).toBe(1);
    await expect.poll(() => viewCount(a, 'mine'), LONG).toBe(0);
  }, 240_000);
});

describe('working as a team: presence', () => {
  it('B sees A viewing, then answering, and is warned when it opens its own answer page', async () => {
    const { a, b, seqNo } = await twoDesktops({ answerPageUrl: TEMPLATE });
    await openNote(a, seqNo);
    const opened = Date.now();
    await expect
      .poll(() => rowText(b, seqNo, 'team-row-presence'), FAST)
      .toBe(en('inbox.team.viewing', { login: a.member.login }));
    console.log(`B saw A viewing ${Date.now() - opened} ms after A opened the note`);

    const answer = ko('inbox.answerOnMarket');
    await a.page.getByRole('button', { name: answer }).click();
    await expect.poll(() => a.deps.opened.length, LONG).toBe(1);
    const answering = Date.now();
    await expect
      .poll(() => rowText(b, seqNo, 'team-row-presence'), FAST)
      .toBe(en('inbox.team.answering', { login: a.member.login }));
    console.log(`B saw A answering ${Date.now() - answering} ms after A's answer page opened`);

    // B's pane says so too; B's answer button warns first, and Cancel opens nothing.
    await openNote(b, seqNo);
    await expect
      .poll(() => b.page.getByTestId('team-present').textContent(), LONG)
      .toContain(en('inbox.team.answering', { login: a.member.login }));
    const bAnswer = b.page.getByRole('button', { name: en('inbox.answerOnMarket') });
    await bAnswer.click();
    const warning = b.page.getByTestId('team-answer-warning');
    await expect
      .poll(() => warning.textContent(), LONG)
      .toBe(en('inbox.team.warn.answering', { login: a.member.login }));
    await b.page.getByRole('button', { name: en('inbox.team.warn.cancel') }).click();
    await expect.poll(() => warning.count(), LONG).toBe(0);
    expect(b.deps.opened).toEqual([]);
    // The seller may go on anyway.
    await bAnswer.click();
    await b.page.getByRole('button', { name: en('inbox.team.warn.goOn') }).click();
    await expect.poll(() => b.deps.opened.length, LONG).toBe(1);
    // And A, in turn, sees B answering.
    await expect
      .poll(() => rowText(a, seqNo, 'team-row-presence'), FAST)
      .toBe(ko('inbox.team.answering', { login: b.member.login }));
  }, 240_000);

  it('forgets a desktop whose host died without a goodbye, within the 15 s of the database', async () => {
    const { db, a, b, seqNo } = await twoDesktops();
    await openNote(a, seqNo);
    await expect
      .poll(() => rowText(b, seqNo, 'team-row-presence'), FAST)
      .toBe(en('inbox.team.viewing', { login: a.member.login }));
    // A dies: its window stops (no more heartbeats) and its database sessions are cut, with no goodbye said.
    await a.context.close();
    const died = Date.now();
    await db.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ${a.member.login}`;
    await expect.poll(() => row(b, seqNo).getByTestId('team-row-presence').count(), FAST).toBe(0);
    console.log(`B stopped seeing A ${Date.now() - died} ms after A died`);
    // Forgotten by the clock, not by a goodbye: A's heartbeat row is still in the database.
    const [left] = await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM seller_desk.presence WHERE login = ${a.member.login}`;
    expect(left?.n).toBe(1);
  }, 240_000);
});

describe('a single desktop', () => {
  it('shows no team views, marks, pane section or keys, and asks nothing of the team channels', async () => {
    const deps = createTestDeps({ sandbox: { notes: 200 } });
    const app = await openInbox(deps, cleanup);
    await app.page.locator('.note-row').first().click();
    await app.page.locator('aside.note-detail[data-seqno]').waitFor();
    await app.page.keyboard.press('i');
    await app.page.keyboard.press('?');
    await app.page.getByRole('dialog').waitFor();
    expect(await app.page.getByText(ko('shortcuts.inbox.take')).count()).toBe(0);
    expect(await app.page.getByTestId('team-bar').count()).toBe(0);
    expect(await app.page.getByTestId('team-pane').count()).toBe(0);
    expect(await app.page.getByTestId('team-row-marks').count()).toBe(0);
    expect(app.calls.filter((c) => c.channel.startsWith('team.'))).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
