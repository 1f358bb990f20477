// The seller's marks and memos in the team database, and the team's notes as a member reads them. A mark is one
// statement: the database stamps who changed it (the login, by trigger), writes its history and appends the log
// entry the other desktops pull; a change that changes nothing writes nothing. Each field is patched on its own
// in that statement, so two members changing the handled mark and the memo of one note at once lose neither.
import type { Sql } from 'postgres';
import type { NoteLocalMark } from '../contract';
import type { TeamNote } from '../storage/notes-store';
import { TEAM_NOTE_COLUMNS } from './notes-sink';

class TeamMarkError extends Error {
  readonly deskCode = 'TEAM_MARK';
}

export interface TeamMark extends NoteLocalMark {
  /** The login of the last change (set by the database). */
  changedBy: string;
}

/** Sets a note's handled mark and/or memo; returns the mark as the team database now holds it. */
export async function setTeamMark(
  sql: Sql,
  where: { team: string; connection: string; seqNo: number },
  patch: { handled?: boolean; memo?: string },
  nowMs: number,
): Promise<TeamMark> {
  const { team, connection, seqNo } = where;
  const [held] = await sql`
    SELECT 1 FROM seller_desk.notes WHERE team = ${team} AND connection = ${connection} AND seq_no = ${seqNo}`;
  if (!held) throw new TeamMarkError(`SeqNo ${seqNo} is not among the team's notes of this connection.`);
  const handled = patch.handled ?? null;
  const memo = patch.memo ?? null;
  await sql`
    INSERT INTO seller_desk.marks AS m (team, connection, seq_no, handled, memo, updated_at)
    VALUES (${team}, ${connection}, ${seqNo}, coalesce(${handled}::boolean, false), coalesce(${memo}::text, ''),
            ${nowMs})
    ON CONFLICT (team, connection, seq_no) DO UPDATE SET
      handled = coalesce(${handled}::boolean, m.handled), memo = coalesce(${memo}::text, m.memo),
      updated_at = excluded.updated_at
    WHERE (coalesce(${handled}::boolean, m.handled), coalesce(${memo}::text, m.memo)) IS DISTINCT FROM
          (m.handled, m.memo)`;
  const [mark] = await sql<TeamMark[]>`
    SELECT handled, memo, updated_at::float8 AS "updatedAt", changed_by AS "changedBy" FROM seller_desk.marks
    WHERE team = ${team} AND connection = ${connection} AND seq_no = ${seqNo}`;
  return mark!;
}

const NOTE_SELECT = `${TEAM_NOTE_COLUMNS.map(([key, column]) =>
  column === 'seq_no' ? `n.seq_no::int AS "${key}"` : `n.${column} AS "${key}"`,
).join(', ')}, n.at::float8 AS at, n.withdrawn_at::float8 AS "withdrawnAt"`;

/** The team's notes of a connection written between two instants, oldest first, with each note's mark. */
export async function teamNotesWithMarks(
  sql: Sql,
  where: { team: string; connection: string },
  range: { startMs: number; endMs: number },
): Promise<{ notes: TeamNote[]; marks: Map<number, TeamMark>; asOf: number | undefined }> {
  const rows = await sql.unsafe(
    `SELECT ${NOTE_SELECT}, m.handled AS m_handled, m.memo AS m_memo, m.updated_at::float8 AS m_updated_at,
            m.changed_by AS m_changed_by
     FROM seller_desk.notes n
     LEFT JOIN seller_desk.marks m USING (team, connection, seq_no)
     WHERE n.team = $1 AND n.connection = $2 AND n.at BETWEEN $3 AND $4 ORDER BY n.at, n.seq_no`,
    [where.team, where.connection, range.startMs, range.endMs],
  );
  const notes: TeamNote[] = [];
  const marks = new Map<number, TeamMark>();
  for (const row of rows as Record<string, unknown>[]) {
    const note: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) if (v !== null && !k.startsWith('m_')) note[k] = v;
    notes.push(note as TeamNote);
    if (row['m_handled'] !== null) {
      marks.set(row['seqNo'] as number, {
        handled: row['m_handled'] as boolean,
        memo: row['m_memo'] as string,
        updatedAt: row['m_updated_at'] as number,
        changedBy: row['m_changed_by'] as string,
      });
    }
  }
  const [sync] = await sql<{ as_of: number | null }[]>`
    SELECT as_of::float8 AS as_of FROM seller_desk.sync_outcome
    WHERE team = ${where.team} AND connection = ${where.connection}`;
  return { notes, marks, asOf: sync?.as_of ?? undefined };
}
