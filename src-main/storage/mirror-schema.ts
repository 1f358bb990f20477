// The mirror database's shape and its forward migrations, versioned with SQLite's `user_version`.
//
// Migration n brings a version n-1 file to version n, in one transaction together with the version bump, so a
// crash leaves the file at n-1 or at n, never between. Two processes opening the same new file take turns (the
// transaction is taken at once) and the second finds the work done. A file newer than MIRROR_VERSION is
// refused by openDatabase and never written.
//
// A migration, once released, is frozen: version 1 is literal SQL and never reads the note field table
// (src-shared/note-fields.ts). A field added to that table later is added to every mirror, a new one as well as an
// old one, as a column when it is opened (ensureFieldColumns): no migration to write, and notes fetched before it
// show the field empty until their day is fetched again (docs/adding-a-field.md). A change to an existing column
// is a new migration.
import type { DatabaseSync } from 'node:sqlite';
import type { NoteField } from '../../src-shared/note-fields';
import { NOTE_FIELDS } from '../../src-shared/note-fields';
import { marketDayOf } from '../../src-shared/market-day';
import type { LegacyNotesFiles } from './legacy-notes-files';
import { createInsightsRollup, ensureRollupCalendar } from './insights-rollup';
import { inTransaction, userVersion } from './sqlite-file';

export const MIRROR_VERSION = 6;

export interface MigrationContext {
  /** Release 0.1.0's notes files, for the mirror that imports them (the sandbox profile's); else undefined. */
  legacy?: LegacyNotesFiles;
  nowMs: number;
}

export type Migration = (db: DatabaseSync, ctx: MigrationContext) => void;

/** The type of a field's column added to the notes table (a required one needs a value for the rows held). */
function addedColumnType(field: NoteField): string {
  const sql = field.kind === 'int' ? 'INTEGER' : 'TEXT';
  return field.optional ? sql : `${sql} NOT NULL DEFAULT ${field.kind === 'int' ? '0' : "''"}`;
}

/**
 * Version 1's tables as literal SQL, frozen: the note columns are the note field table's as it stood when version 1
 * was released, written out, so the migration stays what it was when a field is added to NOTE_FIELDS
 * (ensureFieldColumns adds the new column to every file, new or old, after the migrations ran).
 */
export const MIRROR_V1_SQL = `
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE notes (
      seq_no INTEGER PRIMARY KEY,
      buyer_id TEXT NOT NULL,
      seller_id TEXT NOT NULL,
      item_no TEXT NOT NULL,
      item_name TEXT NOT NULL,
      order_no TEXT,
      ins_date TEXT NOT NULL,
      title TEXT NOT NULL,
      content TEXT NOT NULL,
      reply_status TEXT NOT NULL,
      query_type TEXT NOT NULL,
      -- InsDate as epoch ms, and its Korean day: what periods, coverage and the status check work on.
      at INTEGER NOT NULL,
      day TEXT NOT NULL,
      -- When a full fetch of its day no longer returned it (the marketplace withdrew it); NULL while it is listed.
      withdrawn_at INTEGER
    );
    CREATE INDEX notes_by_time ON notes (at);
    CREATE INDEX notes_by_seller_day ON notes (seller_id, day);
    CREATE INDEX notes_waiting ON notes (seller_id, at) WHERE reply_status = 'NoReply' AND withdrawn_at IS NULL;
    CREATE INDEX notes_by_order ON notes (order_no) WHERE order_no IS NOT NULL;
    CREATE INDEX notes_by_item ON notes (item_no);
    -- Few rows: lets the held count be "all minus withdrawn" without reading the table.
    CREATE INDEX notes_withdrawn ON notes (withdrawn_at) WHERE withdrawn_at IS NOT NULL;
    CREATE TABLE coverage (seller_id TEXT NOT NULL, day TEXT NOT NULL, PRIMARY KEY (seller_id, day)) WITHOUT ROWID;
    CREATE TABLE marks (
      seq_no INTEGER PRIMARY KEY,
      handled INTEGER NOT NULL,
      memo TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE notices (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      file TEXT NOT NULL,
      reason TEXT,
      at INTEGER NOT NULL
    );
    CREATE TABLE carry_over (
      source TEXT PRIMARY KEY,
      decision TEXT NOT NULL,
      marks INTEGER NOT NULL,
      at INTEGER NOT NULL
    ) WITHOUT ROWID;
  `;

/** Version 1's note columns with the InboxNote key each holds: what release 0.1.0's cached notes are copied into. */
const V1_NOTE_COLUMNS: readonly (readonly [key: string, column: string])[] = [
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
];

/** Version 1: the notes, their coverage, the seller's marks, notices, carry-over decisions; plus 0.1.0's files. */
const createV1: Migration = (db, ctx) => {
  db.exec(MIRROR_V1_SQL);
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  setMeta.run('revision', '0');
  const legacy = ctx.legacy;
  if (!legacy) return;
  for (const moved of legacy.movedAside) {
    db.prepare('INSERT INTO notices (kind, file, at) VALUES (?, ?, ?)').run(
      moved.kind,
      moved.file,
      ctx.nowMs,
    );
  }
  if (legacy.cache) {
    const cols = V1_NOTE_COLUMNS.map(([, column]) => column);
    const insert = db.prepare(
      `INSERT OR REPLACE INTO notes (${cols.join(', ')}, at, day) VALUES (${cols.map(() => '?').join(', ')}, ?, ?)`,
    );
    for (const note of legacy.cache.notes) {
      const values = note as unknown as Record<string, string | number | undefined>;
      insert.run(...V1_NOTE_COLUMNS.map(([key]) => values[key] ?? null), note.at, marketDayOf(note.at));
    }
    const cover = db.prepare('INSERT OR IGNORE INTO coverage (seller_id, day) VALUES (?, ?)');
    for (const [seller, days] of Object.entries(legacy.cache.coverage)) {
      for (const day of days) cover.run(seller, day);
    }
    if (legacy.cache.asOf !== undefined) setMeta.run('as_of', String(legacy.cache.asOf));
    if (legacy.cache.lastSync !== undefined) setMeta.run('last_sync', JSON.stringify(legacy.cache.lastSync));
  }
  if (legacy.marks) {
    const mark = db.prepare(
      'INSERT OR REPLACE INTO marks (seq_no, handled, memo, updated_at) VALUES (?, ?, ?, ?)',
    );
    for (const [seq, m] of Object.entries(legacy.marks)) {
      mark.run(Number(seq), m.handled ? 1 : 0, m.memo, m.updatedAt);
    }
  }
  setMeta.run('legacy_imported', String(ctx.nowMs));
};

/**
 * Version 2: the waiting notes' index carries the columns of its own condition, so the status check reads the
 * held waiting notes (SeqNo and instant) from the index alone. Through the table it read 20,447 rows at random
 * over a 415 MB file on every refresh of a 1,000,000-note mirror, the largest part of the refresh's own time.
 */
const coverWaiting: Migration = (db) => {
  db.exec(`
    DROP INDEX notes_waiting;
    CREATE INDEX notes_waiting ON notes (seller_id, at, reply_status, withdrawn_at)
      WHERE reply_status = 'NoReply' AND withdrawn_at IS NULL;
  `);
};

/**
 * Version 3: reply times as the mirror observes them (BuyerNoteList gives none). waiting_seen_at: when the mirror
 * first held the note as waiting; answer_seen_at: when a sync first saw it answered; answer_after: the last instant
 * the note is known unanswered (the observation window is answer_after..answer_seen_at; NULL: answered before the
 * mirror could see it, "time unknown"); answer_opened_at: when the seller last opened the note's answer page on the
 * marketplace from the app while it waited. Notes held before this version have none: their answers count as unknown.
 * The insights index covers what the per-period figures read, so they never visit the table.
 */
const observeReplies: Migration = (db) => {
  db.exec(`
    ALTER TABLE notes ADD COLUMN waiting_seen_at INTEGER;
    ALTER TABLE notes ADD COLUMN answer_seen_at INTEGER;
    ALTER TABLE notes ADD COLUMN answer_after INTEGER;
    ALTER TABLE notes ADD COLUMN answer_opened_at INTEGER;
    CREATE INDEX notes_insights ON notes
      (at, seller_id, query_type, reply_status, withdrawn_at, answer_seen_at, answer_after, item_no);
  `);
};

/**
 * Version 4: a team copy's per-note team state, as the pull brings it (team/pull.ts): who has the note, until when
 * it is snoozed, why it needs no reply. A single desktop's file keeps the table empty.
 */
const teamStates: Migration = (db) => {
  db.exec(`
    CREATE TABLE team_states (
      seq_no INTEGER PRIMARY KEY,
      assignee TEXT,
      snoozed_until INTEGER,
      no_reply_reason TEXT
    ) STRICT;
  `);
};

/**
 * The meta key of a search text fill that is due (storage/search-fill.ts): the highest SeqNo filled so far; every
 * note above it may still have an empty search_text. Absent: every note has its text.
 */
export const SEARCH_FILL_KEY = 'search_fill_after';

/**
 * Version 5: the search answers from an index, never from a JavaScript function per row. search_text holds the
 * note's searched fields in the search's normal form (src-shared/note-search.ts normalizedSearchText), written by
 * MirrorStore with the note; notes_search is an FTS5 trigram index over it (external content: the text is stored
 * once), kept by triggers, that answers a GLOB with three or more letters in a row (a buyer ID, a word, a number)
 * without reading the other notes. initials holds that text with each syllable as its initial consonant: a query
 * of initials alone (ㅇ, ㄴㅇ) is a plain substring of it (instr), 3-4 times faster than the GLOB's letter classes
 * over search_text (measured: 136 against 538 ms for ㄴㅇ over 30,398 notes, the same 10,351 found). Other short
 * patterns (니다) match search_text itself in C.
 *
 * The notes already held are not filled here: at 1,000,000 notes that took minutes of the main thread inside the
 * open. Their search_text stays '' (a note's own text is never empty: it holds its SeqNo) and meta's
 * SEARCH_FILL_KEY records that a fill is due; storage/search-fill.ts fills them in batches off the main thread
 * after the open, resuming from that key, and the store's search reads an unfilled note's text through a function
 * meanwhile (mirror-store.ts). So the index never holds an unfilled note, and the triggers never take one out.
 * A field searched later changes the text of every note: a new migration then empties the column and sets the key.
 */
const searchIndex: Migration = (db) => {
  db.exec(`
    ALTER TABLE notes ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
    ALTER TABLE notes ADD COLUMN initials TEXT NOT NULL DEFAULT '';
    CREATE VIRTUAL TABLE notes_search USING fts5 (search_text, content = 'notes', content_rowid = 'seq_no',
      tokenize = 'trigram case_sensitive 1', detail = 'none');
    CREATE TRIGGER notes_search_insert AFTER INSERT ON notes WHEN new.search_text <> '' BEGIN
      INSERT INTO notes_search (rowid, search_text) VALUES (new.seq_no, new.search_text);
    END;
    CREATE TRIGGER notes_search_delete AFTER DELETE ON notes WHEN old.search_text <> '' BEGIN
      INSERT INTO notes_search (notes_search, rowid, search_text) VALUES ('delete', old.seq_no, old.search_text);
    END;
    CREATE TRIGGER notes_search_update AFTER UPDATE OF search_text ON notes
      WHEN old.search_text IS NOT new.search_text BEGIN
      INSERT INTO notes_search (notes_search, rowid, search_text)
        SELECT 'delete', old.seq_no, old.search_text WHERE old.search_text <> '';
      INSERT INTO notes_search (rowid, search_text) SELECT new.seq_no, new.search_text WHERE new.search_text <> '';
    END;
    INSERT INTO meta (key, value) SELECT '${SEARCH_FILL_KEY}', CAST(min(seq_no) - 1 AS TEXT) FROM notes
      HAVING count(*) > 0;
  `);
};

/**
 * Version 6: the insights rollup (storage/insights-rollup.ts): small tables the per-period figures read, kept by
 * triggers on notes in the same transaction as every write, filled here from the notes held. It replaces the
 * notes_insights index, which is dropped.
 */
const rollUpInsights: Migration = (db) => {
  createInsightsRollup(db);
};

/** Index n holds the migration from version n to n + 1. */
export const MIGRATIONS: readonly Migration[] = [
  createV1,
  coverWaiting,
  observeReplies,
  teamStates,
  searchIndex,
  rollUpInsights,
];

/**
 * Brings the file up to `target` one version at a time. Each step re-reads the version inside its transaction,
 * so another process that migrated first is not migrated again. Returns the version found before.
 */
export function migrate(
  db: DatabaseSync,
  ctx: MigrationContext,
  migrations: readonly Migration[] = MIGRATIONS,
  target = MIRROR_VERSION,
): number {
  const before = userVersion(db);
  for (let v = before; v < target; v++) {
    inTransaction(db, () => {
      const now = userVersion(db);
      if (now !== v) return;
      const step = migrations[v];
      if (!step) throw new Error(`No migration from mirror version ${v}`);
      step(db, ctx);
      db.exec(`PRAGMA user_version = ${v + 1}`);
    });
  }
  ensureFieldColumns(db);
  ensureRollupCalendar(db);
  return before;
}

/** Adds a column for every field of the note field table the file does not have yet. */
export function ensureFieldColumns(db: DatabaseSync, fields: readonly NoteField[] = NOTE_FIELDS): string[] {
  const have = new Set(
    (db.prepare('SELECT name FROM pragma_table_info(?)').all('notes') as { name: string }[]).map(
      (r) => r.name,
    ),
  );
  // No notes table yet: a file stopped below version 1 (only tests do that).
  if (have.size === 0) return [];
  const missing = fields.filter((f) => !have.has(f.column));
  if (missing.length === 0) return [];
  inTransaction(db, () => {
    const again = new Set(
      (db.prepare('SELECT name FROM pragma_table_info(?)').all('notes') as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    for (const f of missing) {
      if (!again.has(f.column)) db.exec(`ALTER TABLE notes ADD COLUMN ${f.column} ${addedColumnType(f)}`);
    }
  });
  return missing.map((f) => f.column);
}
