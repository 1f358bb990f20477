// Team mode beside the single desktop: a large seller's notes synced into the team database by the connection's
// caller (`desk sync --team`), a new desktop's first copy of them, a sync with nothing new, a mark's propagation
// from one desktop to the others, and the caller lock's takeover after kill -9 of its holder. The single-desktop
// mirror's sync and refresh of the same notes run in the same run (bench/mirror-worker.ts), side by side. Every
// sync, copy and desktop runs in a process of its own (its peak RSS is its own); the sandbox too; PostgreSQL is the
// tests' own server (test/support/postgres.ts: loopback, fsync off, 16 MB of shared buffers).
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Sql } from 'postgres';
import { NOTE_HISTORY_DAYS } from '../src-main/sandbox/data/notes';
import { sandboxIdentity } from '../src-main/sandbox/server';
import { CALLER_LOCK } from '../src-main/team/caller-lock';
import { setTeamMark } from '../src-main/team/marks';
import { addMember } from '../src-main/team/members';
import { generateTeamKey } from '../src-main/team/ticket-seal';
import { addDays, marketDayOf } from '../src-shared/market-day';
import { TEST_NOW } from '../test/support/host-deps';
import { startPostgres } from '../test/support/postgres';
import { client, closeClients, teamDatabase } from '../test/support/team-db';
import type { StepResult } from './mirror';
import { median, percentile } from './stats';

const run = promisify(execFile);
const SELLERS = ['gangnam_style', 'seoul_mart', 'hongdae_closet'];
const MARKS = 200;
const KILLS = 10;

interface SyncFigures {
  wallMs: number;
  calls: number;
  notes: number;
  added: number;
  maxRssMB: number;
}

export interface TeamResult {
  notes: number;
  days: number;
  single: { sync: StepResult; refresh: StepResult };
  team: {
    sync: SyncFigures;
    copy: { wallMs: number; entries: number; notes: number; maxRssMB: number };
    nothingNew: SyncFigures;
  };
  propagation: { marks: number; observers: number; p50Ms: number; p95Ms: number; maxMs: number };
  takeover: { kills: number; medianMs: number; maxMs: number; runsMs: number[] };
}

const began = Date.now();
const progress = (what: string) =>
  process.stderr.write(`  team: ${what} (${((Date.now() - began) / 1000).toFixed(0)} s in)\n`);
const lastJson = <T>(stdout: string): T => JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
const wall = (): number => performance.timeOrigin + performance.now();

// The team key every bench desktop joined with: a live connection's caller seals the team's EncryptedTicket.
const TEAM_KEY = generateTeamKey();

// The desktops' steps run with Node's own heap limit, as `desk` and the app do: a raised limit lets V8 leave garbage
// uncollected longer, which a peak RSS counts (a 100,000-note team sync: 508 MB with 8 GB allowed, 407 MB with 384
// MB, in the same 41-45 s; 48 MB of the heap in use at its end).
async function worker<T>(args: string[]): Promise<T> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/team-worker.ts', ...args], {
    maxBuffer: 1 << 20,
    env: { ...process.env, SELLER_DESK_TEAM_KEY: TEAM_KEY },
  });
  return lastJson<T>(stdout);
}

function lines(child: ChildProcess): string[] {
  const seen: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => seen.push(l));
  return seen;
}

async function until(check: () => boolean | Promise<boolean>, limitMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`team bench: condition not met within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** 200 marks written one after another by one desktop, each timed until both other desktops have applied it. */
async function propagation(writer: Sql, watchers: string[], connection: string, seqNo: number) {
  const children = watchers.map((url) =>
    spawn(process.execPath, ['--import', 'tsx', 'bench/team-worker.ts', 'watch', url, connection], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const seen = children.map(lines);
  try {
    // Each watcher first pulls the whole log into its copy (a first copy, as measured above).
    await until(() => seen.every((s) => s.includes('ready')), 30 * 60_000);
    const samples: number[] = [];
    for (let i = 0; i < MARKS; i++) {
      const memo = `m${i}`;
      const at = wall();
      await setTeamMark(writer, { team: 'shop', connection, seqNo }, { memo }, Date.now());
      await until(() => seen.every((s) => s.some((l) => l.startsWith(`seen ${memo} `))));
      for (const s of seen)
        samples.push(Number(s.find((l) => l.startsWith(`seen ${memo} `))!.split(' ')[2]) - at);
    }
    return {
      marks: MARKS,
      observers: watchers.length,
      p50Ms: percentile(samples, 50),
      p95Ms: percentile(samples, 95),
      maxMs: Math.max(...samples),
    };
  } finally {
    for (const c of children) c.stdin!.end();
  }
}

/** kill -9 of the caller lock's holder, 10 times: from the kill to the waiting desktop saying it holds the lock. */
async function takeover(admin: Sql, url: string): Promise<TeamResult['takeover']> {
  const caller = (mode: 'try' | 'wait') => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/support/caller-lock-child.ts', url, 'bench-takeover', mode],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    return { child, seen: lines(child) };
  };
  const waiting = async () =>
    Number(
      (
        await admin<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted AND classid::bigint = ${CALLER_LOCK}`
      )[0]?.n ?? 0,
    ) === 1;
  let holder = caller('try');
  const all = [holder];
  const runsMs: number[] = [];
  try {
    await until(() => holder.seen.includes('held'));
    for (let i = 0; i < KILLS; i++) {
      const next = caller('wait');
      all.push(next);
      await until(waiting);
      const killedAt = wall();
      holder.child.kill('SIGKILL');
      await until(() => next.seen.includes('held'), 30_000);
      runsMs.push(wall() - killedAt);
      holder = next;
    }
  } finally {
    for (const c of all) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  }
  return { kills: KILLS, medianMs: median(runsMs), maxMs: Math.max(...runsMs), runsMs };
}

export async function benchTeam(notes = 1_000_000): Promise<TeamResult> {
  const server = spawn(
    process.execPath,
    ['--max-old-space-size=8192', '--import', 'tsx', 'bench/servers/sandbox.ts'],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_NOTES: String(notes) } },
  );
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: server.stdout! }).once('line', resolve),
  );
  const info = JSON.parse(line) as { baseUrl: string; tickets: unknown; ns: unknown };
  const pg = await startPostgres();
  const dirs: string[] = [];
  const dir = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `bench-team-${name}-`));
    dirs.push(d);
    return d;
  };
  const end = marketDayOf(TEST_NOW.getTime());
  const start = addDays(end, -NOTE_HISTORY_DAYS);
  try {
    const { sql: admin, database } = await teamDatabase(pg);
    const members: { url: string; plain: string }[] = [];
    for (const name of ['anna', 'ben', 'cho']) {
      const password = await addMember(admin, 'shop', name);
      const plain = pg.url({ user: name, password, database });
      members.push({ plain, url: `${plain}?team=shop` });
    }
    const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const mirrorArgs = (step: string, d: string) => [
      '--import',
      'tsx',
      'bench/mirror-worker.ts',
      step,
      'mirror',
      info.baseUrl,
      JSON.stringify(info.tickets),
      JSON.stringify(info.ns),
      JSON.stringify(SELLERS),
      d,
      sandboxIdentity({ seed: 42, notes }),
      start,
      end,
      // As the app's sync and `desk sync --team` ask: the notes still waiting from before the range too.
      'app',
    ];
    const single = dir('single');
    progress('single-desktop mirror sync');
    const singleSync = lastJson<StepResult>((await run(process.execPath, mirrorArgs('sync', single))).stdout);
    progress('single-desktop refresh, nothing new');
    const singleRefresh = lastJson<StepResult>(
      (await run(process.execPath, mirrorArgs('refresh', single))).stdout,
    );
    const callerDir = dir('caller');
    const syncArgs = [callerDir, start, end, info.baseUrl, JSON.stringify(info.ns)];
    const rest = [JSON.stringify(info.tickets), JSON.stringify(SELLERS)];
    progress('team sync by the caller');
    const teamSync = await worker<SyncFigures>(['sync', a.url, ...syncArgs, ...rest]);
    const [{ connection } = { connection: '' }] = await admin<{ connection: string }[]>`
      SELECT connection FROM seller_desk.connections WHERE team = 'shop'`;
    progress("a new desktop's first copy");
    const copy = await worker<TeamResult['team']['copy']>(['copy', b.plain, connection]);
    progress('team sync, nothing new');
    // The inbox's refresh, as the single desktop's beside it: the last 7 days.
    const refreshArgs = [callerDir, addDays(end, -6), end, info.baseUrl, JSON.stringify(info.ns)];
    const nothingNew = await worker<SyncFigures>(['sync', a.url, ...refreshArgs, ...rest]);
    progress('mark propagation');
    const [{ seq } = { seq: 0 }] = await admin<{ seq: number }[]>`
      SELECT seq_no::int AS seq FROM seller_desk.notes WHERE team = 'shop' LIMIT 1`;
    const prop = await propagation(client(a.plain), [b.plain, c.plain], connection, seq);
    progress('caller takeover');
    const take = await takeover(admin, c.url);
    return {
      notes,
      days: NOTE_HISTORY_DAYS + 1,
      single: { sync: singleSync, refresh: singleRefresh },
      team: { sync: teamSync, copy, nothingNew },
      propagation: prop,
      takeover: take,
    };
  } finally {
    await closeClients();
    await pg.stop();
    server.kill('SIGTERM');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
