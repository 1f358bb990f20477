// `desk notes`: every page of the buyer-notes inbox for a date range and filters, as one list.
import { ENUMS } from '../../schema';
import type { ReplyStatus, ResultOf, SendNote } from '../../schema';
import { SoapError } from '../../soap/errors';
import { toCsv } from '../csv';
import { noteDateRange } from '../date-range';
import { UsageError } from '../cli-error';
import type { Endpoint } from '../endpoint';
import { renderTable } from '../text-table';
import type { Column } from '../text-table';
import { NOTE_FIELDS } from '../../../src-shared/note-fields';
import type { NoteField } from '../../../src-shared/note-fields';

export interface NotesOptions {
  from?: string;
  to?: string;
  status?: string;
  item?: string;
  order?: string;
  seller?: string;
  'page-size'?: string;
}

export const DEFAULT_NOTES_PAGE_SIZE = 100;
// Far beyond any real inbox; stops a server that never returns a short page from looping forever.
const MAX_PAGES = 10_000;

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

/** Pages until one comes back short; the result has the client's shape with all pages' notes in order. */
export async function fetchAllNotes(
  endpoint: Endpoint,
  query: NotesQuery,
  signal?: AbortSignal,
): Promise<NonNullable<ResultOf<'BuyerNoteList'>>> {
  const { pageSize, ...filters } = query;
  const all: SendNote[] = [];
  let previousFirst: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const { data } = await endpoint.client.market.buyerNoteList(
      { ...filters, Pagination: { PageIndex: endpoint.pageBase + i, PageSize: pageSize } },
      { signal },
    );
    const notes = data?.SendNote ?? [];
    const first = notes.length > 0 ? JSON.stringify(notes[0]) : undefined;
    if (first !== undefined && first === previousFirst) {
      throw new SoapError(
        'BAD_RESPONSE',
        'The marketplace returned the same page twice; it may count pages from another number, so try --page-base.',
        { detail: `PageIndex ${endpoint.pageBase + i}` },
      );
    }
    previousFirst = first;
    all.push(...notes);
    if (notes.length < pageSize) return { SendNote: all };
  }
  throw new SoapError(
    'BAD_RESPONSE',
    `The marketplace kept returning full pages after ${MAX_PAGES} pages; narrow the date range.`,
  );
}

/** SendNote's attributes in the spec's order: the CSV header. */
export const NOTE_COLUMNS = NOTE_FIELDS.map((f) => f.wire);

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
  if (format === 'csv') return toCsv(notes, NOTE_COLUMNS);
  const summary = `${notes.length} note${notes.length === 1 ? '' : 's'}, ${query.StartDate} to ${query.EndDate}, ${query.ReplyStatus}\n`;
  return notes.length === 0 ? summary : renderTable(notes, TABLE_COLUMNS) + summary;
}
