// Team mode in the app: two desktops (two hosts, each with its page) on one team database and one marketplace (the
// two sandboxes serve one backend, so they are one marketplace with two doors, and each door counts the requests
// its desktop sent). The sandbox profile names the team database in its settings, its password in the vault.
// One desktop holds the caller lock and syncs for both; the other calls nothing, says who synced, and its Refresh
// asks the caller; a mark on one shows on the other; when the caller quits the other takes over; with the team
// database down the inbox opens on its copy, says so, and a mark is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { AssembleOptions } from '../../src-main/host/assemble-host';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createBackend } from '../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../src-main/sandbox/backend';
import { addMember } from '../../src-main/team/members';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { startPostgres } from '../support/postgres';
import type { PgServer } from '../support/postgres';
import { closeClients, teamDatabase } from '../support/team-db';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';
import { LONG, settled } from './inbox-app';

let pg: PgServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await closeBrowser();
  await closeClients();
  await pg?.stop().catch(() => undefined);
});
const cleanup = cleanupAfterEach();
const t = translatorFor('ko');
let teams = 0;

/** A team database with two members; each member's URL (no password) and password. */
async function team(): Promise<{ member(login: string): { url: string; password: string } }> {
  const { sql, database } = await teamDatabase(pg, ['shop']);
  // Logins are the server's, not the database's: each test's team has its own.
  teams += 1;
  const passwords = new Map<string, string>();
  for (const login of ['anna', 'ben']) passwords.set(login, await addMember(sql, 'shop', `${login}${teams}`));
  return {
    member: (login) => ({
      url: `postgres://${login}${teams}@${pg.host}:${pg.port}/${database}?team=shop`,
      password: passwords.get(login)!,
    }),
  };
}

/** One desktop: its host (the sandbox profile naming the team database), its sandbox door, its page. */
async function desktop(member: { url: string; password: string }, backend: SandboxBackend) {
  const relay: { toPage?: (event: string, payload: unknown) => Promise<void> } = {};
  const emit: AssembleOptions['emit'] = (event, payload) =>
    void relay.toPage?.(event, payload).catch(() => {});
  const deps = createTestDeps({ sandbox: { backend }, emit, team: { loopMs: 250, pollMs: 1000 } });
  const { settings } = await deps.settings.get();
  await deps.vault.set('sandbox', { teamPassword: member.password });
  await deps.settings.update({
    profiles: settings.profiles.map((p) => (p.id === 'sandbox' ? { ...p, teamUrl: member.url } : p)),
  });
  await deps.connection.active();
  const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, locale: 'ko-KR' });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await deps.close();
  };
  cleanup.push(close);
  relay.toPage = app.emit;
  await settled(app.page, app.calls);
  const sandbox = deps.connection.sandbox()!;
  return { ...app, deps, close, requests: () => sandbox.stats.requests };
}

/** The summary strip's count of handled notes. */
const handled = async (d: { page: Page }) =>
  Number(((await d.page.getByTestId('summary-handled').textContent()) ?? '').replace(/\D/g, ''));
const banner = (d: { page: Page }, id: string) => d.page.getByTestId(id);

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
