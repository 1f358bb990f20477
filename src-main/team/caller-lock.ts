// One caller per team and connection: the desktop that talks to the marketplace holds a session-level advisory
// lock keyed by the connection's id, on a connection of its own (sql.reserve() on a client that never closes it
// for being idle). The database releases the lock when that session ends, however it ends: the desktop quits, its
// process is killed, its machine vanishes (the session asks the server to probe the client every few seconds).
import type { Sql } from 'postgres';
import type { TeamTarget } from './team-url';
import { TeamDbError, openTeamDb, teamDbError } from './team-db';

/** The first half of the lock's two-int key ('sdcl'); the second is the connection's id. */
export const CALLER_LOCK = 0x7364636c;

export interface CallerLock {
  readonly connectionId: number;
  /** Settles when the lock's session has ended without release(): the holder must stop calling at once. */
  readonly lost: Promise<void>;
  /** Runs `work` on the lock's own session (refused once it has ended): what only the holder may write. */
  onSession<T>(work: (session: Sql) => Promise<T>): Promise<T>;
  release(): Promise<void>;
}

/** What a caller is told when its lock's session ended under it: its sync stops, and its writes are refused. */
export function callerLockLost(): TeamDbError {
  return new TeamDbError(
    'This desktop no longer holds the caller lock (its session with the team database ended: the database restarted, or the network dropped): the sync stops writing there, and everything the database confirmed before is kept; sync again.',
    'TEAM_RESTARTED',
  );
}

export interface LockHolder {
  connection: string;
  login: string;
  pid: number;
  since: Date | null;
}

/** The id of a team's connection, registered on first use. */
async function connectionId(sql: Sql, team: string, connection: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`SELECT seller_desk.connection_id(${team}, ${connection}) AS id`;
  if (!row) throw new Error('connection_id returned nothing');
  return row.id;
}

/**
 * Takes the caller lock of a team's connection: at once or undefined (`wait` false), or when it is free (`wait`
 * true; the signal gives up waiting). The lock lives on a client of its own, closed by release().
 */
export async function takeCallerLock(
  target: TeamTarget,
  connection: string,
  opts: { wait?: boolean; signal?: AbortSignal } = {},
): Promise<CallerLock | undefined> {
  let released = false;
  let gone = false;
  let markLost = (): void => {};
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  const onclose = (): void => {
    gone = true;
    if (!released) markLost();
  };
  const db = openTeamDb(target, { max: 1, session: true, onclose });
  try {
    const id = await connectionId(db.sql, target.team, connection);
    const session = await db.sql.reserve();
    let got: boolean;
    if (opts.wait) {
      const q = session`SELECT pg_advisory_lock(${CALLER_LOCK}, ${id})`;
      const cancel = (): void => void q.cancel();
      opts.signal?.addEventListener('abort', cancel, { once: true });
      try {
        await q;
        got = true;
      } finally {
        opts.signal?.removeEventListener('abort', cancel);
      }
    } else {
      const [row] = await session<
        { got: boolean }[]
      >`SELECT pg_try_advisory_lock(${CALLER_LOCK}, ${id}) AS got`;
      got = row?.got === true;
    }
    if (!got) {
      session.release();
      await db.close();
      return undefined;
    }
    return {
      connectionId: id,
      lost,
      onSession(work) {
        if (gone || released) {
          return Promise.reject(new TeamDbError('This desktop no longer holds the caller lock.', 'TEAM_DB'));
        }
        return work(session);
      },
      async release() {
        if (released) return;
        released = true;
        try {
          // A session that has ended holds nothing (and a query on it would never settle).
          if (!gone) await session`SELECT pg_advisory_unlock(${CALLER_LOCK}, ${id})`;
        } finally {
          session.release();
          await db.close();
        }
      },
    };
  } catch (err) {
    released = true;
    await db.close().catch(() => undefined);
    if (opts.signal?.aborted) throw new TeamDbError('Waiting for the caller lock was cancelled.', 'ABORTED');
    throw teamDbError(err, target);
  }
}

/** Who holds the caller lock of each of a team's connections (none: nobody is calling). */
export async function callerLockHolders(sql: Sql, team: string): Promise<LockHolder[]> {
  return sql<LockHolder[]>`
    SELECT c.connection, a.usename AS login, l.pid, a.backend_start AS since
    FROM seller_desk.connections c
    JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid::bigint = ${CALLER_LOCK} AND l.objid::bigint = c.id
    LEFT JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE c.team = ${team}
    ORDER BY c.connection`;
}
