// One sync per mirror: a request the running sync covers attaches to it; anything else waits and runs next.
import { describe, expect, it } from 'vitest';
import type { NotesSyncRequest } from '../../../src-main/contract';
import { createHandlers } from '../../../src-main/host/create-handlers';
import { WAITING_LOOKBACK_DAYS } from '../../../src-main/services/notes-sync';
import type { SyncOutcome } from '../../../src-main/services/notes-sync';
import { covers, createSyncCoordinator } from '../../../src-main/services/sync-coordinator';
import type { SyncRun } from '../../../src-main/services/sync-coordinator';
import { addDays, daysBetween, marketDayOf } from '../../../src-shared/market-day';
import type { MirrorStore } from '../../../src-main/storage/mirror-store';
import { startSandbox } from '../../../src-main/sandbox/server';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { saveLiveProfile } from '../../support/live-profile';
import { activeMirror } from '../../support/mirror';

const heldWaitingDays = (store: MirrorStore) =>
  [...store.iterateNotes()]
    .filter((n) => n.replyStatus === 'NoReply' && n.withdrawnAt === undefined)
    .map((n) => marketDayOf(n.at))
    .sort();

const req = (start: string, end: string, over: Partial<NotesSyncRequest> = {}): NotesSyncRequest => ({
  start,
  end,
  mode: 'refresh',
  ...over,
});

describe('covers', () => {
  it('is true when the running sync does everything the new one would', () => {
    const week = req('2026-11-14', '2026-11-20');
    expect(covers(week, req('2026-11-18', '2026-11-20'))).toBe(true);
    expect(covers(week, req('2026-11-13', '2026-11-20'))).toBe(false);
    expect(covers(week, req('2026-11-14', '2026-11-20', { mode: 'full' }))).toBe(false);
    expect(covers({ ...week, mode: 'full' }, req('2026-11-14', '2026-11-20'))).toBe(true);
    expect(covers(week, req('2026-11-14', '2026-11-20', { sellerIds: ['a'] }))).toBe(true);
    expect(covers({ ...week, sellerIds: ['a'] }, week)).toBe(false);
    expect(covers({ ...week, sellerIds: ['a', 'b'] }, { ...week, sellerIds: ['b'] })).toBe(true);
  });
});

function controllable() {
  const runs: { run: SyncRun; finish: (o?: Partial<SyncOutcome>) => void }[] = [];
  const work = (run: SyncRun) =>
    new Promise<SyncOutcome>((resolve) => {
      runs.push({ run, finish: (o = {}) => resolve({ cancelled: run.signal.aborted, ...o } as SyncOutcome) });
    });
  return { runs, work };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the sync coordinator', () => {
  it('attaches a covered request to the running sync: one run, one outcome, every caller’s progress', async () => {
    const c = createSyncCoordinator();
    const { runs, work } = controllable();
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    const a = c.run('m', req('2026-11-14', '2026-11-20'), (_e, p) => seenA.push(p), work);
    await tick();
    const b = c.run('m', req('2026-11-18', '2026-11-20'), (_e, p) => seenB.push(p), work);
    await tick();
    expect(runs).toHaveLength(1);
    const progress = { phase: 'days' as const, done: 1, total: 7, notes: 10, failed: 0 };
    runs[0]!.run.emit('notes.progress', progress);
    expect(c.state('m')).toMatchObject({ running: true, progress, request: { start: '2026-11-14' } });
    runs[0]!.finish({ fetched: 42 });
    expect(await a).toBe(await b);
    expect(seenA).toEqual([progress]);
    expect(seenB).toEqual([progress]);
    expect(c.state('m').running).toBe(false);
  });

  it('runs a request the running sync does not cover after it, never beside it; another mirror runs at once', async () => {
    const c = createSyncCoordinator();
    const { runs, work } = controllable();
    const first = c.run('m', req('2026-11-14', '2026-11-20'), () => {}, work);
    const wider = c.run('m', req('2026-08-23', '2026-11-20'), () => {}, work);
    const sameAsWider = c.run('m', req('2026-09-01', '2026-11-20'), () => {}, work);
    const other = c.run('other', req('2026-11-14', '2026-11-20'), () => {}, work);
    await tick();
    expect(runs).toHaveLength(2);
    expect(c.state('m').queued).toBe(true);
    runs[0]!.finish();
    await first;
    await tick();
    expect(runs).toHaveLength(3);
    runs[2]!.finish({ fetched: 7 });
    expect(await sameAsWider).toBe(await wider);
    runs[1]!.finish();
    await other;
  });

  it('cancels the running sync and the one waiting', async () => {
    const c = createSyncCoordinator();
    const { runs, work } = controllable();
    const first = c.run('m', req('2026-11-14', '2026-11-20'), () => {}, work);
    const next = c.run('m', req('2026-08-23', '2026-11-20'), () => {}, work);
    await tick();
    expect(c.cancel('m')).toBe(true);
    expect(runs[0]!.run.signal.aborted).toBe(true);
    runs[0]!.finish();
    expect((await first).cancelled).toBe(true);
    await tick();
    expect(runs[1]!.run.signal.aborted).toBe(true);
    runs[1]!.finish();
    expect((await next).cancelled).toBe(true);
    expect(c.cancel('m')).toBe(false);
  });
});

describe('notes.sync in the host', () => {
  it('two calls for the same mirror at once make one sync against the sandbox, with one summary', async () => {
    const deps = createTestDeps({ sandbox: { faults: { latencyMs: 20 } } });
    try {
      const handlers = createHandlers(deps);
      const ctx = { signal: new AbortController().signal, emit: () => {} };
      const today = marketDayOf(TEST_NOW.getTime());
      const week = {
        start: marketDayOf(TEST_NOW.getTime() - 6 * 86_400_000),
        end: today,
        mode: 'refresh' as const,
      };
      await deps.connection.active();
      const sandbox = deps.connection.sandbox()!;
      const before = sandbox.stats.requests;
      const [a, b] = await Promise.all([
        handlers['notes.sync'](week, ctx),
        (async () => {
          await new Promise((r) => setTimeout(r, 50));
          expect(await handlers['notes.syncState'](undefined, ctx)).toMatchObject({ running: true });
          return handlers['notes.sync']({ ...week, start: today }, ctx);
        })(),
      ]);
      expect(b).toEqual(a);
      expect(sandbox.stats.requests - before).toBe(a.calls);
      expect(await handlers['notes.syncState'](undefined, ctx)).toMatchObject({ running: false });
    } finally {
      await deps.close();
    }
  });
});

describe('a profile that limits the range of a note query', () => {
  it('gets the reply-status check in windows no longer than the profile allows', async () => {
    const deps = createTestDeps();
    const shop = await startSandbox({ port: 0, seed: 7, now: TEST_NOW, notes: 1500 });
    try {
      await saveLiveProfile(deps, shop, {
        profile: { name: 'shop', sellerIds: ['gangnam_style'], noteQueryDays: 5 },
        activate: true,
      });
      const handlers = createHandlers(deps);
      const ctx = { signal: new AbortController().signal, emit: () => {} };
      const today = marketDayOf(TEST_NOW.getTime());
      const day = (n: number) => marketDayOf(TEST_NOW.getTime() - n * 86_400_000);
      await handlers['notes.sync']({ start: day(15), end: today, mode: 'full' }, ctx);
      const asked = (skip = new Set<number>()) =>
        deps.connection.network
          .list()
          .filter((x) => !skip.has(x.id))
          .map((x) => deps.connection.network.get(x.id)!.requestXml)
          .filter((xml) => xml.includes('ReplyStatus="NoReply"'))
          .map((xml) => [
            /StartDate="(\d{4}-\d{2}-\d{2})/.exec(xml)![1]!,
            /EndDate="(\d{4}-\d{2}-\d{2})/.exec(xml)![1]!,
          ])
          .sort(([a], [b]) => a!.localeCompare(b!));
      /** Windows of at most 5 days, one after another with no gap, from `first` to `last`. */
      const expectWindows = (windows: string[][], first: string, last: string) => {
        expect(windows[0]![0]).toBe(first);
        expect(windows.at(-1)![1]).toBe(last);
        windows.forEach(([from, to], i) => {
          expect(daysBetween(from!, to!).length).toBeLessThanOrEqual(5);
          if (i > 0) expect(addDays(windows[i - 1]![1]!, 1)).toBe(from);
        });
      };
      // A full sync fetched every day just now; it still asks what waits over the 180 days before them.
      expectWindows(asked(), day(WAITING_LOOKBACK_DAYS - 1), day(16));
      const seen = new Set(deps.connection.network.list().map((x) => x.id));
      await handlers['notes.sync']({ start: day(1), end: today, mode: 'refresh' }, ctx);
      // The refresh fetched no day in full (it caught up on the newest two): the 180 days, 5 at most a query.
      const after = asked(seen);
      expect(heldWaitingDays(await activeMirror(deps))[0]! < day(15)).toBe(true);
      expectWindows(after, day(WAITING_LOOKBACK_DAYS - 1), today);
    } finally {
      await shop.close();
      await deps.close();
    }
  });
});
