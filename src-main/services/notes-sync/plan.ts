// What a sync asks for (section 1 of notes-sync.ts): the day slices to fetch in full and a refresh's catch-ups,
// and the windows a long range is asked for in.
import type { NoteDay, NotesSyncRequest } from '../../contract';
import { addDays, daysBetween } from '../../../src-shared/market-day';

/** A refresh catches up on the newest synced day and this many before it: new notes land on the newest days. */
const REFRESH_OVERLAP_DAYS = 1;

export interface Slice {
  sellerId: string;
  day: NoteDay;
}

/** A refresh's catch-up on days a seller already holds: `from`..`to`, the notes newer than held. */
export interface CatchUp {
  sellerId: string;
  from: NoteDay;
  to: NoteDay;
}

/**
 * What a request needs, given what the mirror already holds: the day slices to fetch in full, ordered day by day
 * (every day for a full sync; the days not synced yet for a refresh), and for a refresh, per seller, the catch-up
 * on the newest synced day of the range and the one before it.
 */
export function plan(
  req: NotesSyncRequest,
  sellerIds: readonly string[],
  covered: (sellerId: string) => ReadonlySet<NoteDay>,
): { slices: Slice[]; catchUps: CatchUp[] } {
  const days = daysBetween(req.start, req.end);
  const wanted = new Map<string, Set<NoteDay>>();
  const catchUps: CatchUp[] = [];
  for (const sellerId of sellerIds) {
    let mine = days;
    if (req.mode === 'refresh') {
      const have = covered(sellerId);
      const newest = days.filter((d) => have.has(d)).at(-1);
      mine = days.filter((d) => !have.has(d));
      if (newest !== undefined) {
        const from = addDays(newest, -REFRESH_OVERLAP_DAYS);
        catchUps.push({ sellerId, from: have.has(from) ? from : newest, to: newest });
      }
    }
    wanted.set(sellerId, new Set(mine));
  }
  const slices: Slice[] = [];
  for (const day of days) {
    for (const sellerId of sellerIds) if (wanted.get(sellerId)!.has(day)) slices.push({ sellerId, day });
  }
  return { slices, catchUps };
}

/** Windows of at most `days` days covering start..end (one window without a limit). */
export function windows(start: NoteDay, end: NoteDay, days: number | undefined): [NoteDay, NoteDay][] {
  if (!days || days < 1) return [[start, end]];
  const out: [NoteDay, NoteDay][] = [];
  for (let from = start; from <= end; from = addDays(from, days)) {
    const to = addDays(from, days - 1);
    out.push([from, to < end ? to : end]);
  }
  return out;
}
