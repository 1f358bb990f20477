// The app's team caller on a live account: its sync sends the team's sealed EncryptedTicket first (whatever this
// desktop kept itself) and seals each new one the marketplace hands back; a desktop without the team key does not
// take the caller lock, calls nothing, and its inbox status says the key is missing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotesSyncRequest, Profile } from '../../../src-main/contract';
import { syncActiveMirror } from '../../../src-main/host/active-mirror';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { liveFingerprint } from '../../../src-main/services/connection';
import { runAsTeamCaller } from '../../../src-main/host/team-caller';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import type { NotesStore } from '../../../src-main/storage/notes-store';
import { takeCallerLock } from '../../../src-main/team/caller-lock';
import { addMember } from '../../../src-main/team/members';
import { parseTeamUrl } from '../../../src-main/team/team-url';
import { generateTeamKey, openTicket, parseTeamKey, teamKeyName } from '../../../src-main/team/ticket-seal';
import { marketDayOf } from '../../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { closeClients, teamDatabase } from '../../support/team-db';

let pg: PgServer;
let sb: RunningSandbox;
beforeAll(async () => {
  pg = await startPostgres();
  sb = await startSandbox({ port: 0, seed: 5, now: TEST_NOW, notes: 300 });
}, 60_000);
afterAll(async () => {
  await sb?.close();
  await pg?.stop();
});
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  await closeClients();
});

const day = (back: number) => marketDayOf(TEST_NOW.getTime() - back * 86_400_000);
const REFRESH: NotesSyncRequest = { start: day(2), end: day(0), mode: 'refresh' };

function liveProfile(url: string): Profile {
  return {
    id: 'live-team',
    name: 'Team shop',
    kind: 'live',
    apiBaseUrl: sb.baseUrl,
    suggestBaseUrl: sb.baseUrl,
    nsRoot: sb.ns.nsRoot,
    schemaRoot: sb.ns.schemaRoot,
    suggestNamespace: 'ns',
    soapVersion: '1.1',
    pageIndexBase: sb.pageBase,
    timeoutMs: 30_000,
    sellerIds: [sb.backend.sellerIds[0]!],
    teamUrl: url,
  };
}

/** A desktop of the team with a live profile on the sandbox; its own EncryptedTicket was never issued. */
async function desktop(url: string, password: string, teamKey: string | undefined) {
  const deps = createTestDeps({ team: { loopMs: 50, pollMs: 60_000, env: { PGPASSWORD: password } } });
  opened.push(deps);
  const live = liveProfile(url);
  const { settings } = await deps.settings.get();
  await deps.vault.set(live.id, {
    authTicket: sb.tickets.auth,
    memberTicket: sb.tickets.member,
    encryptedTicket: 'sbx-enc-never-issued',
  });
  if (teamKey) await deps.vault.setSecret(teamKeyName(parseTeamUrl(url, {})), teamKey);
  await deps.settings.update({ profiles: [...settings.profiles, live], activeProfileId: live.id });
  return deps;
}

let members = 0;
async function team() {
  const { database, sql } = await teamDatabase(pg);
  const login = `app_${++members}`;
  const password = await addMember(sql, 'shop', login);
  const url = `${pg.url({ user: login, database })}?team=shop`;
  return { sql, password, url };
}

describe("the app's team caller on a live account", () => {
  it('sends the sealed ticket first and seals the one the marketplace hands back', async () => {
    const { sql, password, url } = await team();
    const key = generateTeamKey();
    const target = parseTeamUrl(url, { PGPASSWORD: password });
    // The last caller was handed the sandbox's ticket and sealed it for the team.
    const connection = liveFingerprint(liveProfile(url)).key;
    await runAsTeamCaller(target, connection, {} as NotesStore, (_s, t) => t!.rotate(sb.tickets.encrypted), {
      sealed: { teamKey: key },
    });
    const deps = await desktop(url, password, key);
    const session = (await deps.teams!.active())!;
    expect(session.isCaller()).toBe(true);
    expect(session.status().teamKeyMissing).toBe(false);
    expect((await deps.connection.active()).fingerprint.key).toBe(connection);

    const { outcome } = await syncActiveMirror(deps, REFRESH, () => undefined);
    expect(outcome.failedSlices).toEqual([]);
    expect(outcome.calls).toBeGreaterThan(0);
    const [row] = await sql<{ seq: number; sealed: Buffer }[]>`
      SELECT seq::int, sealed FROM seller_desk.sealed_tickets WHERE team = 'shop' AND connection = ${connection}`;
    expect(row!.seq).toBeGreaterThan(1);
    const newest = openTicket(parseTeamKey(key), { team: 'shop', connection, seq: row!.seq }, row!.sealed);
    expect(newest).not.toBe(sb.tickets.encrypted);
    // This desktop's own ticket stays its own: the team's went to the team database only.
    expect((await deps.vault.get('live-team')).encryptedTicket).toBe('sbx-enc-never-issued');
  });

  it('without the team key: no caller lock, nothing called, and the status says the key is missing', async () => {
    const { password, url } = await team();
    const deps = await desktop(url, password, undefined);
    const before = sb.stats.requests;
    const session = (await deps.teams!.active())!;
    expect(session.isCaller()).toBe(false);
    expect(session.status().teamKeyMissing).toBe(true);
    const { outcome } = await syncActiveMirror(deps, REFRESH, () => undefined, { auto: true });
    expect(outcome.calls).toBe(0);
    expect(sb.stats.requests).toBe(before);
    // The lock is left free for a member with the key.
    const connection = (await deps.connection.active()).fingerprint.key;
    const lock = await takeCallerLock(parseTeamUrl(url, { PGPASSWORD: password }), connection);
    expect(lock).toBeDefined();
    await lock?.release();
  });
});

describe('Settings: the team key of a profile with a team database', () => {
  it('is kept in the vault under the name desk team join uses, shown only as present, and checked as it checks it', async () => {
    const { password, url } = await team();
    const deps = await desktop(url, password, undefined);
    const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
    const call = (channel: string, req: unknown) => dispatcher.dispatch(channel, req, null);
    const before = await call('vault.status', { profileId: 'live-team' });
    expect(before).toMatchObject({ ok: true, data: { present: { teamKey: false } } });
    const bad = await call('vault.set', { profileId: 'live-team', tickets: { teamKey: 'not-a-key' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const key = generateTeamKey();
    const saved = await call('vault.set', { profileId: 'live-team', tickets: { teamKey: ` ${key}\n` } });
    expect(saved).toMatchObject({ ok: true, data: { present: { auth: true, teamKey: true } } });
    expect(JSON.stringify(saved)).not.toContain(key);
    expect(await deps.vault.getSecret(teamKeyName(parseTeamUrl(url, {})))).toBe(key);
    // The tickets were left as they were.
    expect((await deps.vault.get('live-team')).encryptedTicket).toBe('sbx-enc-never-issued');
    // A single-desktop profile has no team key to keep.
    const sandbox = await call('vault.set', { profileId: 'sandbox', tickets: { teamKey: key } });
    expect(sandbox).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const plain = await call('vault.status', { profileId: 'sandbox' });
    expect(plain).toMatchObject({ ok: true });
    expect((plain as { data: { present: object } }).data.present).not.toHaveProperty('teamKey');
  });
});
