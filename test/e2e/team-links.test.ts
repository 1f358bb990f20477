// Team mode's links to a note and per-member figures, with two desktops (two hosts, each with its page) on one team
// database and one marketplace. A copies a note's link from the pane (button and key; main writes the clipboard);
// the link is delivered to B as the OS would (a second launch's argv, through the host's route that Electron main
// calls too) and B's inbox opens that note, widening its period to the note's day. A malformed link and a link to
// a connection no team here has are each refused with their message. The per-member figures on the insights page
// count what each member took, marked handled and saw answered after taking, as the team database's history says.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createBackend, recentNotes } from '../../src-main/sandbox/backend';
import { takeNote } from '../../src-main/team/assignments';
import { setTeamMark } from '../../src-main/team/marks';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { marketDayOf } from '../../src-shared/market-day';
import { TEST_NOW } from '../support/host-deps';
import type { PgServer } from '../support/postgres';
import { client } from '../support/team-db';
import { useTeamPages } from './team-pages';
import { openApp } from './harness';
import { LONG, TODAY, rowSeqNos, settled } from './inbox-app';
import { byTestId, desktop as openDesktop, team as openTeam } from './team-desktops';
import type { Desktop, TeamMember } from './team-desktops';

let pg: PgServer;
const cleanup = useTeamPages((server) => (pg = server));
const t = translatorFor('ko');
const desktop = (member: TeamMember, backend: ReturnType<typeof createBackend>) =>
  openDesktop(cleanup, member, backend);

/** The member's own client of the team database (their login and password). */
function memberSql(m: TeamMember) {
  const url = new URL(m.url);
  url.password = m.password;
  url.search = '';
  return client(url.href);
}

const openSeq = (d: { page: Page }) => d.page.locator('aside#note-detail').getAttribute('data-seqno');

/** Both desktops up: A the caller with notes listed, B with the caller's notes. */
async function twoDesktops() {
  const db = await openTeam(pg);
  const backend = createBackend({ seed: 42, now: TEST_NOW, notes: 2000 });
  const a = await desktop(db.member('anna'), backend);
  await expect.poll(() => byTestId(a, 'team-caller').count(), LONG).toBe(1);
  const b = await desktop(db.member('ben'), backend);
  await expect.poll(() => b.page.locator('.note-row').count(), LONG).toBeGreaterThan(0);
  return { a, b, backend };
}

async function refusal(d: Desktop) {
  const dialog = d.page.getByRole('dialog', { name: t('links.refused.title') });
  await dialog.waitFor(LONG);
  const reason = await d.page.getByTestId('link-refused').getAttribute('data-reason');
  const text = (await dialog.textContent()) ?? '';
  // Closed by keyboard: the dialog's button has the focus.
  await d.page.keyboard.press('Enter');
  await expect.poll(() => dialog.count(), LONG).toBe(0);
  return { reason, text };
}

describe('links to a note between two desktops of one team', () => {
  it('a link copied on A opens that note on B (outside its period); bad links are refused with a message', async () => {
    const { a, b, backend } = await twoDesktops();
    // A note of the week that is not today's, listed on A.
    const days = new Map(recentNotes(backend).map((n) => [n.SeqNo, marketDayOf(Date.parse(n.InsDate!))]));
    const seqNo = (await rowSeqNos(a.page)).find((s) => days.get(s) !== undefined && days.get(s) !== TODAY)!;
    expect(seqNo, 'a note of an earlier day in A’s list').toBeDefined();
    await a.page.locator(`.note-row[data-seqno="${seqNo}"]`).click();
    // Team-only controls carry data-team-control (single-desktop.test.ts finds none of them).
    expect(await a.page.locator('[data-team-control="copy-link"]').count()).toBe(1);
    expect(await a.page.locator('[data-team-control="team-status"]').count()).toBe(1);
    await a.page.getByRole('button', { name: t('inbox.link.copy') }).click();
    await expect.poll(() => a.copied.length, LONG).toBe(1);
    const link = a.copied[0]!;
    expect(link).toMatch(new RegExp(`^sellerdesk://note/[1-9][0-9]*/${seqNo}$`));
    expect(await a.page.getByTestId('note-link-copied').textContent()).toContain(link);
    // The key does the same, from the list.
    await a.page.getByTestId('note-list').focus();
    await a.page.keyboard.press('l');
    await expect.poll(() => a.copied.length, LONG).toBe(2);
    expect(a.copied[1]).toBe(link);

    // B looks at today only: the note is not in its list.
    const syncs = b.calls.filter((c) => c.channel === 'notes.sync').length;
    await b.page.getByLabel(t('inbox.range')).selectOption('today');
    await settled(b.page, b.calls, syncs);
    expect(await b.page.locator(`.note-row[data-seqno="${seqNo}"]`).count()).toBe(0);
    // The OS hands the link to a second launch, which hands its argv to the running app.
    await b.deps.links!.deliverArgv(['/opt/seller-desk/seller-desk', link]);
    await expect.poll(() => openSeq(b), LONG).toBe(String(seqNo));
    await expect.poll(() => b.page.locator(`.note-row[data-seqno="${seqNo}"]`).count(), LONG).toBe(1);
    expect(await b.page.getByLabel(t('inbox.range')).inputValue()).toBe('custom');

    // A malformed link and a link to a connection no team here has: refused, each with its message.
    await b.deps.links!.deliver('sellerdesk://note/01/x');
    const malformed = await refusal(b);
    expect(malformed.reason).toBe('malformed');
    expect(malformed.text).toContain(t('links.refused.malformed'));
    expect(malformed.text).toContain('sellerdesk://note/01/x');
    await b.deps.links!.deliverArgv(['/opt/seller-desk/seller-desk', 'sellerdesk://note/999999/1']);
    const unknown = await refusal(b);
    expect(unknown.reason).toBe('unknown-connection');
    expect(unknown.text).toContain(t('links.refused.unknown-connection'));
    // The note B had open stays open.
    expect(await openSeq(b)).toBe(String(seqNo));
  }, 240_000);

  it('the insights page counts each member’s taken, handled and answered-after-taking notes', async () => {
    const { a, b, backend } = await twoDesktops();
    const anna = memberSql(a.member);
    const ben = memberSql(b.member);
    const [row] = await anna<{ connection: string }[]>`SELECT connection FROM seller_desk.connections`;
    const where = { team: 'shop', connection: row!.connection };
    const listed = (await rowSeqNos(a.page)).filter(
      (s) => recentNotes(backend).find((n) => n.SeqNo === s)?.ReplyStatus === 'NoReply',
    );
    const [n1, n2, n3, n4] = listed as [number, number, number, number];
    expect(n4, 'four waiting notes').toBeDefined();
    // anna takes three and marks two handled; ben takes one, marks it and one of anna's handled.
    for (const seqNo of [n1, n2, n3]) await takeNote(anna, { ...where, seqNo });
    await takeNote(ben, { ...where, seqNo: n4 });
    const now = TEST_NOW.getTime();
    for (const seqNo of [n1, n2]) await setTeamMark(anna, { ...where, seqNo }, { handled: true }, now);
    for (const seqNo of [n4, n3]) await setTeamMark(ben, { ...where, seqNo }, { handled: true }, now);
    // n3 is answered on the marketplace after anna took it; the caller's next sync sees it.
    backend.reply(n3);
    const syncs = a.calls.filter((c) => c.channel === 'notes.sync').length;
    await a.page.getByRole('button', { name: t('inbox.refresh') }).click();
    await settled(a.page, a.calls, syncs);
    await expect
      .poll(
        async () =>
          (await anna`SELECT 1 FROM seller_desk.history WHERE kind = 'answered' AND seq_no = ${n3}`).length,
        LONG,
      )
      .toBe(1);

    // The history's instants are the database's clock, so this page runs on the wall clock: its period holds them.
    const page = await openApp({ handlers: createHandlers(b.deps), schemas: requestSchemas, clock: 'real' });
    cleanup.push(page.close);
    await page.page
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${t('nav.insights')}`) })
      .click();
    const table = page.page.getByRole('table', { name: t('insights.team.title') });
    await table.waitFor(LONG);
    const figures = (login: string) =>
      table
        .locator(`tr[data-login="${login}"] td`)
        .evaluateAll((tds) => tds.map((td) => `${td.getAttribute('data-figure')}=${td.textContent}`));
    await expect
      .poll(() => figures(a.member.login), LONG)
      .toEqual(['taken=3', 'handled=2', 'answered=1', expect.stringMatching(/^median=(?!—)/)]);
    expect(await figures(b.member.login)).toEqual([
      'taken=1',
      'handled=2',
      'answered=0',
      expect.stringMatching(/^median=(?!—)/),
    ]);
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      t('insights.team.member'),
      t('insights.team.taken'),
      t('insights.team.handled'),
      t('insights.team.answered'),
      t('insights.team.median'),
    ]);
  }, 240_000);
});
