// The caller's writes into the team database: the notes a sync fetched, the days it synced whole and the sync's
// outcome, for one team and connection. Each write is one transaction (a slice: its notes, the notes of that
// seller-day it no longer lists flagged withdrawn, its synced day), and idempotent: a note is one row whatever
// the number of writes, and a statement changes (and so logs, through the schema's triggers) only the rows whose
// values differ. Only a desktop holding the connection's caller lock writes: once the lock is lost, every write
// is refused.
import type { Sql } from 'postgres';
import type { InboxNote, NoteDay, NotesLastSync } from '../contract';
import type { SharedNotesSink, SliceWrite } from '../storage/notes-store';
import { marketDayOf } from '../../src-shared/market-day';
import { callerLockLost } from './caller-lock';

/** The notes table's columns of version 1, with the InboxNote key each holds. */
export const TEAM_NOTE_COLUMNS = [
  ['seqNo', 'seq_no'],
  ['buyerId', 'buyer_id'],
  ['sellerId', 'seller_id'],
  ['itemNo', 'item_no'],
  ['itemName', 'item_name'],
  ['orderNo', 'order_no'],
  ['insDate', 'ins_date'],
  ['title', 'title'],
  ['content', 'content'],
  ['replyStatus', 'reply_status'],
  ['queryType', 'query_type'],
] as const;

const VALUE_COLUMNS = [...TEAM_NOTE_COLUMNS.map(([, c]) => c).filter((c) => c !== 'seq_no'), 'at', 'day'];
const COLUMNS = ['team', 'connection', 'seq_no', ...VALUE_COLUMNS];

function noteRow(team: string, connection: string, n: InboxNote): Record<string, unknown> {
  const row: Record<string, unknown> = { team, connection };
  const values = n as unknown as Record<string, unknown>;
  for (const [key, column] of TEAM_NOTE_COLUMNS) row[column] = values[key] ?? null;
  row['at'] = n.at;
  row['day'] = marketDayOf(n.at);
  return row;
}

/** Upserts notes; a row is updated (and logged) only when a value differs or it was flagged withdrawn. */
async function upsertNotes(tx: Sql, team: string, connection: string, notes: readonly InboxNote[]) {
  // One statement per thousand notes: a bound parameter list has a limit (65,535 values).
  for (let i = 0; i < notes.length; i += 1000) {
    const rows = notes.slice(i, i + 1000).map((n) => noteRow(team, connection, n));
    await tx.unsafe(
      `INSERT INTO seller_desk.notes AS n (${COLUMNS.join(', ')})
       SELECT ${COLUMNS.map((c) => `r.${c}`).join(', ')}
       FROM jsonb_populate_recordset(NULL::seller_desk.notes, $1::text::jsonb) AS r
       ON CONFLICT (team, connection, seq_no) DO UPDATE SET
         ${VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, withdrawn_at = NULL
       WHERE (${VALUE_COLUMNS.map((c) => `n.${c}`).join(', ')}) IS DISTINCT FROM
             (${VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', ')}) OR n.withdrawn_at IS NOT NULL`,
      [JSON.stringify(rows)],
    );
  }
}

/** The seller-days the team database holds as synced for a connection (its coverage), by seller. */
export async function teamCoverage(
  sql: Sql,
  team: string,
  connection: string,
): Promise<Map<string, Set<NoteDay>>> {
  const rows = await sql<{ seller: string; day: NoteDay }[]>`
    SELECT seller_id AS seller, day FROM seller_desk.coverage WHERE team = ${team} AND connection = ${connection}`;
  const days = new Map<string, Set<NoteDay>>();
  for (const r of rows) days.set(r.seller, (days.get(r.seller) ?? new Set()).add(r.day));
  return days;
}

export interface TeamSinkOptions {
  /** Whether this desktop still holds the caller lock (a write after it is lost is refused). */
  holdsLock: () => boolean;
}

/** The team database as a sync's second sink (SharedWritesStore sends the caller's writes here). */
export function teamNotesSink(
  sql: Sql,
  team: string,
  connection: string,
  opts: TeamSinkOptions,
): SharedNotesSink {
  const inTx = async (work: (tx: Sql) => Promise<void>): Promise<void> => {
    if (!opts.holdsLock()) {
      throw callerLockLost();
    }
    await sql.begin((tx) => work(tx as unknown as Sql));
  };
  return {
    writeSlice: (slice: SliceWrite, nowMs: number) =>
      inTx(async (tx) => {
        await upsertNotes(tx, team, connection, slice.notes);
        if (!slice.complete) return;
        const listed = slice.notes.filter((n) => n.sellerId === slice.sellerId).map((n) => n.seqNo);
        await tx`
          UPDATE seller_desk.notes SET withdrawn_at = ${nowMs}
          WHERE team = ${team} AND connection = ${connection} AND seller_id = ${slice.sellerId}
            AND day = ${slice.day} AND withdrawn_at IS NULL AND NOT (seq_no = ANY (${listed}::bigint[]))`;
        await tx`
          INSERT INTO seller_desk.coverage (team, connection, seller_id, day)
          VALUES (${team}, ${connection}, ${slice.sellerId}, ${slice.day}) ON CONFLICT DO NOTHING`;
      }),
    writeNotes: (notes: readonly InboxNote[]) =>
      inTx((tx) => (notes.length === 0 ? Promise.resolve() : upsertNotes(tx, team, connection, notes))),
    recordSync: (lastSync: NotesLastSync, asOf: number | undefined) =>
      inTx(async (tx) => {
        await tx`
          INSERT INTO seller_desk.sync_outcome AS s (team, connection, last_sync, as_of)
          VALUES (${team}, ${connection}, ${tx.json(lastSync as never)}, ${asOf ?? null})
          ON CONFLICT (team, connection) DO UPDATE SET
            last_sync = excluded.last_sync, as_of = coalesce(excluded.as_of, s.as_of)`;
      }),
  };
}
