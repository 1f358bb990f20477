// Who else is viewing or answering a note. Each desktop upserts a heartbeat (one row per desktop of a login: a
// desktop is at one note at a time) that the database stamps with its own clock; readers keep only heartbeats
// younger than 15 s of that clock (seller_desk.presence_ttl()), so a desktop that vanished is forgotten without
// any job. Before the answer page opens, beforeAnswering says who else is answering and whether the marketplace's
// answer arrived meanwhile (as the team database last saw it).
import type { Sql } from 'postgres';
import type { NoteRef } from './assignments';

export type PresenceState = 'viewing' | 'answering';

export interface Presence {
  login: string;
  desktop: string;
  state: PresenceState;
  since: Date;
  heartbeatAt: Date;
}

/** This desktop is at the note (viewing it, or answering: its answer page or a memo is open). */
export async function heartbeat(
  sql: Sql,
  ref: NoteRef,
  desktop: string,
  state: PresenceState,
): Promise<void> {
  await sql`SELECT seller_desk.heartbeat(${ref.team}, ${ref.connection}, ${ref.seqNo}, ${desktop}, ${state})`;
}

/** This desktop left whatever note it was at (closing the note or the app). */
export async function leavePresence(sql: Sql, team: string, desktop: string): Promise<void> {
  await sql`SELECT seller_desk.presence_leave(${team}, ${desktop})`;
}

/** Who is at the note now (heartbeats younger than the TTL of the database's clock), answering first. */
export async function presentOn(sql: Sql, ref: NoteRef): Promise<Presence[]> {
  return sql<Presence[]>`
    SELECT login, desktop, state, since, heartbeat_at AS "heartbeatAt" FROM seller_desk.presence
    WHERE team = ${ref.team} AND connection = ${ref.connection} AND seq_no = ${ref.seqNo}
      AND heartbeat_at > now() - seller_desk.presence_ttl()
    ORDER BY state = 'answering' DESC, since, login, desktop`;
}

/** Everyone present on the note except this desktop. */
export async function othersOn(sql: Sql, ref: NoteRef, desktop: string): Promise<Presence[]> {
  const [me] = await sql<{ login: string }[]>`SELECT session_user AS login`;
  return (await presentOn(sql, ref)).filter((p) => !(p.login === me?.login && p.desktop === desktop));
}

export interface AnswerCheck {
  /** Others answering the note now (another login, or another desktop of the same login). */
  othersAnswering: Presence[];
  /** The marketplace's answer is in (ReplyComplete, as the last sync saw it). */
  answered: boolean;
  /** The note is marked handled. */
  handled: boolean;
}

/**
 * The check before the answer page opens: marks this desktop as answering and says who else is, and whether the
 * note was answered or marked handled meanwhile. The caller warns; it does not refuse.
 */
export async function beforeAnswering(sql: Sql, ref: NoteRef, desktop: string): Promise<AnswerCheck> {
  await heartbeat(sql, ref, desktop, 'answering');
  const others = await othersOn(sql, ref, desktop);
  const [note] = await sql<{ answered: boolean; handled: boolean }[]>`
    SELECT n.reply_status = 'ReplyComplete' AS answered, coalesce(m.handled, false) AS handled
    FROM seller_desk.notes n LEFT JOIN seller_desk.marks m USING (team, connection, seq_no)
    WHERE n.team = ${ref.team} AND n.connection = ${ref.connection} AND n.seq_no = ${ref.seqNo}`;
  return {
    othersAnswering: others.filter((p) => p.state === 'answering'),
    answered: note?.answered ?? false,
    handled: note?.handled ?? false,
  };
}

/** Who is at any note of the connection now (heartbeats younger than the TTL), by note, answering first. */
export async function presentOnConnection(
  sql: Sql,
  where: { team: string; connection: string },
): Promise<(Presence & { seqNo: number })[]> {
  return sql<(Presence & { seqNo: number })[]>`
    SELECT seq_no::float8 AS "seqNo", login, desktop, state, since, heartbeat_at AS "heartbeatAt"
    FROM seller_desk.presence
    WHERE team = ${where.team} AND connection = ${where.connection}
      AND heartbeat_at > now() - seller_desk.presence_ttl()
    ORDER BY seq_no, state = 'answering' DESC, since, login, desktop`;
}
