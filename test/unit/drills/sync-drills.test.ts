// Fault drills: the sandbox injects failures while a real sync runs through the real client.
// The sync must end with exactly the sandbox's notes, or say precisely which slices failed, and
// the mirror must stay consistent through cancellation.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSoapClient } from '../../../src-main/soap/client';
import { TicketRotation, createMemoryTicketSink } from '../../../src-main/soap/ticket-rotation';
import { createTransport } from '../../../src-main/soap/transport';
import { RETRY_POLICY } from '../../../src-main/soap/retry';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/server';
import { syncNotes } from '../../../src-main/services/notes-sync';
import { KOREA_OFFSET_MINUTES, marketDayOf } from '../../../src-shared/market-day';
import { dateTimeInstant } from '../../../src-shared/date-time';
import { heldNotes, openMirror } from '../../support/mirror';

const dayOf = (insDate: string) => marketDayOf(dateTimeInstant(insDate, KOREA_OFFSET_MINUTES)!);

/** The one policy's four sends, without its waits: the drill is about outcomes. */
const FAST_RETRY = { ...RETRY_POLICY, baseDelayMs: 1, maxDelayMs: 4 };
const NOW = new Date('2026-11-20T09:00:00+09:00');
const RANGE = { start: '2026-07-20', end: '2026-11-20', mode: 'full' as const };

let sandbox: RunningSandbox | undefined;
const mirrors: { close(): void }[] = [];
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  for (const m of mirrors.splice(0)) m.close();
});

async function setup(opts: SandboxOptions) {
  sandbox = await startSandbox({ port: 0, seed: 42, now: NOW, notes: 10_000, ...opts });
  const s = sandbox;
  const client = createSoapClient(
    { apiBaseUrl: s.baseUrl, suggestBaseUrl: s.baseUrl, ns: s.ns, soapVersion: '1.1', timeoutMs: 10_000 },
    {
      transport: createTransport(),
      // Fast, deterministic backoff: the drill is about outcomes, not waiting.
      retry: FAST_RETRY,
      tickets: new TicketRotation(
        createMemoryTicketSink({
          authTicket: s.tickets.auth,
          encryptedTicket: s.tickets.encrypted,
          memberTicket: s.tickets.member,
        }),
      ),
    },
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'drill-'));
  const mirror = openMirror(dataDir);
  mirrors.push(mirror);
  const store = mirror.store;
  // What the sandbox holds for the range: the ground truth.
  const truth = s.backend.notes({
    start: `${RANGE.start}T00:00:00+09:00`,
    end: `${RANGE.end}T23:59:59+09:00`,
  });
  return { s, client, store, dataDir, truth };
}

function sliceKey(sellerId: string, day: string) {
  return `${sellerId}|${day}`;
}

describe('sync under injected faults', () => {
  it('ends with exactly the sandbox notes or names the failed slices, with 20% 503, 5% faults, throttling and truncation', async () => {
    const { s, client, store, truth } = await setup({
      faults: { failRate: 0.2, faultRate: 0.05, throttlePerSecond: 400, truncateRate: 0.03 },
    });
    const outcome = await syncNotes(RANGE, {
      client,
      store,
      sellerIds: s.backend.sellerIds,
      pageIndexBase: 1,
      signal: new AbortController().signal,
    });
    const held = heldNotes(store);
    const cached = new Map(held.map((n) => [n.seqNo, n]));
    const failed = new Set(outcome.failedSlices.map((f) => sliceKey(f.sellerId, f.day)));
    // No duplicates, nothing invented.
    expect(cached.size).toBe(held.length);
    const truthBySeq = new Map(truth.map((n) => [n.SeqNo!, n]));
    for (const seq of cached.keys()) expect(truthBySeq.has(seq)).toBe(true);
    // Every note missing from the mirror belongs to a slice reported as failed.
    const missing = truth.filter((n) => !cached.has(n.SeqNo!));
    for (const n of missing) expect(failed.has(sliceKey(n.SellerID!, dayOf(n.InsDate!)))).toBe(true);
    if (outcome.failedSlices.length === 0) expect(missing).toEqual([]);
    // The faults really happened.
    expect(s.stats.faults).toBeGreaterThan(0);
    expect(outcome.fetched).toBeGreaterThanOrEqual(cached.size);
  });

  it('cancelled mid-sync leaves only whole days in the mirror, and they survive a reload', async () => {
    const { s, client, store, dataDir, truth } = await setup({ faults: { latencyMs: 5 } });
    const controller = new AbortController();
    const outcome = await syncNotes(RANGE, {
      client,
      store,
      sellerIds: s.backend.sellerIds,
      pageIndexBase: 1,
      signal: controller.signal,
      concurrency: 2,
      onProgress: (p) => {
        if (p.done >= Math.floor(p.total / 3)) controller.abort();
      },
    });
    expect(outcome.cancelled).toBe(true);
    const snapshot = { notes: heldNotes(store) };
    expect(snapshot.notes.length).toBeGreaterThan(0);
    expect(snapshot.notes.length).toBeLessThan(truth.length);
    // Each covered (seller, day) holds exactly the sandbox's notes of that day; nothing else is held.
    const bySlice = new Map<string, number[]>();
    for (const n of truth) {
      const k = sliceKey(n.SellerID!, dayOf(n.InsDate!));
      bySlice.set(k, [...(bySlice.get(k) ?? []), n.SeqNo!]);
    }
    const cachedSeqs = new Set(snapshot.notes.map((n) => n.seqNo));
    let coveredNotes = 0;
    for (const seller of s.backend.sellerIds) {
      for (const day of store.coveredDays(seller)) {
        const expected = bySlice.get(sliceKey(seller, day)) ?? [];
        for (const seq of expected) expect(cachedSeqs.has(seq)).toBe(true);
        coveredNotes += expected.length;
      }
    }
    expect(snapshot.notes.length).toBe(coveredNotes);

    mirrors.pop()!.close();
    const reopened = openMirror(dataDir);
    mirrors.push(reopened);
    const reloaded = reopened.store;
    expect(
      heldNotes(reloaded)
        .map((n) => n.seqNo)
        .sort((a, b) => a - b),
    ).toEqual([...cachedSeqs].sort((a, b) => a - b));

    // A refresh afterwards completes the range exactly.
    const again = await syncNotes(
      { ...RANGE, mode: 'refresh' },
      {
        client,
        store: reloaded,
        sellerIds: s.backend.sellerIds,
        pageIndexBase: 1,
        signal: new AbortController().signal,
      },
    );
    expect(again.failedSlices).toEqual([]);
    expect(
      heldNotes(reloaded)
        .map((n) => n.seqNo)
        .sort((a, b) => a - b),
    ).toEqual(truth.map((n) => n.SeqNo!).sort((a, b) => a - b));
  });
});
