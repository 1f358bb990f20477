// Memos as a thread: each entry has its author (the database login) and time. Only its author edits or deletes an
// entry, and every change carries the version it was made on: a change made on an older version is refused
// (StaleMemoError, with the version now), never applied over another. Each change is in the note's history.
import type { Sql } from 'postgres';
import { thrownText } from '../../src-shared/thrown';
import type { NoteRef } from './assignments';

export interface MemoEntry {
  id: number;
  author: string;
  body: string;
  version: number;
  createdAt: Date;
  editedAt: Date | undefined;
}

export class StaleMemoError extends Error {
  readonly deskCode = 'TEAM_MEMO_STALE';
  constructor(
    readonly id: number,
    /** The entry's version now (the change was made on an older one, or the entry was deleted). */
    readonly current: number,
    message: string,
  ) {
    super(message);
  }
}

/** Adds an entry to the note's thread; returns its id. */
export async function addMemo(sql: Sql, ref: NoteRef, body: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    SELECT seller_desk.memo_add(${ref.team}, ${ref.connection}, ${ref.seqNo}, ${body})::float8 AS id`;
  return row!.id;
}

async function change(sql: Sql, id: number, version: number, body: string | null): Promise<number> {
  try {
    const [row] = await sql<{ version: number }[]>`
      SELECT seller_desk.memo_change(${id}, ${version}, ${body}::text) AS version`;
    return row!.version;
  } catch (err) {
    if (thrownText(err, 'code') === 'SD409')
      throw new StaleMemoError(
        id,
        Number(thrownText(err, 'detail')),
        `${thrownText(err, 'message') ?? 'stale'}.`,
      );
    throw err;
  }
}

/** Edits one's own entry made on `version`; returns the new version. */
export function editMemo(sql: Sql, id: number, version: number, body: string): Promise<number> {
  return change(sql, id, version, body);
}

/** Deletes one's own entry as of `version` (the thread keeps no text of it; the history does). */
export function deleteMemo(sql: Sql, id: number, version: number): Promise<number> {
  return change(sql, id, version, null);
}

/** The note's thread, oldest first, deleted entries left out. */
export async function memoThread(sql: Sql, ref: NoteRef): Promise<MemoEntry[]> {
  const rows = await sql<(Omit<MemoEntry, 'editedAt'> & { editedAt: Date | null })[]>`
    SELECT id::float8 AS id, author, body, version, created_at AS "createdAt", edited_at AS "editedAt"
    FROM seller_desk.memo_entries
    WHERE team = ${ref.team} AND connection = ${ref.connection} AND seq_no = ${ref.seqNo} AND deleted_at IS NULL
    ORDER BY id`;
  return rows.map((r) => ({ ...r, editedAt: r.editedAt ?? undefined }));
}

/** The threads of many notes of a connection (an export's), oldest first each, deleted entries left out. */
export async function memoThreads(
  sql: Sql,
  where: { team: string; connection: string },
  seqNos: readonly number[],
): Promise<Map<number, MemoEntry[]>> {
  const rows = await sql<(Omit<MemoEntry, 'editedAt'> & { seqNo: number; editedAt: Date | null })[]>`
    SELECT seq_no::float8 AS "seqNo", id::float8 AS id, author, body, version, created_at AS "createdAt",
           edited_at AS "editedAt"
    FROM seller_desk.memo_entries
    WHERE team = ${where.team} AND connection = ${where.connection} AND seq_no = ANY (${[...seqNos]}::bigint[])
      AND deleted_at IS NULL
    ORDER BY id`;
  const out = new Map<number, MemoEntry[]>();
  for (const { seqNo, ...r } of rows) {
    const list = out.get(seqNo) ?? [];
    list.push({ ...r, editedAt: r.editedAt ?? undefined });
    out.set(seqNo, list);
  }
  return out;
}
