// Team mode's views of the list (Mine / Unassigned / Everyone) over the notes' columns, their counts of what waits,
// and who else is at which note. Pure, so the unit tests read them.
import type { TeamPresenceEntry, TeamPresenceState } from '../../../../src-main/contract';
import type { TeamView } from './filters';
import type { NarrowedView, NoteColumns } from './note-columns';

/** Who has which note (SeqNo → login) and this desktop's login. */
export interface TeamAssignees {
  me: string;
  assignees: Readonly<Record<string, string>>;
}

const inView = (view: TeamView, assignee: string | undefined, me: string): boolean =>
  view === 'everyone' || (view === 'mine' ? assignee === me : assignee === undefined);

/**
 * The notes a view keeps, as a mask over the columns (1 = kept), combined with the search's mask when there is
 * one; undefined when nothing is masked (Everyone without a search).
 */
export function viewMask(
  cols: NoteColumns,
  view: TeamView,
  team: TeamAssignees,
  hits: Uint8Array | undefined,
): Uint8Array | undefined {
  if (view === 'everyone') return hits;
  const n = cols.seqNo.length;
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (hits !== undefined && hits[i] !== 1) continue;
    if (inView(view, team.assignees[String(cols.seqNo[i])], team.me)) mask[i] = 1;
  }
  return mask;
}

/** Status code of a waiting note (NoReply, not handled) in note-columns' code (status * 8 + type). */
const NO_REPLY = 0;

/** Per view, how many of the narrowed rows wait for an answer (미답변: not answered, not marked handled). */
export function viewCounts(narrowed: NarrowedView, team: TeamAssignees): Record<TeamView, number> {
  const counts: Record<TeamView, number> = { mine: 0, unassigned: 0, everyone: 0 };
  const { rows, codes, cols } = narrowed;
  for (let k = 0; k < rows.length; k++) {
    if (codes[k]! >> 3 !== NO_REPLY) continue;
    counts.everyone++;
    const assignee = team.assignees[String(cols.seqNo[rows[k]!])];
    if (assignee === undefined) counts.unassigned++;
    else if (assignee === team.me) counts.mine++;
  }
  return counts;
}

/** The others at each note, answering first: SeqNo → entries. */
export function presenceByNote(entries: readonly TeamPresenceEntry[]): Map<number, TeamPresenceEntry[]> {
  const out = new Map<number, TeamPresenceEntry[]>();
  for (const e of entries) {
    const list = out.get(e.seqNo);
    if (list) list.push(e);
    else out.set(e.seqNo, [e]);
  }
  for (const list of out.values())
    list.sort((a, b) => Number(b.state === 'answering') - Number(a.state === 'answering'));
  return out;
}

/** A part of the page that says this desktop is at a note (the note pane, the answer page, a memo being written). */
export interface PresenceClaim {
  seqNo: number;
  state: TeamPresenceState;
}

/**
 * What this desktop tells the team, one row for the whole desktop: the note of the latest claim, answering when any
 * claim on that note answers; undefined when nothing claims a note (the desktop leaves).
 */
export function desktopPresence(claims: readonly PresenceClaim[]): PresenceClaim | undefined {
  const last = claims.at(-1);
  if (!last) return undefined;
  const answering = claims.some((c) => c.seqNo === last.seqNo && c.state === 'answering');
  return { seqNo: last.seqNo, state: answering ? 'answering' : 'viewing' };
}
