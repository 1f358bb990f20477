// The team database's forward migrations. The schema's version is the highest row of seller_desk.migrations;
// migration n (index n - 1) brings version n - 1 to n. All the steps of one run are one transaction, under a
// transaction-level advisory lock, so two desktops (or `desk team init` twice) migrating at once take turns and
// the second finds the work done, and a failure leaves the version it found. A database newer than this build is
// refused, never written.
import type { Sql } from 'postgres';
import { TEAM_V1_SQL } from './schema-v1';
import { TEAM_V2_SQL } from './schema-v2';
import { TEAM_V3_SQL } from './schema-v3';
import { TEAM_V4_SQL } from './schema-v4';
import { TEAM_V5_SQL } from './schema-v5';

const TEAM_SCHEMA = 'seller_desk';

/** Index n holds the migration from version n to n + 1. Released ones are frozen. */
export const TEAM_MIGRATIONS: readonly string[] = [
  TEAM_V1_SQL,
  TEAM_V2_SQL,
  TEAM_V3_SQL,
  TEAM_V4_SQL,
  TEAM_V5_SQL,
];
export const TEAM_VERSION = TEAM_MIGRATIONS.length;

/** The key of the advisory lock migrations take (the first half of a two-int key: 'sdmg'). */
const MIGRATE_LOCK = 0x73646d67;

export class TeamSchemaNewerError extends Error {
  readonly deskCode = 'TEAM_SCHEMA_NEWER';
  constructor(readonly found: number) {
    super(
      `The team database is at schema version ${found}, newer than this Seller Desk knows (${TEAM_VERSION}); update Seller Desk.`,
    );
  }
}

/** The schema's version: 0 when the database has no team schema yet. */
export async function teamSchemaVersion(sql: Sql): Promise<number> {
  const [row] = await sql<{ version: number | null }[]>`
    SELECT CASE WHEN to_regclass('seller_desk.migrations') IS NULL THEN 0 END AS version`;
  if (row?.version === 0) return 0;
  const [max] = await sql<{ version: number }[]>`
    SELECT coalesce(max(version), 0)::int AS version FROM seller_desk.migrations`;
  return max?.version ?? 0;
}

/** Brings the schema up to `target` (default: this build's version). Returns the versions before and after. */
export async function migrateTeam(
  sql: Sql,
  opts: { target?: number; migrations?: readonly string[] } = {},
): Promise<{ before: number; after: number }> {
  const migrations = opts.migrations ?? TEAM_MIGRATIONS;
  const target = opts.target ?? migrations.length;
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK}, 0)`;
    await tx
      .unsafe(
        `
      CREATE SCHEMA IF NOT EXISTS ${TEAM_SCHEMA};
      CREATE TABLE IF NOT EXISTS ${TEAM_SCHEMA}.migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now(),
        applied_by text NOT NULL DEFAULT session_user
      );
      REVOKE ALL ON SCHEMA ${TEAM_SCHEMA} FROM PUBLIC;
    `,
      )
      .simple();
    const before = await teamSchemaVersion(tx as unknown as Sql);
    if (before > migrations.length) throw new TeamSchemaNewerError(before);
    for (let v = before; v < target; v++) {
      const step = migrations[v];
      if (step === undefined) throw new Error(`No team migration from version ${v}`);
      await tx.unsafe(step).simple();
      await tx`INSERT INTO seller_desk.migrations (version) VALUES (${v + 1})`;
    }
    return { before, after: Math.max(before, target) };
  });
}

/** Registers a team (a shop) in the database; nothing happens when it is there already. */
export async function ensureTeam(sql: Sql, team: string): Promise<boolean> {
  const rows = await sql`
    INSERT INTO seller_desk.teams (team) VALUES (${team}) ON CONFLICT (team) DO NOTHING RETURNING team`;
  return rows.length > 0;
}
