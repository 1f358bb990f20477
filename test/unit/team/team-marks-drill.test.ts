// Drills: three desktops (processes), each pulling the team's log into its own SQLite copy.
// - They write 1,000 marks and memos to the same notes at once (334, 333 and 333). Every write is a change (each
//   memo's text is unique), so the history and the log hold exactly one entry per write: none lost, none doubled;
//   and the three copies end identical to the team database.
// - Their listening connections are terminated (pg_terminate_backend) again and again while marks and note changes
//   keep coming: each copy, brought up by its listener alone (no poll, no pull of its own), converges to the same
//   notes and marks as the team database.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import type { InboxNote } from '../../../src-main/contract';
import { addMember } from '../../../src-main/team/members';
import { teamNotesSink } from '../../../src-main/team/notes-sink';
import { dayStartMs } from '../../../src-shared/market-day';
import type { PgServer } from '../../support/postgres';
import { closeClients, teamDatabase, until } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await closeClients();
});

const NOTES = 20;
const DAY = '2026-11-20';

function desktop(
  url: string,
  name: string,
  writes: number,
  opts: { pollMs?: number; passive?: boolean } = {},
) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/support/team-marks-child.ts',
      url,
      name,
      String(writes),
      String(NOTES),
      String(opts.pollMs ?? 1_000),
      opts.passive ? 'passive' : '',
    ],
    { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  const lines: string[] = [];
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  const copy = () => JSON.parse(lines[1]!) as { marks: unknown[]; notes: unknown[] };
  return { child, lines, copy };
}

const note = (i: number, title = 't'): InboxNote =>
  ({
    seqNo: i + 1,
    buyerId: 'b',
    sellerId: 's1',
    itemNo: 'i',
    itemName: 'n',
    insDate: `${DAY}T10:00:00`,
    title,
    content: 'c',
    replyStatus: 'NoReply',
    queryType: 'Item',
    at: dayStartMs(DAY) + 36_000_000 + i,
  }) as InboxNote;

let shops = 0;
/** A team database with NOTES notes of connection c1 and a member login per desktop; the desktops' URLs. */
async function shop(names: string[]): Promise<{ admin: Sql; urls: string[]; logins: string[] }> {
  const { database, sql: admin } = await teamDatabase(pg);
  await admin`SELECT seller_desk.connection_id('shop', 'c1')`;
  const notes = Array.from({ length: NOTES }, (_, i) => note(i));
  await teamNotesSink(admin, 'shop', 'c1', { holdsLock: () => true }).writeSlice(
    { sellerId: 's1', day: DAY, notes, complete: true },
    1,
  );
  shops += 1;
  const logins = names.map((n) => `${n}_${process.pid}_${shops}`);
  const urls = [];
  for (const login of logins) {
    const password = await addMember(admin, 'shop', login);
    urls.push(pg.url({ user: login, password, database }));
  }
  return { admin, urls, logins };
}

async function truthOf(admin: Sql) {
  const marks = (
    await admin<{ seq: number; handled: boolean; memo: string }[]>`
      SELECT seq_no::int AS seq, handled, memo FROM seller_desk.marks WHERE team = 'shop' ORDER BY seq_no`
  ).map((r) => [r.seq, r.handled, r.memo]);
  const notes = (
    await admin<{ seq: number; title: string; withdrawn: boolean }[]>`
      SELECT seq_no::int AS seq, title, withdrawn_at IS NOT NULL AS withdrawn FROM seller_desk.notes
      WHERE team = 'shop' ORDER BY at, seq_no`
  ).map((r) => [r.seq, r.title, r.withdrawn]);
  return { marks, notes };
}

describe('three desktops writing marks at once', () => {
  it('1,000 marks and memos: 0 lost, 0 doubled, identical on all three copies and in the team database', async () => {
    const { admin, urls } = await shop(['d1', 'd2', 'd3']);
    const writes = [334, 333, 333];
    const desks = ['d1', 'd2', 'd3'].map((name, i) => desktop(urls[i]!, name, writes[i]!));
    await until(() => desks.every((d) => d.lines.includes('written')), 120_000);
    for (const d of desks) d.child.stdin!.write('settle\n');
    await until(() => desks.every((d) => d.lines.length >= 2), 60_000);

    const [{ history, logged } = { history: 0, logged: 0 }] = await admin<
      { history: number; logged: number }[]
    >`
      SELECT (SELECT count(*)::int FROM seller_desk.history WHERE team = 'shop') AS history,
             (SELECT count(*)::int FROM seller_desk.change_log WHERE team = 'shop' AND kind = 'mark') AS logged`;
    expect(history).toBe(1_000);
    expect(logged).toBe(1_000);
    const perWriter = await admin<{ who: string; n: number }[]>`
      SELECT split_part(after->>'memo', ' ', 1) AS who, count(DISTINCT after->>'memo')::int AS n
      FROM seller_desk.history WHERE team = 'shop' GROUP BY 1 ORDER BY 1`;
    expect(perWriter.map((r) => ({ ...r }))).toEqual(
      ['d1', 'd2', 'd3'].map((who, i) => ({ who, n: writes[i] })),
    );
    const truth = await truthOf(admin);
    expect(truth.marks).toHaveLength(NOTES);
    for (const d of desks) expect(d.copy().marks).toEqual(truth.marks);
  }, 180_000);

  it('listeners terminated mid-stream, again and again: every copy converges to the same notes and marks', async () => {
    const { admin, urls, logins } = await shop(['l1', 'l2', 'l3']);
    const desks = ['l1', 'l2', 'l3'].map((name, i) =>
      desktop(urls[i]!, name, 150, { pollMs: 0, passive: true }),
    );
    const sink = teamNotesSink(admin, 'shop', 'c1', { holdsLock: () => true });
    const listeners = () => admin<{ ok: boolean }[]>`
      SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
      WHERE usename IN ${admin(logins)} AND query ILIKE 'listen%'`;
    const marksSoFar = async () =>
      (
        await admin<{ n: number }[]>`SELECT count(*)::int AS n FROM seller_desk.history WHERE team = 'shop'`
      )[0]!.n;
    let terminated = 0;
    for (const [round, at] of [100, 200, 300].entries()) {
      await until(
        async () => (await marksSoFar()) >= at || desks.every((d) => d.lines.includes('written')),
        60_000,
      );
      terminated += (await listeners()).filter((r) => r.ok).length;
      // A note changed right after the listeners went: only the catch-up or a later wake-up brings it.
      await sink.writeNotes([note(round, `edited in round ${round}`)]);
    }
    await until(() => desks.every((d) => d.lines.includes('written')), 120_000);
    // After the last marks, one more termination and one more change, with nothing after it to wake anyone.
    terminated += (await listeners()).filter((r) => r.ok).length;
    await sink.writeNotes([note(3, 'edited last')]);
    for (const d of desks) d.child.stdin!.write('settle\n');
    await until(() => desks.every((d) => d.lines.length >= 2), 60_000);

    expect(terminated).toBeGreaterThanOrEqual(9);
    const truth = await truthOf(admin);
    expect(truth.notes).toContainEqual([4, 'edited last', false]);
    for (const d of desks) expect(d.copy()).toEqual(truth);
    console.log(
      `listener drill: ${terminated} listening connections terminated; ${truth.marks.length} marks`,
    );
  }, 180_000);
});
