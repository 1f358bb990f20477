// Every page of BuyerNoteList for one query, as one list in note order: what `desk notes` prints.
import { dateTimeInstant } from '../../src-shared/date-time';
import type { RequestOf, ResultOf, SendNote } from '../schema';
import type { SoapClient } from '../soap/client';
import { SoapError } from '../soap/errors';
import { readPages } from '../soap/pager';
import { KOREA_OFFSET_MINUTES } from '../../src-shared/market-day';

export type NoteListFilters = Omit<RequestOf<'BuyerNoteList'>, 'Pagination'>;

export interface NoteListOptions {
  pageSize: number;
  /** The marketplace's first PageIndex (0 or 1). */
  pageIndexBase: 0 | 1;
  signal?: AbortSignal;
}

/** The same page came back for two page numbers: the marketplace counts pages from another first index. */
export const SAME_PAGE_TWICE =
  'The marketplace returned the same page twice; it may count pages from another number, so check the first page index in Settings.';

/**
 * Every page until one comes back short, as one list sorted by InsDate then SeqNo, each SeqNo once, whatever order
 * the marketplace answers in: a service that lists newest first, or a note arriving while the pages are read (it
 * shifts the later pages, so a note shows on two of them), still gives the promised list. A note seen twice keeps
 * its later answer.
 */
export async function listAllNotes(
  client: SoapClient,
  filters: NoteListFilters,
  opts: NoteListOptions,
): Promise<NonNullable<ResultOf<'BuyerNoteList'>>> {
  const { pageSize, pageIndexBase, signal } = opts;
  const bySeq = new Map<number, SendNote>();
  const withoutSeq: SendNote[] = [];
  let previousFirst: string | undefined;
  await readPages<SendNote>({
    pageSize,
    pageIndexBase,
    fetchPage: async (pageIndex) => {
      const { data } = await client.market.buyerNoteList(
        { ...filters, Pagination: { PageIndex: pageIndex, PageSize: pageSize } },
        { signal },
      );
      return data?.SendNote ?? [];
    },
    onPage: (notes, pageIndex) => {
      const first = notes.length > 0 ? JSON.stringify(notes[0]) : undefined;
      if (first !== undefined && first === previousFirst) {
        throw new SoapError('BAD_RESPONSE', SAME_PAGE_TWICE, { detail: `PageIndex ${pageIndex}` });
      }
      previousFirst = first;
      for (const n of notes) {
        if (n.SeqNo === undefined) withoutSeq.push(n);
        else bySeq.set(n.SeqNo, n);
      }
    },
  });
  return { SendNote: inNoteOrder([...bySeq.values(), ...withoutSeq]) };
}

/** Oldest first by InsDate (Korean time when it carries no offset), then by SeqNo; unreadable dates last. */
function inNoteOrder(notes: SendNote[]): SendNote[] {
  const at = (n: SendNote) =>
    n.InsDate === undefined ? undefined : dateTimeInstant(n.InsDate, KOREA_OFFSET_MINUTES);
  const keyed = notes.map((n) => ({ n, at: at(n) ?? Number.POSITIVE_INFINITY, seq: n.SeqNo ?? Infinity }));
  keyed.sort((a, b) => a.at - b.at || a.seq - b.seq);
  return keyed.map((k) => k.n);
}
