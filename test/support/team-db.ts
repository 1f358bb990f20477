// Helpers for the team database's tests: a migrated database per test on the file's server, clients that are
// closed after the test, and polling a condition (never a timed assertion).
import postgres from 'postgres';
import type { Sql } from 'postgres';
import { ensureTeam, migrateTeam } from '../../src-main/team/migrate';
import type { PgServer } from './postgres';

let counter = 0;
const clients: Sql[] = [];

/** A client closed by closeClients() (call it in afterEach). */
export function client(url: string, max = 2): Sql {
  const sql = postgres(url, { max, onnotice: () => {} });
  clients.push(sql);
  return sql;
}

export async function closeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.end({ timeout: 1 })));
}

/** A fresh, empty database; its superuser URL. */
export async function freshDatabase(pg: PgServer, prefix = 'team'): Promise<string> {
  counter += 1;
  return pg.createDatabase(`${prefix}_${process.pid}_${counter}`);
}

/** A fresh database at the latest schema with the given teams registered; the superuser's client. */
export async function teamDatabase(
  pg: PgServer,
  teams: readonly string[] = ['shop'],
): Promise<{ url: string; database: string; sql: Sql }> {
  const url = await freshDatabase(pg);
  const sql = client(url, 4);
  await migrateTeam(sql);
  for (const t of teams) await ensureTeam(sql, t);
  return { url, database: new URL(url).pathname.slice(1), sql };
}

/** Polls `check` until it is true; fails after `limitMs` (a ceiling for a hung test, not a measured figure). */
export async function until(check: () => boolean | Promise<boolean>, limitMs = 15_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - start > limitMs) throw new Error(`condition not met within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
