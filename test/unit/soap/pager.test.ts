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

  describe('with the pages the caller expects', () => {
    /** A marketplace that answers only when told, so the test sees which pages are in flight at once. */
    function gated(rows: number, pageSize = 10) {
      const waiting = new Map<number, () => void>();
      const asked: number[] = [];
      const fetchPage = (pageIndex: number) =>
        new Promise<number[]>((resolve) => {
          asked.push(pageIndex);
          const from = (pageIndex - 1) * pageSize;
          waiting.set(pageIndex, () =>
            resolve(Array.from({ length: Math.max(0, Math.min(pageSize, rows - from)) }, (_, i) => from + i)),
          );
        });
      const answer = async (pageIndex: number) => {
        await new Promise((r) => setTimeout(r, 0));
        waiting.get(pageIndex)!();
        waiting.delete(pageIndex);
        await new Promise((r) => setTimeout(r, 0));
      };
      return { asked, waiting, fetchPage, answer };
    }

    it('asks for them side by side, at most `concurrency` at once, and delivers rows in order', async () => {
      const m = gated(45);
      const got: number[] = [];
      const done = readPages({
        pageSize: 10,
        pageIndexBase: 1,
        expectedPages: 5,
        concurrency: 3,
        fetchPage: m.fetchPage,
        onPage: (r) => void got.push(...r),
      });
      await new Promise((r) => setTimeout(r, 0));
      expect(m.asked).toEqual([1, 2, 3]);
      // Page 2 answers first: nothing is delivered before page 1, and no fourth page is asked for yet.
      await m.answer(2);
      expect(got).toEqual([]);
      expect(m.asked).toEqual([1, 2, 3]);
      await m.answer(1);
      expect(got).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(m.asked).toEqual([1, 2, 3, 4, 5]);
      await m.answer(3);
      await m.answer(4);
      await m.answer(5);
      expect(await done).toBe(5);
      expect(got).toEqual(Array.from({ length: 45 }, (_, i) => i));
      expect(m.asked).toEqual([1, 2, 3, 4, 5]);
    });

    it('goes on one page at a time past the pages it expected', async () => {
      const { asked, fetchPage } = market(65, 1);
      const got: number[] = [];
      await readPages({
        pageSize: 10,
        pageIndexBase: 1,
        expectedPages: 3,
        fetchPage,
        onPage: (r) => void got.push(...r),
      });
      expect(got).toEqual(Array.from({ length: 65 }, (_, i) => i));
      expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it('stops at a short page before the expected end, and an abandoned page that fails surfaces nothing', async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (e: unknown) => void unhandled.push(e);
      process.on('unhandledRejection', onUnhandled);
      try {
        const asked: number[] = [];
        const got: number[] = [];
        const pages = await readPages({
          pageSize: 10,
          pageIndexBase: 0,
          expectedPages: 4,
          fetchPage: async (i) => {
            asked.push(i);
            if (i === 3) throw new Error('page 3 failed');
            return i === 0 ? Array.from({ length: 10 }, (_, k) => k) : i === 1 ? [10, 11] : [];
          },
          onPage: (r) => void got.push(...r),
        });
        await new Promise((r) => setTimeout(r, 10));
        expect(pages).toBe(2);
        expect(got).toEqual([...Array.from({ length: 10 }, (_, k) => k), 10, 11]);
        expect(asked).toEqual([0, 1, 2, 3]);
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    });

    it('passes on the failure of a page it needs', async () => {
      const err = await readPages({
        pageSize: 10,
        pageIndexBase: 1,
        expectedPages: 3,
        fetchPage: async (i) => {
          if (i === 2) throw new Error('page 2 failed');
          return Array.from({ length: 10 }, (_, k) => k);
        },
        onPage: () => {},
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({ message: 'page 2 failed' });
    });
  });
});
