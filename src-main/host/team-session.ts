// A team profile's desktop, in main: its local copy of the team's mirror kept up to date by the pull (team/pull.ts:
// on every notification, every reconnect of the listener, every 15 s), and the caller loop. Every `loopMs` the loop
// tries the connection's caller lock; while this desktop holds it, its syncs go through the team caller path (the
// copy and the team database, `callerStore`), and it serves the other desktops' sync requests (a `sync-request`
// log entry newer than the last `sync` one); while another desktop holds it, this one calls nothing, and its
// Refresh appends a sync request and waits for the caller's sync to land. The database releases the lock when the
// holder's session ends, so another desktop's next try takes it. The loop also reads who recorded the team's last
// sync, and whether the database answers at all (the inbox says so when it does not).
import type { Sql } from 'postgres';
import type { NoteLocalMark, NotesSyncRequest, NotesTeamStatus } from '../contract';
import type {
  NotesStore,
  SettlingStore,
  TeamCopy,
  TeamCopyBatch,
  TeamNoteState,
} from '../storage/notes-store';
import { SharedWritesStore } from '../storage/shared-writes';
import { callerLockLost, takeCallerLock } from '../team/caller-lock';
import type { CallerLock } from '../team/caller-lock';
import { setTeamMark } from '../team/marks';
import { memoThreads } from '../team/memo-thread';
import type { ExportMemo } from '../services/notes-export';
import { teamNotesSink } from '../team/notes-sink';
import { TeamPuller } from '../team/pull';
import { openTeamDb, teamDbError, TeamDbError } from '../team/team-db';
import type { TeamDb } from '../team/team-db';
import type { TeamTarget } from '../team/team-url';
import { teamTicketKeeper } from '../team/ticket-seal';
import type { TeamTickets } from '../team/ticket-seal';
import type { TeamPresenceEntry } from '../contract';
import { TeamWork } from './team-work';

/** A shared write refused because the team database cannot be reached (the renderer words its cause). */
class TeamUnreachableError extends Error {
  readonly deskCode = 'NETWORK';
  constructor(readonly detail: string | undefined) {
    super('The team database cannot be reached: nothing was saved. Try again once it is back.');
    this.name = 'TeamUnreachableError';
  }
}

export interface TeamSessionOptions {
  target: TeamTarget;
  /** The connection's key in the team database (its endpoint fingerprint, as `desk` keys it). */
  connection: string;
  /** The profile's local copy of the team's mirror (the store the inbox reads). */
  copy: NotesStore & TeamCopy;
  /** How often the caller loop runs (default 2 s); the pull's own poll (default 15 s). */
  loopMs?: number;
  pollMs?: number;
  /** The copy or the team's state changed: the window reads the mirror again. */
  onChange: () => void;
  /**
   * A live connection's EncryptedTicket is the team's, sealed with the team key: this desktop's key (read from
   * the vault on every round of the loop; undefined: none, so this desktop does not take the caller lock). Absent
   * for the sandbox, whose tickets are each desktop's own (nothing is sealed).
   */
  teamKey?: () => Promise<string | undefined>;
  /** Runs a sync as the team's caller (a request from another desktop). */
  syncForTeam: (req: NotesSyncRequest | undefined) => Promise<void>;
  /** This desktop's id among the login's desktops (presence), and who else is at the notes changed. */
  desktop?: string;
  onPresence?: (entries: TeamPresenceEntry[]) => void;
}

/** How long a Refresh on a desktop that is not the caller waits for the caller's sync (then it stops waiting). */
const REQUEST_WAIT_MS = 120_000;

export class TeamSession {
  private readonly db: TeamDb;
  private puller: TeamPuller | undefined;
  private lock: CallerLock | undefined;
  /** Aborted when the lock held now is lost (its session ended): a sync this desktop runs as the caller stops. */
  private lockLost: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private state: NotesTeamStatus = { caller: false, reachable: true };
  private key: string | undefined;
  /** Log positions of the newest sync request and sync seen, how far the log was read for them, and served. */
  private asked = { pos: 0, req: undefined as NotesSyncRequest | undefined };
  private synced = 0;
  private scanned = 0;
  private served = 0;
  private readonly waiters = new Set<() => void>();
  /** Taking and assigning notes, presence, the check before answering (host/team-work.ts). */
  readonly work: TeamWork;

  constructor(private readonly opts: TeamSessionOptions) {
    this.db = openTeamDb(opts.target);
    this.work = new TeamWork({
      sql: this.db.sql,
      target: opts.target,
      connection: opts.connection,
      copy: opts.copy,
      desktop: opts.desktop ?? 'desktop',
      onPresence: opts.onPresence ?? (() => {}),
    });
  }

  /** Starts the loop; resolves after its first round (the lock tried, the database's answer known). */
  start(): Promise<void> {
    return this.tick();
  }

  status(): NotesTeamStatus {
    return { ...this.state };
  }

  isCaller(): boolean {
    return this.lock !== undefined;
  }

  /**
   * The signal of a sync as the caller: aborted (with what happened) the moment the caller lock is lost, so the
   * sync stops calling at once; already aborted when this desktop holds no lock.
   */
  callerSignal(): AbortSignal {
    return this.lock && this.lockLost ? this.lockLost.signal : AbortSignal.abort(callerLockLost());
  }

  /** The caller's store for a sync: every write into the copy and, in order, into the team database. */
  callerStore(): SettlingStore {
    const sink = teamNotesSink(this.db.sql, this.opts.target.team, this.opts.connection, {
      holdsLock: () => this.lock !== undefined,
    });
    return new SharedWritesStore(this.opts.copy, sink);
  }

  /**
   * The team's ticket for a sync as the caller: the sealed one to send first and where each new one is sealed
   * (undefined for the sandbox: nothing is sealed). Read once per sync turn.
   */
  async callerTickets(): Promise<TeamTickets | undefined> {
    if (!this.opts.teamKey) return undefined;
    const lock = this.lock;
    if (!lock || this.key === undefined) throw new Error('This desktop is not the team caller.');
    const where = { team: this.opts.target.team, connection: this.opts.connection };
    try {
      return await teamTicketKeeper(this.db.sql, lock, where, this.key);
    } catch (err) {
      throw teamDbError(err, this.opts.target);
    }
  }

  /** A mark or memo, written to the team database first; the copy takes what the database then holds. */
  async setMark(
    seqNo: number,
    patch: { handled?: boolean; memo?: string },
    nowMs: number,
  ): Promise<NoteLocalMark> {
    const where = { team: this.opts.target.team, connection: this.opts.connection, seqNo };
    let mark;
    try {
      mark = await setTeamMark(this.db.sql, where, patch, nowMs);
    } catch (err) {
      throw this.refusal(err);
    }
    const kept = { handled: mark.handled, memo: mark.memo, updatedAt: mark.updatedAt };
    this.opts.copy.setMark(seqNo, { handled: kept.handled, memo: kept.memo }, kept.updatedAt);
    return kept;
  }

  /**
   * Runs `use` on this session's client of the team database, with its team, connection and local copy (links,
   * figures); a database that cannot be reached is refused as a mark is.
   */
  async withTeam<T>(
    use: (team: { sql: Sql; team: string; connection: string; copy: NotesStore }) => Promise<T>,
  ): Promise<T> {
    const { target, connection, copy } = this.opts;
    try {
      return await use({ sql: this.db.sql, team: target.team, connection, copy });
    } catch (err) {
      throw this.refusal(err);
    }
  }

  /**
   * A call to the team database about one of the connection's notes (the memo thread, the history, a status),
   * with the session's login; refused as a mark is while the database cannot be reached.
   */
  async onNote<T>(
    seqNo: number,
    call: (sql: TeamDb['sql'], ref: { team: string; connection: string; seqNo: number }) => Promise<T>,
  ): Promise<T> {
    const ref = { team: this.opts.target.team, connection: this.opts.connection, seqNo };
    try {
      return await call(this.db.sql, ref);
    } catch (err) {
      throw this.refusal(err);
    }
  }

  /** The memo threads of the notes an export writes, by SeqNo (an entry: author, time, text). */
  async exportThreads(seqNos: readonly number[]): Promise<Record<string, ExportMemo[]>> {
    const where = { team: this.opts.target.team, connection: this.opts.connection };
    let threads;
    try {
      threads = await memoThreads(this.db.sql, where, seqNos);
    } catch (err) {
      throw this.refusal(err);
    }
    const out: Record<string, ExportMemo[]> = {};
    for (const [seqNo, entries] of threads)
      out[String(seqNo)] = entries.map((e) => ({
        author: e.author,
        at: e.createdAt.getTime(),
        body: e.body,
      }));
    return out;
  }

  /** The notes' team states the local copy holds (assignee, snooze, no reply needed). */
  teamStates(): TeamNoteState[] {
    return [...this.opts.copy.teamStates().values()];
  }

  /** The database login this desktop writes as (the author of its memos and steps). */
  login(): string {
    return this.opts.target.user;
  }

  /** Asks the caller for a sync (a `sync-request` log entry) and waits until a sync lands after it. */
  async requestSync(req: NotesSyncRequest, signal?: AbortSignal): Promise<void> {
    let pos: number;
    try {
      const [row] = await this.db.sql<{ pos: number }[]>`
        INSERT INTO seller_desk.change_log (team, connection, kind, detail)
        VALUES (${this.opts.target.team}, ${this.opts.connection}, 'sync-request',
                ${this.db.sql.json({ period: [req.start, req.end] })})
        RETURNING pos::float8 AS pos`;
      pos = row!.pos;
    } catch (err) {
      throw this.refusal(err);
    }
    this.poke();
    await new Promise<void>((resolve) => {
      const done = (): void => {
        if (this.synced < pos && !this.stopped && !signal?.aborted) return;
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        resolve();
      }, REQUEST_WAIT_MS);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
      done();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of [...this.waiters]) w();
    await this.ticking?.catch(() => undefined);
    await this.puller?.stop().catch(() => undefined);
    const lock = this.lock;
    this.lock = undefined;
    await lock?.release().catch(() => undefined);
    await this.work.stop().catch(() => undefined);
    await this.db.close().catch(() => undefined);
  }

  private refusal(err: unknown): Error {
    const e = teamDbError(err, this.opts.target);
    if (e instanceof TeamDbError && e.deskCode === 'NETWORK') {
      this.setState({ reachable: false });
      return new TeamUnreachableError(e.detail);
    }
    return e;
  }

  private setState(patch: Partial<NotesTeamStatus>): void {
    const next = { ...this.state, ...patch };
    const changed = (Object.keys(next) as (keyof NotesTeamStatus)[]).some((k) => next[k] !== this.state[k]);
    this.state = next;
    if (changed) this.opts.onChange();
  }

  /** Runs the loop now (a pulled entry may be a sync request or a sync); a poke during a run runs it again. */
  private poke(): void {
    if (this.ticking) this.again = true;
    else void this.tick();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        await this.once();
      } while (this.again && !this.stopped);
    };
    this.ticking = run();
    await this.ticking;
    this.ticking = undefined;
    if (!this.stopped) this.timer = setTimeout(() => void this.tick(), this.opts.loopMs ?? 2000);
  }

  private async once(): Promise<void> {
    try {
      if (!this.puller) await this.startPuller();
      if (await this.readKey()) {
        if (!this.lock) await this.tryLock();
      }
      await this.readLog();
      this.setState({ reachable: true });
    } catch {
      this.setState({ reachable: false });
      return;
    }
    if (this.lock && this.asked.pos > Math.max(this.synced, this.served)) {
      this.served = this.asked.pos;
      // Not awaited: the sync goes through the host's coordinator, which may ask for this session meanwhile.
      void this.opts.syncForTeam(this.asked.req).catch(() => undefined);
    }
  }

  private async startPuller(): Promise<void> {
    const copy = this.opts.copy;
    const watched: TeamCopy = {
      teamPosition: () => copy.teamPosition(),
      teamStates: () => copy.teamStates(),
      waitingAssigned: (assignee, lateBeforeMs, nowMs) => copy.waitingAssigned(assignee, lateBeforeMs, nowMs),
      applyTeamBatch: (batch: TeamCopyBatch) => {
        copy.applyTeamBatch(batch);
        this.opts.onChange();
        this.poke();
      },
    };
    const puller = new TeamPuller(this.db.sql, this.opts.target.team, this.opts.connection, watched, {
      pollMs: this.opts.pollMs ?? 15_000,
      onError: () => this.setState({ reachable: false }),
    });
    await puller.start();
    if (this.stopped) await puller.stop();
    else this.puller = puller;
  }

  /**
   * Whether this desktop may be the caller: always for the sandbox; for a live connection only with a team key
   * (without one it lets the lock go, so a member with the key calls, and the inbox asks for the key).
   */
  private async readKey(): Promise<boolean> {
    if (!this.opts.teamKey) return true;
    this.key = await this.opts.teamKey();
    if (this.key !== undefined) {
      this.setState({ teamKeyMissing: false });
      return true;
    }
    const lock = this.lock;
    this.lock = undefined;
    await lock?.release().catch(() => undefined);
    this.setState({ caller: false, teamKeyMissing: true });
    return false;
  }

  private async tryLock(): Promise<void> {
    const lock = await takeCallerLock(this.opts.target, this.opts.connection);
    if (!lock) return this.setState({ caller: false });
    if (this.stopped) return void (await lock.release());
    this.lock = lock;
    const lost = new AbortController();
    this.lockLost = lost;
    void lock.lost.then(() => {
      lost.abort(callerLockLost());
      if (this.lock !== lock) return;
      this.lock = undefined;
      this.setState({ caller: false });
      this.poke();
    });
    this.setState({ caller: true });
  }

  /** The team's last sync (who, when), and the newest sync request and sync in the log. */
  private async readLog(): Promise<void> {
    const { team } = this.opts.target;
    const { connection } = this.opts;
    const [outcome] = await this.db.sql<{ synced_by: string; at: number | null }[]>`
      SELECT synced_by, (last_sync->>'at')::float8 AS at FROM seller_desk.sync_outcome
      WHERE team = ${team} AND connection = ${connection}`;
    const entries = await this.db.sql<{ pos: number; kind: string; detail: { period?: string[] } | null }[]>`
      SELECT pos::float8 AS pos, kind, detail FROM seller_desk.change_log
      WHERE team = ${team} AND connection = ${connection} AND kind IN ('sync', 'sync-request')
        AND pos > ${this.scanned}
      ORDER BY pos`;
    for (const e of entries) {
      this.scanned = e.pos;
      if (e.kind === 'sync') this.synced = e.pos;
      else this.asked = { pos: e.pos, req: requestOf(e.detail) };
    }
    if (entries.length > 0) for (const w of [...this.waiters]) w();
    this.setState(
      outcome
        ? { syncedBy: outcome.synced_by, ...(outcome.at !== null ? { syncedAt: outcome.at } : {}) }
        : {},
    );
  }
}

/** The period a sync request names (a refresh of it); none: the caller's own default. */
function requestOf(detail: { period?: string[] } | null): NotesSyncRequest | undefined {
  const [start, end] = detail?.period ?? [];
  return start && end ? { start, end, mode: 'refresh' } : undefined;
}
