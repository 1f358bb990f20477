// The notes domain's channels. Owned by the notes feature; merged in ./index.ts.
//
// The main process keeps a mirror of BuyerNoteList per seller and per marketplace day (Korean calendar days,
// the API's own clock). The inbox reads that mirror once and filters it locally, so every filter, count and
// chart works offline and without a round trip; syncs fill the mirror day slice by day slice.

// One note model (src-shared/note-fields.ts): the note type and both value sets are derived from its table.
import type { InboxNote } from '../../src-shared/note-fields';
export type { InboxNote, NoteQueryType, NoteReplyStatus } from '../../src-shared/note-fields';

/** A marketplace day, 'YYYY-MM-DD' in Korean time. */
export type NoteDay = string;

export interface FailedSlice {
  sellerId: string;
  day: NoteDay;
  code: string;
  message: string;
  /** Attempts made for the failing page, retries included. */
  attempts: number;
  /** Pages of this slice fetched before it failed; their notes are kept. */
  pagesFetched: number;
}

export interface NotesSyncSummary {
  /** Notes received, duplicates included. */
  fetched: number;
  /** Notes the cache did not hold before. */
  added: number;
  /** Day slices planned and finished. */
  slices: number;
  slicesDone: number;
  failedSlices: FailedSlice[];
  cancelled: boolean;
  startedAt: number;
  finishedAt: number;
}

export interface NotesLastSync {
  at: number;
  ok: boolean;
  cancelled: boolean;
  /** The error code that made the last sync fail (NETWORK, TIMEOUT… drive the offline banner). */
  errorCode?: string;
  errorMessage?: string;
  failedSlices: FailedSlice[];
}

/** Local only: never sent to the marketplace. */
export interface NoteLocalMark {
  handled: boolean;
  memo: string;
  updatedAt: number;
}

export interface NotesCacheNotice {
  /** cache-reset: the notes file was unreadable; local-reset: the handled marks and memos file was. */
  kind: 'cache-reset' | 'local-reset';
  /** File name (in the data directory) the unreadable file was moved to. */
  backupFile: string;
}

export interface NotesCached {
  notes: InboxNote[];
  /** When the newest finished sync ended; undefined before the first one. */
  asOf?: number;
  /** Days synced completely, per seller. */
  coverage: Record<string, NoteDay[]>;
  lastSync?: NotesLastSync;
  local: Record<string, NoteLocalMark>;
  notices: NotesCacheNotice[];
  /** Increments whenever the notes change, so the renderer can skip re-indexing. */
  revision: number;
}

export interface NotesSyncRequest {
  /** First and last marketplace day, inclusive ('YYYY-MM-DD'). */
  start: NoteDay;
  end: NoteDay;
  /** Defaults to every seller of the connection. */
  sellerIds?: string[];
  /** 'full' fetches every day of the range; 'refresh' only days not synced yet plus the newest day minus one. */
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

export interface NotesExportResult {
  /** undefined when the seller dismissed the save dialog. */
  path?: string;
  rows: number;
}

export interface NotesContract {
  'notes.cached': { req: void; res: NotesCached };
  'notes.sync': { req: NotesSyncRequest; res: NotesSyncSummary };
  'notes.cancelSync': { req: void; res: { cancelled: boolean } };
  'notes.export': { req: NotesExportRequest; res: NotesExportResult };
  'notes.local.set': {
    req: { seqNo: number; handled?: boolean; memo?: string };
    res: NoteLocalMark;
  };
  /** The item numbers of a seller's lookbook (cached in main for a while). */
  'notes.lookbookItems': { req: { sellerId: string }; res: { sellerId: string; itemNos: string[] } };
}

export const NOTES_CHANNELS = [
  'notes.cached',
  'notes.sync',
  'notes.cancelSync',
  'notes.export',
  'notes.local.set',
  'notes.lookbookItems',
] as const satisfies readonly (keyof NotesContract)[];

export interface NotesProgressEvent {
  done: number;
  total: number;
  /** Notes fetched so far in this sync. */
  notes: number;
  failed: number;
}

export interface NotesArrivedEvent {
  count: number;
  seqNos: number[];
}
