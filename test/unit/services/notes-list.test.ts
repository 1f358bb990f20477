// The notes-list service `desk notes` stands on: a marketplace that answers every PageIndex with the same full page
// is caught on the second page, and the command line names its own knob for it.
import { describe, expect, it } from 'vitest';
import { errorLine } from '../../../src-main/cli/cli-error';
import type { SendNote } from '../../../src-main/schema';
import type { SoapClient } from '../../../src-main/soap/client';
import { listAllNotes, SAME_PAGE_TWICE } from '../../../src-main/services/notes-list';

/** A client whose BuyerNoteList ignores PageIndex, as a marketplace counting pages from another number might. */
function ignoringPageIndex(page: SendNote[]): { client: SoapClient; asked: number[] } {
  const asked: number[] = [];
  const market = {
    buyerNoteList: (req: { Pagination: { PageIndex: number } }) => {
      asked.push(req.Pagination.PageIndex);
      return Promise.resolve({ data: { SendNote: page } });
    },
  };
  return { client: { market } as unknown as SoapClient, asked };
}

const note = (seqNo: number): SendNote =>
  ({ SeqNo: seqNo, InsDate: '2026-11-19T10:00:00+09:00' }) as SendNote;

describe('listAllNotes', () => {
  it('refuses the same full page twice instead of paging to the cap', async () => {
    const { client, asked } = ignoringPageIndex([note(1), note(2)]);
    const failure = await listAllNotes(
      client,
      { StartDate: '2026-11-19T00:00:00+09:00', EndDate: '2026-11-19T23:59:59+09:00', ReplyStatus: 'All' },
      { pageSize: 2, pageIndexBase: 1 },
    ).catch((e: unknown) => e);
    expect(asked).toEqual([1, 2]);
    expect(failure).toMatchObject({
      deskCode: 'BAD_RESPONSE',
      message: SAME_PAGE_TWICE,
      detail: 'PageIndex 2',
    });
    expect(errorLine(failure)).toContain('so try --page-base.');
    expect(errorLine(failure)).not.toContain('Settings');
  });
});
