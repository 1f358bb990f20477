// The notes mirror as the services, the host's handlers and the command line use it: one connection's notes, its
// synced days, the last sync and the seller's marks. Today's store is SQLite (MirrorStore, one file per mirror);
// a second store (a shared database for a team) implements the same interface, and the services do not branch.
//
// Narrow on purpose: only what those callers ask. How a mirror is created, stamped, recovered or carried over
// belongs to its registry (mirror-registry.ts for SQLite), not to this interface. The calls are synchronous, as
// node:sqlite is.
import type {
  CarryOverOffer,
  InboxNote,
  NoteDay,
  NoteLocalMark,
  NotesCountRequest,
  NotesCountResult,
  NotesLastSync,
  NotesLookupRequest,
  NotesLookupResult,
  NotesMirrorStatus,
  NotesPeriodResult,
  NotesWaitingOutsideRequest,
  NotesWaitingOutsideResult,
  NotesWaitingResult,
} from '../contract';
import type { InsightsStore } from './insights-store';

/** What makes notes the same marketplace data. */
export interface Fingerprint {
  /** Canonical text; equal keys mean the same data. */
  key: string;
  /** How a seller recognizes the endpoint. */
  endpoint: string;
}

/** Whose mirror it is: a connection profile and the endpoint it names. */
export interface MirrorOwner {
  profileId: string;
  profileName: string;
  kind: 'sandbox' | 'live';
  fingerprint: Fingerprint;
}

/** The owner of mirrors `desk sync` fills for an endpoint no saved profile has (never a valid profile id). */
export const COMMAND_LINE_OWNER = ':command-line';

/**
 * A registry of mirrors, as the notes-mirror service uses it: which store an owner has, and what spans mirrors.
 * SQLite's (mirror-registry.ts) implements it over its files with S = MirrorStore.
 */
export interface NotesMirrors<S extends NotesStore = NotesStore> {
  /** The owner's mirror, created, adopted or replaced as the registry's rules say. */
  open(owner: MirrorOwner, knownProfileIds: readonly string[]): S;
  /** Replaces a mirror found damaged while in use: moved aside, a fresh one with a notice in its place. */
  recover(store: NotesStore, owner: MirrorOwner, knownProfileIds: readonly string[]): S | Promise<S>;
  /** Offers and carry-over take a store this registry opened (any other is refused). */
  offers(store: NotesStore, knownProfileIds: readonly string[]): CarryOverOffer[];
  /** Imports or discards an offer's marks: how many were imported, or -1 when the offer is gone. */
  carryOver(
    store: NotesStore,
    source: string,
    action: 'import' | 'discard',
    knownProfileIds: readonly string[],
  ): number;
  /** What each mirror a profile owns holds (normally one, more when its endpoint changed). */
  profileMirrors(profileId: string): { notes: number; marks: number; bytes: number }[];
}

export interface SliceWrite {
  sellerId: string;
  day: NoteDay;
  notes: readonly InboxNote[];
  /**
   * The notes are the whole seller-day as the marketplace lists it now: the day is marked synced, and held notes
   * of that seller-day that did not come back are flagged withdrawn.
   */
  complete: boolean;
}

export interface WriteOutcome {
  /** Rows inserted or changed. */
  written: number;
  /** SeqNos the mirror did not hold before. */
  added: number[];
  /** Of those, the ones waiting for a reply, with their instants (for new-note notifications). */
  addedWaiting: { seqNo: number; at: number }[];
  withdrawn: number;
}

export interface WaitingNote {
  seqNo: number;
  /** When it was written (its InsDate as an instant): its day only where one is needed, for few notes. */
  at: number;
}

/** What a mirror says of itself in the status (the profile, the sample flag and the offers are its owner's). */
export type NotesStoreStatus = Omit<NotesMirrorStatus, 'profile' | 'sample' | 'offers'>;

export interface NotesStore {
  /** Names the mirror: one sync of it at a time is keyed by this. */
  readonly file: string;
  /** The insights page's figures, one query each (insights-store.ts). */
  readonly insights: InsightsStore;

  // ---- what the inbox reads ----
  /** The period's notes column by column, or `unchanged` when the caller holds this revision of it. */
  period(start: NoteDay, end: NoteDay, known?: { mirror: string; revision: number }): NotesPeriodResult;
  lookup(q: NotesLookupRequest): NotesLookupResult;
  count(q: NotesCountRequest): NotesCountResult;
  waitingOutside(q: NotesWaitingOutsideRequest): NotesWaitingOutsideResult;
  waiting(lateBeforeMs: number, nowMs?: number): NotesWaitingResult;
  /** Notes by SeqNo, in the order asked (unknown ones left out), withdrawn ones included: what an export writes. */
  notesBySeq(seqNos: readonly number[]): InboxNote[];
  /** Every held note in a range (all without one), oldest first, withdrawn ones flagged: the command line's. */
  iterateNotes(range?: { startMs: number; endMs: number }): Iterable<InboxNote & { withdrawnAt?: number }>;
  status(): NotesStoreStatus;
  lastSync(): NotesLastSync | undefined;
  asOf(): number | undefined;

  // ---- the seller's marks and the mirror's notices ----
  marks(): Map<number, NoteLocalMark>;
  /** One change, on disk before it returns; a mark neither handled nor with a memo is removed. */
  setMark(seqNo: number, patch: { handled?: boolean; memo?: string }, nowMs: number): NoteLocalMark;
  dismissNotice(id: number): void;

  // ---- what a sync reads and writes ----
  coveredDays(sellerId: string): Set<NoteDay>;
  heldRange(sellerId?: string): { first: NoteDay; last: NoteDay } | undefined;
  newestAt(): number | undefined;
  newestNoteAt(sellerId: string, first: NoteDay, last: NoteDay): number | undefined;
  waitingNotes(sellerId: string, startMs: number, endMs: number): WaitingNote[];
  /** `nowMs` is when the notes were seen: it records when a note was first seen waiting or answered. */
  writeSlice(slice: SliceWrite, nowMs: number): WriteOutcome;
  /** Without `nowMs` (an import) nothing is recorded of when the notes were seen. */
  writeNotes(notes: readonly InboxNote[], nowMs?: number): WriteOutcome;
  /**
   * A sync that started at `startedAt` checked the reply status of every held waiting note of these sellers: the
   * start of the window an answer seen later fell in (storage/reply-observation.ts).
   */
  recordChecked(sellerIds: readonly string[], startedAt: number): void;
  /** The seller opened the note's answer page on the marketplace (kept while the note waits: the last opening). */
  recordAnswerOpened(seqNo: number, nowMs: number): void;
  /** The outcome of a sync; `asOf` only when it ran through. */
  recordSync(lastSync: NotesLastSync, asOf: number | undefined): void;
}

/** One write of a team caller's sync, as it is sent to the team database. */
export type SinkWrite =
  | { kind: 'slice'; slice: SliceWrite; nowMs: number }
  | { kind: 'notes'; notes: readonly InboxNote[] }
  | { kind: 'sync'; lastSync: NotesLastSync; asOf: number | undefined };

/**
 * Where a team's caller also writes what its sync fetched: the team database (team/notes-sink.ts implements it).
 * Each call is one transaction there, its writes in order: all of them in, or none.
 */
export interface SharedNotesSink {
  write(batch: readonly SinkWrite[]): Promise<void>;
}

/** A store whose writes are also sent somewhere else (SharedWritesStore): settled() waits for them. */
export interface SettlingStore extends NotesStore {
  /** Resolves when every write sent so far is in; rejects with the first that failed (later ones are not sent). */
  settled(): Promise<void>;
  /**
   * Resolves when the writes sent but not yet in are within the store's bound again (at once when they are): a
   * sync awaits it before each slice, so it never runs more than that bound ahead of the other side, and the notes
   * waiting to be sent do not grow with the size of the sync. Never rejects (a failure empties the queue).
   */
  caughtUp?(): Promise<void>;
}

/** A note of a team's copy, as the team database holds it (withdrawn ones flagged). */
export type TeamNote = InboxNote & { withdrawnAt?: number };

/** What one pull applies to a desktop's copy of the team's mirror, in one transaction with its new position. */
export interface TeamCopyBatch {
  /** The change log's position this batch brings the copy to. */
  position: number;
  notes: readonly TeamNote[];
  coverage: readonly { sellerId: string; day: NoteDay }[];
  marks: readonly { seqNo: number; handled: boolean; memo: string; updatedAt: number }[];
  sync?: { lastSync: NotesLastSync; asOf: number | undefined };
  /** Notes whose team state (assignee, snooze, no reply needed) changed; one with none of them is removed. */
  states?: readonly TeamNoteState[];
}

/** A note's state in the team beyond its marks: who has it, until when it is snoozed, why it needs no reply. */
export interface TeamNoteState {
  seqNo: number;
  assignee?: string;
  /** epoch ms */
  snoozedUntil?: number;
  noReplyReason?: string;
}

/** A desktop's local copy of a team's mirror, as the pull (team/pull.ts) writes it. */
export interface TeamCopy {
  /** The change log's position the copy holds everything up to (0: nothing pulled yet). */
  teamPosition(): number;
  applyTeamBatch(batch: TeamCopyBatch): void;
  /** The notes' team states the copy holds (assignee, snooze, no reply needed), by SeqNo. */
  teamStates(): Map<number, TeamNoteState>;
  /** What `waiting` counts, of the notes `assignee` has alone: the team's "mine" count. */
  waitingAssigned(assignee: string, lateBeforeMs: number, nowMs?: number): NotesWaitingResult;
}

/**
 * The key of a team profile's local copy: the team database (server, database, login, team; never a password) and
 * the connection's own fingerprint, so a team's copy never mixes with the single-desktop mirror of the same
 * connection, nor with another team's.
 */
export function teamCopyFingerprint(connection: Fingerprint, teamUrl: string): Fingerprint {
  let where = teamUrl.trim();
  try {
    const u = new URL(where);
    u.password = '';
    where = u.href;
  } catch {
    // validated when saved; an unreadable one still keys a copy of its own
  }
  return { key: JSON.stringify(['team', where, connection.key]), endpoint: connection.endpoint };
}
