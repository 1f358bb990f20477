// What the inbox says of a sync that kept only part of its period, apart from React so the unit tests can hold it
// to its rule: never "0 of 7 days, 138 notes saved", which reads as a contradiction.
import type { NotesLastSync, NotesSyncSummary } from '../../../../src-main/contract';
import type { Translate } from '../../../i18n/translator';

const kept = (s: NotesSyncSummary) => ({ days: s.daysDone, total: s.days, notes: s.notesSaved });
/** No day was received whole, yet notes were. */
const noDay = (s: NotesSyncSummary) => s.daysDone === 0 && s.notesSaved > 0;

/** A cancelled sync: the whole days kept and the notes saved. */
export function cancelledText(s: NotesSyncSummary, t: Translate): string {
  return t(noDay(s) ? 'inbox.sync.cancelled.noDay' : 'inbox.sync.cancelled', kept(s));
}

/** A sync some of whose seller × day slices failed: how many, and what was kept. */
export function failedText(s: NotesSyncSummary, failed: number, t: Translate): string {
  return t(noDay(s) ? 'inbox.sync.failed.noDay' : 'inbox.sync.failed', { ...kept(s), count: failed });
}

/** What a sync left unreceived, told while offline. */
export function partialText(p: NonNullable<NotesLastSync['partial']>, t: Translate): string {
  const vars = { total: p.days, days: p.daysDone, count: p.notes };
  if (p.daysDone > 0) return t('inbox.sync.partial', vars);
  return p.notes > 0 ? t('inbox.sync.partial.noDay', vars) : t('inbox.sync.partial.none', vars);
}
