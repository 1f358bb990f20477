// The host's part in working as a team (host/team-work.ts), against a real team database: who else is at the
// connection's notes, pushed only when it changes, this desktop never listed and the member's other desktop flagged;
// a vanished desktop forgotten by the database's clock (heartbeats aged in the database, nobody sleeps); a refused
// take answered with who has the note; and what waits for me in the desktop's copy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamPresenceEntry } from '../../../src-main/contract';
import { TeamWork } from '../../../src-main/host/team-work';
import { setTeamMark } from '../../../src-main/team/marks';
import { heartbeat } from '../../../src-main/team/presence';
import { teamNotesSink } from '../../../src-main/team/notes-sink';
import { pullTeam } from '../../../src-main/team/pull';
import type { TeamTarget } from '../../../src-main/team/team-url';
import { openMirror } from '../../support/mirror';
import type { PgServer } from '../../support/postgres';
import { closeClients } from '../../support/team-db';
import { DAY, inboxNote, inboxTeam } from '../../support/team-inbox';
import type { InboxMember } from '../../support/team-inbox';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c();
  await closeClients();
});

const ref = (seqNo: number) => ({ team: 'shop', connection: 'c1', seqNo });
const target = (login: string): TeamTarget => ({
  host: 'localhost',
  port: 5432,
  database: 'test',
  user: login,
  team: 'shop',
  password: undefined,
  passwordFrom: 'none',
  params: {},
});

/** A desktop of `member`: its copy and its TeamWork, every push recorded. */
function desktop(member: InboxMember, id: string) {
  const mirror = openMirror(mkdtempSync(join(tmpdir(), 'team-work-')));
  const pushed: TeamPresenceEntry[][] = [];
  const work = new TeamWork({
    sql: member.sql,
    target: target(member.login),
    connection: 'c1',
    copy: mirror.store,
    desktop: id,
    onPresence: (entries) => pushed.push(entries),
    pollMs: 20,
  });
  closing.push(async () => {
    await work.stop(false);
    mirror.close();
  });
  return { work, copy: mirror.store, pushed };
}

const seen = (entries: readonly TeamPresenceEntry[]) =>
  entries.map((e) => `${e.seqNo}:${e.login}:${e.state}:${e.sameLogin ? 'same' : 'other'}`);

describe('team work on a desktop', () => {
  it('pushes who else is at the notes when it changes, never itself, and forgets a vanished desktop', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: 3 });
    const [a, b] = members as [InboxMember, InboxMember];
    const mine = desktop(a, 'desk-a');
    await mine.work.heartbeat(1, 'viewing');
    await heartbeat(b.sql, ref(1), 'desk-b', 'answering');
    // The member's own other desktop is listed, flagged as theirs.
    await heartbeat(a.sql, ref(2), 'desk-a2', 'viewing');
    await expect
      .poll(() => seen(mine.work.presence()), { timeout: 10_000 })
      .toEqual([`1:${b.login}:answering:other`, `2:${a.login}:viewing:same`]);
    // Nothing changes: nothing more is pushed (a push per change, not per read).
    const pushes = mine.pushed.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.pushed.length).toBe(pushes);
    expect(seen(mine.pushed.at(-1)!)).toEqual(seen(mine.work.presence()));

    // B's desktop vanishes: its last heartbeat grows older than the database's 15 s.
    await admin`UPDATE seller_desk.presence SET heartbeat_at = now() - interval '16 seconds' WHERE login = ${b.login}`;
    await expect
      .poll(() => seen(mine.pushed.at(-1) ?? []), { timeout: 10_000 })
      .toEqual([`2:${a.login}:viewing:same`]);
  }, 60_000);

  it('answers a refused take with who has the note, and counts what waits for me in the copy', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: 4 });
    const [a, b] = members as [InboxMember, InboxMember];
    const da = desktop(a, 'desk-a');
    const db = desktop(b, 'desk-b');
    expect(await da.work.take(1)).toEqual({ taken: true, assignee: a.login });
    expect(await db.work.take(1)).toEqual({ taken: false, assignee: a.login });
    expect(await da.work.take(1)).toEqual({ taken: true, assignee: a.login });
    await da.work.take(2);
    await da.work.take(3);
    await setTeamMark(a.sql, ref(3), { handled: true }, Date.now());
    expect(await da.work.assign(4, b.login, a.login)).toEqual({ done: false, assignee: null });
    expect(await da.work.assign(4, b.login, null)).toEqual({ done: true, assignee: b.login });
    await pullTeam(a.sql, 'shop', 'c1', da.copy);
    expect(da.work.assignees()).toEqual({ '1': a.login, '2': a.login, '3': a.login, '4': b.login });
    // 1 and 2 wait (3 is handled, 4 is B's); 1 was received before 2.
    const at2 = inboxNote(2).at;
    expect(da.work.waitingMine(at2)).toEqual({ waiting: 2, late: 1 });
    expect(da.work.waitingMine(0)).toEqual({ waiting: 2, late: 0 });
    // Note 1 withdrawn (its day, synced whole, no longer lists it): it waits for nobody, mine included, as the
    // copy's own count of what waits says.
    const sink = teamNotesSink(admin, 'shop', 'c1', { holdsLock: () => true });
    await sink.writeSlice(
      { sellerId: 's1', day: DAY, notes: [2, 3, 4].map((s) => inboxNote(s)), complete: true },
      9,
    );
    await pullTeam(a.sql, 'shop', 'c1', da.copy);
    expect([...da.copy.iterateNotes()].find((n) => n.seqNo === 1)?.withdrawnAt).toBe(9);
    expect(da.copy.waiting(at2).waiting).toBe(2);
    expect(da.work.waitingMine(at2)).toEqual({ waiting: 1, late: 0 });
    expect(await da.work.members()).toEqual([a.login, b.login].sort());
  }, 60_000);
});
