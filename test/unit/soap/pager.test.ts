// The one pager: reads until a short page, stops when the caller has enough, and refuses to page forever.
import { describe, expect, it } from 'vitest';
import { MAX_PAGES, TooManyPagesError, readPages } from '../../../src-main/soap/pager';

/** A marketplace holding `rows` rows, answering PageIndex from `base`. */
function market(rows: number, base: 0 | 1) {
  const asked: number[] = [];
  const fetchPage = async (pageIndex: number, pageSize = 10) => {
    asked.push(pageIndex);
    const from = (pageIndex - base) * pageSize;
    return Array.from({ length: Math.max(0, Math.min(pageSize, rows - from)) }, (_, i) => from + i);
  };
  return { asked, fetchPage };
}

describe('readPages', () => {
  it.each([0, 1] as const)(
    'reads every row once from PageIndex %i and stops at the short page',
    async (base) => {
      const { asked, fetchPage } = market(25, base);
      const got: number[] = [];
      const pages = await readPages({
        pageSize: 10,
        pageIndexBase: base,
        fetchPage,
        onPage: (r) => void got.push(...r),
      });
      expect(got).toEqual(Array.from({ length: 25 }, (_, i) => i));
      expect(pages).toBe(3);
      expect(asked).toEqual([base, base + 1, base + 2]);
    },
  );

  it('asks for one more, empty page when the rows fill the last page exactly', async () => {
    const { asked, fetchPage } = market(20, 1);
    expect(await readPages({ pageSize: 10, pageIndexBase: 1, fetchPage, onPage: () => {} })).toBe(3);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops when the caller has all it wants', async () => {
    const { asked, fetchPage } = market(1000, 1);
    await readPages({ pageSize: 10, pageIndexBase: 1, fetchPage, onPage: (_r, i) => i < 2 });
    expect(asked).toEqual([1, 2]);
  });

  it('refuses a server that ignores PageIndex after the one cap, as a BAD_RESPONSE', async () => {
    let calls = 0;
    const err = await readPages({
      pageSize: 2,
      pageIndexBase: 1,
      fetchPage: async () => (calls++, [1, 2]),
      onPage: () => {},
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyPagesError);
    expect(err).toMatchObject({ deskCode: 'BAD_RESPONSE', pages: MAX_PAGES });
    expect(calls).toBe(MAX_PAGES);
  });

  it('passes a failed page on without sending it again', async () => {
    let calls = 0;
    const boom = new Error('page failed');
    const err = await readPages({
      pageSize: 2,
      pageIndexBase: 0,
      fetchPage: async () => {
        calls++;
        throw boom;
      },
      onPage: () => {},
    }).catch((e: unknown) => e);
    expect(err).toBe(boom);
    expect(calls).toBe(1);
  });
});
