// One client of a team database (postgres by porsager), and what its failures say: a message with the server and
// the cause, the password redacted, and a desk code the command line turns into its exit code.
import postgres from 'postgres';
import type { Sql } from 'postgres';
import type { TeamTarget } from './team-url';
import { describeTarget, redactTeamSecrets } from './team-url';

export interface TeamDb {
  readonly sql: Sql;
  readonly target: TeamTarget;
  close(): Promise<void>;
}

export class TeamDbError extends Error {
  constructor(
    message: string,
    readonly deskCode:
      'NETWORK' | 'TEAM_AUTH' | 'TEAM_DENIED' | 'TEAM_DB' | 'TEAM_DISK_FULL' | 'TEAM_RESTARTED' | 'ABORTED',
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'TeamDbError';
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now: the server stops or starts (a restart, an upgrade). */
const RESTARTING = new Set(['57P01', '57P02', '57P03']);

/** A client's failure as the desk tells it: the cause, where, and nothing secret. */
export function teamDbError(err: unknown, target: TeamTarget): Error {
  // The desk's own errors (a member refused, a newer schema) carry their code and name no secret.
  if (err instanceof TeamDbError || typeof Reflect.get(Object(err), 'deskCode') === 'string')
    return err as Error;
  const code = typeof err === 'object' && err !== null ? String(Reflect.get(err, 'code') ?? '') : '';
  const raw = err instanceof Error ? err.message : String(err);
  const clean = (s: string): string => redactTeamSecrets(s, [target.password]);
  const where = describeTarget(target);
  if (UNREACHABLE.has(code)) {
    return new TeamDbError(
      `The team database cannot be reached: ${where}.`,
      'NETWORK',
      clean(`${code}: ${raw}`),
    );
  }
  if (code === '28P01' || code === '28000') {
    return new TeamDbError(
      `The team database refused the login ${target.user}: check the password (the URL, PGPASSWORD or .pgpass).`,
      'TEAM_AUTH',
      clean(`${code}: ${raw}`),
    );
  }
  if (code === '53100') {
    return new TeamDbError(
      `The team database's disk is full (${where}): it refused this write and keeps everything it confirmed before; free space on its server, then sync again.`,
      'TEAM_DISK_FULL',
      clean(`${code}: ${raw}`),
    );
  }
  if (RESTARTING.has(code)) {
    return new TeamDbError(
      `The team database shut down or restarted (${where}): this sync stopped, and everything the database confirmed before is kept; sync again when it is back.`,
      'TEAM_RESTARTED',
      clean(`${code}: ${raw}`),
    );
  }
  if (code === '42501') {
    return new TeamDbError(`The team database refused: ${clean(raw)}.`, 'TEAM_DENIED', code);
  }
  return new TeamDbError(`The team database failed: ${clean(raw)}`, 'TEAM_DB', code || undefined);
}

export interface TeamDbOptions {
  /** Connections in the pool (default 4). */
  max?: number;
  /**
   * A connection that holds a session-level lock: never closed for being idle or old, and the server told to probe
   * the client often, so a desktop that vanishes without closing its socket loses the lock within about 20 s.
   */
  session?: boolean;
  onclose?: () => void;
}

export function openTeamDb(target: TeamTarget, opts: TeamDbOptions = {}): TeamDb {
  const { sslmode, ...params } = target.params;
  const sql = postgres({
    host: target.host,
    port: target.port,
    database: target.database,
    username: target.user,
    ...(target.password !== undefined ? { password: target.password } : {}),
    ssl: sslmode === undefined || sslmode === 'disable' ? false : (sslmode as 'require'),
    max: opts.max ?? 4,
    connect_timeout: 10,
    ...(opts.session ? { idle_timeout: 0, max_lifetime: null } : { idle_timeout: 30 }),
    onnotice: () => {},
    ...(opts.onclose ? { onclose: opts.onclose } : {}),
    connection: {
      application_name: 'seller-desk',
      ...params,
      ...(opts.session
        ? { tcp_keepalives_idle: '10', tcp_keepalives_interval: '5', tcp_keepalives_count: '2' }
        : {}),
    },
  });
  return {
    sql,
    target,
    close: () => sql.end({ timeout: 5 }),
  };
}

/** Runs `use` on a fresh client of the team database and closes it; failures come out as teamDbError's. */
export async function withTeamDb<T>(
  target: TeamTarget,
  use: (db: TeamDb) => Promise<T>,
  opts?: TeamDbOptions,
): Promise<T> {
  const db = openTeamDb(target, opts);
  try {
    return await use(db);
  } catch (err) {
    throw teamDbError(err, target);
  } finally {
    await db.close().catch(() => undefined);
  }
}
