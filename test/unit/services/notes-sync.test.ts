import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotesSyncRequest } from '../../../src-main/contract';
import { createNotesCache, NOTES_CACHE_FILE, NOTES_LOCAL_FILE } from '../../../src-main/services/notes-cache';
import { planSlices, syncNotes } from '../../../src-main/services/notes-sync';
import type { NoteListClient, SyncOptions } from '../../../src-main/services/notes-sync';
import type { SandboxOptions } from '../../../src-main/sandbox/server';
import { XmlMalformedError } from '../../../src-main/soap/errors';
import { dayEndMs, dayStartMs, daysBetween, marketDayOf } from '../../../src-shared/market-day';
import { formatDateTime } from '../../../src-main/schema';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';

const TODAY = marketDayOf(TEST_NOW.getTime());
const WEEK: NotesSyncRequest = { start: daysBefore(6), end: TODAY, mode: 'full' };

function daysBefore(n: number): string {
  return marketDayOf(TEST_NOW.getTime() - n * 86_400_000);
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

async function setup(sandbox: SandboxOptions = {}) {
  const deps = createTestDeps({ sandbox });
  opened.push(deps);
  const { client, info } = await deps.connection.active();
  const backend = deps.connection.sandbox()!.backend;
  const cache = createNotesCache(deps.dataDir);
  await cache.load();
  const expected = (start: string, end: string, sellerId?: string) =>
    backend.notes({
      start: formatDateTime(dayStartMs(start)),
      end: formatDateTime(dayEndMs(end) - 999),
      ...(sellerId ? { sellerId } : {}),
    });
  const base = (over: Partial<SyncOptions> = {}): SyncOptions => ({
    client,
    cache,
    sellerIds: info.sellerIds,
    pageIndexBase: info.pageIndexBase,
    signal: new AbortController().signal,
    sleep: async () => {},
    ...over,
  });
  return { deps, client, info, backend, cache, expected, base };
}

describe('notes sync against the sandbox', () => {
  it('fetches every slice of the range, reports determinate progress, and de-duplicates by SeqNo', async () => {
    const { cache, expected, base, info } = await setup();
    const progress: number[][] = [];
    const first = await syncNotes(
      WEEK,
      base({ pageSize: 20, onProgress: (p) => progress.push([p.done, p.total]) }),
    );
    const want = expected(WEEK.start, WEEK.end);
    expect(want.length).toBeGreaterThan(100);
    expect(cache.snapshot().notes.map((n) => n.seqNo)).toEqual(want.map((n) => n.SeqNo));
    expect(first.slices).toBe(7 * info.sellerIds.length);
    expect(first.added).toBe(want.length);
    expect(progress[0]).toEqual([0, first.slices]);
    expect(progress.at(-1)).toEqual([first.slices, first.slices]);
    expect(progress.map(([d]) => d)).toEqual([...progress.keys()]);

    const again = await syncNotes(WEEK, base({ pageSize: 20 }));
    expect(again.fetched).toBe(want.length);
    expect(again.added).toBe(0);
    expect(cache.snapshot().notes).toHaveLength(want.length);
  });

  it('refresh re-fetches only the newest synced day minus one day of overlap, plus unsynced days', async () => {
    const { cache, base, info, deps } = await setup();
    await syncNotes(WEEK, base());
    const sandbox = deps.connection.sandbox()!;
    const before = sandbox.stats.requests;
    const refresh = await syncNotes({ ...WEEK, mode: 'refresh' }, base());
    expect(refresh.slices).toBe(2 * info.sellerIds.length);
    expect(sandbox.stats.requests - before).toBe(refresh.slices);
    const planned = planSlices(
      { ...WEEK, end: daysBefore(-2), mode: 'refresh' },
      ['a'],
      () => new Set(daysBetween(WEEK.start, WEEK.end)),
    );
    expect(planned.map((s) => s.day)).toEqual([daysBefore(1), TODAY, daysBefore(-1), daysBefore(-2)]);
    expect(cache.covered(info.sellerIds[0]!).size).toBe(7);
  });

  it('retries damaged responses from the sandbox and still gets every note', async () => {
    const { cache, expected, base } = await setup({ faults: { truncateRate: 0.3 } });
    const sleeps: number[] = [];
    const out = await syncNotes(WEEK, base({ sleep: async (ms) => void sleeps.push(ms) }));
    expect(out.failedSlices).toEqual([]);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(cache.snapshot().notes.map((n) => n.seqNo)).toEqual(
      expected(WEEK.start, WEEK.end).map((n) => n.SeqNo),
    );
  });

  it('reports the failing seller and day after five tries, keeping its fetched pages and every other slice', async () => {
    const { cache, expected, base, client, info } = await setup();
    const seller = info.sellerIds[0]!;
    const badDay = daysBefore(1);
    const calls: number[] = [];
    const flaky: NoteListClient = {
      market: {
        buyerNoteList: async (req, opts) => {
          if (
            req.SellerID === seller &&
            req.StartDate?.startsWith(badDay) &&
            req.Pagination?.PageIndex === info.pageIndexBase + 1
          ) {
            calls.push(1);
            throw new XmlMalformedError('unexpected end of input');
          }
          return client.market.buyerNoteList(req, opts);
        },
      },
    };
    const out = await syncNotes(WEEK, base({ client: flaky, pageSize: 5 }));
    expect(calls).toHaveLength(5);
    expect(out.failedSlices).toEqual([
      expect.objectContaining({
        sellerId: seller,
        day: badDay,
        code: 'BAD_RESPONSE',
        attempts: 5,
        pagesFetched: 1,
      }),
    ]);
    const cached = new Set(cache.snapshot().notes.map((n) => n.seqNo));
    const badDayNotes = expected(badDay, badDay, seller).map((n) => n.SeqNo!);
    expect(badDayNotes.length).toBeGreaterThan(5);
    expect(badDayNotes.filter((s) => cached.has(s))).toEqual(badDayNotes.slice(0, 5));
    const others = expected(WEEK.start, WEEK.end).filter(
      (n) => !(n.SellerID === seller && badDayNotes.includes(n.SeqNo ?? -1)),
    );
    expect(others.every((n) => cached.has(n.SeqNo!))).toBe(true);
    expect(cache.covered(seller).has(badDay)).toBe(false);
    expect(cache.snapshot().lastSync).toMatchObject({ ok: false, errorCode: 'BAD_RESPONSE' });
  });

  it('does not retry what cannot get better (a Client fault) and names it', async () => {
    const { base, info } = await setup();
    const refusing: NoteListClient = {
      market: {
        buyerNoteList: async () => {
          throw Object.assign(new Error('req/@SellerID does not belong to this account.'), {
            deskCode: 'SOAP_FAULT',
          });
        },
      },
    };
    const out = await syncNotes({ ...WEEK, start: TODAY }, base({ client: refusing }));
    expect(out.failedSlices).toHaveLength(info.sellerIds.length);
    expect(out.failedSlices.every((f) => f.attempts === 1 && f.code === 'SOAP_FAULT')).toBe(true);
  });

  it('cancel stops in-flight requests and leaves only whole slices in the cache, also on disk', async () => {
    const { cache, expected, base, deps } = await setup({ faults: { latencyMs: 40 } });
    const controller = new AbortController();
    const out = await syncNotes(
      { start: daysBefore(29), end: TODAY, mode: 'full' },
      base({
        pageSize: 10,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done === 6) controller.abort();
        },
      }),
    );
    expect(out.cancelled).toBe(true);
    expect(out.slicesDone).toBeLessThan(out.slices);
    const snap = cache.snapshot();
    const coveredSlices = Object.entries(snap.coverage).flatMap(([s, days]) =>
      days.map((d) => [s, d] as const),
    );
    expect(coveredSlices).toHaveLength(out.slicesDone);
    const want = coveredSlices
      .flatMap(([s, d]) => expected(d, d, s).map((n) => n.SeqNo!))
      .sort((a, b) => a - b);
    expect(snap.notes.map((n) => n.seqNo).sort((a, b) => a - b)).toEqual(want);
    expect(snap.lastSync).toMatchObject({ cancelled: true, ok: false });
    expect(snap.asOf).toBeUndefined();

    const reread = createNotesCache(deps.dataDir);
    await reread.load();
    expect(reread.snapshot().notes.map((n) => n.seqNo)).toEqual(snap.notes.map((n) => n.seqNo));
  });

  it('round-trips notes, coverage, as-of and local marks through the data directory', async () => {
    const { cache, base, deps } = await setup();
    await syncNotes({ start: daysBefore(2), end: TODAY, mode: 'full' }, base());
    const snap = cache.snapshot();
    const seq = snap.notes[3]!.seqNo;
    await cache.setLocal(seq, { handled: true, memo: '내일 재발송\n택배사 확인' });

    const reread = createNotesCache(deps.dataDir);
    await reread.load();
    const back = reread.snapshot();
    expect(back.notes).toEqual(snap.notes);
    expect(back.coverage).toEqual(snap.coverage);
    expect(back.asOf).toBe(snap.asOf);
    expect(back.local[String(seq)]).toMatchObject({ handled: true, memo: '내일 재발송\n택배사 확인' });
    expect(back.notices).toEqual([]);
    // The big OrderNo (> 2^53) keeps every digit.
    expect(JSON.stringify(back.notes)).not.toMatch(/"orderNo":\d/);
  });

  it('moves a corrupt cache or marks file aside with a notice and starts empty instead of crashing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notes-cache-'));
    writeFileSync(join(dir, NOTES_CACHE_FILE), '{"version":1,"notes":[{"seqNo":"x"');
    writeFileSync(join(dir, NOTES_LOCAL_FILE), '[]');
    const cache = createNotesCache(dir, () => Date.parse('2026-11-20T00:00:00Z'));
    await cache.load();
    const snap = cache.snapshot();
    expect(snap.notes).toEqual([]);
    expect(snap.notices.map((n) => n.kind)).toEqual(['cache-reset', 'local-reset']);
    for (const n of snap.notices) expect(existsSync(join(dir, n.backupFile))).toBe(true);
    expect(readFileSync(join(dir, snap.notices[0]!.backupFile), 'utf8')).toContain('"seqNo":"x"');
    expect(existsSync(join(dir, NOTES_CACHE_FILE))).toBe(false);
    await cache.persist();
    const again = createNotesCache(dir);
    await again.load();
    expect(again.snapshot().notices).toEqual([]);
  });
});
