// The team notes domain's channels (team mode only): a note's memo thread, its history and the statuses a team
// needs beyond the marketplace's two. Merged in ./index.ts. Every answer comes from the team database (the thread,
// the history) or the profile's local copy of it (the statuses); a single-desktop profile is refused
// (NOT_FOUND: no team database).

/** One entry of a note's memo thread: its author is the database login that wrote it. */
export interface TeamMemoEntry {
  id: number;
  author: string;
  body: string;
  /** The version a change is made on: a change on an older one is refused, never applied over the other. */
  version: number;
  createdAt: number;
  editedAt?: number;
}

export interface TeamMemoThread {
  seqNo: number;
  /** This desktop's login: the entries it may edit and delete. */
  me: string;
  /** Oldest first; deleted entries left out (their text stays in the history). */
  entries: TeamMemoEntry[];
}

/**
 * A change to an entry: `saved`, or `stale` (it was changed or deleted meanwhile, on another desktop of the same
 * member: nothing was written, and `thread` holds the entry as it is now).
 */
export interface TeamMemoChangeResult {
  outcome: 'saved' | 'stale';
  thread: TeamMemoThread;
}

export type TeamHistoryKind =
  | 'received'
  | 'first-seen'
  | 'assigned'
  | 'unassigned'
  | 'viewing'
  | 'answering'
  | 'handled'
  | 'unhandled'
  | 'memo'
  | 'memo-added'
  | 'memo-edited'
  | 'memo-deleted'
  | 'snoozed'
  | 'no-reply-needed'
  | 'status-cleared'
  | 'answered';

/** One step of a note's history, oldest first. */
export interface TeamHistoryStep {
  at: number;
  kind: TeamHistoryKind;
  /** The database login that did it; absent for the buyer's note itself (received). */
  author?: string;
  /** The assignee, the memo's text, the reason; for a snooze its end (epoch ms, as text). */
  detail?: string;
}

/** A note's team status beyond its marks, as the profile's local copy holds it. */
export interface TeamNoteStateView {
  seqNo: number;
  assignee?: string;
  /** The instant a snooze ends (epoch ms); the note is back in the queue once the clock passes it. */
  snoozedUntil?: number;
  noReplyReason?: string;
}

export type TeamStatusChange =
  | { snoozedUntil: number }
  | { noReplyReason: string }
  /** Back to the marketplace's status and the handled mark (undoes a snooze or "no reply needed"). */
  | { clear: true };

/** Bounds the host checks before any work. */
export const TEAM_MEMO_MAX_CHARS = 4000;
export const TEAM_REASON_MAX_CHARS = 200;

export interface TeamNotesContract {
  'teamNotes.thread': { req: { seqNo: number }; res: TeamMemoThread };
  'teamNotes.addMemo': { req: { seqNo: number; body: string }; res: TeamMemoThread };
  'teamNotes.editMemo': {
    req: { seqNo: number; id: number; version: number; body: string };
    res: TeamMemoChangeResult;
  };
  'teamNotes.deleteMemo': { req: { seqNo: number; id: number; version: number }; res: TeamMemoChangeResult };
  /** The note's read-only history (authors are database logins). */
  'teamNotes.history': { req: { seqNo: number }; res: { seqNo: number; steps: TeamHistoryStep[] } };
  /** Every note's team state in the local copy (the inbox takes snoozed and no-reply notes out of the queue). */
  'teamNotes.states': { req: void; res: { states: TeamNoteStateView[] } };
  /** Snoozes a note until an instant (after the host's clock), marks it "no reply needed", or clears either. */
  'teamNotes.setStatus': {
    req: { seqNo: number; change: TeamStatusChange };
    res: { state: TeamNoteStateView; changed: boolean };
  };
}

export const TEAM_NOTES_CHANNELS = [
  'teamNotes.thread',
  'teamNotes.addMemo',
  'teamNotes.editMemo',
  'teamNotes.deleteMemo',
  'teamNotes.history',
  'teamNotes.states',
  'teamNotes.setStatus',
] as const satisfies readonly (keyof TeamNotesContract)[];
