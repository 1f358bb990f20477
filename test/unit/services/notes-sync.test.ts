import { afterEach, describe, expect, it } from 'vitest';
import type { NotesProgressEvent, NotesSyncRequest } from '../../../src-main/contract';
import {
  CATCH_UP_MARGIN_MS,
  UNREACHABLE_SILENCE_MS,
  plan,
  syncNotes,
} from '../../../src-main/services/notes-sync';
import type { NoteListClient, SyncOptions } from '../../../src-main/services/notes-sync';
import type { SandboxOptions } from '../../../src-main/sandbox/server';
import { recentNotes } from '../../../src-main/sandbox/backend';
import type { SandboxBackend } from '../../../src-main/sandbox/backend';
import { HttpStatusError, TimeoutError, XmlMalformedError } from '../../../src-main/soap/errors';
import { createMirrorRegistry } from '../../../src-main/storage/mirror-registry';
import type { MirrorStore } from '../../../src-main/storage/mirror-store';
import { dayEndMs, dayStartMs, daysBetween, marketDayOf } from '../../../src-shared/market-day';
import { formatDateTime } from '../../../src-shared/date-time';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';

const TODAY = marketDayOf(TEST_NOW.getTime());
const WEEK: NotesSyncRequest = { start: daysBefore(6), end: TODAY, mode: 'full' };

function daysBefore(n: number): string {
  return marketDayOf(TEST_NOW.getTime() - n * 86_400_000);
}

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

async function setup(sandbox: SandboxOptions = {}) {
  const deps = createTestDeps({ sandbox });
  opened.push(deps);
  const active = await deps.connection.active();
  const { client, info } = active;
  const running = deps.connection.sandbox()!;
  const backend = running.backend;
  const owner = {
    profileId: active.profile.id,
    profileName: active.profile.name,
    kind: active.profile.kind,
    fingerprint: active.fingerprint,
  };
  const store = deps.mirrors.open(owner, ['sandbox']);
  const expected = (start: string, end: string, sellerId?: string) =>
    backend.notes({
      start: formatDateTime(dayStartMs(start)),
      end: formatDateTime(dayEndMs(end) - 999),
      ...(sellerId ? { sellerId } : {}),
    });
  const base = (over: Partial<SyncOptions> = {}): SyncOptions => ({
    client,
    store,
    sellerIds: info.sellerIds,
    pageIndexBase: info.pageIndexBase,
    signal: new AbortController().signal,
    ...over,
  });
  return { deps, client, info, backend, running, store, owner, expected, base };
}

const held = (store: MirrorStore) => [...store.iterateNotes()].filter((n) => n.withdrawnAt === undefined);
const seqs = (notes: readonly { seqNo: number }[]) => notes.map((n) => n.seqNo).sort((a, b) => a - b);

/** Held notes whose reply status differs from the sandbox's now. */
function staleStatuses(store: MirrorStore, backend: SandboxBackend) {
  const truth = new Map(recentNotes(backend).map((n) => [n.SeqNo, n.ReplyStatus]));
  return held(store).filter((n) => truth.get(n.seqNo) !== n.replyStatus);
}

describe('notes sync against the sandbox', () => {
  it('fetches every slice of the range, reports progress in days, and de-duplicates by SeqNo', async () => {
    const { store, expected, base } = await setup();
    const progress: [string, number, number][] = [];
    const first = await syncNotes(
      WEEK,
      base({ pageSize: 20, onProgress: (p) => progress.push([p.phase, p.done, p.total]) }),
    );
    const want = expected(WEEK.start, WEEK.end);
    expect(want.length).toBeGreaterThan(100);
    expect(seqs(held(store))).toEqual(seqs(want.map((n) => ({ seqNo: n.SeqNo! }))));
    expect(first).toMatchObject({ days: 7, daysDone: 7, slices: 21, added: want.length });
    expect(first.notesSaved).toBe(want.length);
    const days = progress.filter(([phase]) => phase === 'days');
    expect(days.map(([, done, total]) => [done, total])).toEqual(Array.from({ length: 8 }, (_, i) => [i, 7]));
    expect(progress.at(-1)).toEqual(['statuses', 3, 3]);

    const again = await syncNotes(WEEK, base({ pageSize: 20 }));
    expect(again.fetched).toBe(want.length);
    expect(again.added).toBe(0);
    expect(held(store)).toHaveLength(want.length);
  });

  it('refresh fetches the days not synced yet in full, and catches up on the newest synced day and the one before', async () => {
    const { store, base, info } = await setup();
    await syncNotes(WEEK, base());
    const refresh = await syncNotes({ ...WEEK, mode: 'refresh' }, base());
    expect(refresh.slices).toBe(0);
    // Nothing new: one short catch-up page per seller, then the status check.
    expect(refresh.calls - refresh.statusCheck.calls).toBe(info.sellerIds.length);
    const planned = plan(
      { ...WEEK, end: daysBefore(-2), mode: 'refresh' },
      ['a'],
      () => new Set(daysBetween(WEEK.start, WEEK.end)),
    );
    expect(planned.slices.map((s) => s.day)).toEqual([daysBefore(-1), daysBefore(-2)]);
    expect(planned.catchUps).toEqual([{ sellerId: 'a', from: daysBefore(1), to: TODAY }]);
    // A newest day without the one before it synced: that one comes in full, the catch-up covers the newest only.
    const gap = plan({ ...WEEK, mode: 'refresh' }, ['a'], () => new Set([TODAY]));
    expect(gap.catchUps).toEqual([{ sellerId: 'a', from: TODAY, to: TODAY }]);
    expect(gap.slices.map((s) => s.day)).toEqual(daysBetween(WEEK.start, daysBefore(1)));
    expect(store.coveredDays(info.sellerIds[0]!).size).toBe(7);
  });

  it('on a living marketplace, a refresh brings every note that arrived and every answer given since, in few calls', async () => {
    let now = TEST_NOW.getTime();
    const { store, backend, base, info, running } = await setup({
      now: undefined,
      clock: () => now,
      // Hours pass between refreshes: tickets stay good that long here.
      graceMs: 24 * 3_600_000,
    });
    await syncNotes(WEEK, base());
    expect(backend.living).toBe(true);
    const truth = () =>
      backend.notes({
        start: formatDateTime(dayStartMs(WEEK.start)),
        end: formatDateTime(dayEndMs(WEEK.end) - 999),
      });
    for (const hours of [3, 5, 9]) {
      now += hours * 3_600_000;
      const before = running.stats.requests;
      const out = await syncNotes({ ...WEEK, end: marketDayOf(now), mode: 'refresh' }, base());
      const want = truth();
      const mine = new Map(held(store).map((n) => [n.seqNo, n.replyStatus]));
      // Every note the marketplace lists is held, with its reply status: nothing missed, nothing stale.
      expect(want.filter((n) => mine.get(n.SeqNo!) !== n.ReplyStatus)).toEqual([]);
      expect(out.statusCheck.done).toBe(true);
      // The calls: the catch-ups and any day not synced yet, the check's pages, one per day where statuses moved.
      expect(running.stats.requests - before).toBe(out.calls);
      expect(out.calls).toBeLessThanOrEqual(info.sellerIds.length * 2 + out.slices + out.statusCheck.calls);
      expect(out.statusCheck.calls).toBeLessThanOrEqual(
        info.sellerIds.length * 2 + out.statusCheck.refetchedDays,
      );
    }
    expect(CATCH_UP_MARGIN_MS).toBeGreaterThan(0);
  });

  it('retries damaged responses from the sandbox and still gets every note', async () => {
    const { store, expected, base, running } = await setup({ faults: { truncateRate: 0.3 } });
    const sentBefore = running.stats.requests;
    // One request at a time, so the sandbox's seeded faults hit the same sends every run.
    const out = await syncNotes(WEEK, base({ concurrency: 1 }));
    expect(out.failedSlices).toEqual([]);
    // The SOAP client sent some pages again: more requests reached the sandbox than the sync made calls.
    expect(running.stats.requests - sentBefore).toBeGreaterThan(out.calls);
    expect(seqs(held(store))).toEqual(seqs(expected(WEEK.start, WEEK.end).map((n) => ({ seqNo: n.SeqNo! }))));
  });

  it('reports the failing seller and day with the client’s attempts, sending the page no more itself, keeping its fetched pages and every other slice', async () => {
    const { store, expected, base, client, info } = await setup();
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
            // What the SOAP client throws once its four sends are spent.
            throw Object.assign(new XmlMalformedError('unexpected end of input'), { attempts: 4 });
          }
          return client.market.buyerNoteList(req, opts);
        },
      },
    };
    const out = await syncNotes(WEEK, base({ client: flaky, pageSize: 5 }));
    expect(calls).toHaveLength(1);
    expect(out.failedSlices).toEqual([
      expect.objectContaining({
        sellerId: seller,
        day: badDay,
        code: 'BAD_RESPONSE',
        attempts: 4,
        pagesFetched: 1,
      }),
    ]);
    expect(out).toMatchObject({ days: 7, daysDone: 6 });
    const cached = new Set(held(store).map((n) => n.seqNo));
    const badDayNotes = expected(badDay, badDay, seller).map((n) => n.SeqNo!);
    expect(badDayNotes.length).toBeGreaterThan(5);
    expect(badDayNotes.filter((s) => cached.has(s))).toEqual(badDayNotes.slice(0, 5));
    const others = expected(WEEK.start, WEEK.end).filter(
      (n) => !(n.SellerID === seller && badDayNotes.includes(n.SeqNo ?? -1)),
    );
    expect(others.every((n) => cached.has(n.SeqNo!))).toBe(true);
    expect(store.coveredDays(seller).has(badDay)).toBe(false);
    expect(store.lastSync()).toMatchObject({ ok: false, errorCode: 'BAD_RESPONSE' });
  });

  it('a catch-up that fails is told with its seller and newest day, and its day is not counted done', async () => {
    const { store, base, client, info } = await setup();
    await syncNotes(WEEK, base());
    const seller = info.sellerIds[1]!;
    const failing: NoteListClient = {
      market: {
        buyerNoteList: async (req, opts) => {
          // The catch-up asks from a moment inside a day, not from its midnight.
          if (req.SellerID === seller && req.ReplyStatus === 'All' && !req.StartDate!.includes('T00:00:00')) {
            throw Object.assign(new HttpStatusError(503, 'Service Unavailable'), { attempts: 4 });
          }
          return client.market.buyerNoteList(req, opts);
        },
      },
    };
    const asOf = store.asOf();
    const out = await syncNotes({ ...WEEK, mode: 'refresh' }, base({ client: failing }));
    expect(out.failedSlices).toEqual([
      expect.objectContaining({ sellerId: seller, day: TODAY, code: 'HTTP_ERROR', attempts: 4 }),
    ]);
    expect(out).toMatchObject({ days: 1, daysDone: 0 });
    expect(store.lastSync()).toMatchObject({ ok: false });
    // The days it holds stay held, the reply statuses are checked, but the mirror does not say it is current.
    expect(store.coveredDays(seller).size).toBe(7);
    expect(out.statusCheck.done).toBe(true);
    expect(store.asOf()).toBe(asOf);
  });

  it('groups failures by cause and reports each group in progress as soon as it is certain', async () => {
    const { base, info, client } = await setup();
    const [down, alsoDown] = info.sellerIds;
    const failing: NoteListClient = {
      market: {
        buyerNoteList: async (req, opts) => {
          // The client has spent its retries (soap/retry.ts) and says how many sends it made.
          if (req.SellerID === down || req.SellerID === alsoDown)
            throw Object.assign(new HttpStatusError(503, ''), { attempts: 4 });
          return client.market.buyerNoteList(req, opts);
        },
      },
    };
    const events: NotesProgressEvent[] = [];
    const out = await syncNotes(
      WEEK,
      base({ client: failing, concurrency: 1, onProgress: (p) => events.push(p) }),
    );
    expect(out.failedSlices).toHaveLength(14);
    expect(out.failedSlices[0]).toMatchObject({
      code: 'HTTP_ERROR',
      facts: { httpStatus: 503 },
      attempts: 4,
    });
    // The first failure is told while the first day is still being fetched, long before the sync ends.
    const firstTold = events.findIndex((e) => (e.failures?.length ?? 0) > 0);
    expect(firstTold).toBeGreaterThan(0);
    expect(events[firstTold]).toMatchObject({ phase: 'days', done: 0, failed: 1 });
    expect(events[firstTold]!.failures).toEqual([
      expect.objectContaining({ days: 1, sellers: 1, slices: 1, attempts: 4 }),
    ]);
    // One cause, one group: 7 days × 2 sellers.
    const last = events.filter((e) => e.phase === 'days').at(-1)!;
    expect(last.failures).toEqual([
      expect.objectContaining({
        days: 7,
        sellers: 2,
        slices: 14,
        attempts: 4,
        firstDay: WEEK.start,
        lastDay: WEEK.end,
        first: expect.objectContaining({ code: 'HTTP_ERROR', facts: { httpStatus: 503 } }),
      }),
    ]);
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

  it('a seller ID the marketplace does not know: each day refused once, told as the seller ID to check, and never "as of"', async () => {
    const { store, base } = await setup();
    const out = await syncNotes(WEEK, base({ sellerIds: ['seoul mart'] }));
    expect(out.failedSlices).toHaveLength(7);
    for (const f of out.failedSlices) {
      expect(f).toMatchObject({
        sellerId: 'seoul mart',
        code: 'SOAP_FAULT',
        attempts: 1,
        reason: 'req/@SellerID "seoul mart" does not belong to this account.',
        facts: { cause: 'unknown-seller' },
      });
    }
    expect(out.statusCheck.done).toBe(true);
    expect(store.lastSync()).toMatchObject({ ok: false, errorCode: 'SOAP_FAULT' });
    // Nothing of the marketplace came back: the profile has never synced, and the status bar says so.
    expect(store.asOf()).toBeUndefined();
  });

  it('cancel stops in-flight requests and leaves only whole days in the mirror, also on disk', async () => {
    const { store, expected, base, deps, owner } = await setup({ faults: { latencyMs: 40 } });
    const controller = new AbortController();
    const out = await syncNotes(
      { start: daysBefore(29), end: TODAY, mode: 'full' },
      base({
        pageSize: 10,
        concurrency: 3,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done === 4) controller.abort();
        },
      }),
    );
    expect(out.cancelled).toBe(true);
    expect(out.daysDone).toBeGreaterThanOrEqual(4);
    expect(out.daysDone).toBeLessThan(out.days);
    const covered = store
      .coveredSellers()
      .flatMap((s) => [...store.coveredDays(s)].map((d) => [s, d] as const));
    const want = covered.flatMap(([s, d]) => expected(d, d, s).map((n) => ({ seqNo: n.SeqNo! })));
    expect(seqs(held(store))).toEqual(seqs(want));
    expect(out.notesSaved).toBe(want.length);
    expect(store.lastSync()).toMatchObject({ cancelled: true, ok: false });
    expect(store.asOf()).toBeUndefined();
    expect(out.statusCheck.done).toBe(false);

    const again = createMirrorRegistry({ dataDir: deps.dataDir, sandbox: owner });
    opened.push(again);
    expect(seqs(held(again.open(owner, ['sandbox'])))).toEqual(seqs(want));
  });
});

describe('kept in step with the marketplace', () => {
  it('answering notes on the marketplace and refreshing leaves 0 stale statuses, a note far older than the overlap included', async () => {
    const { store, backend, running, base } = await setup();
    await syncNotes({ start: daysBefore(29), end: TODAY, mode: 'full' }, base());
    const waiting = held(store).filter((n) => n.replyStatus === 'NoReply');
    const old = waiting.filter((n) => n.at < dayStartMs(daysBefore(20)));
    const recent = waiting.filter((n) => n.at >= dayStartMs(daysBefore(1)));
    expect(old.length).toBeGreaterThan(0);
    expect(recent.length).toBeGreaterThan(0);
    const answered = [old[0]!, old.at(-1)!, waiting[Math.floor(waiting.length / 2)]!, recent[0]!];
    // Through the control endpoint, as a seller answering on the marketplace's web console.
    for (const n of answered) {
      const res = await fetch(`${running.baseUrl}/sandbox/notes/${n.seqNo}/reply`, { method: 'POST' });
      expect(res.status).toBe(200);
    }
    expect(
      staleStatuses(store, backend)
        .map((n) => n.seqNo)
        .sort(),
    ).toEqual(seqs(answered));

    const refresh = await syncNotes({ start: daysBefore(6), end: TODAY, mode: 'refresh' }, base());
    expect(staleStatuses(store, backend)).toEqual([]);
    for (const n of answered)
      expect(store.lookup({ seqNo: n.seqNo }).notes[0]!.note.replyStatus).toBe('ReplyComplete');
    // Each answered note's seller-day fetched again once, the newest days' included (a catch-up brings only
    // notes newer than the mirror's newest).
    const answeredDays = new Set(answered.map((n) => `${n.sellerId} ${marketDayOf(n.at)}`));
    expect(refresh.statusCheck).toMatchObject({
      done: true,
      refetchedDays: answeredDays.size,
      changed: answered.length,
      withdrawn: 0,
    });
    expect(store.asOf()).toBeDefined();
  });

  it('adds a waiting note the mirror missed in an old day', async () => {
    const { store, backend, base } = await setup();
    await syncNotes({ start: daysBefore(29), end: TODAY, mode: 'full' }, base());
    const lost = held(store).find((n) => n.replyStatus === 'NoReply' && n.at < dayStartMs(daysBefore(10)))!;
    store.db.prepare('DELETE FROM notes WHERE seq_no = ?').run(lost.seqNo);
    await syncNotes({ start: daysBefore(6), end: TODAY, mode: 'refresh' }, base());
    expect(store.lookup({ seqNo: lost.seqNo }).notes[0]?.note).toEqual(
      held(store).find((n) => n.seqNo === lost.seqNo),
    );
    expect(staleStatuses(store, backend)).toEqual([]);
  });

  it('flags a note the marketplace no longer lists as withdrawn: kept with its mark, out of every count', async () => {
    const { store, base, client } = await setup();
    await syncNotes({ start: daysBefore(29), end: TODAY, mode: 'full' }, base());
    const gone = held(store).find((n) => n.replyStatus === 'NoReply' && n.at < dayStartMs(daysBefore(10)))!;
    // Not handled, so it counts as waiting until it is withdrawn (a handled note does not wait).
    store.setMark(gone.seqNo, { memo: '전화 완료' }, 1);
    const withoutIt: NoteListClient = {
      market: {
        buyerNoteList: async (req, opts) => {
          const res = await client.market.buyerNoteList(req, opts);
          const notes = (res.data?.SendNote ?? []).filter((n) => n.SeqNo !== gone.seqNo);
          return { ...res, data: { SendNote: notes } };
        },
      },
    };
    const before = store.count({ start: daysBefore(29), end: TODAY });
    const out = await syncNotes(
      { start: daysBefore(6), end: TODAY, mode: 'refresh' },
      base({ client: withoutIt }),
    );
    expect(out.statusCheck).toMatchObject({ refetchedDays: 1, withdrawn: 1 });
    expect(store.count({ start: daysBefore(29), end: TODAY })).toEqual({
      total: before.total - 1,
      noReply: before.noReply - 1,
    });
    const found = store.lookup({ seqNo: gone.seqNo });
    expect(found.notes[0]).toMatchObject({ mark: { handled: false, memo: '전화 완료' } });
    expect(found.notes[0]!.withdrawnAt).toBeGreaterThan(0);
  });

  it('a status-check window that fails leaves the check not done and "as of" where it was', async () => {
    const { store, base, client } = await setup();
    await syncNotes({ start: daysBefore(29), end: TODAY, mode: 'full' }, base());
    const asOfBefore = store.asOf();
    expect(asOfBefore).toBeDefined();
    const refusingStatuses: NoteListClient = {
      market: {
        buyerNoteList: async (req, opts) => {
          if (req.ReplyStatus === 'NoReply')
            throw Object.assign(new Error('The status query was refused.'), { deskCode: 'SOAP_FAULT' });
          return client.market.buyerNoteList(req, opts);
        },
      },
    };
    const out = await syncNotes(
      { start: daysBefore(6), end: TODAY, mode: 'refresh' },
      base({ client: refusingStatuses, now: () => TEST_NOW.getTime() + 60_000 }),
    );
    expect(out.failedSlices.length).toBeGreaterThan(0);
    expect(out.failedSlices.every((f) => f.phase === 'statuses')).toBe(true);
    expect(out.statusCheck.done).toBe(false);
    expect(store.asOf()).toBe(asOfBefore);
    expect(store.lastSync()).toMatchObject({ ok: false, errorCode: 'SOAP_FAULT' });
  });

  it('splits the status check into windows when a marketplace limits the range a query may ask for', async () => {
    const { base, client } = await setup();
    await syncNotes({ start: daysBefore(29), end: TODAY, mode: 'full' }, base());
    const ranges: string[] = [];
    const watching: NoteListClient = {
      market: {
        buyerNoteList: async (req, opts) => {
          if (req.ReplyStatus === 'NoReply')
            ranges.push(`${req.StartDate!.slice(0, 10)}..${req.EndDate!.slice(0, 10)}`);
          return client.market.buyerNoteList(req, opts);
        },
      },
    };
    await syncNotes(
      { start: daysBefore(6), end: TODAY, mode: 'refresh' },
      base({ client: watching, statusWindowDays: 10, sellerIds: ['gangnam_style'] }),
    );
    // Held 30 days, none fetched in full by this refresh: 30 days in windows of at most 10.
    expect(ranges).toEqual([
      `${daysBefore(29)}..${daysBefore(20)}`,
      `${daysBefore(19)}..${daysBefore(10)}`,
      `${daysBefore(9)}..${TODAY}`,
    ]);
  });
});

describe('what waits before the first period', () => {
  it('a first sync asks what still waits over the look back and holds it; later refreshes keep it in step', async () => {
    const { store, backend, running, base, expected } = await setup();
    const first = await syncNotes(WEEK, base({ waitingLookbackDays: 60 }));
    expect(first.statusCheck.done).toBe(true);
    const before = (n: { at: number }) => n.at < dayStartMs(WEEK.start);
    const olderWaiting = expected(daysBefore(59), daysBefore(7)).filter((n) => n.ReplyStatus === 'NoReply');
    expect(olderWaiting.length).toBeGreaterThan(2);
    // Every note still waiting in the 53 days before the week is held, and nothing else of those days.
    expect(seqs(held(store).filter(before))).toEqual(seqs(olderWaiting.map((n) => ({ seqNo: n.SeqNo! }))));
    // Held alone: the days themselves are not synced, and come whole when a period asks for them.
    for (const sellerId of backend.sellerIds) expect(store.coveredDays(sellerId).size).toBe(7);
    expect(store.waitingOutside({ start: WEEK.start, end: WEEK.end, lateBeforeMs: 0 }).waiting).toBe(
      olderWaiting.length,
    );

    // Answered on the marketplace: a refresh (not a first sync any more) still checks them.
    const answered = held(store).filter(before)[0]!;
    const res = await fetch(`${running.baseUrl}/sandbox/notes/${answered.seqNo}/reply`, { method: 'POST' });
    expect(res.status).toBe(200);
    await syncNotes({ ...WEEK, mode: 'refresh' }, base({ waitingLookbackDays: 60 }));
    expect(store.lookup({ seqNo: answered.seqNo }).notes[0]!.note.replyStatus).toBe('ReplyComplete');
    expect(staleStatuses(store, backend)).toEqual([]);
    expect(store.waitingOutside({ start: WEEK.start, end: WEEK.end, lateBeforeMs: 0 }).waiting).toBe(
      olderWaiting.length - 1,
    );
  });

  it('a mirror synced before without the look back gets what waits before it on its next refresh', async () => {
    const { store, base, expected } = await setup();
    await syncNotes(WEEK, base());
    expect(held(store).every((n) => n.at >= dayStartMs(WEEK.start))).toBe(true);
    await syncNotes({ ...WEEK, mode: 'refresh' }, base({ waitingLookbackDays: 30 }));
    const olderWaiting = expected(daysBefore(29), daysBefore(7)).filter((n) => n.ReplyStatus === 'NoReply');
    expect(olderWaiting.length).toBeGreaterThan(0);
    expect(seqs(held(store).filter((n) => n.at < dayStartMs(WEEK.start)))).toEqual(
      seqs(olderWaiting.map((n) => ({ seqNo: n.SeqNo! }))),
    );
  });
});

describe('a marketplace that does not answer', () => {
  /** A client whose every call timed out: what the SOAP client throws once its sends are spent. */
  const silent = (
    timeoutMs: number,
    attempts: number,
    budgets: (number | undefined)[] = [],
  ): NoteListClient => ({
    market: {
      buyerNoteList: async (_req, opts) => {
        budgets.push(opts?.timeoutBudgetMs);
        await new Promise((r) => setTimeout(r, 2));
        throw Object.assign(new TimeoutError(timeoutMs), { attempts });
      },
    },
  });

  it('stops as unreachable once timed-out calls add up to 15 s, skipping the status check', async () => {
    const { store, base } = await setup();
    const budgets: (number | undefined)[] = [];
    // Each call timed out three times at 5 s: 15 s of silence after the first.
    const out = await syncNotes(WEEK, base({ client: silent(5000, 3, budgets), concurrency: 1 }));
    expect(out.calls).toBe(1);
    expect(budgets).toEqual([UNREACHABLE_SILENCE_MS]);
    expect(out.failedSlices).toEqual([expect.objectContaining({ code: 'TIMEOUT', attempts: 3 })]);
    expect(out.statusCheck).toMatchObject({ done: false, calls: 0 });
    expect(store.lastSync()).toMatchObject({
      ok: false,
      errorCode: 'TIMEOUT',
      partial: { days: 7, daysDone: 0, notes: 0 },
    });

    // Shorter timeouts: 4 s of silence a call, so the fourth reaches 15 s; 21 slices were planned.
    const short = await syncNotes(WEEK, base({ client: silent(1000, 4), concurrency: 1 }));
    expect(short.calls).toBe(4);
    expect(short.slices).toBe(21);
  });

  it('counts only timeouts in a row: an answer in between starts the count again', async () => {
    const { base, client, info } = await setup();
    const down = info.sellerIds[0]!;
    const oneSilent: NoteListClient = {
      market: {
        buyerNoteList: async (req, opts) => {
          if (req.SellerID === down) throw Object.assign(new TimeoutError(2000), { attempts: 4 });
          return client.market.buyerNoteList(req, opts);
        },
      },
    };
    const out = await syncNotes(WEEK, base({ client: oneSilent, concurrency: 1 }));
    // Every slice was asked for: one seller's days failed, the others answered between them.
    expect(out.failedSlices).toHaveLength(7);
    expect(out.slices).toBe(21);
    // Not taken for unreachable: the status check ran.
    expect(out.statusCheck.done).toBe(true);
  });

  it('drops the calls still waiting when it gives up, telling only the timeouts', async () => {
    const { base, info } = await setup();
    const [hanging] = info.sellerIds;
    const hung: NoteListClient = {
      market: {
        buyerNoteList: (req, opts) =>
          new Promise((_resolve, reject) => {
            // One seller's calls never end by themselves: only the sync's stop ends them.
            if (req.SellerID === hanging) {
              opts!.signal!.addEventListener('abort', () => reject(opts!.signal!.reason as Error), {
                once: true,
              });
              return;
            }
            setTimeout(() => reject(Object.assign(new TimeoutError(15_000), { attempts: 1 })), 5);
          }),
      },
    };
    const out = await syncNotes(WEEK, base({ client: hung, concurrency: 4 }));
    expect(out.cancelled).toBe(false);
    expect(out.failedSlices.length).toBeGreaterThan(0);
    expect(out.failedSlices.every((f) => f.code === 'TIMEOUT')).toBe(true);
    expect(out.calls).toBeLessThan(out.slices);
  });
});
