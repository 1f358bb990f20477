// A team desktop's part in working as a team (the `team.*` channels): taking and assigning notes, its heartbeat at
// the note it is at, the check before the answer page opens, and who else is at the connection's notes. Presence is
// read every second (TEAM_PRESENCE_POLL_MS: one small indexed query) and pushed to the window only when it changes;
// a poll rather than a notification, because a desktop that vanished says nothing: it is forgotten when its last
// heartbeat is older than the database's 15 s, which only a reader comparing against the clock notices.
import type {
  TeamAnswerCheck,
  TeamAssignResult,
  TeamPresenceEntry,
  TeamPresenceState,
  TeamTakeResult,
} from '../contract';
import type { NotesStore, TeamCopy } from '../storage/notes-store';
import { assignNote, takeNote, TakeRefusedError } from '../team/assignments';
import { listMembers } from '../team/members';
import { beforeAnswering, heartbeat, leavePresence, presentOnConnection } from '../team/presence';
import type { Sql } from 'postgres';
import { teamDbError } from '../team/team-db';
import type { TeamTarget } from '../team/team-url';

/** How often the host reads who else is at the connection's notes (and pushes a change to the window). */
const PRESENCE_POLL_MS = 1_000;

export interface TeamWorkOptions {
  sql: Sql;
  target: TeamTarget;
  connection: string;
  copy: NotesStore & TeamCopy;
  /** This desktop's id in the presence table (one row per desktop of a login). */
  desktop: string;
  /** The others at the connection's notes changed. */
  onPresence: (entries: TeamPresenceEntry[]) => void;
  pollMs?: number;
}

export class TeamWork {
  private entries: TeamPresenceEntry[] = [];
  private shown = '[]';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private reading: Promise<void> | undefined;

  constructor(private readonly opts: TeamWorkOptions) {
    this.timer = setTimeout(() => void this.poll(), 0);
  }

  get me(): string {
    return this.opts.target.user;
  }

  private ref(seqNo: number) {
    return { team: this.opts.target.team, connection: this.opts.connection, seqNo };
  }

  private async db<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw teamDbError(err, this.opts.target);
    }
  }

  /** Who has which note, as the local copy holds it. */
  assignees(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [seqNo, s] of this.opts.copy.teamStates()) if (s.assignee) out[String(seqNo)] = s.assignee;
    return out;
  }

  async members(): Promise<string[]> {
    const rows = await this.db(() => listMembers(this.opts.sql, this.opts.target.team));
    return rows.filter((r) => r.removedAt === null).map((r) => r.login);
  }

  async take(seqNo: number): Promise<TeamTakeResult> {
    try {
      const done = await this.db(() => takeNote(this.opts.sql, this.ref(seqNo)));
      return { taken: true, assignee: done.assignee ?? this.me };
    } catch (err) {
      if (err instanceof TakeRefusedError) return { taken: false, assignee: err.assignee };
      throw err;
    }
  }

  async assign(seqNo: number, to: string | null, expected: string | null): Promise<TeamAssignResult> {
    const out = await this.db(() =>
      assignNote(this.opts.sql, this.ref(seqNo), to ?? undefined, expected ?? undefined),
    );
    return { done: out.done, assignee: out.assignee ?? null };
  }

  async heartbeat(seqNo: number, state: TeamPresenceState): Promise<void> {
    await this.db(() => heartbeat(this.opts.sql, this.ref(seqNo), this.opts.desktop, state));
  }

  async leave(): Promise<void> {
    await this.db(() => leavePresence(this.opts.sql, this.opts.target.team, this.opts.desktop));
  }

  async beforeAnswering(seqNo: number): Promise<TeamAnswerCheck> {
    const check = await this.db(() => beforeAnswering(this.opts.sql, this.ref(seqNo), this.opts.desktop));
    return {
      othersAnswering: check.othersAnswering.map((p) => ({ login: p.login, sameLogin: p.login === this.me })),
      answered: check.answered,
      handled: check.handled,
    };
  }

  /**
   * What waits for an answer and is mine, in the whole copy: what `notes.waiting` counts (not answered, not marked
   * handled, not withdrawn, not set aside), of my notes alone.
   */
  waitingMine(lateBeforeMs: number, nowMs?: number): { waiting: number; late: number } {
    return this.opts.copy.waitingAssigned(this.me, lateBeforeMs, nowMs);
  }

  /** The others at the connection's notes, as last read. */
  presence(): TeamPresenceEntry[] {
    return this.entries;
  }

  /** Stops reading presence; `goodbye` also removes this desktop's heartbeat (a clean quit, not a crash). */
  async stop(goodbye = true): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.reading?.catch(() => undefined);
    if (goodbye) await this.leave().catch(() => undefined);
  }

  private async poll(): Promise<void> {
    if (this.stopped) return;
    this.reading = this.readPresence();
    await this.reading;
    this.reading = undefined;
    if (!this.stopped) this.timer = setTimeout(() => void this.poll(), this.opts.pollMs ?? PRESENCE_POLL_MS);
  }

  private async readPresence(): Promise<void> {
    let next: TeamPresenceEntry[];
    try {
      const rows = await presentOnConnection(this.opts.sql, {
        team: this.opts.target.team,
        connection: this.opts.connection,
      });
      next = rows
        .filter((p) => !(p.login === this.me && p.desktop === this.opts.desktop))
        .map((p) => ({
          seqNo: p.seqNo,
          login: p.login,
          state: p.state,
          sameLogin: p.login === this.me,
          since: p.since.getTime(),
        }));
    } catch {
      // The database does not answer: nobody is shown as present rather than a presence that may be stale.
      next = [];
    }
    const text = JSON.stringify(next);
    this.entries = next;
    if (text === this.shown || this.stopped) return;
    this.shown = text;
    this.opts.onPresence(next);
  }
}
