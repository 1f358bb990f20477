// `desk team init | add-member | remove-member | status` against a real PostgreSQL, in process: the database named
// by --team URL or SELLER_DESK_TEAM, the password from the URL, PGPASSWORD or .pgpass and never printed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import { takeCallerLock } from '../../../src-main/team/caller-lock';
import { TEAM_VERSION } from '../../../src-main/team/migrate';
import { parseTeamUrl, pgpassPassword, redactTeamSecrets } from '../../../src-main/team/team-url';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { closeClients, freshDatabase } from '../../support/team-db';

let pg: PgServer;
// initdb and the server's start take about a second; more on a loaded machine.
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});
afterEach(closeClients);

async function desk(
  argv: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    env: { HOME: '/nonexistent', ...env },
  });
  return { code, out, err };
}

const withTeam = (url: string, team = 'shop'): string => `${url}?team=${team}`;

describe('desk team', () => {
  it('init creates the schema and the team; run again it changes nothing', async () => {
    const url = withTeam(await freshDatabase(pg));
    const first = await desk(['team', 'init', '--team', url]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain(`schema version ${TEAM_VERSION} (was 0)`);
    expect(first.out).toContain('Team "shop" created.');
    const again = await desk(['team', 'init', '--team', url]);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`schema version ${TEAM_VERSION} (unchanged)`);
    expect(again.out).toContain('Team "shop" was there already.');
  });

  it('add-member prints a password once; the member logs in with it and sees the team; remove-member ends it', async () => {
    const admin = await freshDatabase(pg);
    const database = new URL(admin).pathname.slice(1);
    await desk(['team', 'init', '--team', withTeam(admin)]);
    const login = `cara_${process.pid}`;
    const added = await desk(['team', 'add-member', login, '--team', withTeam(admin)]);
    expect(added.code).toBe(0);
    const password = /^ {2}(\S{32})$/mu.exec(added.out)?.[1];
    expect(password).toBeDefined();
    expect(added.out.split(password!)).toHaveLength(2);
    expect(added.out).toContain(`--team postgres://${login}@127.0.0.1:${pg.port}/${database}?team=shop`);

    // As the member: the password from PGPASSWORD, the URL through SELLER_DESK_TEAM.
    const memberUrl = withTeam(pg.url({ user: login, password: '', database }));
    const status = await desk(['team', 'status'], { SELLER_DESK_TEAM: memberUrl, PGPASSWORD: password });
    expect(status.err).toBe('');
    expect(status.out).toContain(`Members (1)\n  ${login}  added `);
    expect(status.out).toContain('nobody holds a caller lock');
    expect(status.out).not.toContain(password!);

    const removed = await desk(['team', 'remove-member', login, '--team', withTeam(admin)]);
    expect(removed.code).toBe(0);
    expect(removed.out).toContain('login dropped');
    const after = await desk(['team', 'status'], { SELLER_DESK_TEAM: memberUrl, PGPASSWORD: password });
    expect(after.code).toBe(1);
    expect(after.err).toContain(`refused the login ${login}`);
  });

  it('status names who holds the caller lock of each connection', async () => {
    const admin = await freshDatabase(pg);
    const database = new URL(admin).pathname.slice(1);
    await desk(['team', 'init', '--team', withTeam(admin)]);
    const login = `dan_${process.pid}`;
    const added = await desk(['team', 'add-member', login, '--team', withTeam(admin), '--format', 'json']);
    const { password } = JSON.parse(added.out) as { password: string };
    const lock = await takeCallerLock(
      parseTeamUrl(withTeam(pg.url({ user: login, password, database })), {}),
      'c1',
    );
    try {
      const status = await desk(['team', 'status', '--team', withTeam(admin)]);
      expect(status.out).toMatch(new RegExp(`Caller lock\\n  c1  held by ${login}`));
      const json = JSON.parse(
        (await desk(['team', 'status', '--team', withTeam(admin), '--format', 'json'])).out,
      );
      expect(json.callerLock.map((h: { login: string }) => h.login)).toEqual([login]);
    } finally {
      await lock?.release();
    }
  });

  it('reads the password from .pgpass when neither the URL nor PGPASSWORD has one', async () => {
    const admin = await freshDatabase(pg);
    const database = new URL(admin).pathname.slice(1);
    const dir = mkdtempSync(join(tmpdir(), 'pgpass-'));
    const file = join(dir, 'pgpass');
    writeFileSync(file, `# the team\nlocalhost:*:${database}:${pg.superuser}:${pg.password}\n`, {
      mode: 0o600,
    });
    const url = withTeam(pg.url({ password: '', database }).replace(`:${pg.port}`, `:${pg.port}`));
    const bare = url.replace(/\/\/([^:@]+):?[^@]*@/u, '//$1@');
    expect(bare).not.toContain(pg.password);
    const ok = await desk(['team', 'init', '--team', bare], { PGPASSFILE: file });
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
  });

  it('never prints the password: wrong password, unreachable server, --debug, from the URL or PGPASSWORD', async () => {
    const database = new URL(await freshDatabase(pg)).pathname.slice(1);
    const secret = 'S3cret:p@ss/wörd%';
    const encoded = encodeURIComponent(secret);
    const wrongUrl = `postgres://${pg.superuser}:${encoded}@127.0.0.1:${pg.port}/${database}?team=shop`;
    const closed = `postgres://${pg.superuser}:${encoded}@127.0.0.1:1/${database}?team=shop`;
    const bare = `postgres://${pg.superuser}@127.0.0.1:1/${database}?team=shop`;
    const runs = [
      await desk(['team', 'status', '--team', wrongUrl]),
      await desk(['team', 'init', '--team', wrongUrl, '--debug']),
      await desk(['team', 'status', '--team', closed]),
      await desk(['team', 'add-member', 'x', '--team', closed, '--debug']),
      await desk(['team', 'status'], { SELLER_DESK_TEAM: closed }),
      await desk(['team', 'status', '--team', bare], { PGPASSWORD: secret }),
      await desk(['team', 'status', '--team', wrongUrl.replace('team=shop', 'team=bad name')]),
      await desk(['team', 'status', '--team', `${wrongUrl}&team=other`]),
      await desk(['team', 'bogus', '--team', wrongUrl]),
    ];
    expect(runs.map((r) => r.code)).toEqual([1, 1, 4, 4, 4, 4, 2, 2, 2]);
    for (const r of runs) {
      expect(r.err).toMatch(/^desk: /u);
      for (const form of [secret, encoded, 'S3cret']) {
        expect(r.err).not.toContain(form);
        expect(r.out).not.toContain(form);
      }
    }
    expect(runs[0]!.err).toContain(`refused the login ${pg.superuser}`);
    expect(runs[2]!.err).toContain('cannot be reached: postgres://');
  });

  it('asks for a URL when neither --team nor SELLER_DESK_TEAM is given, and takes no endpoint flags', async () => {
    const none = await desk(['team', 'status']);
    expect(none.code).toBe(2);
    expect(none.err).toContain('--team URL or SELLER_DESK_TEAM');
    const seeded = await desk(['team', 'status', '--seed', '3', '--team', 'postgres://a@127.0.0.1:1/x']);
    expect(seeded.code).toBe(2);
    expect(seeded.err).toContain('team does not take --seed');
  });
});

describe('team URL helpers', () => {
  it('redacts a password in every form it takes, and any URL password', () => {
    const line = 'postgres://u:hidden@h/db failed; pw S3c%3Aret and S3c:ret and hunter2';
    const out = redactTeamSecrets(line, ['S3c:ret', 'hunter2']);
    expect(out).toBe('postgres://u:***@h/db failed; pw *** and *** and ***');
  });

  it('reads .pgpass as libpq does: escapes, wildcards, the first match', () => {
    const text = [
      '# comment',
      'other:5432:db:anna:no',
      'db.example:*:shop:anna:pa\\:ss\\\\word',
      '*:*:*:anna:fallback',
    ].join('\n');
    const t = { host: 'db.example', port: 6543, database: 'shop', user: 'anna' };
    expect(pgpassPassword(text, t)).toBe('pa:ss\\word');
    expect(pgpassPassword(text, { ...t, database: 'x' })).toBe('fallback');
    expect(pgpassPassword(text, { ...t, user: 'ben' })).toBeUndefined();
  });

  it('takes the team from the URL and keeps other parameters for the client', () => {
    const t = parseTeamUrl('postgresql://anna:pw@[::1]:6543/shopdb?team=north&sslmode=require', {});
    expect(t).toMatchObject({
      host: '::1',
      port: 6543,
      database: 'shopdb',
      user: 'anna',
      team: 'north',
      password: 'pw',
      passwordFrom: 'url',
      params: { sslmode: 'require' },
    });
    expect(parseTeamUrl('postgres://anna@h/db', { PGPASSWORD: 'x' })).toMatchObject({
      team: 'default',
      passwordFrom: 'PGPASSWORD',
    });
  });
});
