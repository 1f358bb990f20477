// `desk notes`: every page of the buyer-notes inbox for a date range and filters, as one list; with --offline,
// the same question answered from the app's mirror, with the seller's own marks and memos.
import type { InboxNote, NoteLocalMark } from '../../contract';
import { ENUMS } from '../../schema';
import { dateTimeInstant } from '../../../src-shared/date-time';
import type { ReplyStatus, ResultOf } from '../../schema';
import { toSendNote } from '../../storage/inbox-note';
import type { NotesStore } from '../../storage/notes-store';
import { objectsToCsv } from '../../services/csv';
import { listAllNotes } from '../../services/notes-list';
import { noteDateRange } from '../date-range';
import { UsageError } from '../cli-error';
import type { Endpoint } from '../endpoint';
import { renderTable } from '../text-table';
import type { Column } from '../text-table';
import { NOTE_FIELDS } from '../../../src-shared/note-fields';
import type { NoteField } from '../../../src-shared/note-fields';
import { KOREA_OFFSET_MINUTES } from '../../../src-shared/market-day';

export interface NotesOptions {
  from?: string;
  to?: string;
  status?: string;
  item?: string;
  order?: string;
  seller?: string;
  'page-size'?: string;
}

const DEFAULT_NOTES_PAGE_SIZE = 100;

export interface NotesQuery {
  StartDate: string;
  EndDate: string;
  ReplyStatus: ReplyStatus;
  ItemNo?: string;
  OrderNo?: string;
  SellerID?: string;
  pageSize: number;
}

export function notesQuery(opts: NotesOptions, nowMs: number): NotesQuery {
  const { start, end } = noteDateRange(opts.from, opts.to, nowMs);
  const status = opts.status ?? 'All';
  if (!(ENUMS.ReplyStatus as readonly string[]).includes(status)) {
    throw new UsageError(`--status must be one of ${ENUMS.ReplyStatus.join(', ')}; got "${status}".`);
  }
  if (opts.order !== undefined && !/^\d{1,19}$/.test(opts.order)) {
    throw new UsageError(`--order must be an order number (digits only); got "${opts.order}".`);
  }
  const size = opts['page-size'] ?? String(DEFAULT_NOTES_PAGE_SIZE);
  const pageSize = /^\d+$/.test(size) ? Number(size) : NaN;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > 10_000) {
    throw new UsageError(`--page-size must be a whole number from 1 to 10000; got "${size}".`);
  }
  return {
    StartDate: start,
    EndDate: end,
    ReplyStatus: status as ReplyStatus,
    ...(opts.item ? { ItemNo: opts.item } : {}),
    ...(opts.order ? { OrderNo: opts.order } : {}),
    ...(opts.seller ? { SellerID: opts.seller } : {}),
    pageSize,
  };
}

/** Every page of the query, as one list in note order (the notes-list service). */
export function fetchAllNotes(
  endpoint: Endpoint,
  query: NotesQuery,
  signal?: AbortSignal,
): Promise<NonNullable<ResultOf<'BuyerNoteList'>>> {
  const { pageSize, ...filters } = query;
  return listAllNotes(endpoint.client, filters, { pageSize, pageIndexBase: endpoint.pageBase, signal });
}

/** The notes a query matches in a mirror, by BuyerNoteList's own rules, with their local marks. */
export function offlineNotes(
  store: Pick<NotesStore, 'iterateNotes' | 'marks'>,
  query: NotesQuery,
): { notes: InboxNote[]; marks: Map<number, NoteLocalMark>; withdrawn: number } {
  const startMs = dateTimeInstant(query.StartDate, KOREA_OFFSET_MINUTES)!;
  const endMs = dateTimeInstant(query.EndDate, KOREA_OFFSET_MINUTES)!;
  const notes: InboxNote[] = [];
  let withdrawn = 0;
  for (const n of store.iterateNotes({ startMs, endMs })) {
    if (query.ReplyStatus !== 'All' && n.replyStatus !== query.ReplyStatus) continue;
    if (query.ItemNo !== undefined && n.itemNo !== query.ItemNo) continue;
    if (query.OrderNo !== undefined && n.orderNo !== query.OrderNo) continue;
    if (query.SellerID !== undefined && n.sellerId !== query.SellerID) continue;
    if (n.withdrawnAt !== undefined) {
      withdrawn++;
      continue;
    }
    const { withdrawnAt: _gone, ...note } = n;
    notes.push(note);
  }
  return { notes, marks: store.marks(), withdrawn };
}

/** SendNote's attributes in the spec's order: the CSV header. */
const NOTE_COLUMNS = NOTE_FIELDS.map((f) => f.wire);

const TABLE_COLUMNS: Column[] = NOTE_FIELDS.flatMap((f: NoteField) =>
  f.table ? [{ order: f.table.order, column: { ...f.table, key: f.wire } }] : [],
)
  .sort((a, b) => a.order - b.order)
  .map(({ column: { order: _order, ...column } }) => column);

export function formatNotes(
  result: NonNullable<ResultOf<'BuyerNoteList'>>,
  format: string,
  query: NotesQuery,
): string {
  const notes = result.SendNote ?? [];
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  if (format === 'csv') return objectsToCsv(notes, NOTE_COLUMNS);
  const summary = `${notes.length} note${notes.length === 1 ? '' : 's'}, ${query.StartDate} to ${query.EndDate}, ${query.ReplyStatus}\n`;
  return notes.length === 0 ? summary : renderTable(notes, TABLE_COLUMNS) + summary;
}

/**
 * The local columns `--offline` adds: the seller's handled mark and memo, never sent to the marketplace; with
 * --team, who changed the mark last.
 */
const LOCAL_COLUMNS = ['Handled', 'Memo'] as const;

/** Notes from the mirror, in the same formats as the marketplace's, with each note's local mark and memo. */
export function formatOfflineNotes(
  found: { notes: InboxNote[]; marks: Map<number, NoteLocalMark>; authors?: Map<number, string> },
  format: string,
  query: NotesQuery,
  asOf: number | undefined,
): string {
  const { authors } = found;
  const rows = found.notes.map((n) => {
    const mark = found.marks.get(n.seqNo);
    return {
      wire: toSendNote(n),
      handled: mark?.handled ?? false,
      memo: mark?.memo ?? '',
      by: authors?.get(n.seqNo) ?? '',
    };
  });
  const byOf = (r: { by: string }) => (authors ? { ChangedBy: r.by } : {});
  if (format === 'json') {
    const SendNote = rows.map((r) => ({
      ...r.wire,
      Local: { Handled: r.handled, Memo: r.memo, ...byOf(r) },
    }));
    return `${JSON.stringify({ SendNote }, null, 2)}\n`;
  }
  const flat = rows.map((r) => ({ ...r.wire, Handled: r.handled ? 'yes' : '', Memo: r.memo, ...byOf(r) }));
  const local = authors ? [...LOCAL_COLUMNS, 'ChangedBy'] : [...LOCAL_COLUMNS];
  if (format === 'csv') return objectsToCsv(flat, [...NOTE_COLUMNS, ...local]);
  const saved = asOf === undefined ? 'never synced' : `saved notes as of ${new Date(asOf).toISOString()}`;
  const summary = `${flat.length} note${flat.length === 1 ? '' : 's'}, ${query.StartDate} to ${query.EndDate}, ${query.ReplyStatus} (${saved})\n`;
  const columns: Column[] = [
    ...TABLE_COLUMNS,
    { key: 'Handled' },
    { key: 'Memo', max: 30 },
    ...(authors ? [{ key: 'ChangedBy', title: 'By' }] : []),
  ];
  return flat.length === 0 ? summary : renderTable(flat, columns) + summary;
}
