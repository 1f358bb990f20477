// Settings: the team database password of the sandbox profile, as a newcomer trying team mode enters it (the
// address first, in the profile editor; the password next, in the vault's form). It lands in the vault, never in
// the settings file, an answer or any file of the data folder in the clear; Settings learns only that one is kept;
// and the team session, started without it, logs in with it at once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { SETTINGS_FILE } from '../../../src-main/storage/settings-store';
import { addMember } from '../../../src-main/team/members';
import { createTestDeps } from '../../support/host-deps';
import type { PgServer } from '../../support/postgres';
import { closeClients, teamDatabase, until } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  await closeClients();
});

/** Every file under `dir`, its bytes. */
function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, bytes: readFileSync(path) }];
  });
}

describe("Settings: the sandbox profile's team database password", () => {
  it('is kept in the vault only, shown as present, and the team session logs in with it at once', async () => {
    const { sql, database } = await teamDatabase(pg);
    const login = `newcomer_${process.pid}`;
    const password = await addMember(sql, 'shop', login);
    const url = `${pg.url({ user: login, database })}?team=shop`;
    // No PGPASSWORD, no .pgpass: the vault is where the password comes from.
    const deps = createTestDeps({ team: { loopMs: 50, pollMs: 60_000, env: {} } });
    opened.push(deps);
    const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
    const call = (channel: string, req: unknown) => dispatcher.dispatch(channel, req, null);

    // The address first, as the profile editor saves it: the session starts and cannot log in.
    const { settings } = await deps.settings.get();
    const profiles = settings.profiles.map((p) => (p.id === 'sandbox' ? { ...p, teamUrl: url } : p));
    expect(await call('settings.update', { profiles })).toMatchObject({ ok: true });
    const first = (await deps.teams!.active())!;
    expect(first.status().reachable).toBe(false);
    expect(first.isCaller()).toBe(false);
    expect(await call('vault.status', { profileId: 'sandbox' })).toMatchObject({
      ok: true,
      data: { present: { teamPassword: false } },
    });

    // The password next, through the vault's form.
    const saved = await call('vault.set', { profileId: 'sandbox', tickets: { teamPassword: password } });
    expect(saved).toMatchObject({ ok: true, data: { present: { teamPassword: true } } });
    expect(JSON.stringify(saved)).not.toContain(password);
    const status = await call('vault.status', { profileId: 'sandbox' });
    expect(status).toMatchObject({ ok: true, data: { present: { teamPassword: true } } });
    expect(JSON.stringify(status)).not.toContain(password);
    expect((await deps.vault.get('sandbox')).teamPassword).toBe(password);

    // The session logs in with it now, not at the next start of the app: this desktop is the team's caller.
    await until(async () => (await deps.teams!.active())?.isCaller() === true);
    const session = (await deps.teams!.active())!;
    expect(session.status().reachable).toBe(true);
    expect(session.login()).toBe(login);
    const mirror = await call('notes.status', undefined);
    expect(mirror).toMatchObject({ ok: true, data: { team: { caller: true, reachable: true } } });
    expect(JSON.stringify(mirror)).not.toContain(password);

    // The settings file names the database, never the password; no file of the data folder holds it in the clear.
    const settingsFile = readFileSync(join(deps.dataDir, SETTINGS_FILE), 'utf8');
    expect(settingsFile).toContain(`${login}@`);
    const files = filesUnder(deps.dataDir);
    expect(files.map((f) => f.path)).toContain(join(deps.dataDir, SETTINGS_FILE));
    expect(files.filter((f) => f.bytes.includes(password)).map((f) => f.path)).toEqual([]);

    // Forgetting it: the session starts again without it and cannot log in.
    const cleared = await call('vault.clear', { profileId: 'sandbox' });
    expect(cleared).toMatchObject({ ok: true, data: { present: { teamPassword: false } } });
    await until(async () => (await deps.teams!.active())?.status().reachable === false);
    expect((await deps.teams!.active())?.isCaller()).toBe(false);
  });

  it('is refused for a profile without a team database', async () => {
    const deps = createTestDeps();
    opened.push(deps);
    const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
    const refused = await dispatcher.dispatch(
      'vault.set',
      { profileId: 'sandbox', tickets: { teamPassword: 'nothing-to-log-in-to' } },
      null,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect((await deps.vault.get('sandbox')).teamPassword).toBeUndefined();
  });
});
