// Team mode in the app: two desktops (two hosts, each with its page) on one team database and one marketplace (the
// two sandboxes serve one backend, so they are one marketplace with two doors, and each door counts the requests
// its desktop sent). The sandbox profile names the team database in its settings, its password in the vault.
// One desktop holds the caller lock and syncs for both; the other calls nothing, says who synced, and its Refresh
// asks the caller; a mark on one shows on the other; when the caller quits the other takes over; with the team
// database down the inbox opens on its copy, says so, and a mark is refused.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createBackend } from '../../src-main/sandbox/backend';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { TEST_NOW } from '../support/host-deps';
import type { PgServer } from '../support/postgres';
import { useTeamPages } from './team-pages';
import { LONG, settled } from './inbox-app';
import { byTestId as banner, desktop as openDesktop, team as openTeam } from './team-desktops';
import type { TeamMember } from './team-desktops';

let pg: PgServer;
const cleanup = useTeamPages((server) => (pg = server));
const t = translatorFor('ko');
/** The summary strip's count of handled notes. */
const handled = async (d: { page: Page }) =>
  Number(((await d.page.getByTestId('summary-handled').textContent()) ?? '').replace(/\D/g, ''));
const team = () => openTeam(pg);
const desktop = (member: TeamMember, backend: ReturnType<typeof createBackend>) =>
  openDesktop(cleanup, member, backend);

describe('two desktops of one team', () => {
  it('one calls the marketplace for both; marks travel; Refresh asks the caller; the other takes over', async () => {
    const db = await team();
    const backend = createBackend({ seed: 42, now: TEST_NOW, notes: 2000 });
    const a = await desktop(db.member('anna'), backend);
    await expect.poll(() => banner(a, 'team-caller').count(), LONG).toBe(1);
    expect(a.requests()).toBeGreaterThan(0);

    const b = await desktop(db.member('ben'), backend);
    // B shows the caller's sync, with its notes, and has sent the marketplace nothing.
    await expect
      .poll(() => banner(b, 'team-synced-by').textContent(), LONG)
      .toContain('팀원 anna1의 데스크톱이');
    await expect.poll(() => b.page.locator('.note-row').count(), LONG).toBeGreaterThan(0);
    expect(b.requests()).toBe(0);

    // A mark on A is on B.
    expect(await handled(b)).toBe(0);
    const seqNo = Number(await a.page.locator('.note-row').first().getAttribute('data-seqno'));
    await a.page.locator(`.note-row[data-seqno="${seqNo}"]`).click();
    await a.page.getByLabel('처리함으로 표시').click();
    await expect.poll(() => a.page.getByLabel('처리함으로 표시').isChecked(), LONG).toBe(true);
    // B's list leaves it out of the waiting queue and counts it handled.
    await expect.poll(() => handled(b), LONG).toBe(1);
    await expect.poll(() => b.page.locator(`.note-row[data-seqno="${seqNo}"]`).count(), LONG).toBe(0);

    // B's Refresh makes A sync; B still calls nothing.
    const aBefore = a.requests();
    const bSyncs = b.calls.filter((c) => c.channel === 'notes.sync').length;
    await b.page.getByRole('button', { name: t('inbox.refresh') }).click();
    await settled(b.page, b.calls, bSyncs);
    await expect.poll(() => a.requests(), LONG).toBeGreaterThan(aBefore);
    expect(b.requests()).toBe(0);

    // A quits: B takes the lock and is the caller now.
    await a.close();
    await expect.poll(() => banner(b, 'team-caller').count(), LONG).toBe(1);
    const bSyncs2 = b.calls.filter((c) => c.channel === 'notes.sync').length;
    await b.page.getByRole('button', { name: t('inbox.refresh') }).click();
    await settled(b.page, b.calls, bSyncs2);
    await expect.poll(() => b.requests(), LONG).toBeGreaterThan(0);
  }, 240_000);

  it('with the team database down, the inbox opens on its copy, says so, and refuses a mark', async () => {
    const db = await team();
    const backend = createBackend({ seed: 42, now: TEST_NOW, notes: 2000 });
    const a = await desktop(db.member('anna'), backend);
    await expect.poll(() => a.page.locator('.note-row').count(), LONG).toBeGreaterThan(0);
    expect(await banner(a, 'team-unreachable').count()).toBe(0);
    await pg.stop();
    await expect.poll(() => banner(a, 'team-unreachable').count(), LONG).toBe(1);
    expect(await banner(a, 'team-unreachable').textContent()).toContain(
      '팀 데이터베이스에 연결할 수 없습니다',
    );
    // The list is still there (the local copy).
    expect(await a.page.locator('.note-row').count()).toBeGreaterThan(0);
    const seqNo = Number(await a.page.locator('.note-row').first().getAttribute('data-seqno'));
    await a.page.locator(`.note-row[data-seqno="${seqNo}"]`).click();
    await a.page.getByLabel('처리함으로 표시').click();
    await expect
      .poll(() => a.page.getByText(t('error.cause.team-unreachable')).count(), LONG)
      .toBeGreaterThan(0);
    expect(await a.page.getByLabel('처리함으로 표시').isChecked()).toBe(false);
  }, 240_000);
});
