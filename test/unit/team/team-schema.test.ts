// The team database's schema: versioned forward migrations, from every earlier version to the latest; init is
// idempotent and safe to run twice at once; a newer database is refused; every row carries its team key.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import {
  TEAM_MIGRATIONS,
  TEAM_VERSION,
  TeamSchemaNewerError,
  ensureTeam,
  migrateTeam,
  teamSchemaVersion,
} from '../../../src-main/team/migrate';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { client, closeClients, freshDatabase } from '../../support/team-db';

let pg: PgServer;
// initdb and the server's start take about a second; more on a loaded machine.
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});
afterEach(closeClients);

/** What the schema is, read from the catalog: tables and columns, constraints, indexes, triggers, policies, rights. */
async function catalog(sql: Sql): Promise<unknown> {
  const q = (text: string): Promise<unknown[]> => sql.unsafe(text).then((rows) => [...rows]);
  return {
    columns: await q(`SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
      FROM information_schema.columns WHERE table_schema = 'seller_desk' ORDER BY 1, 2`),
    constraints: await q(`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = 'seller_desk'::regnamespace ORDER BY 1, 2`),
    indexes: await q(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'seller_desk' ORDER BY 1`,
    ),
    triggers: await q(`SELECT tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'seller_desk'::regnamespace
      AND NOT t.tgisinternal ORDER BY 1, 2`),
    functions: await q(`SELECT proname, pg_get_functiondef(p.oid) AS def, proacl::text AS acl FROM pg_proc p
      WHERE pronamespace = 'seller_desk'::regnamespace ORDER BY 1`),
    policies: await q(`SELECT tablename, policyname, cmd, roles::text, qual, with_check FROM pg_policies
      WHERE schemaname = 'seller_desk' ORDER BY 1, 2`),
    rls: await q(`SELECT relname, relrowsecurity FROM pg_class
      WHERE relnamespace = 'seller_desk'::regnamespace AND relkind = 'r' ORDER BY 1`),
    rights: await q(`SELECT relname, relacl::text AS acl FROM pg_class
      WHERE relnamespace = 'seller_desk'::regnamespace AND relkind = 'r' ORDER BY 1`),
    columnRights: await q(`SELECT table_name, column_name, grantee, privilege_type
      FROM information_schema.column_privileges WHERE table_schema = 'seller_desk'
      AND grantee = 'seller_desk_member' ORDER BY 1, 2, 3, 4`),
    schemaRights: await q(`SELECT nspacl::text AS acl FROM pg_namespace WHERE nspname = 'seller_desk'`),
  };
}

describe('team schema migrations', () => {
  it('the versions are the migrations, one each', () => {
    expect(TEAM_VERSION).toBe(TEAM_MIGRATIONS.length);
    expect(TEAM_VERSION).toBeGreaterThanOrEqual(1);
  });

  it('a fresh database is migrated to the latest version; versions are recorded one by one', async () => {
    const sql = client(await freshDatabase(pg));
    expect(await teamSchemaVersion(sql)).toBe(0);
    expect(await migrateTeam(sql)).toEqual({ before: 0, after: TEAM_VERSION });
    expect(await teamSchemaVersion(sql)).toBe(TEAM_VERSION);
    const rows = await sql<
      { version: number }[]
    >`SELECT version FROM seller_desk.migrations ORDER BY version`;
    expect(rows.map((r) => r.version)).toEqual(Array.from({ length: TEAM_VERSION }, (_, i) => i + 1));
  });

  // Each earlier version (0: no schema) is built by the migrations up to it, given a team and a note where the
  // schema has them, then upgraded: it must end exactly as a database created at the latest version.
  const earlier = Array.from({ length: TEAM_VERSION }, (_, v) => v);
  it.each(earlier)(
    'from version %i to the latest: the same schema as a fresh one, data kept',
    async (from) => {
      const fresh = client(await freshDatabase(pg, 'fresh'));
      await migrateTeam(fresh);
      const old = client(await freshDatabase(pg, `from${from}`));
      await migrateTeam(old, { target: from });
      expect(await teamSchemaVersion(old)).toBe(from);
      if (from >= 1) await ensureTeam(old, 'kept');
      expect(await migrateTeam(old)).toEqual({ before: from, after: TEAM_VERSION });
      expect(await catalog(old)).toEqual(await catalog(fresh));
      if (from >= 1) {
        expect(await old`SELECT team FROM seller_desk.teams`).toEqual([{ team: 'kept' }]);
      }
    },
  );

  it('init run again changes nothing', async () => {
    const sql = client(await freshDatabase(pg));
    await migrateTeam(sql);
    await ensureTeam(sql, 'shop');
    const before = await catalog(sql);
    expect(await migrateTeam(sql)).toEqual({ before: TEAM_VERSION, after: TEAM_VERSION });
    expect(await ensureTeam(sql, 'shop')).toBe(false);
    expect(await catalog(sql)).toEqual(before);
    expect(await sql`SELECT count(*)::int AS n FROM seller_desk.migrations`).toEqual([{ n: TEAM_VERSION }]);
  });

  it('two inits at once: one migrates, the other finds the work done', async () => {
    const url = await freshDatabase(pg);
    const a = client(url);
    const b = client(url);
    const results = await Promise.all([migrateTeam(a), migrateTeam(b)]);
    expect(results.map((r) => r.before).sort()).toEqual([0, TEAM_VERSION]);
    expect(await teamSchemaVersion(a)).toBe(TEAM_VERSION);
  });

  it('a database newer than this build is refused and left as it is', async () => {
    const sql = client(await freshDatabase(pg));
    await migrateTeam(sql);
    await sql`INSERT INTO seller_desk.migrations (version) VALUES (${TEAM_VERSION + 1})`;
    await expect(migrateTeam(sql)).rejects.toBeInstanceOf(TeamSchemaNewerError);
    expect(await teamSchemaVersion(sql)).toBe(TEAM_VERSION + 1);
  });

  it('a failing migration leaves the version it found', async () => {
    const sql = client(await freshDatabase(pg));
    const broken = [...TEAM_MIGRATIONS, 'CREATE TABLE seller_desk.x (a int); SELECT 1/0;'];
    await expect(migrateTeam(sql, { migrations: broken })).rejects.toThrow(/division by zero/);
    expect(await teamSchemaVersion(sql)).toBe(0);
    expect(await sql`SELECT to_regclass('seller_desk.teams') AS t`).toEqual([{ t: null }]);
  });

  it('every shared row carries its team key, and what belongs to a connection its connection key', async () => {
    const sql = client(await freshDatabase(pg));
    await migrateTeam(sql);
    const cols = await sql<{ table_name: string; column_name: string }[]>`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'seller_desk'`;
    const tables = new Map<string, Set<string>>();
    for (const c of cols)
      tables.set(c.table_name, (tables.get(c.table_name) ?? new Set()).add(c.column_name));
    for (const [table, columns] of tables) {
      if (table === 'migrations') continue;
      expect(columns.has('team'), table).toBe(true);
    }
    for (const table of ['notes', 'coverage', 'sync_outcome', 'marks', 'history', 'change_log']) {
      expect(tables.get(table)?.has('connection'), table).toBe(true);
    }
  });
});
