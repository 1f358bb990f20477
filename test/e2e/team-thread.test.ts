// Team mode's note pane on two desktops (two hosts, each with its page) sharing one team database and one
// marketplace: the memo thread written by both in any order ends the same on both; a concurrent edit of an entry
// is refused and the entry reloaded, never lost; the history names the author of each step; a snooze takes the
// note out of the queue and it comes back at its time. Clocks: the pages and hosts start at TEST_NOW and the test
// moves both (the host's clock decides whether a snooze's end is in the future; the page's, when it ends): the
// team database's own clock decides nothing here, so the test is the same on any calendar day.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createBackend } from '../../src-main/sandbox/backend';
import { editMemo, memoThread } from '../../src-main/team/memo-thread';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { TEST_NOW } from '../support/host-deps';
import type { PgServer } from '../support/postgres';
import { client } from '../support/team-db';
import { useTeamPages } from './team-pages';
import { LONG } from './inbox-app';
import { desktop as openDesktop, team as openTeam } from './team-desktops';
import type { TeamMember } from './team-desktops';

let pg: PgServer;
const cleanup = useTeamPages((server) => (pg = server));
const t = translatorFor('ko');

/** One clock for both hosts, moved by the test. */
function movableClock() {
  let at = TEST_NOW.getTime();
  return { now: () => at, set: (ms: number) => void (at = ms) };
}

async function twoDesktops(clock?: ReturnType<typeof movableClock>) {
  const db = await openTeam(pg);
  const backend = createBackend({ seed: 42, now: TEST_NOW, notes: 2000 });
  const options = clock ? { now: clock.now } : {};
  const a = await openDesktop(cleanup, db.member('anna'), backend, options);
  const b = await openDesktop(cleanup, db.member('ben'), backend, options);
  await expect.poll(() => b.page.locator('.note-row').count(), LONG).toBeGreaterThan(0);
  const seqNo = Number(await a.page.locator('.note-row').first().getAttribute('data-seqno'));
  return { db, a, b, seqNo };
}

const row = (page: Page, seqNo: number) => page.locator(`.note-row[data-seqno="${seqNo}"]`);
async function open(page: Page, seqNo: number) {
  await expect.poll(() => row(page, seqNo).count(), LONG).toBe(1);
  await row(page, seqNo).click();
  await expect.poll(() => page.getByTestId('memo-thread').count(), LONG).toBe(1);
}
/** The thread as the page shows it: each entry's author and text, in order. */
const thread = (page: Page) =>
  page
    .locator('.memo-entry')
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-author')}: ${e.querySelector('.memo-body')?.textContent ?? ''}`),
    );
async function addMemo(page: Page, body: string) {
  await page.getByLabel(t('inbox.team.thread.new')).fill(body);
  await page.getByRole('button', { name: t('inbox.team.thread.add') }).click();
}
/** The history as the page shows it: each step's kind and author. */
const history = (page: Page) =>
  page
    .locator('.history-steps li')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')} ${e.getAttribute('data-author')}`));
/** A member's own connection to the team database (another desktop of theirs: the command line). */
const member = (m: TeamMember) => {
  const u = new URL(m.url);
  u.password = m.password;
  u.search = '';
  return client(u.toString());
};

describe('the note pane of two desktops of one team', () => {
  it('a thread written by both in any order ends the same on both; a concurrent edit is refused, not lost; the history names each author', async () => {
    const { db, a, b, seqNo } = await twoDesktops();
    await open(a.page, seqNo);
    await open(b.page, seqNo);
    const anna = db.member('anna').login;
    const ben = db.member('ben').login;

    // Both write at once, then once more each: every entry is on both, in the same order on both.
    await Promise.all([addMemo(a.page, 'A 첫 메모'), addMemo(b.page, 'B 첫 메모')]);
    await Promise.all([addMemo(b.page, 'B 둘째 메모'), addMemo(a.page, 'A 둘째 메모')]);
    await expect.poll(async () => (await thread(a.page)).length, LONG).toBe(4);
    await expect.poll(async () => (await thread(b.page)).length, LONG).toBe(4);
    const onA = await thread(a.page);
    expect(await thread(b.page)).toEqual(onA);
    expect([...onA].sort()).toEqual(
      [`${anna}: A 첫 메모`, `${anna}: A 둘째 메모`, `${ben}: B 첫 메모`, `${ben}: B 둘째 메모`].sort(),
    );
    // Only one's own entries offer Edit and Delete.
    expect(
      await b.page.getByRole('button', { name: t('inbox.team.thread.editOf', { author: anna }) }).count(),
    ).toBe(0);
    expect(
      await b.page.getByRole('button', { name: t('inbox.team.thread.editOf', { author: ben }) }).count(),
    ).toBe(2);

    // A starts editing its first entry; meanwhile anna's other desktop (her command line) edits it first.
    const first = a.page.locator('.memo-entry', { hasText: 'A 첫 메모' });
    await first.getByRole('button', { name: t('inbox.team.thread.editOf', { author: anna }) }).click();
    const field = a.page.getByRole('textbox', { name: t('inbox.team.thread.editOf', { author: anna }) });
    await field.fill('A 첫 메모 — 이 데스크톱의 수정');
    const sql = member(db.member('anna'));
    const ref = { team: 'shop', connection: await connectionOf(sql), seqNo };
    const [entry] = (await memoThread(sql, ref)).filter((e) => e.body === 'A 첫 메모');
    await editMemo(sql, entry!.id, entry!.version, 'A 첫 메모 — 다른 데스크톱의 수정');
    await a.page.getByRole('button', { name: t('inbox.team.thread.save') }).click();
    // Refused with a clear message; the entry shows the other desktop's text, and the database kept it.
    await expect
      .poll(() => a.page.getByTestId('memo-stale').textContent(), LONG)
      .toBe(t('inbox.team.thread.stale'));
    await expect.poll(() => thread(a.page), LONG).toContain(`${anna}: A 첫 메모 — 다른 데스크톱의 수정`);
    expect((await memoThread(sql, ref)).find((e) => e.id === entry!.id)?.body).toBe(
      'A 첫 메모 — 다른 데스크톱의 수정',
    );
    // B sees the same.
    await expect.poll(() => thread(b.page), LONG).toContain(`${anna}: A 첫 메모 — 다른 데스크톱의 수정`);

    // B deletes its second entry; A marks the note handled: the history names who did what.
    const bSecond = b.page.locator('.memo-entry', { hasText: 'B 둘째 메모' });
    await bSecond.getByRole('button', { name: t('inbox.team.thread.deleteOf', { author: ben }) }).click();
    await expect.poll(async () => (await thread(a.page)).length, LONG).toBe(3);
    await a.page.getByLabel('처리함으로 표시').click();
    await expect.poll(() => history(b.page), LONG).toContain(`handled ${anna}`);
    const steps = await history(b.page);
    expect(steps[0]).toBe('received ');
    // A is the team's caller (it started first): its sync first saw the note.
    expect(steps).toContain(`first-seen ${anna}`);
    expect(steps.filter((s) => s.startsWith('memo-added'))).toEqual([
      ...onA.map((e) => `memo-added ${e.split(':')[0]}`),
    ]);
    expect(steps).toContain(`memo-edited ${anna}`);
    expect(steps).toContain(`memo-deleted ${ben}`);
    // The status line explains 처리함 by A's step.
    expect(await b.page.getByTestId('history-now').textContent()).toContain(
      t('inbox.team.history.handled', { author: anna }),
    );
  }, 240_000);

  it('a snooze takes the note out of the queue on both desktops, and it comes back at its time', async () => {
    const clock = movableClock();
    const { db, a, b, seqNo } = await twoDesktops(clock);
    const waiting = async (page: Page) =>
      Number(((await page.getByTestId('summary-noreply').textContent()) ?? '').replace(/\D/g, ''));
    // Both desktops list what waits (the 미답변 chip).
    for (const d of [a, b])
      await d.page.getByRole('radio', { name: new RegExp(`^${t('inbox.status.NoReply')}`) }).click();
    const before = await waiting(b.page);
    await open(a.page, seqNo);
    await a.page.getByRole('button', { name: t('inbox.team.status.in1h') }).click();
    // Out of the queue and the waiting count, on both.
    await expect.poll(() => row(a.page, seqNo).count(), LONG).toBe(0);
    await expect.poll(() => row(b.page, seqNo).count(), LONG).toBe(0);
    await expect.poll(() => waiting(b.page), LONG).toBe(before - 1);

    // Its time passes (an hour and a minute later on both hosts and both pages): it waits again, by itself.
    const later = TEST_NOW.getTime() + 61 * 60_000;
    clock.set(later);
    await a.page.clock.setFixedTime(later);
    await b.page.clock.setFixedTime(later);
    await expect.poll(() => row(b.page, seqNo).count(), LONG).toBe(1);
    await expect.poll(() => row(a.page, seqNo).count(), LONG).toBe(1);
    await expect.poll(() => waiting(b.page), LONG).toBe(before);
    // The history says who snoozed it.
    await open(b.page, seqNo);
    await expect.poll(() => history(b.page), LONG).toContain(`snoozed ${db.member('anna').login}`);
  }, 240_000);
});

/** The connection's key in the team database (the only one the team holds). */
async function connectionOf(sql: ReturnType<typeof client>): Promise<string> {
  const [row] = await sql<{ connection: string }[]>`SELECT connection FROM seller_desk.connections LIMIT 1`;
  return row!.connection;
}
