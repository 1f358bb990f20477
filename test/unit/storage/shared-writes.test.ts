// A team caller's sync writes into its own copy at once and into the team database in order, one transaction there
// per write. The team database may be slower than the marketplace: the sync waits for it (SharedWritesStore's
// bound), so the writes on their way, each holding its slice's notes, do not grow with the size of the sync.
import { afterEach, describe, expect, it } from 'vitest';
import type { NotesSyncRequest } from '../../../src-main/contract';
import { syncNotes } from '../../../src-main/services/notes-sync';
import type { NoteListClient } from '../../../src-main/services/notes-sync';
import type { SharedNotesSink, SinkWrite } from '../../../src-main/storage/notes-store';
import type { MirrorStore } from '../../../src-main/storage/mirror-store';
import { SharedWritesStore } from '../../../src-main/storage/shared-writes';
import { marketDayOf } from '../../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { activeMirror } from '../../support/mirror';

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

const day = (back: number) => marketDayOf(TEST_NOW.getTime() - back * 86_400_000);
// A month of the sandbox's notes: about ninety seller-days, each its own write.
const MONTH: NotesSyncRequest = { start: day(29), end: day(0), mode: 'full' };
const CONCURRENCY = 4;

/** The sandbox's mirror; the client counts its calls and may act before one (`before(n)`, n from 1). */
async function caller(before?: (n: number) => void) {
  const deps = createTestDeps({});
  opened.push(deps);
  const active = await deps.connection.active();
  const local = await activeMirror(deps);
  let calls = 0;
  const market = active.client.market;
  const client: NoteListClient = {
    market: {
      buyerNoteList: (...args: Parameters<typeof market.buyerNoteList>) => {
        before?.(++calls);
        return market.buyerNoteList(...args);
      },
    },
  };
  const { sellerIds, pageIndexBase } = active.info;
  /** The month's sync through `store` (the caller's copy wrapped for the team database). */
  const sync = (store: SharedWritesStore, signal = new AbortController().signal) =>
    syncNotes(MONTH, { client, store, sellerIds, pageIndexBase, concurrency: CONCURRENCY, signal });
  return { local, sellerIds, sync };
}

/**
 * A team database that takes each batch in `delay` (a timer's turn, or until a gate opens), the `failAt`-th batch
 * refused: what it took, in order, how many writes and notes it has taken so far, and the size of each batch.
 */
function slowSink(opts: { delay?: () => Promise<void>; failAt?: number }) {
  const took: string[] = [];
  const done = { writes: 0, notes: 0 };
  const batches: number[] = [];
  let started = 0;
  const wait = opts.delay ?? (() => new Promise<void>((r) => setTimeout(r, 5)));
  const describe = (w: SinkWrite): [string, number] =>
    w.kind === 'slice'
      ? [`slice ${w.slice.sellerId} ${w.slice.day} ${w.slice.notes.length}`, w.slice.notes.length]
      : w.kind === 'notes'
        ? [`notes ${w.notes.length}`, w.notes.length]
        : ['sync', 0];
  const sink: SharedNotesSink = {
    write: async (batch) => {
      started++;
      await wait();
      if (started === opts.failAt) throw new Error('disk full');
      batches.push(batch.length);
      for (const w of batch) {
        const [what, notes] = describe(w);
        done.writes++;
        done.notes += notes;
        took.push(what);
      }
    },
  };
  return { sink, took, done, batches, started: () => started };
}

/**
 * The slices written into the caller's own copy, and the most writes and notes ever made there ahead of the team
 * database (made here, not yet taken there).
 */
function watchLead(local: MirrorStore, done: { writes: number; notes: number }) {
  const made: string[] = [];
  const most = { writes: 0, notes: 0, largestSlice: 0 };
  let notes = 0;
  const writeSlice = local.writeSlice.bind(local);
  local.writeSlice = (s, nowMs) => {
    made.push(`slice ${s.sellerId} ${s.day} ${s.notes.length}`);
    notes += s.notes.length;
    most.writes = Math.max(most.writes, made.length - done.writes);
    most.notes = Math.max(most.notes, notes - done.notes);
    most.largestSlice = Math.max(most.largestSlice, s.notes.length);
    return writeSlice(s, nowMs);
  };
  return { made, most };
}

describe("a team caller's sync waits for the team database", () => {
  it('never runs more than the bound ahead of a slow team database, which takes every write in order before the sync ends', async () => {
    const { local, sellerIds, sync } = await caller();
    const team = slowSink({});
    const lead = watchLead(local, team.done);
    const store = new SharedWritesStore(local, team.sink, undefined, { notes: 1_000_000, writes: 4 });
    const outcome = await sync(store);
    expect(outcome.failedSlices).toEqual([]);
    expect(lead.made).toHaveLength(30 * sellerIds.length);
    // The bound, and the slices the workers were fetching when it was reached.
    expect(lead.most.writes).toBeLessThanOrEqual(4 + CONCURRENCY);
    // The same writes in the same order, the sync's outcome last, all in before the sync said it was done.
    expect(team.took).toEqual([...lead.made, 'sync']);
  });

  it('sends the writes made while the team database takes a batch as the next batch, one transaction, in order', async () => {
    const { local, sellerIds, sync } = await caller();
    // A team database that takes a batch in 20 ms: the month's writes come faster than that.
    const team = slowSink({ delay: () => new Promise<void>((r) => setTimeout(r, 20)) });
    const lead = watchLead(local, team.done);
    const store = new SharedWritesStore(local, team.sink, undefined, { notes: 1_000_000, writes: 1_000 });
    await sync(store);
    expect(team.took).toEqual([...lead.made, 'sync']);
    expect(lead.made).toHaveLength(30 * sellerIds.length);
    // Fewer transactions than writes, none over the cap of 32 writes.
    expect(team.batches.length).toBeLessThan(team.took.length / 2);
    expect(Math.max(...team.batches)).toBeLessThanOrEqual(32);
    expect(team.batches.reduce((a, b) => a + b, 0)).toBe(team.took.length);
  });

  it('bounds the notes on their way too: a write of more notes than the bound is waited for before the next', async () => {
    const { local, sellerIds, sync } = await caller();
    const team = slowSink({});
    const lead = watchLead(local, team.done);
    const store = new SharedWritesStore(local, team.sink, undefined, { notes: 20, writes: 1_000 });
    await sync(store);
    // The bound, and the slices the workers were fetching when it was reached.
    expect(lead.most.notes).toBeLessThanOrEqual(20 + CONCURRENCY * lead.most.largestSlice);
    expect(lead.made).toHaveLength(30 * sellerIds.length);
    expect(team.took).toEqual([...lead.made, 'sync']);
  });

  it('a sync waiting for the team database stops at once when its signal aborts (a lost caller lock)', async () => {
    const stop = new AbortController();
    let callsAtAbort = -1;
    let calls = 0;
    const { local, sync } = await caller((n) => (calls = n));
    // The team database takes nothing until the sync has recorded its outcome in its own copy: a sync that went on
    // waiting for it after the abort would never end.
    let open = (): void => {};
    const gate = new Promise<void>((r) => (open = r));
    const team = slowSink({ delay: () => gate });
    const recordSync = local.recordSync.bind(local);
    local.recordSync = (...a) => {
      recordSync(...a);
      open();
    };
    const store = new SharedWritesStore(local, team.sink, undefined, { notes: 1_000_000, writes: 2 });
    const caughtUp = store.caughtUp.bind(store);
    const watch = watchLead(local, team.done);
    store.caughtUp = () => {
      const waiting = caughtUp();
      // Over the bound: this sync now waits; the lock is lost while it does.
      if (watch.made.length - team.done.writes > 2 && !stop.signal.aborted) {
        callsAtAbort = calls;
        stop.abort(new Error('lock lost'));
      }
      return waiting;
    };
    const outcome = await sync(store, stop.signal);
    expect(callsAtAbort).toBeGreaterThan(0);
    expect(outcome.cancelled).toBe(true);
    expect(calls).toBe(callsAtAbort);
    // What the copy took reached the team database too, in order.
    expect(team.took).toEqual([...watch.made, 'sync']);
  });

  it('after a refused write nothing more is sent, the waiting sync goes on, and it ends with that failure', async () => {
    const { local, sellerIds, sync } = await caller();
    const team = slowSink({ failAt: 3 });
    const store = new SharedWritesStore(local, team.sink, undefined, { notes: 1_000_000, writes: 2 });
    const syncing = sync(store);
    await expect(syncing).rejects.toThrow('disk full');
    expect(team.started()).toBe(3);
    // The two batches before the refused one are in, and nothing after it.
    expect(team.done.writes).toBe(team.batches[0]! + team.batches[1]!);
    expect(team.took).toHaveLength(team.done.writes);
    // The caller's own copy has the month: the days the team database never took are fetched again next time.
    expect(local.coveredDays(sellerIds[0]!).size).toBe(30);
  });
});
