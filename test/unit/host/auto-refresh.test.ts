// Main's auto refresh against the real host and the in-process sandbox, on the host's clock pinned to TEST_NOW and
// a scheduler the test moves: the interval from Settings, the days it syncs, what it tells the window, the one
// coordinator it shares with the seller's refresh, and the countdown restarting on a new interval or profile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventName, Events } from '../../../src-main/contract';
import { AUTO_REFRESH_DAYS, autoRefreshRequest } from '../../../src-main/host/auto-refresh';
import { createHandlers } from '../../../src-main/host/create-handlers';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { addDays, marketDayOf } from '../../../src-shared/market-day';
import { createTestDeps, manualScheduler, TEST_NOW } from '../../support/host-deps';
import { saveLiveProfile } from '../../support/live-profile';
import { movingMarket } from '../../support/market-clock';
import { activeMirror } from '../../support/mirror';

const TODAY = marketDayOf(TEST_NOW.getTime());
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

function start(opts: Parameters<typeof createTestDeps>[0] = {}) {
  const events: { event: EventName; payload: unknown }[] = [];
  const scheduler = manualScheduler();
  const deps = createTestDeps({
    sandbox: { notes: 300 },
    ...opts,
    emit: <E extends EventName>(event: E, payload: Events[E]) => void events.push({ event, payload }),
    autoRefresh: { scheduler },
  });
  closers.push(() => deps.close());
  const refreshed = () => events.filter((e) => e.event === 'notes.refreshed').map((e) => e.payload);
  /** Runs the countdown now and waits until the refresh has told the window. */
  const fire = async () => {
    const before = refreshed().length;
    expect(scheduler.fire()).toBe(1);
    await vi.waitFor(() => expect(refreshed().length).toBe(before + 1), { timeout: 20_000 });
    return refreshed().at(-1) as Events['notes.refreshed'];
  };
  const countdowns = async (ms: number[]) =>
    vi.waitFor(() => expect(scheduler.pending.map((p) => p.ms)).toEqual(ms));
  return { deps, events, scheduler, fire, countdowns };
}

describe('main’s auto refresh', () => {
  it('syncs the active profile’s last 7 days on Settings’ interval, on the host’s clock, and tells the window', async () => {
    const { deps, fire, countdowns, events } = start();
    // The default interval (5 minutes) counts down from the start; a new one replaces it.
    await countdowns([5 * 60_000]);
    await deps.settings.update({ autoRefreshMinutes: 1 });
    await countdowns([60_000]);
    expect(events).toEqual([]);

    const done = await fire();
    const store = await activeMirror(deps);
    expect(store.heldRange()).toEqual({ first: addDays(TODAY, -(AUTO_REFRESH_DAYS - 1)), last: TODAY });
    expect(done).toEqual({
      profileId: 'sandbox',
      lastSync: expect.objectContaining({ at: TEST_NOW.getTime(), ok: true }),
      arrived: 0,
    });
    expect(store.asOf()).toBe(TEST_NOW.getTime());
    // The next countdown starts when the refresh has ended.
    await countdowns([60_000]);
  });

  it('announces the notes that arrived since the last refresh', async () => {
    const market = movingMarket();
    const { deps, fire, events, countdowns } = start({ sandbox: { notes: 2000, ...market.sandbox } });
    await countdowns([5 * 60_000]);
    await fire();
    const arrived = market
      .arriveNext(deps.connection.sandbox()!.backend)
      .filter((n) => n.ReplyStatus === 'NoReply');
    expect(arrived.length).toBeGreaterThan(0);
    events.length = 0;
    const done = await fire();
    const seqNos = arrived.map((n) => n.SeqNo);
    expect(events.filter((e) => e.event === 'notes.arrived')).toEqual([
      { event: 'notes.arrived', payload: { count: seqNos.length, seqNos } },
    ]);
    expect(done).toMatchObject({ profileId: 'sandbox', arrived: seqNos.length });
  });

  it('shares the one sync coordinator with the seller’s refresh: never two syncs of the mirror at once', async () => {
    const { deps, scheduler, countdowns, events } = start({
      sandbox: { notes: 300, faults: { latencyMs: 20 } },
    });
    await countdowns([5 * 60_000]);
    const handlers = createHandlers(deps);
    const ctx = { signal: new AbortController().signal, emit: () => {} };
    await deps.connection.active();
    const sandbox = deps.connection.sandbox()!;
    const store = await activeMirror(deps);
    const before = sandbox.stats.requests;
    scheduler.fire();
    await vi.waitFor(() => expect(deps.syncs.state(store.file).running).toBe(true));
    // The seller presses refresh on the inbox's week while the timer's sync runs: it attaches to it.
    const summary = await handlers['notes.sync'](autoRefreshRequest(TEST_NOW.getTime()), ctx);
    await vi.waitFor(() => expect(events.some((e) => e.event === 'notes.refreshed')).toBe(true));
    expect(sandbox.stats.requests - before).toBe(summary.calls);
  });

  it('stops at 0, and restarts the countdown for another active profile, whose mirror it then syncs', async () => {
    const { deps, scheduler, countdowns, fire } = start();
    const shop: RunningSandbox = await startSandbox({ port: 0, seed: 7, now: TEST_NOW, notes: 300 });
    closers.push(() => shop.close());
    await countdowns([5 * 60_000]);
    await deps.settings.update({ autoRefreshMinutes: 0 });
    await countdowns([]);
    await deps.settings.update({ autoRefreshMinutes: 2 });
    await countdowns([2 * 60_000]);
    const first = scheduler.pending[0];
    await saveLiveProfile(deps, shop, { activate: true });
    await vi.waitFor(() =>
      expect(scheduler.pending).toEqual([expect.not.objectContaining({ run: first!.run })]),
    );
    expect(scheduler.pending.map((p) => p.ms)).toEqual([2 * 60_000]);
    const done = await fire();
    expect(done).toMatchObject({ profileId: 'shop', lastSync: { ok: true } });
    expect(shop.stats.requests).toBeGreaterThan(0);
    await deps.close();
    expect(scheduler.pending).toEqual([]);
  });

  it('tells the window how a refresh failed, or why it could not start, and tries again on the next interval', async () => {
    const shop = await startSandbox({ port: 0, seed: 7, now: TEST_NOW, notes: 300 });
    closers.push(() => shop.close());
    const { deps, countdowns, fire } = start();
    // A live profile whose tickets were never saved: the marketplace refuses every call.
    await saveLiveProfile(deps, shop, { activate: true, tickets: false });
    await countdowns([5 * 60_000]);
    const failed = await fire();
    expect(failed).toMatchObject({ profileId: 'shop', arrived: 0, lastSync: { ok: false } });
    expect(failed.lastSync!.errorCode).toBeDefined();
    await countdowns([5 * 60_000]);
    // The connection itself cannot be had (say, the vault cannot be read).
    vi.spyOn(deps.connection, 'active').mockRejectedValue(new Error('vault unreadable'));
    const refused = await fire();
    expect(refused).toEqual({
      profileId: 'shop',
      arrived: 0,
      error: { code: 'INTERNAL', message: expect.stringContaining('vault unreadable') },
    });
    await countdowns([5 * 60_000]);
  });
});
