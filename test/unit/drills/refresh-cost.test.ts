// What a refresh costs when nothing is new: a 90-day mirror of a 100,000-note sandbox, refreshed as the inbox
// does it. Each seller costs one catch-up call on the newest days and one status-check page per PageSize notes
// still waiting, and nothing changed means no day is fetched again and no note row is written.
import { describe, expect, it } from 'vitest';
import { syncNotes, SYNC_PAGE_SIZE } from '../../../src-main/services/notes-sync';
import { toInboxNote } from '../../../src-main/storage/inbox-note';
import { addDays, dayEndMs, dayStartMs, daysBetween, marketDayOf } from '../../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { activeMirror, seedMirror } from '../../support/mirror';

const TODAY = marketDayOf(TEST_NOW.getTime());
const FIRST = addDays(TODAY, -89);

describe('a refresh with nothing new', () => {
  it('costs one catch-up call plus a page per 500 waiting notes per seller, and writes no note', async () => {
    const deps = createTestDeps({ sandbox: { notes: 100_000 } });
    try {
      const store = await activeMirror(deps);
      const { client, info } = await deps.connection.active();
      const sandbox = deps.connection.sandbox()!;
      const inRange = sandbox.backend
        .notes({ start: `${FIRST}T00:00:00+09:00`, end: `${TODAY}T23:59:59+09:00` })
        .map((n) => toInboxNote(n)!);
      expect(inRange.length).toBeGreaterThan(70_000);
      seedMirror(store, inRange, info.sellerIds, daysBetween(FIRST, TODAY), TEST_NOW.getTime());
      const revision = store.revision();
      store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');

      const before = sandbox.stats.requests;
      const out = await syncNotes(
        { start: addDays(TODAY, -6), end: TODAY, mode: 'refresh' },
        {
          client,
          store,
          sellerIds: info.sellerIds,
          pageIndexBase: info.pageIndexBase,
          signal: new AbortController().signal,
        },
      );
      const calls = sandbox.stats.requests - before;
      expect(out.calls).toBe(calls);

      // The catch-up: one short page per seller (nothing is newer than the mirror's newest note).
      const dayPages = info.sellerIds.length;
      // The status check: every seller's waiting notes over the whole held range, a page per 500 (one at least).
      const checkEnd = dayEndMs(TODAY);
      const perSeller = info.sellerIds.map((s) => {
        const waiting = inRange.filter(
          (x) =>
            x.sellerId === s && x.replyStatus === 'NoReply' && x.at >= dayStartMs(FIRST) && x.at <= checkEnd,
        ).length;
        return { seller: s, waiting, pages: Math.floor(waiting / SYNC_PAGE_SIZE) + 1 };
      });
      expect(out.statusCheck).toMatchObject({
        done: true,
        calls: perSeller.reduce((n, s) => n + s.pages, 0),
        waiting: perSeller.reduce((n, s) => n + s.waiting, 0),
        refetchedDays: 0,
        changed: 0,
      });
      expect(calls).toBe(dayPages + out.statusCheck.calls);
      expect(out.added).toBe(0);
      expect(store.revision()).toBe(revision);
      // Written: the last sync's outcome, a few pages; no note row.
      const { log } = store.db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number };
      const pageSize = (store.db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
      expect(log * pageSize).toBeLessThan(64 * 1024);
      console.log(
        `refresh of a 90-day mirror of ${inRange.length} notes: ${calls} calls (${dayPages} catch-ups; status check ${perSeller
          .map((s) => `${s.seller} ${s.pages} for ${s.waiting} waiting`)
          .join(', ')}), ${log} pages written`,
      );
    } finally {
      await deps.close();
    }
  }, 120_000);
});
