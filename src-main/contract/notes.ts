// The notes domain's channels. Owned by the notes feature; merged in ./index.ts.
//
// The main process keeps a mirror of BuyerNoteList per seller and per marketplace day (Korean calendar days,
// the API's own clock). The inbox reads that mirror once and filters it locally, so every filter, count and
// chart works offline and without a round trip; syncs fill the mirror day slice by day slice.

// One note model (src-shared/note-fields.ts): the note type and both value sets are derived from its table.
import type { InboxNote, NoteReplyStatus } from '../../src-shared/note-fields';
import type { SyncFailureGroup } from '../../src-shared/sync-failures';
import type { ErrorFacts } from './envelope';
export type { InboxNote, NoteQueryType, NoteReplyStatus } from '../../src-shared/note-fields';

/** A marketplace day, 'YYYY-MM-DD' in Korean time. */
export type NoteDay = string;

export interface FailedSlice {
  sellerId: string;
  /** The day that failed; for the status check, the first day of the range it asked for. */
  day: NoteDay;
  code: string;
  message: string;
  /** Attempts made for the failing page, retries included. */
  attempts: number;
  /** Pages fetched before it failed; their notes are kept. */
  pagesFetched: number;
  /** Set when it failed while checking reply statuses, after the days. */
  phase?: 'statuses';
  /** The marketplace's own words (a fault's reason), tickets redacted. */
  reason?: string;
  /** What the renderer words the cause from (HTTP status, finer cause, host). */
  facts?: ErrorFacts;
}

export interface NotesStatusCheck {
  /** Whether every seller's statuses were checked (not cancelled, the marketplace reachable). */
  done: boolean;
  /** BuyerNoteList calls the check made. */
  calls: number;
  /** Held notes the marketplace still lists as waiting. */
  waiting: number;
  /** Seller-days fetched again because a held waiting note left the waiting list. */
  refetchedDays: number;
  /** Notes those days changed (answered, edited). */
  changed: number;
  /** Notes those days no longer list. */
  withdrawn: number;
}

export interface NotesSyncSummary {
  /** Notes received in the day slices, duplicates included. */
  fetched: number;
  /** Notes the mirror did not hold before. */
  added: number;
  /** Days planned, and days saved whole (every seller's slice of them). */
  days: number;
  daysDone: number;
  /** Notes saved from the day slices (a failed slice keeps the pages it got). */
  notesSaved: number;
  /** Seller × day slices planned. */
  slices: number;
  failedSlices: FailedSlice[];
  cancelled: boolean;
  startedAt: number;
  finishedAt: number;
  /** BuyerNoteList calls, status check included. */
  calls: number;
  statusCheck: NotesStatusCheck;
}

export interface NotesLastSync {
  at: number;
  ok: boolean;
  cancelled: boolean;
  /** The error code that made the last sync fail (NETWORK, TIMEOUT… drive the offline banner). */
  errorCode?: string;
  errorMessage?: string;
  failedSlices: FailedSlice[];
  /**
   * Days the sync was to fetch whole and did not (cancelled, failed or unreachable): the period's counts are
   * lower bounds until a sync brings them. `days`/`daysDone` as the progress counts them, `notes` saved.
   */
  partial?: { days: number; daysDone: number; notes: number };
}

/** Local only: never sent to the marketplace. */
export interface NoteLocalMark {
  handled: boolean;
  memo: string;
  updatedAt: number;
}

/** Why a mirror database was replaced by a fresh one (the old file is kept: renamed, or in place if newer). */
export type MirrorResetReason = 'not-a-database' | 'integrity' | 'truncated' | 'schema' | 'newer-version';

/**
 * Why a mirror file (or its folder) cannot be used as it is: the OS refuses to read or write it (permission), it
 * or its folder or disk is read-only, a folder stands where the file should be (not-a-file), or a file where the
 * mirrors folder should be (not-a-folder). Nothing is moved; the notes are kept in memory until it is fixed.
 */
export type MirrorAccessReason = 'permission' | 'read-only' | 'not-a-file' | 'not-a-folder';

/** Something the inbox tells the seller once about their saved data, until dismissed. */
export interface NotesMirrorNotice {
  id: number;
  /**
   * cache-reset / local-reset: release 0.1.0's notes file or marks file could not be read when it was imported;
   * mirror-reset: the mirror database could not be opened (see reason) and a fresh one was started;
   * legacy-deleted: release 0.1.0's notes files were imported (anything like a ticket redacted) and deleted;
   * mirror-newer: the mirror was written by a newer release; it is kept where it is (a release that reads it
   * takes it back) and an interim mirror is used meanwhile;
   * mirror-inaccessible: the file or folder at `file` cannot be used (see reason); this session's notes and
   * marks are kept in memory only, nothing is saved until it is fixed.
   */
  kind:
    | 'cache-reset'
    | 'local-reset'
    | 'mirror-reset'
    | 'legacy-deleted'
    | 'mirror-newer'
    | 'mirror-inaccessible';
  /**
   * File name in the data folder (or its mirrors folder) the unreadable data was moved to; for legacy-deleted,
   * the names of the files deleted.
   */
  file: string;
  reason?: MirrorResetReason | MirrorAccessReason;
  at: number;
}

/** Handled marks and memos from elsewhere that the seller may bring into this mirror, matched by SeqNo. */
export interface CarryOverOffer {
  /** Opaque; passed back to notes.carryOver. */
  source: string;
  /**
   * endpoint-changed: this profile's mirror from before its address, namespaces or SOAP settings changed;
   * profile-removed: the mirror of a removed profile that was kept;
   * imported: the marks release 0.1.0 kept (its notes cache could mix sandbox and live notes);
   * recovered: what could still be read from this mirror's damaged file, moved aside as `file`;
   * interim: the marks made in the interim mirror used while this one was written by a newer release.
   */
  kind: 'endpoint-changed' | 'profile-removed' | 'imported' | 'recovered' | 'interim';
  /** For recovered: the damaged file's name in the mirrors folder. */
  file?: string;
  /** The profile that made them, when known. */
  profileName?: string;
  /** The endpoint they were made against (an API address, or the sandbox). */
  endpoint?: string;
  marks: number;
  handled: number;
  memos: number;
}

/** The active profile's mirror: everything the inbox needs besides the period's notes. */
export interface NotesMirrorStatus {
  profile: { id: string; name: string; kind: 'sandbox' | 'live' };
  /** The notes are the built-in sandbox's samples, not a shop's. */
  sample: boolean;
  /** When the newest sync that ran through ended. */
  asOf?: number;
  lastSync?: NotesLastSync;
  notices: NotesMirrorNotice[];
  offers: CarryOverOffer[];
  /** Notes held, withdrawn ones excluded. */
  notes: number;
  /** First and last day synced for any seller. */
  firstDay?: NoteDay;
  lastDay?: NoteDay;
  /** Sellers the mirror holds days of. */
  sellerIds: string[];
  /** Changes whenever the notes or marks change (by this app or by `desk sync`). */
  revision: number;
  /** Team mode: the profile shares a team database (absent for a single desktop). */
  team?: NotesTeamStatus;
  /** The search index of a mirror from before version 5 is being filled (searches run slower meanwhile). */
  searchFill?: NotesSearchFill;
}

/** How far a search index fill is: notes done of the notes it had to do (both 0 before its first batch). */
export interface NotesSearchFill {
  done: number;
  total: number;
}

/** The active mirror's search index fill moved on (`fill`), or ended (no `fill`). */
export interface NotesSearchFillEvent {
  /** The profile whose mirror it is. */
  profileId: string;
  fill?: NotesSearchFill;
}

/** A team profile's desktop: whether it is the team's caller, who synced last, whether the database answers. */
export interface NotesTeamStatus {
  /** This desktop holds the caller lock: its syncs call the marketplace for the team. */
  caller: boolean;
  /** The team database answered this desktop's last try (false: the inbox reads the local copy only). */
  reachable: boolean;
  /** The login whose desktop recorded the team's last sync, and when that sync ended. */
  syncedBy?: string;
  syncedAt?: number;
  /** A live connection and this desktop keeps no team key: it cannot be the caller (Settings takes the key). */
  teamKeyMissing?: boolean;
}

/**
 * A column of the period payload; see NoteField.payload. 'code' values index the field's closed set
 * (CODE_VALUES in src-shared/note-fields.ts). null / -1: the note has no value (an optional field).
 */
export type NoteColumn =
  | { kind: 'plain'; values: (string | number | null)[] }
  | { kind: 'dict'; dict: string[]; codes: number[] }
  | { kind: 'code'; codes: number[] };

export interface NotesPeriodRequest {
  start: NoteDay;
  end: NoteDay;
  /** The mirror and revision the renderer holds for this period: an unchanged mirror answers without notes. */
  known?: { mirror: string; revision: number };
}

/** One period's notes, oldest first, column by column (withdrawn notes left out). */
export interface NotesPeriod {
  unchanged: false;
  /** The mirror's id (another profile's mirror has another). */
  mirror: string;
  revision: number;
  start: NoteDay;
  end: NoteDay;
  count: number;
  /**
   * The notes' instants, field columns (NoteColumn by NoteFieldKey) and derived values (NoteDerived, one number per
   * note), packed into one buffer (src-shared/period-pack.ts), deflated by the mirror's read worker: main moves it
   * from the worker and on to the window without reading it, and the renderer inflates it (inflatePeriod).
   */
  packed: ArrayBuffer;
  /** The marks of this period's notes. */
  marks: Record<string, NoteLocalMark>;
}

export type NotesPeriodResult =
  NotesPeriod | { unchanged: true; mirror: string; revision: number; start: NoteDay; end: NoteDay };

/** A profile's saved notes, for the question what to do with them when it is removed. */
export interface ProfileMirrorInfo {
  /** Notes held over all its mirrors (one, more if its endpoint changed). */
  notes: number;
  marks: number;
  bytes: number;
}

/** A question about the whole mirror; every given criterion must match. */
export interface NotesLookupRequest {
  /**
   * What the inbox's one search box finds: words of title, content, buyer or item name (초성 too), and item,
   * order and note numbers whole or partial (src-shared/note-search.ts).
   */
  text?: string;
  seqNo?: number;
  orderNo?: string;
  itemNo?: string;
  buyerId?: string;
  sellerId?: string;
  /** Leaves out the period the inbox already shows. */
  outside?: { start: NoteDay; end: NoteDay };
  /** Notes returned, newest first (default 50). */
  limit?: number;
  /**
   * Counts the matches only up to this many (`total` is then at most it: "this many or more"), for a caller that
   * needs no more than that; every match is counted without it.
   */
  totalUpTo?: number;
}

export interface FoundNote {
  note: InboxNote;
  mark?: NoteLocalMark;
  /** Set when the marketplace no longer lists this note: kept with its mark, left out of counts and lists. */
  withdrawnAt?: number;
}

export interface NotesLookupResult {
  /** Matches, withdrawn ones included. */
  total: number;
  withdrawn: number;
  /** When the oldest match the marketplace still lists was received (none: no such match). */
  oldestAt?: number;
  notes: FoundNote[];
}

export interface NotesCountRequest {
  start: NoteDay;
  end: NoteDay;
  status?: 'All' | NoteReplyStatus;
  sellerId?: string;
  itemNo?: string;
  orderNo?: string;
  buyerId?: string;
  text?: string;
}

export interface NotesCountResult {
  /** Withdrawn notes are not counted. */
  total: number;
  /** Waiting for an answer: NoReply and not marked handled. */
  noReply: number;
}

export interface NotesWaitingOutsideRequest {
  /** The period on screen: what waits for an answer before or after it is counted. */
  start: NoteDay;
  end: NoteDay;
  /** A note received before this instant is past the SLA (now minus the SLA's hours). */
  lateBeforeMs: number;
  /** The page's now: in team mode a note snoozed past it is set aside (one needing no reply always is). */
  nowMs?: number;
}

export interface NotesWaitingOutsideResult {
  /** NoReply, not marked handled, not withdrawn, and received outside the period. */
  waiting: number;
  /** Of those, past the SLA. */
  late: number;
  /** When the oldest of them was received. */
  oldestAt?: number;
}

export interface NotesWaitingRequest {
  /** A note received before this instant is past the SLA (now minus the SLA's hours). */
  lateBeforeMs: number;
  /** The page's now: in team mode a note snoozed past it is set aside (one needing no reply always is). */
  nowMs?: number;
}

/** What waits for an answer in the whole mirror: the sidebar's count, whatever page is open. */
export interface NotesWaitingResult {
  /** NoReply, not marked handled, not withdrawn. */
  waiting: number;
  /** Of those, past the SLA. */
  late: number;
}

export interface NotesSyncRequest {
  /** First and last marketplace day, inclusive ('YYYY-MM-DD'). */
  start: NoteDay;
  end: NoteDay;
  /** Defaults to every seller of the connection. */
  sellerIds?: string[];
  /**
   * 'full' fetches every day of the range; 'refresh' only days not synced yet plus the newest day and the one
   * before. Either way the reply statuses of the whole mirror are checked afterwards.
   */
  mode: 'full' | 'refresh';
}

export type NotesExportFormat = 'csv' | 'xlsx';

export interface NotesExportRequest {
  format: NotesExportFormat;
  /** The filtered view in display order: what the seller sees is what is exported. */
  seqNos: number[];
  lang: 'ko' | 'en';
  /** IANA zone for the received-at column. */
  timeZone: string;
}

/** An export's progress: notes written to the file so far, of the total (0 up to total, never going back). */
export interface NotesExportProgressEvent {
  written: number;
  total: number;
}

export interface NotesExportResult {
  /** undefined when the seller dismissed the save dialog. */
  path?: string;
  rows: number;
}

/** Whether the active mirror's sync runs, so a page opening mid-sync shows the same bar and Cancel. */
export interface NotesSyncState {
  running: boolean;
  request?: NotesSyncRequest;
  progress?: NotesProgressEvent;
  startedAt?: number;
  /** Another sync of this mirror waits to run after this one. */
  queued: boolean;
}

export interface NotesContract {
  /** The active profile's mirror: who it belongs to, as-of, last sync, notices, carry-over offers. */
  'notes.status': { req: void; res: NotesMirrorStatus };
  /** One period's notes (the inbox holds the period; the store holds everything). */
  'notes.period': { req: NotesPeriodRequest; res: NotesPeriodResult };
  /** Notes anywhere in the mirror: a search or an order number outside the period, a SeqNo. */
  'notes.lookup': { req: NotesLookupRequest; res: NotesLookupResult };
  /** Counts for a period the inbox does not hold (e.g. "3 more in the last 90 days"). */
  'notes.count': { req: NotesCountRequest; res: NotesCountResult };
  /** What waits for an answer anywhere in the mirror outside the period on screen. */
  'notes.waitingOutside': { req: NotesWaitingOutsideRequest; res: NotesWaitingOutsideResult };
  /** What waits for an answer anywhere in the mirror (the sidebar's count). */
  'notes.waiting': { req: NotesWaitingRequest; res: NotesWaitingResult };
  /** Runs a sync, or attaches to the one of this mirror that already covers the request. */
  'notes.sync': { req: NotesSyncRequest; res: NotesSyncSummary };
  'notes.syncState': { req: void; res: NotesSyncState };
  'notes.cancelSync': { req: void; res: { cancelled: boolean } };
  'notes.export': { req: NotesExportRequest; res: NotesExportResult };
  'notes.local.set': {
    req: { seqNo: number; handled?: boolean; memo?: string };
    res: NoteLocalMark;
  };
  /** Brings an offer's marks into the active mirror by SeqNo, or declines it for good. */
  'notes.carryOver': {
    req: { source: string; action: 'import' | 'discard' };
    res: { imported: number };
  };
  'notes.dismissNotice': { req: { id: number }; res: void };
  'notes.profileMirror': { req: { profileId: string }; res: ProfileMirrorInfo };
  /** The item numbers of a seller's lookbook (cached in main for a while). */
  'notes.lookbookItems': { req: { sellerId: string }; res: { sellerId: string; itemNos: string[] } };
  /** The seller opened this note's answer page on the marketplace (recorded for reply-time insights). */
  'notes.answerOpened': { req: { seqNo: number }; res: void };
}

export const NOTES_CHANNELS = [
  'notes.status',
  'notes.period',
  'notes.lookup',
  'notes.count',
  'notes.waitingOutside',
  'notes.waiting',
  'notes.sync',
  'notes.syncState',
  'notes.cancelSync',
  'notes.export',
  'notes.local.set',
  'notes.carryOver',
  'notes.dismissNotice',
  'notes.profileMirror',
  'notes.lookbookItems',
  'notes.answerOpened',
] as const satisfies readonly (keyof NotesContract)[];

export interface NotesProgressEvent {
  /** days: fetching day by day (done/total count days); statuses: checking reply statuses (per seller). */
  phase: 'days' | 'statuses';
  done: number;
  total: number;
  /** Notes fetched so far in this sync's days. */
  notes: number;
  /** Slices that failed so far. */
  failed: number;
  /** Those failures grouped by cause, each sent as soon as it is certain (its retries are spent). */
  failures?: SyncFailureGroup<FailedSlice>[];
}

export interface NotesArrivedEvent {
  count: number;
  seqNos: number[];
}

/**
 * Main's auto refresh of the active profile's notes ran (whatever page is open): what the app shows of the mirror
 * (the sidebar's count, the last sync, the inbox) is read again. New notes come as `notes.arrived` before it.
 */
export interface NotesRefreshedEvent {
  /** The profile whose mirror was refreshed. */
  profileId: string;
  /** How it ended, as the mirror recorded it (absent when it could not start, e.g. no connection). */
  lastSync?: NotesLastSync;
  /** Why it could not start. */
  error?: { code: string; message: string };
  /** New notes waiting for an answer that it brought. */
  arrived: number;
}
