// Statuses a team needs beyond the marketplace's two: snoozed until an instant (the note leaves the queue and comes
// back by itself: the status is computed against the database's clock when read, no job wakes it) and no reply
// needed, with a reason (out of the SLA count). The marketplace's ReplyComplete wins over both, and over the handled
// mark (src-shared/team-note-status.ts says the order; the queue below applies it in SQL with the database's clock).
import type { Sql } from 'postgres';
import type { TeamNoteStatus } from '../../src-shared/team-note-status';
import type { NoteRef } from './assignments';

export type NoteStatusChange =
  | { snoozedUntil: Date }
  | { noReplyReason: string }
  /** Back to the marketplace's status (and the handled mark). */
  | { clear: true };

/**
 * Sets the note's team status; false when it was so already (nothing written). A snooze must end after `now`:
 * the writer's clock when given (the app's host, whose clock its inbox reads the snooze's end against), else the
 * database's.
 */
export async function setNoteStatus(
  sql: Sql,
  ref: NoteRef,
  change: NoteStatusChange,
  now?: Date,
): Promise<boolean> {
  const until = 'snoozedUntil' in change ? change.snoozedUntil : null;
  const reason = 'noReplyReason' in change ? change.noReplyReason : null;
  const [row] = await sql<{ changed: boolean }[]>`
    SELECT seller_desk.set_note_status(${ref.team}, ${ref.connection}, ${ref.seqNo}, ${until}::timestamptz,
                                       ${reason}::text, coalesce(${now ?? null}::timestamptz, now())) AS changed`;
  return row?.changed ?? false;
}

export type QueueView = 'everyone' | 'mine' | 'unassigned';

export interface QueueNote {
  seqNo: number;
  status: TeamNoteStatus;
  assignee: string | undefined;
  snoozedUntil: Date | undefined;
  noReplyReason: string | undefined;
}

/** The SQL form of teamNoteStatus (src-shared/team-note-status.ts), at the database's clock. */
const STATUS_SQL = `CASE
    WHEN n.reply_status = 'ReplyComplete' THEN 'answered'
    WHEN coalesce(m.handled, false) THEN 'handled'
    WHEN s.no_reply_reason IS NOT NULL THEN 'no-reply-needed'
    WHEN s.snoozed_until > now() THEN 'snoozed'
    ELSE 'waiting' END`;

/**
 * The connection's notes with their team status, for one view (everyone's, the session login's, nobody's), the
 * withdrawn ones left out; `waitingOnly` keeps the queue (status waiting).
 */
export async function teamQueue(
  sql: Sql,
  where: { team: string; connection: string },
  opts: { view?: QueueView; waitingOnly?: boolean } = {},
): Promise<QueueNote[]> {
  const view = opts.view ?? 'everyone';
  const rows = await sql.unsafe<
    {
      seqNo: number;
      status: TeamNoteStatus;
      assignee: string | null;
      snoozedUntil: Date | null;
      noReplyReason: string | null;
    }[]
  >(
    `SELECT * FROM (
       SELECT n.seq_no::float8 AS "seqNo", ${STATUS_SQL} AS status, a.assignee,
              CASE WHEN s.snoozed_until > now() THEN s.snoozed_until END AS "snoozedUntil",
              s.no_reply_reason AS "noReplyReason"
       FROM seller_desk.notes n
       LEFT JOIN seller_desk.marks m USING (team, connection, seq_no)
       LEFT JOIN seller_desk.assignments a USING (team, connection, seq_no)
       LEFT JOIN seller_desk.note_status s USING (team, connection, seq_no)
       WHERE n.team = $1 AND n.connection = $2 AND n.withdrawn_at IS NULL
         AND ($3 = 'everyone' OR ($3 = 'mine' AND a.assignee = session_user)
              OR ($3 = 'unassigned' AND a.assignee IS NULL))
     ) q WHERE NOT $4 OR status = 'waiting' ORDER BY "seqNo"`,
    [where.team, where.connection, view, opts.waitingOnly ?? false],
  );
  return rows.map((r) => ({
    seqNo: r.seqNo,
    status: r.status,
    assignee: r.assignee ?? undefined,
    snoozedUntil: r.snoozedUntil ?? undefined,
    noReplyReason: r.noReplyReason ?? undefined,
  }));
}
