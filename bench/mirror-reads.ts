// (k) The mirror's reads off the main thread: on a mirror of the sandbox's notes (BENCH_READS_NOTES, 1,000,000 by
// default: the sandbox's generator written into the mirror the app opens, 120 days), a seller types ㅇ, ㄴㅇ, 니다
// and a buyer ID with pauses, and the inbox asks the outside-period hint's questions at each pause (notes.count
// for the period, notes.lookup, notes.count for 90 days), through the app's handlers and the mirror's read worker;
// beside it, in the same run, today's design before the worker (bench/mirror-search-legacy.ts: the same questions
// on the main thread, a JavaScript function per row). Then notes.period for 7 and 90 days, both ways.
// Measured: the longest main-thread block (monitorEventLoopDelay and a 5 ms timer's gaps, the longer), the time
// until each hint answers, the period's time and bytes (its packed buffer and the rest as JSON), and what starting a read worker costs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NotesPeriodResult } from '../src-main/contract';
import { createHandlers } from '../src-main/host/create-handlers';
import type { Handlers } from '../src-main/host/dispatch';
import { createBackend, recentNotes } from '../src-main/sandbox/backend';
import { activeMirrorChoice } from '../src-main/services/notes-mirror';
import { toInboxNote } from '../src-main/storage/inbox-note';
import { MirrorReads } from '../src-main/storage/mirror-reads';
import { addDays, marketDayOf } from '../src-shared/market-day';
import { TEST_NOW, createTestDeps } from '../test/support/host-deps';
import { measured } from './export';
import { legacyCount, legacyLookup, registerLegacySearch } from './mirror-search-legacy';

/** The pause after each query, longer than the inbox's 300 ms before it asks. */
const PAUSE_MS = 600;
const WIDER_DAYS = 90;

export interface TypingRun {
  design: 'worker' | 'main';
  /** The longest main-thread block over the whole typing, pauses included. */
  longestBlockMs: number;
  /** Each query's hint: from the question to its last answer. */
  hints: { query: string; ms: number }[];
}

export interface PeriodRun {
  design: 'worker' | 'main';
  days: number;
  notes: number;
  ms: number;
  bytes: number;
  longestBlockMs: number;
}

export interface ReadsBench {
  notes: number;
  typing: TypingRun[];
  period: PeriodRun[];
  /** A read worker's first answer (started, its connection opened, one note looked up by SeqNo). */
  workerStartMs: number;
}

const progress = (what: string) => process.stderr.write(`  reads: ${what}\n`);

type Call = <K extends keyof Handlers>(k: K, req: Parameters<Handlers[K]>[0]) => Promise<unknown>;

async function typing(
  design: TypingRun['design'],
  queries: readonly { text?: string; buyerId?: string; shown: string }[],
  hint: (q: { text?: string; buyerId?: string }) => Promise<void>,
): Promise<TypingRun> {
  const hints: TypingRun['hints'] = [];
  const { longestBlockMs } = await measured(async () => {
    for (const q of queries) {
      const t = performance.now();
      const { shown: _shown, ...asked } = q;
      await hint(asked);
      hints.push({ query: q.shown, ms: performance.now() - t });
      await sleep(PAUSE_MS);
    }
  });
  return { design, longestBlockMs, hints };
}

export async function benchMirrorReads(notes = 1_000_000): Promise<ReadsBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-reads-'));
  const deps = createTestDeps({ dataDir, sandbox: { notes } });
  try {
    const choice = await activeMirrorChoice(deps);
    const store = deps.mirrors.open(choice.owner, choice.known);
    progress(`writing ${notes} notes`);
    const all = recentNotes(createBackend({ seed: 42, now: TEST_NOW, notes })).map((n) => toInboxNote(n)!);
    for (let at = 0; at < all.length; at += 20_000) store.writeNotes(all.slice(at, at + 20_000));
    const buyerId = all[all.length >> 1]!.buyerId;
    all.length = 0;
    const handlers = createHandlers(deps);
    const ctx = { signal: new AbortController().signal, emit: () => {} };
    const call: Call = (k, req) => (handlers[k] as (r: unknown, c: unknown) => Promise<unknown>)(req, ctx);
    const today = marketDayOf(TEST_NOW.getTime());
    const week = { start: addDays(today, -6), end: today };
    const wide = { start: addDays(today, -(WIDER_DAYS - 1)), end: today };
    const queries = [
      { text: 'ㅇ', shown: 'ㅇ' },
      { text: 'ㄴㅇ', shown: 'ㄴㅇ' },
      { text: '니다', shown: '니다' },
      { text: buyerId, shown: 'a buyer ID (typed in the box)' },
      { buyerId, shown: 'a buyer ID (the buyer chip)' },
    ];
    // The worker started as the app's first read starts it.
    await call('notes.waiting', { lateBeforeMs: TEST_NOW.getTime() });
    progress('typing, the read worker');
    const worker = await typing('worker', queries, async (q) => {
      await Promise.all([
        call('notes.count', { ...week, ...q }),
        call('notes.lookup', { ...q, limit: 1, totalUpTo: 1 }),
      ]);
      await call('notes.count', { ...wide, ...q });
    });
    progress("typing, today's design on main");
    registerLegacySearch(store.db);
    const main = await typing('main', queries, async (q) => {
      legacyCount(store.db, q, week.start, week.end);
      legacyLookup(store.db, q);
      legacyCount(store.db, q, wide.start, wide.end);
    });
    const period: PeriodRun[] = [];
    for (const days of [7, WIDER_DAYS]) {
      const span = { start: addDays(today, -(days - 1)), end: today };
      progress(`period of ${days} days`);
      period.push(await periodRun('worker', days, () => call('notes.period', span)));
      period.push(await periodRun('main', days, async () => store.period(span.start, span.end)));
    }
    return {
      notes,
      typing: [worker, main],
      period,
      workerStartMs: await workerStart(deps.mirrors.dir, store.file),
    };
  } finally {
    await deps.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function periodRun(
  design: PeriodRun['design'],
  days: number,
  ask: () => Promise<unknown>,
): Promise<PeriodRun> {
  let result: NotesPeriodResult | undefined;
  const { wallMs, longestBlockMs } = await measured(async () => {
    result = (await ask()) as NotesPeriodResult;
  });
  const count = result && !result.unchanged ? result.count : 0;
  return {
    design,
    days,
    notes: count,
    ms: wallMs,
    bytes: payloadBytes(result),
    longestBlockMs,
  };
}

/** The period's bytes: its packed notes (one buffer, NotesPeriod.packed) and the rest as JSON. */
export function payloadBytes(result: NotesPeriodResult | undefined): number {
  if (!result || result.unchanged) return Buffer.byteLength(JSON.stringify(result ?? null));
  const { packed, ...rest } = result;
  return packed.byteLength + Buffer.byteLength(JSON.stringify(rest));
}

/** A fresh read worker's first answer: what stopping and starting one again costs a superseded question. */
async function workerStart(dir: string, file: string): Promise<number> {
  const built = resolve('out/main/mirror-read-worker.js');
  const reads = new MirrorReads(join(dir, file), existsSync(built) ? { workerFile: built } : {});
  try {
    const t = performance.now();
    // A question that reads next to nothing (one note by its SeqNo): what is left is the start.
    await reads.ask('notes.lookup', { seqNo: 1, limit: 1 });
    return performance.now() - t;
  } finally {
    reads.close();
  }
}
