// Assignment (담당자): a take sets the session's login when nobody has the note, and is refused naming who has it;
// of simultaneous takers exactly one wins (the drill: two desktop processes, ten takes of one note at once, ten
// rounds); assigning is a compare-and-set to a current member; the author is the database login.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { TakeRefusedError, assignNote, assignmentOf, takeNote } from '../../../src-main/team/assignments';
import type { PgServer } from '../../support/postgres';
import { inboxTeam } from '../../support/team-inbox';
import { closeClients, until } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await closeClients();
});

const ref = (seqNo: number) => ({ team: 'shop', connection: 'c1', seqNo });

function desktop(url: string, takers: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/team-take-child.ts', url, String(takers)],
    {
      cwd: process.cwd(),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  });
  return { child, lines };
}

describe('taking a note', () => {
  it('ten simultaneous takes of one note from two desktop processes: exactly one winner, every round', async () => {
    const ROUNDS = 10;
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: ROUNDS });
    const desks = members.map((m) => desktop(m.url, 5));
    await until(() => desks.every((d) => d.lines.includes('ready')), 60_000);
    const winners: string[] = [];
    for (let seqNo = 1; seqNo <= ROUNDS; seqNo++) {
      for (const d of desks) d.child.stdin!.write(`go ${seqNo}\n`);
      const answer = (d: (typeof desks)[number]) =>
        d.lines
          .map((l) => (l.startsWith('{') ? JSON.parse(l) : undefined))
          .find((r) => r?.seqNo === seqNo) as { results: { won: boolean; assignee: string }[] } | undefined;
      await until(() => desks.every((d) => answer(d) !== undefined), 60_000);
      const results = desks.flatMap((d) => answer(d)!.results);
      expect(results).toHaveLength(10);
      expect(results.filter((r) => r.won)).toHaveLength(1);
      const [holder] = await admin<{ assignee: string }[]>`
        SELECT assignee FROM seller_desk.assignments WHERE team = 'shop' AND seq_no = ${seqNo}`;
      // Every taker, winner or not, was told the one holder.
      expect(new Set(results.map((r) => r.assignee))).toEqual(new Set([holder!.assignee]));
      winners.push(holder!.assignee);
    }
    for (const d of desks) d.child.stdin!.write('quit\n');
    const steps = await admin<{ seq: number; n: number; logged: number }[]>`
      SELECT h.seq_no::int AS seq, count(*)::int AS n,
             (SELECT count(*)::int FROM seller_desk.change_log l
              WHERE l.team = 'shop' AND l.kind = 'assignment' AND l.seq_nos = ARRAY[h.seq_no]) AS logged
      FROM seller_desk.history h WHERE h.team = 'shop' AND h.kind = 'assign' GROUP BY h.seq_no ORDER BY 1`;
    expect(steps.map((s) => ({ ...s }))).toEqual(
      Array.from({ length: ROUNDS }, (_, i) => ({ seq: i + 1, n: 1, logged: 1 })),
    );
    // Both winners are members' logins (which one wins a round is the race's).
    for (const w of winners) expect(members.map((m) => m.login)).toContain(w);
  }, 180_000);

  it('a take of a note someone has is refused naming them; taking one’s own again changes nothing', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: 2 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    const taken = await takeNote(a.sql, ref(1));
    expect(taken).toMatchObject({ done: true, assignee: a.login, assignedBy: a.login });
    const refusal = await takeNote(b.sql, ref(1)).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TakeRefusedError);
    expect((refusal as TakeRefusedError).assignee).toBe(a.login);
    expect((refusal as Error).message).toContain(a.login);
    expect(await takeNote(a.sql, ref(1))).toMatchObject({ done: false, assignee: a.login });
    const [{ n } = { n: -1 }] = await admin<{ n: number }[]>`
      SELECT count(*)::int AS n FROM seller_desk.history WHERE kind = 'assign'`;
    expect(n).toBe(1);
    await expect(takeNote(a.sql, ref(99))).rejects.toThrow(/not among the team's notes/u);
  }, 60_000);

  it('assigning is a compare-and-set to a current member; released notes can be taken again', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: 1 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    expect(await assignNote(a.sql, ref(1), b.login, undefined)).toMatchObject({
      done: true,
      assignee: b.login,
    });
    // a saw it unassigned: stale, refused with what it is now
    expect(await assignNote(a.sql, ref(1), a.login, undefined)).toMatchObject({
      done: false,
      reason: 'changed',
      assignee: b.login,
      assignedBy: a.login,
    });
    await expect(assignNote(a.sql, ref(1), 'nobody_here', b.login)).rejects.toThrow(/not a current member/u);
    expect(await assignNote(b.sql, ref(1), undefined, b.login)).toMatchObject({
      done: true,
      assignee: undefined,
    });
    expect(await takeNote(a.sql, ref(1))).toMatchObject({ done: true, assignee: a.login });
    expect(await assignmentOf(b.sql, ref(1))).toMatchObject({ assignee: a.login, assignedBy: a.login });
    const history = await admin<{ author: string; before: unknown; after: unknown }[]>`
      SELECT author, before, after FROM seller_desk.history WHERE kind = 'assign' ORDER BY id`;
    expect(history.map((h) => ({ ...h }))).toEqual([
      { author: a.login, before: { assignee: null }, after: { assignee: b.login } },
      { author: b.login, before: { assignee: b.login }, after: { assignee: null } },
      { author: a.login, before: { assignee: null }, after: { assignee: a.login } },
    ]);
  }, 60_000);

  it('members cannot write assignments directly, only through the functions', async () => {
    const { members } = await inboxTeam(pg, { members: 1, notes: 1 });
    const [a] = members as [(typeof members)[0]];
    await expect(
      a.sql`INSERT INTO seller_desk.assignments VALUES ('shop', 'c1', 1, 'someone', 'someone', now())`,
    ).rejects.toThrow(/permission denied/u);
  }, 60_000);
});
