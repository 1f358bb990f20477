// Each desktop pulls the team's change log past its own position into its local SQLite copy. The two traps: a
// position that committed late is never skipped (two writers committing in reverse order, the pull reading in
// between), and a listener that was away (its backend terminated mid-stream, or not running) catches up from its
// position, so every copy ends identical to the team database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import type { InboxNote } from '../../../src-main/contract';
import type { MirrorStore } from '../../../src-main/storage/mirror-store';
import { addMember } from '../../../src-main/team/members';
import { teamNotesSink } from '../../../src-main/team/notes-sink';
import { TeamPuller, pullTeam } from '../../../src-main/team/pull';
import { dayStartMs } from '../../../src-shared/market-day';
import { openMirror } from '../../support/mirror';
import type { PgServer } from '../../support/postgres';
import { client, closeClients, teamDatabase, until } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c();
  await closeClients();
});

const DAY = '2026-11-20';
function note(seqNo: number, over: Partial<InboxNote> = {}): InboxNote {
  const at = dayStartMs(DAY) + seqNo * 60_000;
  return {
    seqNo,
    buyerId: `buyer${seqNo % 7}`,
    sellerId: 's1',
    itemNo: `item${seqNo % 5}`,
    itemName: 'Linen shirt',
    insDate: new Date(at + 9 * 3_600_000).toISOString().slice(0, 19),
    title: `Question ${seqNo}`,
    content: 'When does it ship?',
    replyStatus: 'NoReply',
    queryType: 'Item',
    at,
    ...over,
  } as InboxNote;
}

let logins = 0;
/** A team database with members; each member's client (one per desktop). */
async function team(n: number): Promise<{ admin: Sql; members: { login: string; sql: Sql }[] }> {
  const { database, sql } = await teamDatabase(pg);
  await sql`SELECT seller_desk.connection_id('shop', 'c1')`;
  const members = [];
  for (let i = 0; i < n; i++) {
    const login = `member_${++logins}`;
    const password = await addMember(sql, 'shop', login);
    members.push({ login, sql: client(pg.url({ user: login, password, database }), 3) });
  }
  return { admin: sql, members };
}

function copy(): MirrorStore {
  const m = openMirror(mkdtempSync(join(tmpdir(), 'team-copy-')));
  closing.push(() => m.close());
  return m.store;
}

const marksOf = (store: MirrorStore) =>
  [...store.marks()]
    .map(([seqNo, m]) => ({ seqNo, handled: m.handled, memo: m.memo }))
    .sort((a, b) => a.seqNo - b.seqNo);
async function teamMarks(sql: Sql) {
  const rows = await sql<{ seqNo: number; handled: boolean; memo: string }[]>`
    SELECT seq_no::int AS "seqNo", handled, memo FROM seller_desk.marks
    WHERE team = 'shop' AND connection = 'c1' AND (handled OR memo <> '') ORDER BY seq_no`;
  return rows.map((r) => ({ ...r }));
}
const head = async (sql: Sql) =>
  Number(
    (
      await sql<
        { pos: string | null }[]
      >`SELECT max(pos) AS pos FROM seller_desk.change_log WHERE team = 'shop'`
    )[0]?.pos ?? 0,
  );
const notesOf = (store: MirrorStore) =>
  [...store.iterateNotes()].map((n) => [n.seqNo, n.title, n.withdrawnAt !== undefined] as const);

const setMark = (sql: Sql, seqNo: number, handled: boolean, memo: string) =>
  sql`INSERT INTO seller_desk.marks (team, connection, seq_no, handled, memo, updated_at)
      VALUES ('shop', 'c1', ${seqNo}, ${handled}, ${memo}, ${seqNo})
      ON CONFLICT (team, connection, seq_no) DO UPDATE SET handled = excluded.handled, memo = excluded.memo`;

describe('the pull into the local copy', () => {
  it('applies notes, synced days, withdrawn flags, marks and the sync outcome, with its position, in batches', async () => {
    const { members } = await team(1);
    const { sql } = members[0]!;
    const sink = teamNotesSink(sql, 'shop', 'c1', { holdsLock: () => true });
    await sink.writeSlice(
      { sellerId: 's1', day: DAY, notes: [1, 2, 3].map((s) => note(s)), complete: true },
      5,
    );
    await setMark(sql, 2, true, 'called the buyer');
    await sink.recordSync({ at: 7, ok: true, cancelled: false, failedSlices: [] }, 7);
    const local = copy();
    // A batch of two entries at a time: four entries, three batches (the last one empty).
    expect(await pullTeam(sql, 'shop', 'c1', local, 2)).toBe(4);
    expect(local.teamPosition()).toBe(await head(sql));
    expect(notesOf(local)).toEqual([
      [1, 'Question 1', false],
      [2, 'Question 2', false],
      [3, 'Question 3', false],
    ]);
    expect([...local.coveredDays('s1')]).toEqual([DAY]);
    expect(marksOf(local)).toEqual([{ seqNo: 2, handled: true, memo: 'called the buyer' }]);
    expect(local.asOf()).toBe(7);

    // The day again without note 3, note 1 answered, the mark cleared: the copy follows.
    await sink.writeSlice(
      {
        sellerId: 's1',
        day: DAY,
        notes: [note(1, { replyStatus: 'ReplyComplete' }), note(2)],
        complete: true,
      },
      9,
    );
    await setMark(sql, 2, false, '');
    // Note 1's change, note 3 flagged withdrawn (the day no longer lists it), the mark cleared.
    expect(await pullTeam(sql, 'shop', 'c1', local)).toBe(3);
    expect(notesOf(local)).toEqual([
      [1, 'Question 1', false],
      [2, 'Question 2', false],
      [3, 'Question 3', true],
    ]);
    expect(local.notesBySeq([1])[0]!.replyStatus).toBe('ReplyComplete');
    expect(marksOf(local)).toEqual([]);
    expect(await pullTeam(sql, 'shop', 'c1', local)).toBe(0);
  });

  it('two writers that commit in reverse order: a pull in between and one after miss neither mark', async () => {
    const { admin, members } = await team(2);
    const [a, b] = members as [{ login: string; sql: Sql }, { login: string; sql: Sql }];
    const first = await a.sql.reserve();
    const second = await b.sql.reserve();
    const local = copy();
    try {
      const [{ pid } = { pid: 0 }] = await second<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await first`BEGIN`;
      await setMark(first as unknown as Sql, 1, true, 'first');
      await second`BEGIN`;
      let secondCommitted = false;
      const secondDone = (async () => {
        await setMark(second as unknown as Sql, 2, true, 'second');
        await second`COMMIT`;
        secondCommitted = true;
      })();
      await until(async () => {
        if (secondCommitted) return true;
        // Another login's wait is the server's administrator's to see.
        const [row] = await admin<{ w: string | null }[]>`
          SELECT wait_event_type AS w FROM pg_stat_activity WHERE pid = ${pid}`;
        return row?.w === 'Lock';
      });
      // The pull reads while the first holds its position uncommitted and the second waits (or has committed).
      await pullTeam(a.sql, 'shop', 'c1', local);
      await first`COMMIT`;
      await secondDone;
      await pullTeam(a.sql, 'shop', 'c1', local);
      expect(marksOf(local)).toEqual([
        { seqNo: 1, handled: true, memo: 'first' },
        { seqNo: 2, handled: true, memo: 'second' },
      ]);
      expect(local.teamPosition()).toBe(await head(a.sql));
    } finally {
      first.release();
      second.release();
    }
  });

  it('a desktop that was away catches up from its position when its listener connects', async () => {
    const { members } = await team(2);
    const [a, b] = members as [{ login: string; sql: Sql }, { login: string; sql: Sql }];
    const local = copy();
    await setMark(b.sql, 1, true, 'before');
    await pullTeam(a.sql, 'shop', 'c1', local);
    // Away: changes made while nothing of this desktop listens are never told to it.
    for (let s = 2; s <= 5; s++) await setMark(b.sql, s, true, `while away ${s}`);
    const puller = new TeamPuller(a.sql, 'shop', 'c1', local, { pollMs: 0 });
    closing.push(() => puller.stop());
    await puller.start();
    await until(async () => local.teamPosition() === (await head(b.sql)));
    expect(marksOf(local)).toEqual(await teamMarks(b.sql));
    expect(marksOf(local)).toHaveLength(5);
  });

  it('a listener terminated mid-stream (pg_terminate_backend) reconnects; two copies end identical to the team database', async () => {
    const { admin, members } = await team(3);
    const [a, b, writer] = members as [
      { login: string; sql: Sql },
      { login: string; sql: Sql },
      { login: string; sql: Sql },
    ];
    const copies = [copy(), copy()];
    let listensA = 0;
    const pullers = [
      new TeamPuller(a.sql, 'shop', 'c1', copies[0]!, { pollMs: 0, onListen: () => listensA++ }),
      new TeamPuller(b.sql, 'shop', 'c1', copies[1]!, { pollMs: 0 }),
    ];
    for (const p of pullers) {
      closing.push(() => p.stop());
      await p.start();
    }
    const sink = teamNotesSink(writer.sql, 'shop', 'c1', { holdsLock: () => true });
    await sink.writeSlice(
      { sellerId: 's1', day: DAY, notes: [1, 2, 3, 4].map((s) => note(s)), complete: true },
      1,
    );
    let terminated = 0;
    for (let i = 1; i <= 120; i++) {
      await setMark(writer.sql, (i % 4) + 1, i % 3 !== 0, `memo ${i}`);
      if (i === 60) {
        const ended = await admin<{ ok: boolean }[]>`
          SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
          WHERE usename = ${a.login} AND query ILIKE 'listen%'`;
        terminated = ended.filter((r) => r.ok).length;
      }
    }
    await sink.writeNotes([note(2, { title: 'Question 2, edited' })]);
    expect(terminated).toBe(1);
    const pos = await head(admin);
    await until(() => copies.every((c) => c.teamPosition() === pos));
    // The listener came back (a second onlisten) and the copy caught up from its position.
    expect(listensA).toBeGreaterThanOrEqual(2);
    const truth = await teamMarks(admin);
    for (const c of copies) {
      expect(marksOf(c)).toEqual(truth);
      expect(notesOf(c)).toEqual(notesOf(copies[0]!));
    }
    expect(notesOf(copies[0]!)).toContainEqual([2, 'Question 2, edited', false]);
  });
});
