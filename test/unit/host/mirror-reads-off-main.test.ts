// The mirror's reads never hold the main thread: notes.period, notes.count, notes.lookup, what waits and the
// insights report are answered by the mirror's read worker, so main answers app.info while one of them runs; and a newer question of
// the same kind cancels the older one. The worker here is the app's own, held at a gate until the test opens it,
// as a question that runs long would hold it: what main answers meanwhile is told by order, never by time.
import { setImmediate as turn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src-main/host/create-handlers';
import type { Handlers } from '../../../src-main/host/dispatch';
import { insightsReport, insightsTargets } from '../../../src-main/services/insights';
import { activeMirrorChoice, createNotesMirror } from '../../../src-main/services/notes-mirror';
import { createMirrorRegistry } from '../../../src-main/storage/mirror-registry';
import type { MirrorRegistry } from '../../../src-main/storage/mirror-registry';
import { addDays, marketDayOf } from '../../../src-shared/market-day';
import { TEST_NOW, createTestDeps } from '../../support/host-deps';

const GATED = fileURLToPath(new URL('../../support/gated-mirror-read-worker.ts', import.meta.url));
const today = marketDayOf(TEST_NOW.getTime());
const ctx = () => ({ signal: new AbortController().signal, emit: () => {} });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

/** The host's handlers over a mirror registry whose read workers wait at `gate`; the mirror synced. */
async function gatedHost(opts: { supersededStopMs?: number } = {}) {
  const deps = createTestDeps({ sandbox: { notes: 300 } });
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const choice = await activeMirrorChoice(deps);
  const mirrors: MirrorRegistry = createMirrorRegistry({
    dataDir: deps.dataDir,
    sandbox: choice.owner,
    now: deps.now,
    reads: { workerFile: GATED, workerData: { gate: gate.buffer }, ...opts },
  });
  const handlers = createHandlers({ ...deps, mirrors });
  cleanup.push(async () => {
    mirrors.close();
    await deps.close();
  });
  await handlers['notes.sync']({ start: addDays(today, -6), end: today, mode: 'full' }, ctx());
  const open = () => {
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
  };
  /** The insights report of `req` read on main's own connection, as `desk stats` reads it. */
  const onMain = (req: { from: string; to: string; sellerId?: string }) =>
    createNotesMirror(mirrors).use(choice, (m) =>
      insightsReport(m.store, req, {
        nowMs: deps.now(),
        targets: insightsTargets(choice.active.profile),
        mirror: choice.active.profile.id,
      }),
    );
  return { handlers, open, onMain };
}

/** Lets main run everything it can (timers aside): many turns of its event loop. */
async function mainSettles(turns = 50) {
  for (let i = 0; i < turns; i++) await turn();
}

type Call = <K extends keyof Handlers>(k: K, req: Parameters<Handlers[K]>[0]) => Promise<unknown>;

describe('the mirror’s reads run off the main thread', () => {
  it('main answers app.info while each read waits on the mirror', async () => {
    const { handlers, open } = await gatedHost();
    const call: Call = (k, req) => (handlers[k] as (r: unknown, c: unknown) => Promise<unknown>)(req, ctx());
    const order: string[] = [];
    const reads = [
      call('notes.period', { start: addDays(today, -89), end: today }),
      call('notes.count', { start: addDays(today, -6), end: today, text: 'ㅇ' }),
      call('notes.lookup', { text: 'ㄴㅇ', limit: 1 }),
      call('notes.waitingOutside', { start: today, end: today, lateBeforeMs: TEST_NOW.getTime() }),
      call('notes.waiting', { lateBeforeMs: TEST_NOW.getTime() }),
    ].map((p, i) => p.then(() => order.push(`read ${i}`)));
    await mainSettles();
    await call('app.info', undefined);
    order.push('app.info');
    await mainSettles();
    // Every read is still with the worker; main answered meanwhile.
    expect(order).toEqual(['app.info']);
    open();
    await Promise.all(reads);
    expect(order).toEqual(['app.info', 'read 0', 'read 1', 'read 2', 'read 3', 'read 4']);
  });

  it('main answers app.info while the insights report waits on the mirror; the worker’s report is main’s', async () => {
    const { handlers, open, onMain } = await gatedHost();
    const call: Call = (k, req) => (handlers[k] as (r: unknown, c: unknown) => Promise<unknown>)(req, ctx());
    const order: string[] = [];
    const req = { from: addDays(today, -89), to: today };
    const bySeller = { from: addDays(today, -29), to: today, sellerId: 'seoul_mart' };
    const asked = [call('insights.report', req), call('notes.period', { start: today, end: today })];
    const reads = asked.map((p, i) => p.then(() => order.push(`read ${i}`)));
    await mainSettles();
    await call('app.info', undefined);
    order.push('app.info');
    await mainSettles();
    expect(order).toEqual(['app.info']);
    open();
    await Promise.all(reads);
    expect(order).toEqual(['app.info', 'read 0', 'read 1']);
    const report = (await asked[0]) as { speed: { total: number } };
    expect(report.speed.total).toBeGreaterThan(0);
    expect(report).toEqual(await onMain(req));
    expect(await call('insights.report', bySeller)).toEqual(await onMain(bySeller));
  });

  it('a newer insights report cancels the older one', async () => {
    const { handlers, open } = await gatedHost();
    const call: Call = (k, req) => (handlers[k] as (r: unknown, c: unknown) => Promise<unknown>)(req, ctx());
    const older = call('insights.report', { from: addDays(today, -89), to: today });
    const newer = call('insights.report', { from: addDays(today, -6), to: today });
    await expect(older).rejects.toMatchObject({ name: 'AbortError' });
    open();
    expect(await newer).toMatchObject({ from: addDays(today, -6), to: today });
  });

  it('a newer question of the same kind cancels the older one; other kinds still get their answer', async () => {
    const { handlers, open } = await gatedHost();
    const call: Call = (k, req) => (handlers[k] as (r: unknown, c: unknown) => Promise<unknown>)(req, ctx());
    const week = { start: addDays(today, -6), end: today };
    const first = call('notes.count', { ...week, text: 'ㅂ' });
    const lookup = call('notes.lookup', { text: 'ㅂ', limit: 1 });
    const second = call('notes.count', { ...week, text: 'ㅂㅅ' });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    open();
    const [found, counted] = (await Promise.all([lookup, second])) as [{ total: number }, { total: number }];
    expect(found.total).toBeGreaterThan(0);
    expect(counted.total).toBeGreaterThan(0);
  });

  it('a superseded question that runs on is cut: its worker stopped, the newer one answered by a fresh one', async () => {
    const { handlers, open } = await gatedHost({ supersededStopMs: 0 });
    const call: Call = (k, req) => (handlers[k] as (r: unknown, c: unknown) => Promise<unknown>)(req, ctx());
    const older = call('notes.lookup', { text: '배송', limit: 1 });
    // The older question is now running: held at the gate, inside the worker.
    await mainSettles();
    const newer = call('notes.lookup', { text: '교환', limit: 5 });
    await expect(older).rejects.toMatchObject({ name: 'AbortError' });
    open();
    const answer = (await newer) as { notes: { note: { title: string; content: string } }[] };
    expect(answer.notes.length).toBeGreaterThan(0);
  });
});
