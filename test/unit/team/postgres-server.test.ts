// The test suite's own PostgreSQL (test/support/postgres.ts): a real server on a loopback port, reached with a
// password, run as an unprivileged user when the tests run as root.
import postgres from 'postgres';
import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';

let pg: PgServer;
// initdb and the server's start take about a second; more on a loaded machine.
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe('the test PostgreSQL server', () => {
  it('answers on loopback with password authentication, as a server of version 14 or newer', async () => {
    const sql = postgres(pg.url(), { max: 1 });
    try {
      const [row] = await sql<{ version: number; addr: string }[]>`
        SELECT current_setting('server_version_num')::int AS version, host(inet_server_addr()) AS addr`;
      expect(row!.version).toBeGreaterThanOrEqual(140000);
      expect(row!.addr).toBe('127.0.0.1');
    } finally {
      await sql.end();
    }
  });

  it('refuses a wrong password', async () => {
    const sql = postgres(pg.url({ user: pg.superuser, password: 'wrong' }), { max: 1 });
    try {
      await expect(sql`SELECT 1`).rejects.toThrow(/password authentication failed/);
    } finally {
      await sql.end();
    }
  });

  it('runs the server as an unprivileged user when the tests run as root', async () => {
    const sql = postgres(pg.url(), { max: 1 });
    try {
      // The data directory's owner is the server's account; pg_stat_file works for a superuser.
      const [row] = await sql<{ dir: string }[]>`SELECT current_setting('data_directory') AS dir`;
      expect(row!.dir).toMatch(/data$/);
    } finally {
      await sql.end();
    }
    const { statSync } = await import('node:fs');
    const owner = statSync(`/proc/${pg.pid}`).uid;
    if (userInfo().uid === 0) expect(owner).not.toBe(0);
    else expect(owner).toBe(userInfo().uid);
  });
});
