// The mirror's search as it was before the read worker and the search index (mirror version 3), kept for the bench
// only: the outside-period hint's questions (notes.count twice, notes.lookup) answered on the calling thread, a
// loose GLOB over each raw field first, then a JavaScript function per row it lets through, every match counted.
import type { DatabaseSync } from 'node:sqlite';
import type { NoteDay } from '../src-main/contract';
import { dayEndMs, dayStartMs } from '../src-shared/market-day';
import {
  SEARCHED_FIELDS,
  loosePattern,
  normalizedSearchText,
  numberAlternative,
  storeTextPatterns,
} from '../src-shared/note-search';

const SEARCH_TEXT = `desk_search_text(${SEARCHED_FIELDS.map((f) => f.column).join(', ')})`;

export interface LegacyQuestion {
  text?: string;
  buyerId?: string;
}

/** Registers the function the old search called per row (on the connection the bench asks through). */
export function registerLegacySearch(db: DatabaseSync): void {
  db.function('desk_search_text', { deterministic: true, varargs: true }, (...values) =>
    normalizedSearchText(values as (string | number | null)[]),
  );
}

function legacyFilter(q: LegacyQuestion): { where: string[]; params: (string | number)[] } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (q.buyerId) {
    where.push('buyer_id = ?');
    params.push(q.buyerId);
  }
  const patterns = q.text ? storeTextPatterns(q.text) : undefined;
  if (q.text && patterns) {
    const digits = numberAlternative(q.text);
    if (digits) patterns.push(`*${digits}*`);
    const loose = patterns.map(loosePattern);
    const anyField = loose.flatMap(() => SEARCHED_FIELDS.map((c) => `${c.column} GLOB ?`)).join(' OR ');
    where.push(
      `(CASE WHEN ${anyField} THEN (${patterns.map(() => `${SEARCH_TEXT} GLOB ?`).join(' OR ')}) ELSE 0 END)`,
    );
    for (const l of loose) for (let i = 0; i < SEARCHED_FIELDS.length; i++) params.push(l);
    params.push(...patterns);
  }
  return { where, params };
}

/** The old notes.count: matches in a period (withdrawn ones left out) and how many of them wait. */
export function legacyCount(db: DatabaseSync, q: LegacyQuestion, start: NoteDay, end: NoteDay): number {
  const f = legacyFilter(q);
  f.where.push('at BETWEEN ? AND ?', 'withdrawn_at IS NULL');
  f.params.push(dayStartMs(start), dayEndMs(end));
  const row = db
    .prepare(
      `SELECT count(*) AS total,
              coalesce(sum(reply_status = 'NoReply'
                AND seq_no NOT IN (SELECT seq_no FROM marks WHERE handled = 1)), 0) AS waiting
       FROM notes WHERE ${f.where.join(' AND ')}`,
    )
    .get(...f.params) as { total: number };
  return Number(row.total);
}

/** The old notes.lookup with limit 1: every match counted over the whole mirror, then the newest one read. */
export function legacyLookup(
  db: DatabaseSync,
  q: LegacyQuestion,
): { total: number; oldestAt: number | null } {
  const f = legacyFilter(q);
  const where = f.where.length > 0 ? `WHERE ${f.where.join(' AND ')}` : '';
  const totals = db
    .prepare(
      `SELECT count(*) AS total, count(withdrawn_at) AS withdrawn,
              min(CASE WHEN withdrawn_at IS NULL THEN at END) AS oldest
       FROM notes ${where}`,
    )
    .get(...f.params) as { total: number; oldest: number | null };
  db.prepare(
    `SELECT n.*, m.handled AS m_handled FROM notes AS n LEFT JOIN marks AS m USING (seq_no) ${where}
     ORDER BY at DESC, seq_no DESC LIMIT 1`,
  ).all(...f.params);
  return { total: Number(totals.total), oldestAt: totals.oldest };
}
