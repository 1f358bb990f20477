// What the mirror derives per note for the inbox's period: a derived column's data (docs/adding-a-column.md).
// Each value of NoteDerived has one query here, answered over the same rows as the period's notes and in their
// order; the period payload carries the answers and the renderer puts them on the notes.
import type { DatabaseSync } from 'node:sqlite';
import type { PeriodColumns } from '../../src-shared/period-pack';
import type { NoteDerived } from '../../src-shared/note-fields';

/** The period's bounds, epoch ms; a query reads further back when its value needs it. */
interface PeriodRange {
  startMs: number;
  endMs: number;
}

/**
 * One number per note of the period, not withdrawn, ordered by (at, seq_no) as the period's notes are. The type
 * requires a query for every key of NoteDerived.
 */
type DerivedQuery = (db: DatabaseSync, range: PeriodRange) => number[];

const DERIVED: { [K in keyof NoteDerived]-?: DerivedQuery } = {};

/** Every derived value of the period's notes. */
export function derivedColumns(db: DatabaseSync, range: PeriodRange): PeriodColumns['derived'] {
  const out: Record<string, number[]> = {};
  for (const [key, query] of Object.entries(DERIVED) as [string, DerivedQuery][]) out[key] = query(db, range);
  return out as PeriodColumns['derived'];
}
