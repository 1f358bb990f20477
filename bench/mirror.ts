// (f) A large seller: a mirror of 1,000,000 notes synced from the sandbox, a refresh of it with nothing new, and
// the inbox's first paint of a 7-day period over it; the sync and the refresh side by side with release 0.1.0's
// JSON cache (kept in bench/legacy-json-*.ts). Each sync and refresh runs in a process of its own (its peak RSS is
// its own); the first paint runs the real bundle in Chromium over the test bridge, and counts the app's own work:
// main's answer to notes.status and notes.period, and the renderer from the period's arrival to the painted list.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { NotesPeriodResult } from '../src-main/contract';
import { createHandlers, requestSchemas } from '../src-main/host/create-handlers';
import type { Handlers } from '../src-main/host/dispatch';
import { NOTE_HISTORY_DAYS } from '../src-main/sandbox/data/notes';
import { sandboxIdentity } from '../src-main/sandbox/server';
import { addDays, marketDayOf } from '../src-shared/market-day';
import { closeBrowser, openApp } from '../test/e2e/harness';
import { TEST_NOW, createTestDeps } from '../test/support/host-deps';
import { median } from './stats';
import { REAL_TIMING_SCRIPT } from './page-timing';
import type { RealTiming } from './page-timing';
import { payloadBytes } from './mirror-reads';

const run = promisify(execFile);
/**
 * A refresh runs in this many fresh processes, one after another: the first one right after a sync of
 * 400 MB shares the machine with the disk catching up on that write, and one sample is no median.
 */
const REFRESH_RUNS = 3;
const SELLERS = ['gangnam_style', 'seoul_mart', 'hongdae_closet'];

export interface StepResult {
  step: 'sync' | 'refresh';
  variant: 'mirror' | 'json';
  /** Opening the saved data first (the JSON cache reads and parses its whole file). */
  openMs: number;
  wallMs: number;
  calls: number;
  notes: number;
  added: number;
  failed: number;
  bytesWritten: number;
  bytesOnDisk: number;
  maxRssMB: number;
  /** CPU time of the process during the step (every thread, the decoding worker's included). */
  cpuMs?: number;
  /** A refresh: the same refresh again in the same process (as the running app does it), wall and CPU. */
  warmWallMs?: number;
  warmCpuMs?: number;
  /** A refresh: the wall time of each fresh process, sorted; the step's other figures are the median one's. */
  wallRunsMs?: number[];
  statusCheck?: { calls: number; waiting: number; refetchedDays: number; changed: number };
}

export interface FirstPaint {
  /** Notes in the 7-day period. */
  periodNotes: number;
  /** The period payload: its packed notes and the rest as JSON. */
  payloadBytes: number;
  /** Main's answers to notes.status and notes.period (the first time: the mirror opened cold). */
  mainColdMs: number;
  /** The renderer from the period's arrival to the first painted list, the first time. */
  rendererColdMs: number;
  /** The same, median of reloads. */
  mainMs: number;
  rendererMs: number;
  /** Navigation to painted list, the test bridge's JSON transport included (Electron clones instead). */
  totalMs: number;
}

export interface MirrorResult {
  notes: number;
  days: number;
  steps: StepResult[];
  firstPaint: FirstPaint;
}

const progress = (what: string) => process.stderr.write(`  mirror: ${what}\n`);

async function step(
  name: 'sync' | 'refresh',
  variant: 'mirror' | 'json',
  server: { baseUrl: string; tickets: unknown; ns: unknown },
  dataDir: string,
  identity: string,
  start: string,
  end: string,
): Promise<StepResult> {
  progress(`${name} (${variant})`);
  const { stdout } = await run(
    process.execPath,
    [
      '--max-old-space-size=8192',
      '--import',
      'tsx',
      'bench/mirror-worker.ts',
      name,
      variant,
      server.baseUrl,
      JSON.stringify(server.tickets),
      JSON.stringify(server.ns),
      JSON.stringify(SELLERS),
      dataDir,
      identity,
      start,
      end,
    ],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as StepResult;
}

/** The inbox over the mirror in `dataDir`, a 7-day period, reloaded for a median. */
async function firstPaint(dataDir: string, notes: number, reloads = 3): Promise<FirstPaint> {
  const deps = createTestDeps({ dataDir, sandbox: { notes } });
  // The sandbox is started before the page: the app's own sandbox is small, this one serves a million notes.
  await deps.connection.active();
  const today = marketDayOf(TEST_NOW.getTime());
  const start = addDays(today, -6);
  await deps.settings.update({ inbox: { filters: { preset: 'custom', start, end: today } } });
  const handlers = createHandlers(deps);
  const mainMs: number[] = [];
  let pending = 0;
  const timed = <K extends 'notes.status' | 'notes.period'>(k: K): Handlers[K] =>
    (async (req: never, ctx: never) => {
      const t = performance.now();
      try {
        return await (handlers[k] as (r: never, c: never) => Promise<unknown>)(req, ctx);
      } finally {
        pending += performance.now() - t;
      }
    }) as Handlers[K];
  const app = await openApp({
    handlers: { ...handlers, 'notes.status': timed('notes.status'), 'notes.period': timed('notes.period') },
    schemas: requestSchemas,
    clock: { flowingFrom: TEST_NOW },
    // The browser's own marks and frames: the page's clock records no mark and makes its frames timers.
    beforeClock: REAL_TIMING_SCRIPT,
  });
  try {
    const { page } = app;
    await page.addInitScript({
      content: `window.__firstRow = 0;
        new MutationObserver((_, o) => {
          if (document.querySelector('[data-seqno]')) {
            o.disconnect();
            window.__realTiming.frame().then((t) => { window.__firstRow = t; });
          }
        }).observe(document, { childList: true, subtree: true });`,
    });
    const rendererMs: number[] = [];
    const totalMs: number[] = [];
    for (let i = 0; i < reloads + 1; i++) {
      pending = 0;
      progress(`first paint ${i + 1} of ${reloads + 1}`);
      await page.reload();
      await page.waitForFunction(
        () => (window as unknown as { __firstRow: number }).__firstRow > 0,
        undefined,
        {
          timeout: 300_000,
        },
      );
      const [row, arrived] = await page.evaluate(() => {
        const w = window as unknown as { __firstRow: number; __realTiming: RealTiming };
        const first = w.__firstRow;
        const marks = w.__realTiming.marks('notes:period-arrived').filter((t) => t <= first);
        if (marks.length === 0) throw new Error('The inbox painted its list before its period arrived.');
        return [first, marks.at(-1)!] as const;
      });
      mainMs.push(pending);
      rendererMs.push(row - arrived);
      totalMs.push(row);
    }
    const ctx = { signal: new AbortController().signal, emit: () => {} };
    const period = (await handlers['notes.period']({ start, end: today }, ctx)) as NotesPeriodResult;
    return {
      periodNotes: period.unchanged ? 0 : period.count,
      payloadBytes: payloadBytes(period),
      mainColdMs: mainMs[0]!,
      rendererColdMs: rendererMs[0]!,
      mainMs: median(mainMs.slice(1)),
      rendererMs: median(rendererMs.slice(1)),
      totalMs: median(totalMs.slice(1)),
    };
  } finally {
    await app.close();
    await deps.close();
    await closeBrowser();
  }
}

export async function benchMirror(notes = 1_000_000, variants: ('mirror' | 'json')[] = ['mirror', 'json']) {
  const server = spawn(
    process.execPath,
    ['--max-old-space-size=8192', '--import', 'tsx', 'bench/servers/sandbox.ts'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_NOTES: String(notes) },
    },
  );
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: server.stdout! }).once('line', resolve),
  );
  const info = JSON.parse(line) as { baseUrl: string; tickets: unknown; ns: unknown };
  // The identity the app gives the sandbox the bench's pages talk to (createTestDeps: seed 42, this many notes).
  const identity = sandboxIdentity({ seed: 42, notes });
  const end = marketDayOf(TEST_NOW.getTime());
  const start = addDays(end, -NOTE_HISTORY_DAYS);
  const dirs: string[] = [];
  try {
    const steps: StepResult[] = [];
    let mirrorDir = '';
    for (const variant of variants) {
      const dir = mkdtempSync(join(tmpdir(), `bench-mirror-${variant}-`));
      dirs.push(dir);
      if (variant === 'mirror') mirrorDir = dir;
      steps.push(await step('sync', variant, info, dir, identity, start, end));
      const refreshes: StepResult[] = [];
      for (let i = 0; i < REFRESH_RUNS; i++)
        refreshes.push(await step('refresh', variant, info, dir, identity, start, end));
      refreshes.sort((a, b) => a.wallMs - b.wallMs);
      steps.push({
        ...refreshes[Math.floor(refreshes.length / 2)]!,
        wallRunsMs: refreshes.map((s) => s.wallMs),
      });
    }
    const paint = await firstPaint(mirrorDir, notes);
    return {
      notes,
      days: NOTE_HISTORY_DAYS + 1,
      steps,
      firstPaint: paint,
    } satisfies MirrorResult;
  } finally {
    server.kill('SIGTERM');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
