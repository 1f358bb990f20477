// What a mirror file must hold to be used, checked at every open, and what can still be read from one that is
// damaged: the seller's marks and memos, by SeqNo, read around the damage.
import { DatabaseSync } from 'node:sqlite';
import type { NoteLocalMark } from '../contract';
import { MIRROR_V1_SQL } from './mirror-schema';
import { scanTableRecords } from './sqlite-page-scan';
import { MARKS_JOURNAL_SUFFIX, readMarksJournal } from './marks-journal';

/** The small tables quick_check reads at every open, however big the notes are (marks among them). */
export const SMALL_TABLES = ['meta', 'marks', 'notices', 'carry_over', 'coverage'] as const;

let expected: Map<string, string[]> | undefined;

/**
 * The tables and columns version 1 created, read from its own SQL in memory (later versions changed an index
 * only; the note field columns added since are added at open by ensureFieldColumns, so they are not required).
 */
function expectedTables(): Map<string, string[]> {
  if (expected) return expected;
  const db = new DatabaseSync(':memory:');
  try {
    db.exec(MIRROR_V1_SQL);
    expected = new Map();
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[]) {
      const cols = db.prepare('SELECT name FROM pragma_table_info(?)').all(name) as { name: string }[];
      expected.set(
        name,
        cols.map((c) => c.name),
      );
    }
    return expected;
  } finally {
    db.close();
  }
}

/** What a mirror at `version` lacks of its tables and columns, or undefined when nothing (a new file: version 0). */
export function missingMirrorSchema(db: DatabaseSync, version: number): string | undefined {
  if (version === 0) return undefined;
  const missing: string[] = [];
  for (const [table, columns] of expectedTables()) {
    const have = new Set(
      (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    if (have.size === 0) missing.push(`table ${table}`);
    else for (const c of columns) if (!have.has(c)) missing.push(`${table}.${c}`);
  }
  return missing.length > 0 ? `missing ${missing.join(', ')}` : undefined;
}

interface MarkRow {
  seq_no: number;
  handled: number;
  memo: string;
  updated_at: number;
}

/** Failed reads allowed per file: a damaged leaf costs about 2 × 40 of them, a damaged root would cost all. */
const FAILED_READS = 4096;

/**
 * The marks a damaged mirror file still yields. First through SQLite, read-only, by SeqNo (rowid) range: a range
 * that meets a damaged page is split, down to single rows, so one bad page loses only what it held. When SQLite
 * cannot read it all (a root page overwritten, the file cut short, not openable), the file's pages are read
 * without SQLite as well (sqlite-page-scan.ts): a row of the marks table's shape on any table leaf page still in
 * use counts; of two for one SeqNo, the later one.
 */
export function readMarksTolerant(file: string): Map<number, NoteLocalMark> {
  const out = new Map<number, NoteLocalMark>();
  if (!readMarksBySql(file, out))
    scanTableRecords(file, ({ rowid, values }) => {
      const mark = markOfRecord(values);
      const had = out.get(rowid);
      if (mark && (!had || had.updatedAt < mark.updatedAt)) out.set(rowid, mark);
    });
  // The journal beside the file (marks-journal.ts) has what a lost page took; a later change wins per SeqNo.
  for (const [seq, mark] of readMarksJournal(file + MARKS_JOURNAL_SUFFIX)) {
    const had = out.get(seq);
    if (had && had.updatedAt > mark.updatedAt) continue;
    if (!mark.handled && mark.memo === '') out.delete(seq);
    else out.set(seq, mark);
  }
  return out;
}

/** A marks row (seq_no is the rowid, stored as NULL; handled 0 or 1; a memo; updated_at), else undefined. */
function markOfRecord(values: readonly (null | number | string)[]): NoteLocalMark | undefined {
  if (values.length !== 4) return undefined;
  const [seq, handled, memo, updatedAt] = values;
  if (seq !== null || (handled !== 0 && handled !== 1) || typeof memo !== 'string') return undefined;
  if (typeof updatedAt !== 'number' || !Number.isInteger(updatedAt) || updatedAt <= 0) return undefined;
  return { handled: handled === 1, memo, updatedAt };
}

/** The marks SQLite still reads into `out`; false when some could not be read. */
function readMarksBySql(file: string, out: Map<number, NoteLocalMark>): boolean {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch {
    return false;
  }
  try {
    const bounds = rowidBounds(db);
    if (!bounds) return true;
    const read = db.prepare(
      'SELECT seq_no, handled, memo, updated_at FROM marks WHERE seq_no BETWEEN ? AND ?',
    );
    let failures = 0;
    const visit = (lo: number, hi: number): void => {
      try {
        for (const r of read.all(lo, hi) as unknown as MarkRow[]) {
          if (typeof r.memo !== 'string') continue;
          out.set(Number(r.seq_no), {
            handled: Number(r.handled) === 1,
            memo: r.memo,
            updatedAt: Number(r.updated_at),
          });
        }
      } catch {
        failures++;
        if (lo >= hi || failures > FAILED_READS) return;
        const mid = Math.floor(lo / 2 + hi / 2);
        visit(lo, mid);
        visit(mid + 1, hi);
      }
    };
    visit(bounds.lo, bounds.hi);
    return failures === 0;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

/** The smallest and largest SeqNo marked (throws when the table's edges cannot be read: the page scan answers). */
function rowidBounds(db: DatabaseSync): { lo: number; hi: number } | undefined {
  const r = db.prepare('SELECT min(seq_no) AS lo, max(seq_no) AS hi FROM marks').get() as {
    lo: number | null;
    hi: number | null;
  };
  return r.lo === null || r.hi === null ? undefined : { lo: Number(r.lo), hi: Number(r.hi) };
}
