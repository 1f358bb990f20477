// One mirror of BuyerNoteList in its own SQLite file: the notes of one connection profile and endpoint, which
// days of which seller are synced, the last sync's outcome, and the seller's handled marks and memos.
//
// Writes are incremental: a day's notes are upserted in one transaction, and a row is written only when a field
// differs from what the file holds, so a refresh that brings nothing new writes next to nothing. A mark or memo
// is one transaction of its own, on disk (synchronous=FULL) before the call returns.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type {
  FoundNote,
  InboxNote,
  NoteColumn,
  NoteDay,
  NoteLocalMark,
  NotesCountRequest,
  NotesWaitingOutsideRequest,
  NotesWaitingOutsideResult,
  NotesWaitingResult,
  NotesCountResult,
  NotesLastSync,
  NotesLookupRequest,
  NotesLookupResult,
  NotesMirrorNotice,
  NotesPeriodResult,
} from '../contract';
import type { NoteField, NoteFieldKey } from '../../src-shared/note-fields';
import { CODE_VALUES, NOTE_FIELDS } from '../../src-shared/note-fields';
import { dayEndMs, dayStartMs, marketDayOf } from '../../src-shared/market-day';
import {
  SEARCHED_FIELDS,
  initialsQuery,
  initialsText,
  normalizedSearchText,
  numberAlternative,
  storeTextPatterns,
} from '../../src-shared/note-search';
import type {
  NotesStore,
  NotesStoreStatus,
  SliceWrite,
  TeamCopy,
  TeamCopyBatch,
  TeamNoteState,
  WaitingNote,
  WriteOutcome,
} from './notes-store';
import { packPeriod } from '../../src-shared/period-pack';
import { inTransaction } from './sqlite-file';
import { SEARCH_FILL_KEY } from './mirror-schema';
import type { MarksJournal } from './marks-journal';
import { derivedColumns } from './derived-columns';
import type { InsightsStore } from './insights-store';
import { MirrorInsights } from './insights-store';
import { registerInsightsFunctions } from './insights-rollup';
import type { HeldReply, Sighting } from './reply-observation';
import { CHECKED_META, NO_OBSERVATION, firstObservation, heldObservation } from './reply-observation';

/** A seller's held waiting notes between two instants: SeqNo (the rowid) and instant, both in the index. */
export const WAITING_NOTES_SQL = `SELECT seq_no, at FROM notes INDEXED BY notes_waiting
  WHERE seller_id = ? AND reply_status = 'NoReply' AND withdrawn_at IS NULL AND at BETWEEN ? AND ?`;

/** What a mirror belongs to, written once when it is created. */
export interface MirrorIdentity {
  mirrorId: string;
  profileId: string;
  /** The profile's name when the mirror was last opened (for carry-over offers after it is gone). */
  profileName: string;
  kind: 'sandbox' | 'live';
  /** Canonical text of the endpoint fingerprint. */
  fingerprint: string;
  /** What a seller recognizes the endpoint by (an API address, or the sandbox). */
  endpoint: string;
  createdAt: number;
}

const FIELD_COLUMNS = NOTE_FIELDS.map((f) => f.column);
// search_text: the note's searched fields in the search's normal form, indexed by notes_search (version 5).
// initials: that text with each syllable as its initial consonant (a query of initials alone is a substring of it).
const ALL_COLUMNS = [...FIELD_COLUMNS, 'at', 'day', 'search_text', 'initials'];
/** What the mirror observed of a note's reply (version 3; see reply-observation.ts). */
const OBSERVED_COLUMNS = ['waiting_seen_at', 'answer_seen_at', 'answer_after'];

/** The note's search_text and initials columns (written with the note, by the inbox's own code). */
function searchColumns(values: Record<string, string | number | undefined>): [string, string] {
  const text = normalizedSearchText(SEARCHED_FIELDS.map((f) => values[f.key]));
  return [text, initialsText(text)];
}

/** Three letters in a row that are not a wildcard or a class: what the trigram index can look up. */
const TRIGRAM_RUN = /[^*?[\]]{3}/u;

/** Whether the trigram index can answer `pattern` (a run of three literal letters outside any [class]). */
function indexable(pattern: string): boolean {
  return TRIGRAM_RUN.test(pattern.replace(/\[[^\]]*\]/g, '*'));
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Filter {
  where: string[];
  params: (string | number)[];
}

/**
 * A note's search text and initials, what the fill (search-fill.ts) would write, read through the functions
 * registerSearchFunctions adds: for the notes not filled yet (search_text '').
 */
const COMPUTED_TEXT = `desk_search_text(${SEARCHED_FIELDS.map((f) => f.column).join(', ')})`;
const TEXT_OF_ANY = `(CASE WHEN search_text = '' THEN ${COMPUTED_TEXT} ELSE search_text END)`;
const INITIALS_OF_ANY = `(CASE WHEN search_text = '' THEN desk_initials(${COMPUTED_TEXT}) ELSE initials END)`;

/** The functions a search reads an unfilled note's text through (MirrorStore registers them on its connection). */
function registerSearchFunctions(db: DatabaseSync): void {
  db.function('desk_search_text', { deterministic: true, varargs: true }, (...values) =>
    normalizedSearchText(values as (string | number | null)[]),
  );
  db.function('desk_initials', { deterministic: true }, (text) => initialsText(String(text)));
}

/**
 * The filter of a lookup or count. `unfilled`: some notes may not have their search text yet (a fill is due,
 * search-fill.ts); those are matched on the text computed from their fields, the others as always.
 */
function noteFilter(
  q: {
    text?: string;
    seqNo?: number;
    orderNo?: string;
    itemNo?: string;
    buyerId?: string;
    sellerId?: string;
  },
  unfilled = false,
): Filter {
  const f: Filter = { where: [], params: [] };
  const eq = (column: string, value: string | number | undefined) => {
    if (value === undefined || value === '') return;
    f.where.push(`${column} = ?`);
    f.params.push(value);
  };
  eq('seq_no', q.seqNo);
  eq('order_no', q.orderNo?.trim());
  eq('item_no', q.itemNo?.trim());
  eq('buyer_id', q.buyerId);
  eq('seller_id', q.sellerId);
  const text = q.text?.trim();
  const initials = text ? initialsQuery(text) : undefined;
  if (initials) {
    f.where.push(`instr(${unfilled ? INITIALS_OF_ANY : 'initials'}, ?) > 0`);
    f.params.push(initials);
  } else if (text) {
    const patterns = storeTextPatterns(text);
    if (patterns) {
      const digits = numberAlternative(text);
      if (digits) patterns.push(`*${digits}*`);
      textPatterns(f, patterns, unfilled);
    } else {
      // A syllable still being typed: the plain substring, the nearest the store can say.
      f.where.push(`(${SEARCHED_FIELDS.map((c) => `${c.column} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
      for (let i = 0; i < SEARCHED_FIELDS.length; i++) f.params.push(likePattern(text));
    }
  }
  return f;
}

/**
 * The normal form's text matched in C: through the trigram index when every pattern has three letters in a row (it
 * reads only the notes that hold them), else over the column (a pattern this short matches most notes, and a query
 * that needs only a few of them stops early). While a fill is due, the notes not filled yet (never in the index)
 * are matched on their computed text besides.
 */
function textPatterns(f: Filter, patterns: string[], unfilled: boolean): void {
  const globs = (column: string) => `(${patterns.map(() => `${column} GLOB ?`).join(' OR ')})`;
  if (!patterns.every(indexable)) {
    f.where.push(globs(unfilled ? TEXT_OF_ANY : 'search_text'));
    f.params.push(...patterns);
    return;
  }
  const indexed = `seq_no IN (${patterns.map(() => 'SELECT rowid FROM notes_search WHERE search_text GLOB ?').join(' UNION ')})`;
  if (!unfilled) {
    f.where.push(indexed);
    f.params.push(...patterns);
    return;
  }
  f.where.push(`(${indexed} OR (search_text = '' AND ${globs(COMPUTED_TEXT)}))`);
  f.params.push(...patterns, ...patterns);
}

export class MirrorStore implements NotesStore, TeamCopy {
  private readonly upsert: StatementSync;
  private readonly held: StatementSync;
  private readonly observeStmt: StatementSync;
  private readonly withdrawMissing: StatementSync;
  private readonly cover: StatementSync;
  private readonly bump: StatementSync;
  private readonly getMeta: StatementSync;
  private readonly setMetaStmt: StatementSync;
  /** The insights figures over this mirror (one query per figure). */
  readonly insights: InsightsStore;

  constructor(
    readonly db: DatabaseSync,
    readonly file: string,
    /** The marks' second copy beside the file (marks-journal.ts); none for a mirror in memory or read-only. */
    private readonly journal?: MarksJournal,
  ) {
    // Before any statement is prepared: an INSERT or UPDATE of notes compiles the rollup's triggers, which call these.
    registerInsightsFunctions(db);
    registerSearchFunctions(db);
    const changed = [...ALL_COLUMNS.filter((c) => c !== 'seq_no')]
      .map((c) => `notes.${c} IS NOT excluded.${c}`)
      .join(' OR ');
    // A new note also takes its first observation (OBSERVED_COLUMNS); a held one keeps its own (observe()).
    const inserted = [...ALL_COLUMNS, ...OBSERVED_COLUMNS];
    this.upsert = db.prepare(
      `INSERT INTO notes (${inserted.join(', ')}) VALUES (${inserted.map(() => '?').join(', ')})
       ON CONFLICT (seq_no) DO UPDATE SET
         ${ALL_COLUMNS.filter((c) => c !== 'seq_no')
           .map((c) => `${c} = excluded.${c}`)
           .join(', ')},
         withdrawn_at = NULL
       WHERE ${changed} OR notes.withdrawn_at IS NOT NULL`,
    );
    this.held = db.prepare('SELECT reply_status, waiting_seen_at FROM notes WHERE seq_no = ?');
    this.observeStmt = db.prepare(
      'UPDATE notes SET waiting_seen_at = ?, answer_seen_at = ?, answer_after = ? WHERE seq_no = ?',
    );
    this.withdrawMissing = db.prepare(
      `UPDATE notes SET withdrawn_at = ?
       WHERE seller_id = ? AND day = ? AND withdrawn_at IS NULL
         AND seq_no NOT IN (SELECT value FROM json_each(?))`,
    );
    this.cover = db.prepare('INSERT OR IGNORE INTO coverage (seller_id, day) VALUES (?, ?)');
    this.bump = db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'revision'");
    this.getMeta = db.prepare('SELECT value FROM meta WHERE key = ?');
    this.setMetaStmt = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    this.insights = new MirrorInsights(db);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  // ---- meta ----

  meta(key: string): string | undefined {
    return (this.getMeta.get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.setMetaStmt.run(key, value);
  }

  identity(): MirrorIdentity | undefined {
    const raw = this.meta('identity');
    return raw === undefined ? undefined : (JSON.parse(raw) as MirrorIdentity);
  }

  /** Whether some notes may not have their search text yet (version 5's fill is due: search-fill.ts). */
  searchFillDue(): boolean {
    return this.meta(SEARCH_FILL_KEY) !== undefined;
  }

  revision(): number {
    return Number(this.meta('revision') ?? 0);
  }

  asOf(): number | undefined {
    const v = this.meta('as_of');
    return v === undefined ? undefined : Number(v);
  }

  lastSync(): NotesLastSync | undefined {
    const v = this.meta('last_sync');
    return v === undefined ? undefined : (JSON.parse(v) as NotesLastSync);
  }

  /** The outcome of a sync; `asOf` only when it ran through (the data then reflects the marketplace at that time). */
  recordSync(lastSync: NotesLastSync, asOf: number | undefined): void {
    inTransaction(this.db, () => {
      this.setMeta('last_sync', JSON.stringify(lastSync));
      if (asOf !== undefined) this.setMeta('as_of', String(asOf));
    });
  }

  status(): NotesStoreStatus {
    const held = this.heldRange();
    const out: NotesStoreStatus = {
      notices: this.notices(),
      notes: this.noteCount(),
      sellerIds: this.coveredSellers(),
      revision: this.revision(),
    };
    const asOf = this.asOf();
    if (asOf !== undefined) out.asOf = asOf;
    const lastSync = this.lastSync();
    if (lastSync !== undefined) out.lastSync = lastSync;
    if (held) {
      out.firstDay = held.first;
      out.lastDay = held.last;
    }
    return out;
  }

  // ---- notes ----

  private upsertOne(n: InboxNote, out: WriteOutcome, seen?: Sighting): void {
    const values = n as unknown as Record<string, string | number | undefined>;
    const before = this.held.get(n.seqNo) as HeldReply | undefined;
    const first = before === undefined && seen ? firstObservation(n, seen) : NO_OBSERVATION;
    const { changes } = this.upsert.run(
      ...NOTE_FIELDS.map((f) => values[f.key] ?? null),
      n.at,
      marketDayOf(n.at),
      ...searchColumns(values),
      first.waitingSeenAt,
      first.answerSeenAt,
      first.answerAfter,
    );
    if (Number(changes) > 0) out.written++;
    if (before === undefined) {
      out.added.push(n.seqNo);
      if (n.replyStatus === 'NoReply') out.addedWaiting.push({ seqNo: n.seqNo, at: n.at });
    } else if (seen) {
      const next = heldObservation(before, n, seen);
      if (next) this.observeStmt.run(next.waitingSeenAt, next.answerSeenAt, next.answerAfter, n.seqNo);
    }
  }

  /** When each seller's last complete status check started (reply-observation.ts), read once per write. */
  private sighting(nowMs: number | undefined): Sighting | undefined {
    if (nowMs === undefined) return undefined;
    const raw = this.meta(CHECKED_META);
    return { nowMs, checkedAt: raw === undefined ? {} : (JSON.parse(raw) as Record<string, number>) };
  }

  /** The seller opened the note's answer page: kept while the note waits (an opening after the answer tells nothing). */
  recordAnswerOpened(seqNo: number, nowMs: number): void {
    this.db
      .prepare(`UPDATE notes SET answer_opened_at = ? WHERE seq_no = ? AND reply_status = 'NoReply'`)
      .run(nowMs, seqNo);
  }

  /**
   * Records that a sync starting at `startedAt` checked every held waiting note of these sellers (its status check
   * ran through): each was seen waiting then or later, the start of the window an answer found next fell in.
   */
  recordChecked(sellerIds: readonly string[], startedAt: number): void {
    const raw = this.meta(CHECKED_META);
    const checked = raw === undefined ? {} : (JSON.parse(raw) as Record<string, number>);
    for (const id of sellerIds) checked[id] = Math.max(checked[id] ?? 0, startedAt);
    this.setMeta(CHECKED_META, JSON.stringify(checked));
  }

  /** Upserts notes that are not a whole day (a status check's answers, an import). One transaction. */
  writeNotes(notes: readonly InboxNote[], nowMs?: number): WriteOutcome {
    const out: WriteOutcome = { written: 0, added: [], addedWaiting: [], withdrawn: 0 };
    if (notes.length === 0) return out;
    inTransaction(this.db, () => {
      const seen = this.sighting(nowMs);
      for (const n of notes) this.upsertOne(n, out, seen);
      if (out.written > 0) this.bump.run();
    });
    return out;
  }

  /** One seller-day as fetched, in one transaction: nothing half-written survives a crash or a cancel. */
  writeSlice(slice: SliceWrite, nowMs: number): WriteOutcome {
    const out: WriteOutcome = { written: 0, added: [], addedWaiting: [], withdrawn: 0 };
    inTransaction(this.db, () => {
      const seen = this.sighting(nowMs);
      for (const n of slice.notes) this.upsertOne(n, out, seen);
      if (slice.complete) {
        const seqs = JSON.stringify(
          slice.notes.filter((n) => n.sellerId === slice.sellerId).map((n) => n.seqNo),
        );
        out.withdrawn = Number(this.withdrawMissing.run(nowMs, slice.sellerId, slice.day, seqs).changes);
        this.cover.run(slice.sellerId, slice.day);
      }
      if (out.written > 0 || out.withdrawn > 0) this.bump.run();
    });
    return out;
  }

  coveredDays(sellerId: string): Set<NoteDay> {
    const rows = this.db.prepare('SELECT day FROM coverage WHERE seller_id = ?').all(sellerId) as {
      day: string;
    }[];
    return new Set(rows.map((r) => r.day));
  }

  /** First and last synced day of a seller, or of any seller. */
  heldRange(sellerId?: string): { first: NoteDay; last: NoteDay } | undefined {
    const row = (
      sellerId === undefined
        ? this.db.prepare('SELECT min(day) AS first, max(day) AS last FROM coverage').get()
        : this.db
            .prepare('SELECT min(day) AS first, max(day) AS last FROM coverage WHERE seller_id = ?')
            .get(sellerId)
    ) as { first: string | null; last: string | null };
    return row.first && row.last ? { first: row.first, last: row.last } : undefined;
  }

  coveredSellers(): string[] {
    return (
      this.db.prepare('SELECT DISTINCT seller_id FROM coverage ORDER BY seller_id').all() as {
        seller_id: string;
      }[]
    ).map((r) => r.seller_id);
  }

  /** Held notes of a seller the mirror has as waiting for a reply, between two instants (withdrawn ones left out). */
  waitingNotes(sellerId: string, startMs: number, endMs: number): WaitingNote[] {
    return (
      this.db.prepare(WAITING_NOTES_SQL).all(sellerId, startMs, endMs) as { seq_no: number; at: number }[]
    ).map((r) => ({ seqNo: r.seq_no, at: r.at }));
  }

  /** When the newest note a seller holds in days `first`..`last` was written (withdrawn ones included). */
  newestNoteAt(sellerId: string, first: NoteDay, last: NoteDay): number | undefined {
    const row = this.db
      .prepare(
        'SELECT max(at) AS at FROM notes INDEXED BY notes_by_seller_day WHERE seller_id = ? AND day BETWEEN ? AND ?',
      )
      .get(sellerId, first, last) as { at: number | null };
    return row.at ?? undefined;
  }

  newestAt(): number | undefined {
    const row = this.db.prepare('SELECT max(at) AS at FROM notes WHERE withdrawn_at IS NULL').get() as {
      at: number | null;
    };
    return row.at ?? undefined;
  }

  noteCount(): number {
    const row = this.db
      .prepare(
        `SELECT (SELECT count(*) FROM notes) -
                (SELECT count(*) FROM notes INDEXED BY notes_withdrawn WHERE withdrawn_at IS NOT NULL) AS n`,
      )
      .get() as { n: number };
    return Number(row.n);
  }

  private rowToNote(row: Record<string, unknown>): InboxNote {
    const note: Record<string, unknown> = {};
    for (const f of NOTE_FIELDS as readonly NoteField[]) {
      const v = row[f.column];
      if (v === null || v === undefined) {
        if (!f.optional) note[f.key] = f.kind === 'int' ? 0 : '';
        continue;
      }
      note[f.key] = v;
    }
    note['at'] = row['at'];
    return note as InboxNote;
  }

  /** Notes by SeqNo, in the order asked (unknown SeqNos left out), withdrawn ones included. */
  notesBySeq(seqNos: readonly number[]): InboxNote[] {
    const rows = this.db
      .prepare(
        `SELECT n.* FROM json_each(?) AS wanted JOIN notes AS n ON n.seq_no = wanted.value ORDER BY wanted.key`,
      )
      .all(JSON.stringify(seqNos)) as Record<string, unknown>[];
    return rows.map((r) => this.rowToNote(r));
  }

  /** Every held note, oldest first (tests, the command line's --offline output). */
  *iterateNotes(range?: { startMs: number; endMs: number }): Generator<InboxNote & { withdrawnAt?: number }> {
    const stmt = range
      ? this.db.prepare('SELECT * FROM notes WHERE at BETWEEN ? AND ? ORDER BY at, seq_no')
      : this.db.prepare('SELECT * FROM notes ORDER BY at, seq_no');
    const rows = (range ? stmt.iterate(range.startMs, range.endMs) : stmt.iterate()) as Iterable<
      Record<string, unknown>
    >;
    for (const row of rows) {
      const note = this.rowToNote(row) as InboxNote & { withdrawnAt?: number };
      if (row['withdrawn_at'] !== null) note.withdrawnAt = row['withdrawn_at'] as number;
      yield note;
    }
  }

  /**
   * The period's notes column by column, oldest first, withdrawn ones left out; or `unchanged` when the caller
   * already holds this revision of the same period.
   */
  period(start: NoteDay, end: NoteDay, known?: { mirror: string; revision: number }): NotesPeriodResult {
    const revision = this.revision();
    const mirror = this.identity()?.mirrorId ?? this.file;
    if (known && known.mirror === mirror && known.revision === revision) {
      return { unchanged: true, mirror, revision, start, end };
    }
    const startMs = dayStartMs(start);
    const endMs = dayEndMs(end);
    const stmt = this.db.prepare(
      `SELECT ${FIELD_COLUMNS.join(', ')}, at FROM notes
       WHERE at BETWEEN ? AND ? AND withdrawn_at IS NULL ORDER BY at, seq_no`,
    );
    stmt.setReturnArrays(true);
    // One pass over the rows, each field written into its column as it comes (a pass per column would walk
    // every row's array again for each field).
    type Sink = { put(v: unknown, r: number): void; column(): NoteColumn };
    const sinks: Sink[] = NOTE_FIELDS.map((f): Sink => {
      if (f.payload === 'plain') {
        const values: (string | number | null)[] = [];
        return {
          put: (v, r) => void (values[r] = v as string | number | null),
          column: () => ({ kind: 'plain', values }),
        };
      }
      if (f.payload === 'dict') {
        const dict: string[] = [];
        const index = new Map<string, number>();
        const codes: number[] = [];
        return {
          put(v, r) {
            if (v === null) {
              codes[r] = -1;
              return;
            }
            let c = index.get(v as string);
            if (c === undefined) {
              c = dict.length;
              index.set(v as string, c);
              dict.push(v as string);
            }
            codes[r] = c;
          },
          column: () => ({ kind: 'dict', dict, codes }),
        };
      }
      const code = new Map(CODE_VALUES[f.kind as 'replyStatus' | 'queryType'].map((v, c) => [v, c]));
      const codes: number[] = [];
      return {
        put: (v, r) => void (codes[r] = code.get(v as string) ?? -1),
        column: () => ({ kind: 'code', codes }),
      };
    });
    const at: number[] = [];
    const atIndex = FIELD_COLUMNS.length;
    const fieldCount = sinks.length;
    const rows = stmt.all(startMs, endMs) as unknown as unknown[][];
    const count = rows.length;
    for (let r = 0; r < count; r++) {
      const row = rows[r]!;
      for (let i = 0; i < fieldCount; i++) sinks[i]!.put(row[i], r);
      at[r] = row[atIndex] as number;
    }
    const columns = {} as Record<NoteFieldKey, NoteColumn>;
    NOTE_FIELDS.forEach((f, i) => (columns[f.key] = sinks[i]!.column()));
    const marks: Record<string, NoteLocalMark> = {};
    const markRows = this.db
      .prepare(
        // Marks are few: read them first and look each note up (CROSS JOIN keeps that order).
        `SELECT m.seq_no, m.handled, m.memo, m.updated_at FROM marks AS m CROSS JOIN notes AS n ON n.seq_no = m.seq_no
         WHERE n.at BETWEEN ? AND ? AND n.withdrawn_at IS NULL`,
      )
      .all(startMs, endMs) as { seq_no: number; handled: number; memo: string; updated_at: number }[];
    for (const m of markRows) {
      marks[String(m.seq_no)] = { handled: m.handled === 1, memo: m.memo, updatedAt: m.updated_at };
    }
    const derived = derivedColumns(this.db, { startMs, endMs });
    const packed = packPeriod({ count, at, columns, derived });
    return { unchanged: false, mirror, revision, start, end, count, packed, marks };
  }

  /** Notes anywhere in the mirror matching every given criterion, newest first; withdrawn ones flagged. */
  lookup(q: NotesLookupRequest): NotesLookupResult {
    const f = noteFilter(q, this.searchFillDue());
    if (q.outside) {
      f.where.push('NOT (at BETWEEN ? AND ?)');
      f.params.push(dayStartMs(q.outside.start), dayEndMs(q.outside.end));
    }
    const where = f.where.length > 0 ? `WHERE ${f.where.join(' AND ')}` : '';
    const totals = this.lookupTotals(f, q.totalUpTo);
    const rows = this.db
      .prepare(
        `SELECT n.*, m.handled AS m_handled, m.memo AS m_memo, m.updated_at AS m_updated_at
         FROM notes AS n LEFT JOIN marks AS m USING (seq_no) ${where} ORDER BY at DESC, seq_no DESC LIMIT ?`,
      )
      .all(...f.params, q.limit ?? 50) as Record<string, unknown>[];
    const notes: FoundNote[] = rows.map((row) => {
      const found: FoundNote = { note: this.rowToNote(row) };
      if (row['m_handled'] !== null) {
        found.mark = {
          handled: row['m_handled'] === 1,
          memo: row['m_memo'] as string,
          updatedAt: row['m_updated_at'] as number,
        };
      }
      if (row['withdrawn_at'] !== null) found.withdrawnAt = row['withdrawn_at'] as number;
      return found;
    });
    return {
      total: Number(totals.total),
      withdrawn: Number(totals.withdrawn),
      ...(totals.oldest === null ? {} : { oldestAt: Number(totals.oldest) }),
      notes,
    };
  }

  /**
   * A lookup's counts, each its own query so each stops as early as it can: the withdrawn matches (few: their
   * index), the oldest listed one (the time index, from the oldest up to the first match), and all of them, or up
   * to `upTo`.
   */
  private lookupTotals(f: Filter, upTo: number | undefined) {
    const and = f.where.map((w) => ` AND ${w}`).join('');
    const one = <T>(sql: string, ...extra: number[]) => this.db.prepare(sql).get(...f.params, ...extra) as T;
    const { withdrawn } = one<{ withdrawn: number }>(
      `SELECT count(*) AS withdrawn FROM notes WHERE withdrawn_at IS NOT NULL${and}`,
    );
    const oldest = one<{ at: number } | undefined>(
      `SELECT at FROM notes WHERE withdrawn_at IS NULL${and} ORDER BY at LIMIT 1`,
    );
    const where = f.where.length > 0 ? `WHERE ${f.where.join(' AND ')}` : '';
    const { total } =
      upTo === undefined
        ? one<{ total: number }>(`SELECT count(*) AS total FROM notes ${where}`)
        : one<{ total: number }>(
            `SELECT count(*) AS total FROM (SELECT 1 FROM notes ${where} LIMIT ?)`,
            upTo,
          );
    return { total, withdrawn, oldest: oldest?.at ?? null };
  }

  /** How many held notes (withdrawn ones left out) a wider period has for the given criteria. */
  count(q: NotesCountRequest): NotesCountResult {
    const f = noteFilter(q, this.searchFillDue());
    f.where.push('at BETWEEN ? AND ?', 'withdrawn_at IS NULL');
    f.params.push(dayStartMs(q.start), dayEndMs(q.end));
    if (q.status && q.status !== 'All') {
      f.where.push('reply_status = ?');
      f.params.push(q.status);
    }
    const row = this.db
      .prepare(
        // A handled note is done for now: not waiting (the inbox counts it as handled).
        `SELECT count(*) AS total,
                coalesce(sum(reply_status = 'NoReply'
                  AND seq_no NOT IN (SELECT seq_no FROM marks WHERE handled = 1)), 0) AS waiting
         FROM notes WHERE ${f.where.join(' AND ')}`,
      )
      .get(...f.params) as { total: number; waiting: number };
    return { total: Number(row.total), noReply: Number(row.waiting) };
  }

  /**
   * What waits for an answer outside a period: held notes received before or after it that are NoReply, not
   * withdrawn and not marked handled; how many of them are past the SLA, and when the oldest came in.
   */
  waitingOutside(q: NotesWaitingOutsideRequest): NotesWaitingOutsideResult {
    return this.waitingBetween(q.lateBeforeMs, q.nowMs, { start: dayStartMs(q.start), end: dayEndMs(q.end) });
  }

  /** What waits for an answer anywhere in the mirror (NoReply, not withdrawn, not handled); how many past the SLA. */
  waiting(lateBeforeMs: number, nowMs?: number): NotesWaitingResult {
    const { waiting, late } = this.waitingBetween(lateBeforeMs, nowMs);
    return { waiting, late };
  }

  waitingAssigned(assignee: string, lateBeforeMs: number, nowMs?: number): NotesWaitingResult {
    const { waiting, late } = this.waitingBetween(lateBeforeMs, nowMs, undefined, assignee);
    return { waiting, late };
  }

  /**
   * The waiting notes outside `except` (all of them without it), of `assignee` alone when one is named. A team's
   * copy sets aside a note needing no reply, and one snoozed past `nowMs` (the inbox's queue does the same).
   */
  private waitingBetween(
    lateBeforeMs: number,
    nowMs?: number,
    except?: { start: number; end: number },
    assignee?: string,
  ) {
    const row = this.db
      .prepare(
        `SELECT count(*) AS waiting, coalesce(sum(at < ?), 0) AS late, min(at) AS oldest
         FROM notes
         WHERE ${except ? 'NOT (at BETWEEN ? AND ?) AND' : ''} reply_status = 'NoReply' AND withdrawn_at IS NULL
           ${assignee === undefined ? '' : 'AND seq_no IN (SELECT seq_no FROM team_states WHERE assignee = ?)'}
           AND seq_no NOT IN (SELECT seq_no FROM marks WHERE handled = 1)
           AND seq_no NOT IN (SELECT seq_no FROM team_states
                              WHERE no_reply_reason IS NOT NULL OR snoozed_until > ?)`,
      )
      .get(
        lateBeforeMs,
        ...(except ? [except.start, except.end] : []),
        ...(assignee === undefined ? [] : [assignee]),
        nowMs ?? -1,
      ) as {
      waiting: number;
      late: number;
      oldest: number | null;
    };
    const out: NotesWaitingOutsideResult = { waiting: Number(row.waiting), late: Number(row.late) };
    if (row.oldest !== null) out.oldestAt = Number(row.oldest);
    return out;
  }

  // ---- the seller's marks ----

  marks(): Map<number, NoteLocalMark> {
    const rows = this.db.prepare('SELECT * FROM marks').all() as {
      seq_no: number;
      handled: number;
      memo: string;
      updated_at: number;
    }[];
    return new Map(
      rows.map((r) => [r.seq_no, { handled: r.handled === 1, memo: r.memo, updatedAt: r.updated_at }]),
    );
  }

  mark(seqNo: number): NoteLocalMark | undefined {
    const r = this.db.prepare('SELECT * FROM marks WHERE seq_no = ?').get(seqNo) as
      { handled: number; memo: string; updated_at: number } | undefined;
    return r && { handled: r.handled === 1, memo: r.memo, updatedAt: r.updated_at };
  }

  /** One change, one transaction, on disk before it returns. A mark neither handled nor with a memo is removed. */
  setMark(seqNo: number, patch: { handled?: boolean; memo?: string }, nowMs: number): NoteLocalMark {
    const mark = this.writeMark(seqNo, patch, nowMs);
    this.journal?.append([[seqNo, mark]], () => this.marks());
    return mark;
  }

  private writeMark(
    seqNo: number,
    patch: { handled?: boolean; memo?: string },
    nowMs: number,
  ): NoteLocalMark {
    return inTransaction(this.db, () => {
      const old = this.mark(seqNo) ?? { handled: false, memo: '', updatedAt: 0 };
      const mark: NoteLocalMark = {
        handled: patch.handled ?? old.handled,
        memo: patch.memo ?? old.memo,
        updatedAt: nowMs,
      };
      if (!mark.handled && mark.memo === '') this.db.prepare('DELETE FROM marks WHERE seq_no = ?').run(seqNo);
      else
        this.db
          .prepare('INSERT OR REPLACE INTO marks (seq_no, handled, memo, updated_at) VALUES (?, ?, ?, ?)')
          .run(seqNo, mark.handled ? 1 : 0, mark.memo, mark.updatedAt);
      this.bump.run();
      return mark;
    });
  }

  /**
   * Brings marks from elsewhere in by SeqNo, in one transaction with the decision; a mark the seller set here
   * more recently wins. Returns how many were taken.
   */
  importMarks(source: string, marks: ReadonlyMap<number, NoteLocalMark>, nowMs: number): number {
    const brought: [number, NoteLocalMark][] = [];
    const count = inTransaction(this.db, () => {
      let taken = 0;
      const put = this.db.prepare(
        `INSERT INTO marks (seq_no, handled, memo, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (seq_no) DO UPDATE SET handled = excluded.handled, memo = excluded.memo,
           updated_at = excluded.updated_at
         WHERE excluded.updated_at > marks.updated_at`,
      );
      for (const [seq, m] of marks) {
        if (!m.handled && m.memo === '') continue;
        if (Number(put.run(seq, m.handled ? 1 : 0, m.memo, m.updatedAt).changes) === 0) continue;
        taken++;
        brought.push([seq, m]);
      }
      this.decide(source, 'import', taken, nowMs);
      if (taken > 0) this.bump.run();
      return taken;
    });
    this.journal?.append(brought, () => this.marks());
    return count;
  }

  decide(source: string, decision: 'import' | 'discard', marks: number, nowMs: number): void {
    this.db
      .prepare('INSERT OR REPLACE INTO carry_over (source, decision, marks, at) VALUES (?, ?, ?, ?)')
      .run(source, decision, marks, nowMs);
  }

  decidedSources(): Set<string> {
    return new Set(
      (this.db.prepare('SELECT source FROM carry_over').all() as { source: string }[]).map((r) => r.source),
    );
  }

  // ---- a team's copy (team/pull.ts) ----

  /** The team change log's position this copy holds everything up to. */
  teamPosition(): number {
    return Number(this.meta('team_position') ?? 0);
  }

  /**
   * One batch of a team's changes, with the position it brings the copy to, in one transaction: a crash leaves the
   * copy at the old position or the new one, never between, so the next pull starts where this one left off.
   * Rows are taken as the team database holds them (its withdrawn flags, its marks: a cleared one removed here).
   */
  applyTeamBatch(batch: TeamCopyBatch): void {
    inTransaction(this.db, () => {
      const columns = [...ALL_COLUMNS, 'withdrawn_at'];
      const put = this.db.prepare(
        `INSERT INTO notes (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
         ON CONFLICT (seq_no) DO UPDATE SET
           ${columns
             .filter((c) => c !== 'seq_no')
             .map((c) => `${c} = excluded.${c}`)
             .join(', ')}`,
      );
      for (const n of batch.notes) {
        const values = n as unknown as Record<string, string | number | undefined>;
        put.run(
          ...NOTE_FIELDS.map((f) => values[f.key] ?? null),
          n.at,
          marketDayOf(n.at),
          ...searchColumns(values),
          n.withdrawnAt ?? null,
        );
      }
      for (const c of batch.coverage) this.cover.run(c.sellerId, c.day);
      for (const m of batch.marks) {
        if (!m.handled && m.memo === '') this.db.prepare('DELETE FROM marks WHERE seq_no = ?').run(m.seqNo);
        else
          this.db
            .prepare('INSERT OR REPLACE INTO marks (seq_no, handled, memo, updated_at) VALUES (?, ?, ?, ?)')
            .run(m.seqNo, m.handled ? 1 : 0, m.memo, m.updatedAt);
      }
      this.applyTeamStates(batch.states ?? []);
      if (batch.sync) {
        this.setMeta('last_sync', JSON.stringify(batch.sync.lastSync));
        if (batch.sync.asOf !== undefined) this.setMeta('as_of', String(batch.sync.asOf));
      }
      this.setMeta('team_position', String(batch.position));
      const changed =
        batch.notes.length + batch.marks.length + batch.coverage.length + (batch.states?.length ?? 0);
      if (changed > 0) this.bump.run();
    });
  }

  private applyTeamStates(states: readonly TeamNoteState[]): void {
    if (states.length === 0) return;
    const put = this.db.prepare(
      'INSERT OR REPLACE INTO team_states (seq_no, assignee, snoozed_until, no_reply_reason) VALUES (?, ?, ?, ?)',
    );
    const drop = this.db.prepare('DELETE FROM team_states WHERE seq_no = ?');
    for (const s of states) {
      if (s.assignee === undefined && s.snoozedUntil === undefined && s.noReplyReason === undefined)
        drop.run(s.seqNo);
      else put.run(s.seqNo, s.assignee ?? null, s.snoozedUntil ?? null, s.noReplyReason ?? null);
    }
  }

  teamStates(): Map<number, TeamNoteState> {
    const rows = this.db.prepare('SELECT * FROM team_states').all() as {
      seq_no: number;
      assignee: string | null;
      snoozed_until: number | null;
      no_reply_reason: string | null;
    }[];
    return new Map(
      rows.map((r) => [
        r.seq_no,
        {
          seqNo: r.seq_no,
          ...(r.assignee !== null ? { assignee: r.assignee } : {}),
          ...(r.snoozed_until !== null ? { snoozedUntil: r.snoozed_until } : {}),
          ...(r.no_reply_reason !== null ? { noReplyReason: r.no_reply_reason } : {}),
        },
      ]),
    );
  }

  // ---- notices ----

  addNotice(n: Omit<NotesMirrorNotice, 'id'>): void {
    this.db
      .prepare('INSERT INTO notices (kind, file, reason, at) VALUES (?, ?, ?, ?)')
      .run(n.kind, n.file, n.reason ?? null, n.at);
  }

  notices(): NotesMirrorNotice[] {
    return (
      this.db.prepare('SELECT * FROM notices ORDER BY id').all() as {
        id: number;
        kind: NotesMirrorNotice['kind'];
        file: string;
        reason: NotesMirrorNotice['reason'] | null;
        at: number;
      }[]
    ).map((r) => ({
      id: r.id,
      kind: r.kind,
      file: r.file,
      at: r.at,
      ...(r.reason ? { reason: r.reason } : {}),
    }));
  }

  dismissNotice(id: number): void {
    this.db.prepare('DELETE FROM notices WHERE id = ?').run(id);
  }
}
