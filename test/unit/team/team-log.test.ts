// The change log's order is the commit order per team. Sequence values can commit out of order: a transaction that
// took 42 may commit after one that took 43, and a reader that moved past 43 would never see 42. Here two
// transactions append in one order and try to commit in the reverse one; a reader that reads the log right after
// the first commit and then past its own position must still see both entries, and the positions ascend in the
// order the commits happened.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { closeClients, teamDatabase, until } from '../../support/team-db';

let pg: PgServer;
// initdb and the server's start take about a second; more on a loaded machine.
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});
afterEach(closeClients);

interface Entry {
  pos: number;
  kind: string;
  seq_nos: number[] | null;
}

async function logPast(sql: Sql, team: string, pos: number): Promise<Entry[]> {
  return sql<Entry[]>`
    SELECT pos::int, kind, seq_nos::int[] AS seq_nos FROM seller_desk.change_log
    WHERE team = ${team} AND pos > ${pos} ORDER BY pos`;
}

const connectionId = (sql: Sql, team: string, connection: string): Promise<unknown> =>
  sql`SELECT seller_desk.connection_id(${team}, ${connection})`;

const mark = (tx: Sql, seqNo: number): Promise<unknown> =>
  tx`INSERT INTO seller_desk.marks (team, connection, seq_no, handled, memo, updated_at)
     VALUES ('shop', 'c1', ${seqNo}, true, '', 0)`;

describe('the change log', () => {
  it('two transactions that try to commit in reverse order: positions follow the commits, a reader misses none', async () => {
    const { sql } = await teamDatabase(pg);
    await connectionId(sql, 'shop', 'c1');
    const first = await sql.reserve();
    const second = await sql.reserve();
    try {
      const [{ pid: secondPid } = { pid: 0 }] = await second<
        { pid: number }[]
      >`SELECT pg_backend_pid() AS pid`;
      await first`BEGIN`;
      await mark(first as unknown as Sql, 1);
      await second`BEGIN`;
      const committed: number[] = [];
      // The second appends after the first and commits at once: with a sequence it would commit first.
      const secondDone = (async () => {
        await mark(second as unknown as Sql, 2);
        await second`COMMIT`;
        committed.push(2);
      })();
      // Wait until the second has committed or waits for a lock (the first's append holds the team's head).
      let blocked = false;
      await until(async () => {
        if (committed.length > 0) return true;
        const [row] = await sql<{ w: string | null }[]>`
          SELECT wait_event_type AS w FROM pg_stat_activity WHERE pid = ${secondPid}`;
        blocked = row?.w === 'Lock';
        return blocked;
      });
      // A reader reads the log right after the first commit, wherever it happened, and then past its position.
      let seen: Entry[] = [];
      const read = async (): Promise<void> => {
        seen = [...seen, ...(await logPast(sql, 'shop', seen.at(-1)?.pos ?? 0))];
      };
      if (committed.length > 0) await read();
      await first`COMMIT`;
      committed.push(1);
      if (committed.length === 1) await read();
      await secondDone;
      await read();
      // Blocked by the first's lock, the second commits after it, whichever answer this process hears first (on a
      // loaded machine the first's backend can be descheduled between its commit and its reply).
      if (blocked) committed.splice(0, 2, 1, 2);

      const marks = seen.filter((e) => e.kind === 'mark');
      expect(marks.map((e) => e.seq_nos?.[0]).sort()).toEqual([1, 2]);
      const all = await logPast(sql, 'shop', 0);
      const posOf = (seq: number): number => all.find((e) => e.seq_nos?.[0] === seq)!.pos;
      expect(committed.map(posOf)).toEqual([...committed.map(posOf)].sort((a, b) => a - b));
      // Gapless: every position from 1 up is there once.
      expect(all.map((e) => e.pos)).toEqual(all.map((_, i) => i + 1));
    } finally {
      first.release();
      second.release();
    }
  });

  it('a client cannot choose a position or an author, nor rewrite or delete the log', async () => {
    const { sql } = await teamDatabase(pg);
    await sql`INSERT INTO seller_desk.change_log (team, pos, kind, author) VALUES ('shop', 1000, 'sync-request', 'someone')`;
    const [entry] = await sql<{ pos: number; author: string }[]>`
      SELECT pos::int, author FROM seller_desk.change_log WHERE team = 'shop'`;
    expect(entry).toEqual({ pos: 1, author: pg.superuser });
    await expect(sql`UPDATE seller_desk.change_log SET kind = 'sync'`).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM seller_desk.change_log`).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE seller_desk.change_log`).rejects.toThrow(/append-only/);
  });

  it('notes, synced days and a sync outcome each append one entry per statement, per team', async () => {
    const { sql } = await teamDatabase(pg, ['shop', 'other']);
    await connectionId(sql, 'shop', 'c1');
    await connectionId(sql, 'other', 'c1');
    const note = (team: string, seq: number) => ({
      team,
      connection: 'c1',
      seq_no: seq,
      buyer_id: 'b',
      seller_id: 's1',
      item_no: 'i',
      item_name: 'n',
      ins_date: '2026-01-01T10:00:00',
      title: 't',
      content: 'c',
      reply_status: 'NoReply',
      query_type: 'Item',
      at: 0,
      day: '2026-01-01',
    });
    await sql`INSERT INTO seller_desk.notes ${sql([note('shop', 7), note('shop', 5), note('other', 7)])}`;
    await sql`INSERT INTO seller_desk.coverage (team, connection, seller_id, day)
      VALUES ('shop', 'c1', 's1', '2026-01-02'), ('shop', 'c1', 's1', '2026-01-01')`;
    await sql`INSERT INTO seller_desk.sync_outcome (team, connection, last_sync, as_of)
      VALUES ('shop', 'c1', ${sql.json({ at: 1, ok: true })}, 1)`;
    const shop = await sql<{ pos: number; kind: string; seq_nos: number[] | null; detail: unknown }[]>`
      SELECT pos::int, kind, seq_nos::int[] AS seq_nos, detail FROM seller_desk.change_log
      WHERE team = 'shop' ORDER BY pos`;
    expect(shop).toEqual([
      { pos: 1, kind: 'notes', seq_nos: [5, 7], detail: null },
      { pos: 2, kind: 'coverage', seq_nos: null, detail: { s1: ['2026-01-01', '2026-01-02'] } },
      { pos: 3, kind: 'sync', seq_nos: null, detail: null },
    ]);
    const other = await logPast(sql, 'other', 0);
    expect(other).toEqual([{ pos: 1, kind: 'notes', seq_nos: [7] }]);
  });
});
