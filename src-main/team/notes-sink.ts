// The caller's writes into the team database: the notes a sync fetched, the days it synced whole and the sync's
// outcome, for one team and connection. Each batch of writes is one transaction (a slice's write: its notes, the
// notes of that seller-day it no longer lists flagged withdrawn, its synced day), and each write is idempotent: a
// note is one row whatever the number of writes, and a statement changes (and so logs, through the schema's
// triggers) only the rows whose values differ. Only a desktop holding the connection's caller lock writes: once
// the lock is lost, every write is refused.
import type { PendingQuery, Row, Sql } from 'postgres';
import type { InboxNote, NoteDay, NotesLastSync } from '../contract';
import type { SharedNotesSink, SinkWrite, SliceWrite } from '../storage/notes-store';
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
function upsertNotes(
  tx: Sql,
  team: string,
  connection: string,
  notes: readonly InboxNote[],
): PendingQuery<Row[]>[] {
  const statements: PendingQuery<Row[]>[] = [];
  // One statement per thousand notes: a bound parameter list has a limit (65,535 values).
  for (let i = 0; i < notes.length; i += 1000) {
    const rows = notes.slice(i, i + 1000).map((n) => noteRow(team, connection, n));
    statements.push(
      tx.unsafe(
        `INSERT INTO seller_desk.notes AS n (${COLUMNS.join(', ')})
         SELECT ${COLUMNS.map((c) => `r.${c}`).join(', ')}
         FROM jsonb_populate_recordset(NULL::seller_desk.notes, $1::text::jsonb) AS r
         ON CONFLICT (team, connection, seq_no) DO UPDATE SET
           ${VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, withdrawn_at = NULL
         WHERE (${VALUE_COLUMNS.map((c) => `n.${c}`).join(', ')}) IS DISTINCT FROM
               (${VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', ')}) OR n.withdrawn_at IS NOT NULL`,
        [JSON.stringify(rows)],
      ),
    );
  }
  return statements;
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

/** The team database as a sync's second sink, and one write at a time (the command line's, the tests'). */
export interface TeamNotesSink extends SharedNotesSink {
  writeSlice(slice: SliceWrite, nowMs: number): Promise<void>;
  writeNotes(notes: readonly InboxNote[]): Promise<void>;
  recordSync(lastSync: NotesLastSync, asOf: number | undefined): Promise<void>;
}

/** The statements of one write, made at once (they are sent together, not one after another's answer). */
function statementsOf(tx: Sql, team: string, connection: string, w: SinkWrite): PendingQuery<Row[]>[] {
  if (w.kind === 'notes') return upsertNotes(tx, team, connection, w.notes);
  if (w.kind === 'sync') {
    return [
      tx`
        INSERT INTO seller_desk.sync_outcome AS s (team, connection, last_sync, as_of)
        VALUES (${team}, ${connection}, ${tx.json(w.lastSync as never)}, ${w.asOf ?? null})
        ON CONFLICT (team, connection) DO UPDATE SET
          last_sync = excluded.last_sync, as_of = coalesce(excluded.as_of, s.as_of)`,
    ];
  }
  const { slice, nowMs } = w;
  const upserts = upsertNotes(tx, team, connection, slice.notes);
  if (!slice.complete) return upserts;
  const listed = slice.notes.filter((n) => n.sellerId === slice.sellerId).map((n) => n.seqNo);
  return [
    ...upserts,
    tx`
      UPDATE seller_desk.notes SET withdrawn_at = ${nowMs}
      WHERE team = ${team} AND connection = ${connection} AND seller_id = ${slice.sellerId}
        AND day = ${slice.day} AND withdrawn_at IS NULL AND NOT (seq_no = ANY (${listed}::bigint[]))`,
    tx`
      INSERT INTO seller_desk.coverage (team, connection, seller_id, day)
      VALUES (${team}, ${connection}, ${slice.sellerId}, ${slice.day}) ON CONFLICT DO NOTHING`,
  ];
}

/** The team database as a sync's second sink (SharedWritesStore sends the caller's writes here). */
export function teamNotesSink(
  sql: Sql,
  team: string,
  connection: string,
  opts: TeamSinkOptions,
): TeamNotesSink {
  const write = async (batch: readonly SinkWrite[]): Promise<void> => {
    if (!opts.holdsLock()) {
      throw callerLockLost();
    }
    // Every statement of the batch sent at once in one transaction (postgres.js pipelines an array): a round trip
    // per batch, not per statement, which counts when the caller's own event loop is busy with the sync.
    await sql.begin((tx) => batch.flatMap((w) => statementsOf(tx as unknown as Sql, team, connection, w)));
  };
  return {
    write,
    writeSlice: (slice, nowMs) => write([{ kind: 'slice', slice, nowMs }]),
    writeNotes: (notes) => write([{ kind: 'notes', notes }]),
    recordSync: (lastSync, asOf) => write([{ kind: 'sync', lastSync, asOf }]),
  };
}
