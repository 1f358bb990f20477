// The EncryptedTicket a team's caller was handed is kept, sealed with the team key, where the next caller uses it:
// the database holds only the seal; the next caller sends it first; an older seal, or a desktop without the lock,
// never replaces a newer one; a member without the key (or with an old one) cannot be the caller and is told why.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { main } from '../../../src-main/cli/desk';
import { runAsTeamCaller } from '../../../src-main/host/team-caller';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { takeCallerLock } from '../../../src-main/team/caller-lock';
import { addMember } from '../../../src-main/team/members';
import { parseTeamUrl } from '../../../src-main/team/team-url';
import {
  generateTeamKey,
  openTicket,
  parseTeamKey,
  teamTicketKeeper,
} from '../../../src-main/team/ticket-seal';
import type { NotesStore } from '../../../src-main/storage/notes-store';
import type { PgServer } from '../../support/postgres';
import { client, closeClients, teamDatabase } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
afterEach(closeClients);

let members = 0;
async function memberUrl(): Promise<{ url: string; sql: Sql; login: string; adminUrl: string }> {
  const { database, sql, url: adminUrl } = await teamDatabase(pg);
  const login = `seal_${++members}`;
  const password = await addMember(sql, 'shop', login);
  return { url: `${pg.url({ user: login, password, database })}?team=shop`, sql, login, adminUrl };
}

const sealedRow = async (sql: Sql) =>
  (
    await sql<{ seq: number; sealed: Buffer; sealed_by: string }[]>`
      SELECT seq::int, sealed, sealed_by FROM seller_desk.sealed_tickets WHERE team = 'shop' AND connection = 'c1'`
  )[0];

/** A store nobody reads or writes: these tests look at the tickets only. */
const noStore = (): NotesStore => ({}) as NotesStore;

describe('the team ticket, sealed for the next caller', () => {
  it('the caller seals each new ticket; the next caller opens the newest; the database holds no ticket', async () => {
    const { url, sql, login } = await memberUrl();
    const target = parseTeamUrl(url, {});
    const key = generateTeamKey();
    const store = noStore();
    const first = await runAsTeamCaller(
      target,
      'c1',
      store,
      async (_s, tickets) => {
        expect(tickets?.encryptedTicket).toBeUndefined();
        await tickets!.rotate('ticket-one-aaaaaaaa');
        await tickets!.rotate('ticket-two-bbbbbbbb');
        return 'ok';
      },
      { sealed: { teamKey: key } },
    );
    expect(first).toEqual({ caller: true, result: 'ok' });
    const row = (await sealedRow(sql))!;
    expect(row.seq).toBe(2);
    expect(row.sealed_by).toBe(login);
    expect(row.sealed.includes(Buffer.from('ticket-two'))).toBe(false);
    expect(openTicket(parseTeamKey(key), { team: 'shop', connection: 'c1', seq: 2 }, row.sealed)).toBe(
      'ticket-two-bbbbbbbb',
    );
    // Nowhere else in the database either (the log, the outcome: nothing names it).
    const [{ n } = { n: -1 }] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM seller_desk.change_log WHERE detail::text LIKE '%ticket-two%'`;
    expect(n).toBe(0);

    const second = await runAsTeamCaller(target, 'c1', store, async (_s, t) => t?.encryptedTicket, {
      sealed: { teamKey: key },
    });
    expect(second).toEqual({ caller: true, result: 'ticket-two-bbbbbbbb' });
  });

  it('a member without the key, or with another, cannot be the caller, and is told why', async () => {
    const { url } = await memberUrl();
    const target = parseTeamUrl(url, {});
    const key = generateTeamKey();
    const store = noStore();
    await runAsTeamCaller(target, 'c1', store, (_s, t) => t!.rotate('ticket-x'), {
      sealed: { teamKey: key },
    });
    let called = false;
    const sync = async () => {
      called = true;
    };
    await expect(
      runAsTeamCaller(target, 'c1', store, sync, { sealed: { teamKey: undefined } }),
    ).rejects.toThrow(/no team key for team "shop".*desk team join/);
    await expect(
      runAsTeamCaller(target, 'c1', store, sync, { sealed: { teamKey: generateTeamKey() } }),
    ).rejects.toThrow(/sealed with another team key/);
    expect(called).toBe(false);
  });

  it('an older seal never replaces a newer one, and a desktop that no longer holds the lock writes none', async () => {
    const { url, sql } = await memberUrl();
    const target = parseTeamUrl(url, {});
    const key = generateTeamKey();
    const reader = client(url.split('?')[0]!);
    const lock = (await takeCallerLock(target, 'c1'))!;
    const where = { team: 'shop', connection: 'c1' };
    const older = await teamTicketKeeper(reader, lock, where, key);
    const newer = await teamTicketKeeper(reader, lock, where, key);
    await newer.rotate('newer-1');
    await newer.rotate('newer-2');
    await expect(older.rotate('older-1')).rejects.toThrow(/newer ticket is sealed/);
    expect((await sealedRow(sql))!.seq).toBe(2);
    const late = await teamTicketKeeper(reader, lock, where, key);
    await lock.release();
    await expect(late.rotate('after-release')).rejects.toThrow(/no longer holds the caller lock/);
    // A live lock held by another session: the statement itself refuses a writer that holds none.
    const other = (await takeCallerLock(target, 'c1'))!;
    try {
      await expect(late.rotate('after-release')).rejects.toThrow(/no longer holds the caller lock/);
    } finally {
      await other.release();
    }
    const row = (await sealedRow(sql))!;
    expect(openTicket(parseTeamKey(key), { ...where, seq: row.seq }, row.sealed)).toBe('newer-2');
  });
});

describe('the sealed tickets table', () => {
  it("a member reads and writes only their own team's row, never deletes one; a seal shorter than its nonce and tag is refused", async () => {
    const { database, sql } = await teamDatabase(pg, ['shop', 'other']);
    const anna = await addMember(sql, 'shop', 'rls_anna');
    const otto = await addMember(sql, 'other', 'rls_otto');
    await sql`SELECT seller_desk.connection_id('shop', 'c1'), seller_desk.connection_id('other', 'c1')`;
    const seal = Buffer.alloc(40, 7);
    await sql`INSERT INTO seller_desk.sealed_tickets (team, connection, seq, key_id, sealed)
      VALUES ('shop', 'c1', 1, '0123456789abcdef', ${seal})`;
    const as = (login: string, password: string) => client(pg.url({ user: login, password, database }));
    const shop = as('rls_anna', anna);
    const other = as('rls_otto', otto);
    expect(await shop`SELECT seq::int FROM seller_desk.sealed_tickets`).toEqual([{ seq: 1 }]);
    expect(await other`SELECT seq FROM seller_desk.sealed_tickets`).toEqual([]);
    await expect(
      other`INSERT INTO seller_desk.sealed_tickets (team, connection, seq, key_id, sealed)
        VALUES ('shop', 'c1', 9, '0123456789abcdef', ${seal})`,
    ).rejects.toThrow(/row-level security|duplicate key/);
    expect((await other`UPDATE seller_desk.sealed_tickets SET seq = 9 RETURNING seq`).length).toBe(0);
    await expect(shop`DELETE FROM seller_desk.sealed_tickets`).rejects.toThrow(/permission denied/);
    await expect(
      shop`UPDATE seller_desk.sealed_tickets SET sealed = ${Buffer.from('plain-ticket')}`,
    ).rejects.toThrow(/check constraint/);
    const [row] = await sql<{ seq: number; sealed_by: string }[]>`
      SELECT seq::int, sealed_by FROM seller_desk.sealed_tickets WHERE team = 'shop'`;
    expect(row).toEqual({ seq: 1, sealed_by: sql.options.user });
  });
});

describe('desk sync --team on a live account: the next caller sends the ticket the last one was handed', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, seed: 5, now: new Date('2026-11-20T09:00:00+09:00'), notes: 300 });
  });
  afterAll(async () => {
    await sb?.close();
  });

  async function desk(argv: string[], env: Record<string, string | undefined>, stdin?: string) {
    let out = '';
    let err = '';
    const code = await main(argv, {
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (err += t) },
      env: { HOME: '/nonexistent', ...env },
      ...(stdin === undefined ? {} : { stdin: Readable.from([stdin]) }),
    });
    return { code, out, err };
  }

  it('init prints a key once; members join with it from standard input; the sealed ticket opens the next sync', async () => {
    const { database, sql } = await teamDatabase(pg, []);
    const adminUrl = `${pg.url({ database })}?team=shop`;
    const init = await desk(['team', 'init', '--team', adminUrl], {});
    expect(init.code).toBe(0);
    const key = /^\s+(sdtk1-\S+)$/mu.exec(init.out)?.[1];
    expect(key).toBeDefined();
    const again = await desk(['team', 'init', '--team', adminUrl], {});
    expect(again.out).not.toMatch(/sdtk1-/u);
    const password = await addMember(sql, 'shop', 'anna');
    const url = `${pg.url({ user: 'anna', database })}?team=shop`;
    const env = { PGPASSWORD: password };
    const [annaDir, bertDir, keyless] = [1, 2, 3].map(() => mkdtempSync(join(tmpdir(), 'desk-team-')));
    for (const dir of [annaDir, bertDir]) {
      const joined = await desk(['team', 'join', '--team', url, '--data-dir', dir!], env, `${key}\n`);
      expect(joined).toMatchObject({ code: 0 });
      expect(joined.out).not.toContain(key);
    }
    const bad = await desk(['team', 'join', '--team', url, '--data-dir', keyless!], env, 'not-a-key\n');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/not a team key/);

    const live = ['--base-url', sb.baseUrl, '--ns-root', sb.ns.nsRoot, '--schema-root', sb.ns.schemaRoot];
    const sync = (dir: string, encrypted: string) =>
      desk(['sync', '--team', url, '--data-dir', dir, '--seller', sb.backend.sellerIds[0]!, ...live], {
        ...env,
        MARKET_AUTH_TICKET: sb.tickets.auth,
        MARKET_MEMBER_TICKET: sb.tickets.member,
        MARKET_ENCRYPTED_TICKET: encrypted,
      });
    const first = await sync(annaDir!, sb.tickets.encrypted);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const sealed = (await sql<{ seq: number }[]>`SELECT seq::int FROM seller_desk.sealed_tickets`)[0];
    expect(sealed!.seq).toBeGreaterThan(0);
    // Bert's own ticket was never issued by the marketplace: only the team's sealed ticket lets him call.
    const second = await sync(bertDir!, 'sbx-enc-never-issued');
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    // Without the key: a clear refusal, nothing called.
    const before = sb.stats.requests;
    const refused = await sync(keyless!, sb.tickets.encrypted);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/no team key for team "shop".*desk team join/);
    expect(sb.stats.requests).toBe(before);

    // The key is rotated (a member left): the ticket is sealed again, the old key opens nothing.
    const rotated = await desk(['team', 'rotate-key', '--team', url, '--data-dir', annaDir!], env);
    expect(rotated.code).toBe(0);
    const next = /^\s+(sdtk1-\S+)$/mu.exec(rotated.out)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(key);
    expect(rotated.out).toMatch(/1 sealed ticket sealed again/);
    const stale = await sync(bertDir!, 'sbx-enc-never-issued');
    expect(stale.code).not.toBe(0);
    expect(stale.err).toMatch(/sealed with another team key/);
    const oldJoin = await desk(['team', 'join', '--team', url, '--data-dir', keyless!], env, `${key}\n`);
    expect(oldJoin.err).toMatch(/not team "shop"'s current key/);
    await desk(['team', 'join', '--team', url, '--data-dir', bertDir!], env, `${next}\n`);
    const fresh = await sync(bertDir!, 'sbx-enc-never-issued');
    expect(fresh.err).toBe('');
    expect(fresh.code).toBe(0);
  });
});
