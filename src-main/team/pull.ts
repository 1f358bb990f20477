// Each desktop's pull: it reads the team's change log past its own position (kept in its local copy, in the same
// transaction as what it applies) and applies the notes, synced days, marks and sync outcome the entries name to
// its local SQLite copy, in batches. The log's positions are assigned in commit order (schema-v1.ts), so reading
// past a position never skips an entry that committed late. The rows are read as they are now, not as they were
// when logged: a row changed again since is applied in its newer state, and applied once more (the same) when its
// later entry is read. Assignment and status entries bring the notes' team states (assignee, snooze, no reply
// needed); memo-thread and presence changes are read from the team database itself (they are not copied).
//
// LISTEN/NOTIFY only wakes a desktop: after every (re)connect of the listener the client calls back (onlisten), and
// the desktop catches up from its position; a slow poll catches up too, in case the client gives a listener up
// (postgres drops a channel whose re-listen fails, e.g. while the server restarts).
import type { Sql } from 'postgres';
import type { NotesLastSync } from '../contract';
import type { TeamCopy, TeamCopyBatch, TeamNote, TeamNoteState } from '../storage/notes-store';
import { TEAM_NOTE_COLUMNS } from './notes-sink';

const LOG_CHANNEL = 'seller_desk_log';
const BATCH_ENTRIES = 500;

interface Entry {
  pos: number;
  kind: string;
  connection: string | null;
  seq_nos: number[] | null;
  detail: Record<string, string[]> | null;
}

const NOTE_SELECT = `${TEAM_NOTE_COLUMNS.map(([key, column]) =>
  column === 'seq_no' ? `seq_no::int AS "${key}"` : `${column} AS "${key}"`,
).join(', ')}, at::float8 AS at, withdrawn_at::float8 AS "withdrawnAt"`;

function noteOf(row: Record<string, unknown>): TeamNote {
  const note: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (v !== null) note[k] = v;
  return note as TeamNote;
}

/** The notes' team states as the database holds them now (none: the copy removes the note's state). */
async function statesOf(
  sql: Sql,
  team: string,
  connection: string,
  seqNos: number[],
): Promise<TeamNoteState[]> {
  const rows = await sql<
    { seqNo: number; assignee: string | null; snoozedUntil: number | null; noReplyReason: string | null }[]
  >`
    SELECT x.seq_no::int AS "seqNo", a.assignee,
           (extract(epoch FROM s.snoozed_until) * 1000)::float8 AS "snoozedUntil", s.no_reply_reason AS "noReplyReason"
    FROM unnest(${seqNos}::bigint[]) AS x (seq_no)
    LEFT JOIN seller_desk.assignments a ON a.team = ${team} AND a.connection = ${connection} AND a.seq_no = x.seq_no
    LEFT JOIN seller_desk.note_status s ON s.team = ${team} AND s.connection = ${connection} AND s.seq_no = x.seq_no`;
  return rows.map((r) => ({
    seqNo: r.seqNo,
    ...(r.assignee !== null ? { assignee: r.assignee } : {}),
    ...(r.snoozedUntil !== null ? { snoozedUntil: Math.floor(r.snoozedUntil) } : {}),
    ...(r.noReplyReason !== null ? { noReplyReason: r.noReplyReason } : {}),
  }));
}

/** The rows a run of entries names, as the team database holds them now; one batch for the local copy. */
async function batchOf(sql: Sql, team: string, connection: string, entries: Entry[]): Promise<TeamCopyBatch> {
  const notes = new Set<number>();
  const marks = new Set<number>();
  const states = new Set<number>();
  const coverage: { sellerId: string; day: string }[] = [];
  let synced = false;
  for (const e of entries) {
    if (e.connection !== connection) continue;
    if (e.kind === 'notes') for (const s of e.seq_nos ?? []) notes.add(s);
    if (e.kind === 'mark') for (const s of e.seq_nos ?? []) marks.add(s);
    if (e.kind === 'assignment' || e.kind === 'status') for (const s of e.seq_nos ?? []) states.add(s);
    if (e.kind === 'coverage')
      for (const [sellerId, days] of Object.entries(e.detail ?? {}))
        for (const day of days) coverage.push({ sellerId, day });
    if (e.kind === 'sync') synced = true;
  }
  const batch: TeamCopyBatch = { position: entries.at(-1)!.pos, notes: [], coverage, marks: [] };
  if (notes.size > 0) {
    const rows = await sql.unsafe(
      `SELECT ${NOTE_SELECT} FROM seller_desk.notes
       WHERE team = $1 AND connection = $2 AND seq_no = ANY ($3::bigint[])`,
      // A bigint[] parameter, not text cast to one: the cast (not leakproof) cannot go under the row-level
      // security filter, so a member's query parsed the whole list once per row (20,000 notes: minutes).
      [team, connection, [...notes]],
    );
    batch.notes = rows.map((r) => noteOf(r as Record<string, unknown>));
  }
  if (marks.size > 0) {
    batch.marks = await sql<TeamCopyBatch['marks'][number][]>`
      SELECT seq_no::int AS "seqNo", handled, memo, updated_at::float8 AS "updatedAt" FROM seller_desk.marks
      WHERE team = ${team} AND connection = ${connection} AND seq_no = ANY (${[...marks]}::bigint[])`;
  }
  if (states.size > 0) batch.states = await statesOf(sql, team, connection, [...states]);
  if (synced) {
    const [row] = await sql<{ last_sync: NotesLastSync; as_of: number | null }[]>`
      SELECT last_sync, as_of::float8 AS as_of FROM seller_desk.sync_outcome
      WHERE team = ${team} AND connection = ${connection}`;
    if (row) batch.sync = { lastSync: row.last_sync, asOf: row.as_of ?? undefined };
  }
  return batch;
}

/**
 * Brings a local copy up to the team's log head: batches of entries past its position, each applied with its new
 * position in one local transaction. Returns how many entries were read.
 */
export async function pullTeam(
  sql: Sql,
  team: string,
  connection: string,
  copy: TeamCopy,
  batchEntries = BATCH_ENTRIES,
): Promise<number> {
  let read = 0;
  for (;;) {
    const entries = await sql<Entry[]>`
      SELECT pos::float8 AS pos, kind, connection, seq_nos::int[] AS seq_nos, detail
      FROM seller_desk.change_log
      WHERE team = ${team} AND pos > ${copy.teamPosition()} ORDER BY pos LIMIT ${batchEntries}`;
    if (entries.length === 0) return read;
    copy.applyTeamBatch(await batchOf(sql, team, connection, entries));
    read += entries.length;
  }
}

export interface PullerOptions {
  /** A catch-up every so often whatever the listener says (default 15 s; 0: none). */
  pollMs?: number;
  /** A pull that failed (the next wake-up, reconnect or poll tries again). */
  onError?: (err: unknown) => void;
  /** The listener (re)connected: the count of such calls, for tests and the status. */
  onListen?: () => void;
}

/** A desktop's pull, woken by the team's notifications, by every (re)connect of its listener, and by a poll. */
export class TeamPuller {
  private running: Promise<void> | undefined;
  private again = false;
  private listener: { unlisten(): Promise<void> } | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly team: string,
    private readonly connection: string,
    private readonly copy: TeamCopy,
    private readonly opts: PullerOptions = {},
  ) {}

  async start(): Promise<void> {
    this.listener = await this.sql.listen(
      LOG_CHANNEL,
      (payload) => {
        if (payload === this.team) void this.wake();
      },
      () => {
        this.opts.onListen?.();
        void this.wake();
      },
    );
    const pollMs = this.opts.pollMs ?? 15_000;
    if (pollMs > 0) this.timer = setInterval(() => void this.wake(), pollMs);
  }

  /** Pulls now; a wake-up during a pull runs one more after it. */
  wake(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        try {
          await pullTeam(this.sql, this.team, this.connection, this.copy);
        } catch (err) {
          this.opts.onError?.(err);
        }
      } while (this.again);
      this.running = undefined;
    };
    this.running = run();
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.listener?.unlisten();
    await this.running;
  }
}
