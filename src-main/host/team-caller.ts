// A team's caller: the desktop that holds the connection's caller lock syncs for everyone and writes what it
// fetched into the team database as well as into its own copy. Without the lock nothing is called: the caller
// is told who holds it.
import type { NotesStore } from '../storage/notes-store';
import { SharedWritesStore } from '../storage/shared-writes';
import { callerLockHolders, takeCallerLock } from '../team/caller-lock';
import type { LockHolder } from '../team/caller-lock';
import { teamCoverage, teamNotesSink } from '../team/notes-sink';
import { openTeamDb, teamDbError } from '../team/team-db';
import type { TeamTarget } from '../team/team-url';

export type CallerRun<T> = { caller: true; result: T } | { caller: false; holder: LockHolder | undefined };

/**
 * Takes the caller lock of `connection` (waiting for it with `wait`), then runs `sync` on a store that writes
 * into `local` and the team database, and releases the lock. Without the lock: who holds it.
 */
export async function runAsTeamCaller<T>(
  target: TeamTarget,
  connection: string,
  local: NotesStore,
  sync: (store: NotesStore) => Promise<T>,
  opts: { wait?: boolean; signal?: AbortSignal } = {},
): Promise<CallerRun<T>> {
  const lock = await takeCallerLock(target, connection, opts);
  const db = openTeamDb(target);
  try {
    if (!lock) {
      const holders = await callerLockHolders(db.sql, target.team);
      return { caller: false, holder: holders.find((h) => h.connection === connection) };
    }
    let held = true;
    void lock.lost.then(() => (held = false));
    const sink = teamNotesSink(db.sql, target.team, connection, { holdsLock: () => held });
    // The sync plans from the days both copies hold: a day the team database never took is fetched again.
    const shared = await teamCoverage(db.sql, target.team, connection);
    return { caller: true, result: await sync(new SharedWritesStore(local, sink, shared)) };
  } catch (err) {
    throw teamDbError(err, target);
  } finally {
    await lock?.release();
    await db.close().catch(() => undefined);
  }
}
