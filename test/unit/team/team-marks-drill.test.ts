// Drill: three desktops (processes) write marks and memos to the same notes at once, each pulling the team's log
// into its own SQLite copy. Every write is a change (each memo's text is unique), so the history and the log hold
// exactly one entry per write: none lost, none doubled; and the three copies end identical to the team database.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { addMember } from '../../../src-main/team/members';
import { teamNotesSink } from '../../../src-main/team/notes-sink';
import { dayStartMs } from '../../../src-shared/market-day';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { closeClients, teamDatabase, until } from '../../support/team-db';

let pg: PgServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await closeClients();
});

const WRITES = 150;
const NOTES = 20;
const DAY = '2026-11-20';

function desktop(url: string, name: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/team-marks-child.ts', url, name, String(WRITES), String(NOTES)],
    { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  const lines: string[] = [];
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  return { child, lines };
}

describe('three desktops writing marks at once', () => {
  it('0 lost, 0 doubled, identical on all three copies and in the team database', async () => {
    const { database, sql: admin } = await teamDatabase(pg);
    await admin`SELECT seller_desk.connection_id('shop', 'c1')`;
    const notes = Array.from({ length: NOTES }, (_, i) => ({
      seqNo: i + 1,
      buyerId: 'b',
      sellerId: 's1',
      itemNo: 'i',
      itemName: 'n',
      insDate: `${DAY}T10:00:00`,
      title: 't',
      content: 'c',
      replyStatus: 'NoReply',
      queryType: 'Item',
      at: dayStartMs(DAY) + 36_000_000 + i,
    })) as InboxNote[];
    await teamNotesSink(admin, 'shop', 'c1', { holdsLock: () => true }).writeSlice(
      { sellerId: 's1', day: DAY, notes, complete: true },
      1,
    );
    const desks: ReturnType<typeof desktop>[] = [];
    for (const name of ['d1', 'd2', 'd3']) {
      const login = `${name}_${process.pid}`;
      const password = await addMember(admin, 'shop', login);
      desks.push(desktop(pg.url({ user: login, password, database }), name));
    }
    await until(() => desks.every((d) => d.lines.includes('written')), 120_000);
    for (const d of desks) d.child.stdin!.write('settle\n');
    await until(() => desks.every((d) => d.lines.length >= 2), 60_000);

    const [{ history, logged } = { history: 0, logged: 0 }] = await admin<
      { history: number; logged: number }[]
    >`
      SELECT (SELECT count(*)::int FROM seller_desk.history WHERE team = 'shop') AS history,
             (SELECT count(*)::int FROM seller_desk.change_log WHERE team = 'shop' AND kind = 'mark') AS logged`;
    expect(history).toBe(3 * WRITES);
    expect(logged).toBe(3 * WRITES);
    const perWriter = await admin<{ who: string; n: number }[]>`
      SELECT split_part(after->>'memo', ' ', 1) AS who, count(DISTINCT after->>'memo')::int AS n
      FROM seller_desk.history WHERE team = 'shop' GROUP BY 1 ORDER BY 1`;
    expect(perWriter.map((r) => ({ ...r }))).toEqual(['d1', 'd2', 'd3'].map((who) => ({ who, n: WRITES })));
    const truth = (
      await admin<{ seq: number; handled: boolean; memo: string }[]>`
        SELECT seq_no::int AS seq, handled, memo FROM seller_desk.marks WHERE team = 'shop' ORDER BY seq_no`
    ).map((r) => [r.seq, r.handled, r.memo]);
    expect(truth).toHaveLength(NOTES);
    for (const d of desks) expect(JSON.parse(d.lines[1]!)).toEqual(truth);
  }, 180_000);
});
