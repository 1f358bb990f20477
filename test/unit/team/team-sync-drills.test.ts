// The issue's sync drills, with desktops as processes of their own (`desk sync --team URL --wait`, each with its own
// data folder and its own member login) on one team database, against one sandbox marketplace behind a proxy that
// records every call in the order the marketplace saw it and which desktop made it (test/support/market-proxy.ts).
// - kill -9 the caller mid-sync (one of its BuyerNoteList calls held by the proxy): the next takes over, the sync
//   completes, and the calls of the three desktops never interleave;
// - restart PostgreSQL during a sync: the sync ends with a clear error, the next one completes, and what the team
//   database had confirmed (a mark, the notes synced before) is all still there.
import { generateTeamKey } from '../../../src-main/team/ticket-seal';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { main } from '../../../src-main/cli/desk';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { addMember } from '../../../src-main/team/members';
import { pullTeam } from '../../../src-main/team/pull';
import { openMirror } from '../../support/mirror';
import { callerRuns, startMarketProxy } from '../../support/market-proxy';
import type { MarketProxy } from '../../support/market-proxy';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { client, closeClients, teamDatabase, until } from '../../support/team-db';

// A fixed sandbox clock in the past, so the synced days are whole on any calendar day the tests run.
const NOW = '2025-06-15T12:00:00+09:00';
const FROM = '2025-06-08';
const TO = '2025-06-14';
const SELLERS = ['gangnam_style', 'seoul_mart', 'hongdae_closet'];

let pg: PgServer;
let sandbox: RunningSandbox;
beforeAll(async () => {
  [pg, sandbox] = await Promise.all([
    startPostgres(),
    startSandbox({ port: 0, seed: 7, now: new Date(NOW), notes: 24_000 }),
  ]);
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  await pg?.stop();
});
const children: ChildProcess[] = [];
const proxies: MarketProxy[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const p of proxies.splice(0)) await p.close();
  await closeClients();
});

interface Desktop {
  name: string;
  child: ChildProcess;
  out: string[];
  err: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

// The team key every desktop of these teams joined with: a live connection's caller seals its EncryptedTicket.
const TEAM_KEY = generateTeamKey();
const tickets = () => ({
  SELLER_DESK_TEAM_KEY: TEAM_KEY,
  MARKET_AUTH_TICKET: sandbox.tickets.auth,
  MARKET_ENCRYPTED_TICKET: sandbox.tickets.encrypted,
  MARKET_MEMBER_TICKET: sandbox.tickets.member,
});
const liveFlags = (baseUrl: string) => [
  '--base-url',
  baseUrl,
  '--ns-root',
  sandbox.ns.nsRoot,
  '--schema-root',
  sandbox.ns.schemaRoot,
];

/** A desktop's `desk` in a process of its own; its marketplace calls are tagged with its name. */
function desktop(name: string, argv: string[]): Desktop {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/team-desk-child.ts', name, '--', ...argv],
    {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...tickets(), HOME: tmpdir() },
    },
  );
  children.push(child);
  const d: Desktop = {
    name,
    child,
    out: [],
    err: [],
    exited: new Promise((ok) => child.once('exit', (code, signal) => ok({ code, signal }))),
  };
  child.stdout!.setEncoding('utf8').on('data', (s: string) => d.out.push(s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => d.err.push(s));
  return d;
}

const syncArgs = (proxy: MarketProxy, team: string, dataDir: string, from = FROM, to = TO) => [
  'sync',
  '--team',
  team,
  '--wait',
  '--from',
  from,
  '--to',
  to,
  '--seller',
  SELLERS.join(','),
  '--data-dir',
  dataDir,
  ...liveFlags(proxy.baseUrl),
];

let memberCount = 0;
/** A team database with members; each member's URL (with the team). */
async function shop(names: string[]): Promise<{ admin: Sql; urls: Record<string, string> }> {
  const { sql: admin, database } = await teamDatabase(pg);
  const urls: Record<string, string> = {};
  for (const name of names) {
    const login = `${name}_${process.pid}_${++memberCount}`;
    const password = await addMember(admin, 'shop', login);
    urls[name] = `${pg.url({ user: login, password, database })}?team=shop`;
  }
  return { admin, urls };
}

/** The SeqNos the sandbox lists for the sellers' days FROM..TO: what a whole sync of them must hold. */
function marketSeqNos(from = FROM, to = TO): number[] {
  return sandbox.backend
    .notes({ start: `${from}T00:00:00+09:00`, end: `${to}T23:59:59.999+09:00` })
    .filter((n) => SELLERS.includes(n.SellerID!))
    .map((n) => n.SeqNo!)
    .sort((a, b) => a - b);
}

async function teamSeqNos(admin: Sql, from = FROM, to = TO): Promise<number[]> {
  const rows = await admin<{ s: number }[]>`
    SELECT seq_no::int AS s FROM seller_desk.notes
    WHERE team = 'shop' AND day BETWEEN ${from} AND ${to} AND withdrawn_at IS NULL ORDER BY seq_no`;
  return rows.map((r) => r.s);
}

async function coveredDays(admin: Sql): Promise<number> {
  const [row] = await admin<{ n: number }[]>`
    SELECT count(*)::int AS n FROM seller_desk.coverage
    WHERE team = 'shop' AND day BETWEEN ${FROM} AND ${TO}`;
  return row?.n ?? 0;
}

const DAYS = 7;

describe('team sync drills', () => {
  it('kill -9 the caller mid-sync: the next takes over, the sync completes, never two callers at once', async () => {
    const proxy = await startMarketProxy(sandbox.baseUrl);
    proxies.push(proxy);
    const { admin, urls } = await shop(['d1', 'd2', 'd3']);
    // The first desktop to call is the caller: its 16th BuyerNoteList call is held, and it is killed then.
    let first = '';
    proxy.holdWhen = (call) => {
      if (call.op !== 'BuyerNoteList') return false;
      first ||= call.desk;
      return (
        call.desk === first && proxy.calls.filter((c) => c.desk === first && c.op === call.op).length === 16
      );
    };
    const desks = ['d1', 'd2', 'd3'].map((name) =>
      desktop(name, syncArgs(proxy, urls[name]!, mkdtempSync(join(tmpdir(), `drill-${name}-`)))),
    );
    await until(() => proxy.held.length === 1, 60_000);
    const victim = desks.find((d) => d.name === first)!;
    const notesAtKill = (await teamSeqNos(admin)).length;
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const others = desks.filter((d) => d !== victim);
    for (const d of others) {
      const { code } = await d.exited;
      expect(d.err.join('')).toBe('');
      expect(code).toBe(0);
      expect(d.out.join('')).toMatch(
        new RegExp(`^Synced ${FROM} to ${TO}: ${DAYS} of ${DAYS} days saved whole`),
      );
    }

    // Never two callers: each desktop's BuyerNoteList calls are one unbroken run, the killed one's first.
    const runs = callerRuns(proxy.calls);
    expect(runs).toHaveLength(3);
    expect(new Set(runs).size).toBe(3);
    expect(runs[0]).toBe(victim.name);
    const perDesk = Object.fromEntries(
      runs.map((d) => [d, proxy.calls.filter((c) => c.desk === d && c.op === 'BuyerNoteList').length]),
    );
    expect(perDesk[victim.name]).toBeGreaterThanOrEqual(16);
    // The sync completed: the team database holds every note of the synced days, and every seller-day as synced.
    const truth = marketSeqNos();
    expect(notesAtKill).toBeLessThan(truth.length);
    expect(await teamSeqNos(admin)).toEqual(truth);
    expect(await coveredDays(admin)).toBe(SELLERS.length * DAYS);
    console.log(
      `kill -9 drill: ${truth.length} notes; BuyerNoteList calls per desktop in order ${runs.map((d) => `${d} ${perDesk[d]}`).join(', ')}; ${notesAtKill} notes in the team database at the kill`,
    );
  }, 120_000);

  it('restart PostgreSQL during a sync: a clear error, then the next sync completes and nothing confirmed is lost', async () => {
    const proxy = await startMarketProxy(sandbox.baseUrl);
    proxies.push(proxy);
    const { admin, urls } = await shop(['d1']);
    const url = urls['d1']!;
    const dataDir = mkdtempSync(join(tmpdir(), 'drill-restart-'));
    // Confirmed before the fault: the first three days synced, and a mark on one of their notes.
    const early = desktop('d1', syncArgs(proxy, url, dataDir, FROM, '2025-06-10'));
    const earlyExit = await early.exited;
    expect(early.err.join('')).toBe('');
    expect(earlyExit.code).toBe(0);
    const confirmed = await teamSeqNos(admin, FROM, '2025-06-10');
    expect(confirmed).toEqual(marketSeqNos(FROM, '2025-06-10'));
    const marked = confirmed[5]!;
    let markOut = '';
    let markErr = '';
    const markArgv = ['mark', String(marked), '--handled', '--memo', 'refund sent', '--team', url];
    const markCode = await main([...markArgv, ...liveFlags(proxy.baseUrl)], {
      stdout: { write: (s: string) => (markOut += s) },
      stderr: { write: (s: string) => (markErr += s) },
      env: { HOME: tmpdir(), SELLER_DESK_TEAM_KEY: TEAM_KEY },
    });
    expect(markErr).toBe('');
    expect(markCode).toBe(0);
    expect(markOut).toMatch(/handled, memo "refund sent"/);

    // The whole week: its 6th BuyerNoteList call is held, the server restarted meanwhile, then the call answered.
    const before = proxy.calls.length;
    proxy.holdWhen = (call) =>
      call.op === 'BuyerNoteList' &&
      proxy.calls.slice(before).filter((c) => c.op === 'BuyerNoteList').length === 6;
    const during = desktop('d1', syncArgs(proxy, url, dataDir));
    await until(() => proxy.held.length === 1, 60_000);
    await pg.restart();
    proxy.release();
    const { code } = await during.exited;
    const said = during.err.join('');
    console.log(`restart drill: exit ${code}; ${said.trim()}`);
    expect(code).not.toBe(0);
    expect(said).toMatch(/team database/);
    expect(said.trim().split('\n')).toHaveLength(1);
    expect(said).not.toContain(new URL(url).password);

    // The next sync, from the same desktop, completes: every note of the week, every seller-day synced.
    const again = desktop('d1', syncArgs(proxy, url, dataDir));
    expect((await again.exited).code).toBe(0);
    expect(again.err.join('')).toBe('');
    expect(await teamSeqNos(admin)).toEqual(marketSeqNos());
    expect(await coveredDays(admin)).toBe(SELLERS.length * DAYS);
    // Nothing confirmed is lost: the mark, with its author and its history.
    const marks = await admin<{ seq: number; handled: boolean; memo: string; by: string }[]>`
      SELECT seq_no::int AS seq, handled, memo, changed_by AS by FROM seller_desk.marks WHERE team = 'shop'`;
    expect(marks.map((m) => ({ ...m }))).toEqual([
      { seq: marked, handled: true, memo: 'refund sent', by: new URL(url).username },
    ]);
    expect(await admin`SELECT count(*)::int AS n FROM seller_desk.history WHERE team = 'shop'`).toEqual([
      { n: 1 },
    ]);
  }, 120_000);
});

/** `desk` in this process (the drills of the mirror's truth need no kill). */
async function desk(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    env: { HOME: tmpdir(), ...tickets() },
  });
  return { code, out, err };
}

type Listed = { SeqNo: number; Title: string; ReplyStatus: string }[];
const listed = (out: string): string[] =>
  (JSON.parse(out) as { SendNote: Listed }).SendNote.map((n) => `${n.SeqNo} ${n.ReplyStatus} ${n.Title}`);
const marketNotes = (sb: RunningSandbox, from = FROM, to = TO): string[] =>
  sb.backend
    .notes({ start: `${from}T00:00:00+09:00`, end: `${to}T23:59:59.999+09:00` })
    .filter((n) => SELLERS.includes(n.SellerID!))
    .map((n) => `${n.SeqNo} ${n.ReplyStatus} ${n.Title}`);
async function teamNotes(admin: Sql, team: string): Promise<string[]> {
  const rows = await admin<{ line: string }[]>`
    SELECT seq_no || ' ' || reply_status || ' ' || title AS line FROM seller_desk.notes
    WHERE team = ${team} AND day BETWEEN ${FROM} AND ${TO} ORDER BY at, seq_no`;
  return rows.map((r) => r.line);
}

describe('the mirror truth in team mode', () => {
  it('two teams on one connection with the same seller IDs, and a single desktop beside them, never mix', async () => {
    // Two marketplaces with the same sellers and other notes, behind one address: one connection key for all.
    const other = await startSandbox({ port: 0, seed: 8, now: new Date(NOW), notes: 6_000 });
    const proxy = await startMarketProxy(sandbox.baseUrl);
    proxies.push(proxy);
    try {
      const { sql: admin, database } = await teamDatabase(pg, ['shop', 'rival']);
      const member = async (team: string, name: string) => {
        const login = `${name}_${process.pid}_${++memberCount}`;
        const password = await addMember(admin, team, login);
        return `${pg.url({ user: login, password, database })}?team=${team}`;
      };
      const [ours, theirs] = [await member('shop', 'ann'), await member('rival', 'bob')];
      const args = (team: string | undefined, dir: string) => [
        'sync',
        ...(team ? ['--team', team] : []),
        '--from',
        FROM,
        '--to',
        TO,
        '--seller',
        SELLERS.join(','),
        '--data-dir',
        dir,
        ...liveFlags(proxy.baseUrl),
      ];
      expect((await desk(args(ours, mkdtempSync(join(tmpdir(), 'truth-ours-'))))).code).toBe(0);
      proxy.retarget(other.baseUrl);
      expect((await desk(args(theirs, mkdtempSync(join(tmpdir(), 'truth-theirs-'))))).code).toBe(0);
      const single = mkdtempSync(join(tmpdir(), 'truth-single-'));
      expect((await desk(args(undefined, single))).code).toBe(0);

      const [shopNotes, rivalNotes] = [marketNotes(sandbox), marketNotes(other)];
      expect(shopNotes).not.toEqual(rivalNotes);
      const connections = await admin<{ team: string; connection: string }[]>`
        SELECT team, connection FROM seller_desk.connections ORDER BY team`;
      expect(new Set(connections.map((c) => c.connection)).size).toBe(1);
      expect(await teamNotes(admin, 'shop')).toEqual(shopNotes);
      expect(await teamNotes(admin, 'rival')).toEqual(rivalNotes);
      const offline = ['notes', '--offline', '--from', FROM, '--to', TO, '--format', 'json'];
      const single2 = await desk([...offline, '--data-dir', single, ...liveFlags(proxy.baseUrl)]);
      expect(listed(single2.out)).toEqual(rivalNotes);
      const asAnn = await desk([...offline, '--team', ours, ...liveFlags(proxy.baseUrl)]);
      expect(listed(asAnn.out)).toEqual(shopNotes);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('a note answered on the marketplace is answered in every copy after one sync', async () => {
    const market = await startSandbox({ port: 0, seed: 9, now: new Date(NOW), notes: 6_000 });
    try {
      const { urls } = await shop(['ann', 'ben']);
      const flags = [
        '--from',
        FROM,
        '--to',
        TO,
        '--seller',
        SELLERS.join(','),
        '--base-url',
        market.baseUrl,
        '--ns-root',
        market.ns.nsRoot,
        '--schema-root',
        market.ns.schemaRoot,
      ];
      const annDir = mkdtempSync(join(tmpdir(), 'answered-ann-'));
      const benDir = mkdtempSync(join(tmpdir(), 'answered-ben-'));
      const sync = async (url: string, dir: string) => {
        const r = await desk(['sync', '--team', url, '--data-dir', dir, ...flags]);
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
      };
      await sync(urls['ann']!, annDir);
      const waiting = marketNotes(market).filter((l) => l.includes(' NoReply '));
      expect(waiting.length).toBeGreaterThan(1);
      const seqNo = Number(waiting[0]!.split(' ')[0]);
      expect(market.backend.reply(seqNo)).toBeDefined();

      // One sync, by whichever desktop holds the lock (ben's this time); then each copy as its reader sees it.
      await sync(urls['ben']!, benDir);
      const answered = marketNotes(market);
      expect(answered.find((l) => l.startsWith(`${seqNo} `))).toMatch(/ ReplyComplete /);
      // The listing's --seller takes one seller: every seller's notes are listed here.
      const offline = ['notes', '--offline', '--format', 'json', ...flags.slice(0, 4), ...flags.slice(6)];
      // Ann's desktop pulls the team's log into its local copy, as every desktop does.
      const annCopy = openMirror(mkdtempSync(join(tmpdir(), 'answered-copy-')));
      try {
        const annSql = client(urls['ann']!.split('?')[0]!);
        const [{ connection } = { connection: '' }] = await annSql<{ connection: string }[]>`
          SELECT connection FROM seller_desk.connections WHERE team = 'shop'`;
        await pullTeam(annSql, 'shop', connection, annCopy.store);
        const pulled = [...annCopy.store.iterateNotes()]
          .filter((n) => SELLERS.includes(n.sellerId) && n.insDate >= FROM && n.insDate < '2025-06-15')
          .map((n) => `${n.seqNo} ${n.replyStatus} ${n.title}`);
        const copies = {
          'the team database': listed((await desk([...offline, '--team', urls['ann']!])).out),
          "the caller's own copy": listed((await desk([...offline, '--data-dir', benDir])).out),
          "another desktop's pulled copy": pulled,
        };
        for (const [which, lines] of Object.entries(copies))
          expect(lines.sort(), which).toEqual(answered.sort());
      } finally {
        annCopy.close();
      }
    } finally {
      await market.close();
    }
  }, 120_000);
});
