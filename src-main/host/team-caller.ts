// A team's caller: the desktop that holds the connection's caller lock syncs for everyone and writes what it
// fetched into the team database as well as into its own copy. Without the lock nothing is called: the caller
// is told who holds it. A live connection's EncryptedTicket is the team's: the caller opens the one the last
// caller sealed, sends it first, and seals each new one (team/ticket-seal.ts).
import type { NotesStore } from '../storage/notes-store';
import { SharedWritesStore } from '../storage/shared-writes';
import { callerLockHolders, callerLockLost, takeCallerLock } from '../team/caller-lock';
import type { LockHolder } from '../team/caller-lock';
import { teamCoverage, teamNotesSink } from '../team/notes-sink';
import { openTeamDb, teamDbError } from '../team/team-db';
import type { TeamTarget } from '../team/team-url';
import { TeamKeyError, teamTicketKeeper } from '../team/ticket-seal';
import type { TeamTickets } from '../team/ticket-seal';

export type { TeamTickets } from '../team/ticket-seal';
export type CallerRun<T> = { caller: true; result: T } | { caller: false; holder: LockHolder | undefined };

export interface TeamCallerOptions {
  wait?: boolean;
  signal?: AbortSignal;
  /**
   * The connection's tickets are sealed in the team database (a live connection; the sandbox's are its own):
   * the member's team key from their vault, undefined when they have none (then they cannot be the caller).
   */
  sealed?: { teamKey: string | undefined };
}

/**
 * Takes the caller lock of `connection` (waiting for it with `wait`), then runs `sync` on a store that writes
 * into `local` and the team database, with the team's tickets when `sealed`, and releases the lock. Without the
 * lock: who holds it. The sync's signal (`opts.signal` too) aborts the moment the lock's session ends: the sync
 * stops calling at once, and this rejects with what happened.
 */
export async function runAsTeamCaller<T>(
  target: TeamTarget,
  connection: string,
  local: NotesStore,
  sync: (store: NotesStore, tickets: TeamTickets | undefined, signal: AbortSignal) => Promise<T>,
  opts: TeamCallerOptions = {},
): Promise<CallerRun<T>> {
  if (opts.sealed && opts.sealed.teamKey === undefined) {
    throw new TeamKeyError(
      `This desktop has no team key for team "${target.team}", so it cannot call the marketplace for the team: get the key from the team's administrator and run desk team join.`,
    );
  }
  const lock = await takeCallerLock(target, connection, opts);
  const db = openTeamDb(target);
  try {
    if (!lock) {
      const holders = await callerLockHolders(db.sql, target.team);
      return { caller: false, holder: holders.find((h) => h.connection === connection) };
    }
    let held = true;
    const lost = new AbortController();
    void lock.lost.then(() => {
      held = false;
      lost.abort(callerLockLost());
    });
    const signal = opts.signal ? AbortSignal.any([opts.signal, lost.signal]) : lost.signal;
    const where = { team: target.team, connection };
    const tickets = opts.sealed?.teamKey
      ? await teamTicketKeeper(db.sql, lock, where, opts.sealed.teamKey)
      : undefined;
    const sink = teamNotesSink(db.sql, target.team, connection, { holdsLock: () => held });
    // The sync plans from the days both copies hold: a day the team database never took is fetched again.
    const shared = await teamCoverage(db.sql, target.team, connection);
    const result = await sync(new SharedWritesStore(local, sink, shared), tickets, signal);
    if (lost.signal.aborted) throw lost.signal.reason;
    return { caller: true, result };
  } catch (err) {
    throw teamDbError(err, target);
  } finally {
    await lock?.release();
    await db.close().catch(() => undefined);
  }
}
