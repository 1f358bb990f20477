// Members: each person logs in as themselves, with only a member's rights. History is written by the database
// (its author the session's login, whatever the client sends) and is never rewritten or deleted; a member sees
// and writes only their own team's rows.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { addMember, listMembers, removeMember, scramVerifier } from '../../../src-main/team/members';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { client, closeClients, teamDatabase } from '../../support/team-db';

let pg: PgServer;
// initdb and the server's start take about a second; more on a loaded machine.
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});
afterEach(closeClients);

let n = 0;
/** A team database with one member; the admin's client and the member's. */
async function withMember(teams: string[] = ['shop']): Promise<{ admin: Sql; member: Sql; login: string }> {
  const { sql: admin, database } = await teamDatabase(pg, teams);
  await admin`SELECT seller_desk.connection_id('shop', 'c1')`;
  n += 1;
  const login = `anna_${process.pid}_${n}`;
  const password = await addMember(admin, 'shop', login);
  const member = client(pg.url({ user: login, password, database }));
  return { admin, member, login };
}

const markAs = (sql: Sql, seqNo: number, extra: Record<string, unknown> = {}): Promise<unknown> =>
  sql`INSERT INTO seller_desk.marks ${sql({
    team: 'shop',
    connection: 'c1',
    seq_no: seqNo,
    handled: true,
    memo: 'called back',
    updated_at: 1,
    ...extra,
  })}`;

describe('team members', () => {
  it('add-member makes a login with a fresh password, a member of the group only', async () => {
    const { admin, member, login } = await withMember();
    const [me] = await member<{ user: string }[]>`SELECT session_user AS user`;
    expect(me?.user).toBe(login);
    const [role] = await admin<
      { super: boolean; createrole: boolean; createdb: boolean; groups: string[] }[]
    >`
      SELECT rolsuper AS super, rolcreaterole AS createrole, rolcreatedb AS createdb,
        ARRAY(SELECT b.rolname::text FROM pg_auth_members m JOIN pg_roles b ON b.oid = m.roleid
              WHERE m.member = r.oid) AS groups
      FROM pg_roles r WHERE rolname = ${login}`;
    expect(role).toEqual({
      super: false,
      createrole: false,
      createdb: false,
      groups: ['seller_desk_member'],
    });
    expect((await listMembers(admin, 'shop')).map((m) => m.login)).toEqual([login]);
  });

  it('the password is stored as a SCRAM verifier the server accepts; a wrong one is refused', async () => {
    const { sql: admin, database } = await teamDatabase(pg);
    const password = await addMember(admin, 'shop', `ben_${process.pid}`);
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const ok = client(pg.url({ user: `ben_${process.pid}`, password, database }));
    expect(await ok`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    const bad = client(pg.url({ user: `ben_${process.pid}`, password: `${password}x`, database }));
    await expect(bad`SELECT 1`).rejects.toThrow(/password authentication failed/);
    expect(scramVerifier('pencil', Buffer.from('salt'))).toMatch(
      /^SCRAM-SHA-256\$4096:c2FsdA==\$[^:]+:[^:]+$/,
    );
  });

  it("a member's login trying to update or delete history is refused", async () => {
    const { member } = await withMember();
    await markAs(member, 1);
    expect(await member`SELECT count(*)::int AS n FROM seller_desk.history`).toEqual([{ n: 1 }]);
    await expect(member`UPDATE seller_desk.history SET author = 'someone'`).rejects.toThrow(
      /permission denied/,
    );
    await expect(member`DELETE FROM seller_desk.history`).rejects.toThrow(/permission denied/);
    await expect(member`TRUNCATE seller_desk.history`).rejects.toThrow(/permission denied/);
    await expect(
      member`INSERT INTO seller_desk.history (team, connection, seq_no, after, author)
             VALUES ('shop', 'c1', 1, '{}', 'someone')`,
    ).rejects.toThrow(/permission denied/);
    await expect(member`UPDATE seller_desk.change_log SET kind = 'sync'`).rejects.toThrow(
      /permission denied/,
    );
    await expect(member`DELETE FROM seller_desk.change_log`).rejects.toThrow(/permission denied/);
    expect(await member`SELECT count(*)::int AS n FROM seller_desk.history`).toEqual([{ n: 1 }]);
  });

  it("the history's author is the member's login even when the client asserts another", async () => {
    const { admin, member, login } = await withMember();
    await markAs(member, 1, { changed_by: pg.superuser });
    await member`UPDATE seller_desk.marks SET memo = 'sent a coupon', changed_by = ${pg.superuser} WHERE seq_no = 1`;
    await member`INSERT INTO seller_desk.change_log (team, connection, kind) VALUES ('shop', 'c1', 'sync-request')`;
    await expect(
      member`INSERT INTO seller_desk.change_log (team, kind, author) VALUES ('shop', 'sync-request', 'someone')`,
    ).rejects.toThrow(/permission denied/);
    await expect(member`SET ROLE ${member(pg.superuser)}`).rejects.toThrow(/permission denied/);
    await expect(member.unsafe(`SET SESSION AUTHORIZATION ${pg.superuser}`)).rejects.toThrow(
      /permission denied/,
    );
    const history = await admin<{ author: string; before: unknown; after: unknown }[]>`
      SELECT author, before, after FROM seller_desk.history ORDER BY id`;
    expect(history).toEqual([
      { author: login, before: null, after: { handled: true, memo: 'called back' } },
      {
        author: login,
        before: { handled: true, memo: 'called back' },
        after: { handled: true, memo: 'sent a coupon' },
      },
    ]);
    expect(await admin`SELECT changed_by FROM seller_desk.marks`).toEqual([{ changed_by: login }]);
    const log = await admin<{ author: string }[]>`SELECT author FROM seller_desk.change_log ORDER BY pos`;
    expect(log.map((e) => e.author)).toEqual([login, login, login]);
  });

  it("a member sees and writes only their own team's rows: two shops with the same SeqNos never mix", async () => {
    const { admin, member } = await withMember(['shop', 'other']);
    await admin`SELECT seller_desk.connection_id('other', 'c1')`;
    await admin`INSERT INTO seller_desk.marks (team, connection, seq_no, handled, memo, updated_at)
      VALUES ('other', 'c1', 1, true, 'theirs', 1)`;
    await markAs(member, 1);
    expect(await member`SELECT team, memo FROM seller_desk.marks`).toEqual([
      { team: 'shop', memo: 'called back' },
    ]);
    expect(await member`SELECT DISTINCT team FROM seller_desk.history`).toEqual([{ team: 'shop' }]);
    expect(await member`SELECT team FROM seller_desk.teams`).toEqual([{ team: 'shop' }]);
    await expect(
      member`INSERT INTO seller_desk.marks (team, connection, seq_no, handled, memo, updated_at)
             VALUES ('other', 'c1', 2, true, 'x', 1)`,
    ).rejects.toThrow(/row-level security/);
    await expect(member`SELECT seller_desk.connection_id('other', 'c2')`).rejects.toThrow(/not a member/);
    const updated = await member`UPDATE seller_desk.marks SET memo = 'mine now' WHERE team = 'other'`;
    expect(updated.count).toBe(0);
    expect(await admin`SELECT memo FROM seller_desk.marks WHERE team = 'other'`).toEqual([
      { memo: 'theirs' },
    ]);
  });

  it('remove-member ends their sessions and drops the login; history keeps their name', async () => {
    const { admin, member, login } = await withMember();
    await markAs(member, 1);
    const result = await removeMember(admin, 'shop', login);
    expect(result.dropped).toBe(true);
    expect(result.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(await admin`SELECT 1 FROM pg_roles WHERE rolname = ${login}`).toEqual([]);
    await expect(member`SELECT 1`).rejects.toThrow();
    expect(await admin`SELECT author FROM seller_desk.history`).toEqual([{ author: login }]);
    const [row] = await listMembers(admin, 'shop');
    expect(row?.removedAt).toBeInstanceOf(Date);
    await expect(removeMember(admin, 'shop', login)).rejects.toThrow(/not a member/);
  });

  it('refuses a login name that is not a plain lower-case name, and a login that exists', async () => {
    const { sql: admin } = await teamDatabase(pg);
    for (const bad of ['Anna', 'a b', 'a"; DROP TABLE x; --', 'pg_x', '', 'seller_desk_member']) {
      await expect(addMember(admin, 'shop', bad)).rejects.toThrow(/cannot be a member's login/);
    }
    await expect(addMember(admin, 'shop', pg.superuser)).rejects.toThrow(/exists already/);
    await expect(addMember(admin, 'nosuch', `x_${process.pid}`)).rejects.toThrow(/does not exist/);
  });
});
