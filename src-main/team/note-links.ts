// Links to a note between members of a team: sellerdesk://note/<connection id>/<SeqNo> (src-shared/note-link.ts
// parses it). The id is the connection's in seller_desk.connections, the same on every desktop of the team; a link
// is resolved against the session's teams only (row-level security), so a link of another shop names nothing.
import type { Sql } from 'postgres';
import type { NoteLink } from '../../src-shared/note-link';
import { formatNoteLink } from '../../src-shared/note-link';
import type { NoteRef } from './assignments';

/** The link a member copies for a note of the team. */
export async function noteLinkOf(sql: Sql, ref: NoteRef): Promise<string> {
  const [row] = await sql<{ id: number }[]>`
    SELECT seller_desk.connection_id(${ref.team}, ${ref.connection}) AS id`;
  return formatNoteLink({ connection: row!.id, seqNo: ref.seqNo });
}

/** The note a parsed link names, when it is one of the team's notes; undefined otherwise. */
export async function resolveNoteLink(sql: Sql, team: string, link: NoteLink): Promise<NoteRef | undefined> {
  const [row] = await sql<{ connection: string }[]>`
    SELECT c.connection FROM seller_desk.connections c
    JOIN seller_desk.notes n ON n.team = c.team AND n.connection = c.connection AND n.seq_no = ${link.seqNo}
    WHERE c.id = ${link.connection} AND c.team = ${team}`;
  return row ? { team, connection: row.connection, seqNo: link.seqNo } : undefined;
}

/** What the team database holds for a link: the connection's key, and the note's receipt when it has that note. */
export type NoteLinkLookup =
  | { kind: 'unknown-connection' }
  | { kind: 'unknown-note'; connection: string }
  | { kind: 'note'; connection: string; at: number };

/** Looks a parsed link up in the session's team: which of its connections the id names, and whether it has the note. */
export async function lookupNoteLink(sql: Sql, team: string, link: NoteLink): Promise<NoteLinkLookup> {
  const [row] = await sql<{ connection: string; at: number | null }[]>`
    SELECT c.connection, n.at::float8 AS at FROM seller_desk.connections c
    LEFT JOIN seller_desk.notes n ON n.team = c.team AND n.connection = c.connection AND n.seq_no = ${link.seqNo}
    WHERE c.id = ${link.connection} AND c.team = ${team}`;
  if (!row) return { kind: 'unknown-connection' };
  if (row.at === null) return { kind: 'unknown-note', connection: row.connection };
  return { kind: 'note', connection: row.connection, at: Number(row.at) };
}
