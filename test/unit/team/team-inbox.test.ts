// Working as a team, the database layer: presence with the database's clock (a heartbeat older than 15 s is a
// desktop that is gone: the tests age heartbeats in the database, nobody sleeps), the check before the answer page,
// memo threads (authors by the database, own entries only, stale edits refused), snooze / no reply needed against
// the clock (ReplyComplete wins), the per-note timeline and the per-member figures.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { assignNote, takeNote } from '../../../src-main/team/assignments';
import { noteLinkOf, resolveNoteLink } from '../../../src-main/team/note-links';
import { pullTeam } from '../../../src-main/team/pull';
import { parseNoteLink } from '../../../src-shared/note-link';
import { openMirror } from '../../support/mirror';
import { memberFigures } from '../../../src-main/team/figures';
import { setTeamMark } from '../../../src-main/team/marks';
import {
  StaleMemoError,
  addMemo,
  deleteMemo,
  editMemo,
  memoThread,
} from '../../../src-main/team/memo-thread';
import {
  beforeAnswering,
  heartbeat,
  leavePresence,
  othersOn,
  presentOn,
} from '../../../src-main/team/presence';
import { setNoteStatus, teamQueue } from '../../../src-main/team/statuses';
import { noteTimeline } from '../../../src-main/team/timeline';
import type { PgServer } from '../../support/postgres';
import { inboxNote, inboxTeam } from '../../support/team-inbox';
import { closeClients } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const closing: (() => void)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) c();
  await closeClients();
});

const ref = (seqNo: number) => ({ team: 'shop', connection: 'c1', seqNo });
const where = { team: 'shop', connection: 'c1' };

/** Moves a desktop's heartbeat into the past by `seconds` (as if it had not beaten since). */
async function age(admin: Sql, login: string, seconds: number): Promise<void> {
  await admin`
    UPDATE seller_desk.presence SET heartbeat_at = now() - make_interval(secs => ${seconds})
    WHERE login = ${login}`;
}

describe('presence', () => {
  it('shows who is viewing and answering, and forgets a desktop whose heartbeat is 15 s old', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: 2 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    await heartbeat(a.sql, ref(1), 'desk-a', 'viewing');
    await heartbeat(b.sql, ref(1), 'desk-b', 'answering');
    expect((await presentOn(a.sql, ref(1))).map((p) => [p.login, p.desktop, p.state])).toEqual([
      [b.login, 'desk-b', 'answering'],
      [a.login, 'desk-a', 'viewing'],
    ]);
    expect((await othersOn(a.sql, ref(1), 'desk-a')).map((p) => p.login)).toEqual([b.login]);
    await age(admin, b.login, 14);
    expect((await presentOn(a.sql, ref(1))).map((p) => p.login)).toContain(b.login);
    await age(admin, b.login, 15);
    expect((await presentOn(a.sql, ref(1))).map((p) => p.login)).toEqual([a.login]);
    // A desktop is at one note at a time; leaving removes it at once.
    await heartbeat(a.sql, ref(2), 'desk-a', 'viewing');
    expect(await presentOn(b.sql, ref(1))).toEqual([]);
    expect((await presentOn(b.sql, ref(2))).map((p) => p.login)).toEqual([a.login]);
    await leavePresence(a.sql, 'shop', 'desk-a');
    expect(await presentOn(b.sql, ref(2))).toEqual([]);
  }, 60_000);

  it('a stint is one history step: heartbeats continue it, a gap of 15 s or a new state starts another', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 1, notes: 1 });
    const [a] = members as [(typeof members)[0]];
    await heartbeat(a.sql, ref(1), 'desk-a', 'viewing');
    await heartbeat(a.sql, ref(1), 'desk-a', 'viewing');
    await age(admin, a.login, 10);
    await heartbeat(a.sql, ref(1), 'desk-a', 'viewing');
    await age(admin, a.login, 16);
    await heartbeat(a.sql, ref(1), 'desk-a', 'viewing');
    await heartbeat(a.sql, ref(1), 'desk-a', 'answering');
    const steps = await admin<{ author: string; state: string }[]>`
      SELECT author, after->>'state' AS state FROM seller_desk.history WHERE kind = 'presence' ORDER BY id`;
    expect(steps.map((s) => [s.author, s.state])).toEqual([
      [a.login, 'viewing'],
      [a.login, 'viewing'],
      [a.login, 'answering'],
    ]);
  }, 60_000);

  it('before the answer page: who else is answering, and whether the note was answered or handled meanwhile', async () => {
    const { members, writeNotes } = await inboxTeam(pg, { members: 2, notes: 1 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    expect(await beforeAnswering(a.sql, ref(1), 'desk-a')).toMatchObject({
      othersAnswering: [],
      answered: false,
      handled: false,
    });
    const check = await beforeAnswering(b.sql, ref(1), 'desk-b');
    expect(check.othersAnswering.map((p) => [p.login, p.state])).toEqual([[a.login, 'answering']]);
    // The same login on a second desktop counts as someone else answering.
    expect(
      (await beforeAnswering(a.sql, ref(1), 'desk-a2')).othersAnswering.map((p) => p.desktop).sort(),
    ).toEqual(['desk-a', 'desk-b']);
    await setTeamMark(a.sql, ref(1), { handled: true }, 1);
    await writeNotes([inboxNote(1, { replyStatus: 'ReplyComplete' })]);
    expect(await beforeAnswering(b.sql, ref(1), 'desk-b')).toMatchObject({ answered: true, handled: true });
  }, 60_000);
});

describe('memo threads', () => {
  it('entries carry their author and time; only the author edits or deletes, and every change is history', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: 1 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    const first = await addMemo(a.sql, ref(1), 'Buyer wants it by Friday');
    const second = await addMemo(b.sql, ref(1), 'Courier says Thursday');
    expect((await memoThread(b.sql, ref(1))).map((e) => [e.id, e.author, e.body, e.version])).toEqual([
      [first, a.login, 'Buyer wants it by Friday', 1],
      [second, b.login, 'Courier says Thursday', 1],
    ]);
    await expect(editMemo(b.sql, first, 1, 'mine now')).rejects.toThrow(/only its author/u);
    await expect(deleteMemo(b.sql, first, 1)).rejects.toThrow(/only its author/u);
    expect(await editMemo(a.sql, first, 1, 'Buyer wants it by Saturday')).toBe(2);
    await expect(deleteMemo(b.sql, second, 2)).rejects.toBeInstanceOf(StaleMemoError);
    expect(await deleteMemo(b.sql, second, 1)).toBe(2);
    await expect(editMemo(b.sql, second, 2, 'again')).rejects.toThrow(/was deleted/u);
    const thread = await memoThread(a.sql, ref(1));
    expect(thread.map((e) => [e.author, e.body, e.version])).toEqual([
      [a.login, 'Buyer wants it by Saturday', 2],
    ]);
    expect(thread[0]!.editedAt).toBeInstanceOf(Date);
    const history = await admin<{ author: string; before: unknown; after: unknown }[]>`
      SELECT author, before->>'body' AS before, after->>'body' AS after FROM seller_desk.history
      WHERE kind = 'memo' ORDER BY id`;
    expect(history.map((h) => [h.author, h.before, h.after])).toEqual([
      [a.login, null, 'Buyer wants it by Friday'],
      [b.login, null, 'Courier says Thursday'],
      [a.login, 'Buyer wants it by Friday', 'Buyer wants it by Saturday'],
      [b.login, 'Courier says Thursday', null],
    ]);
    await expect(
      a.sql`INSERT INTO seller_desk.memo_entries (team, connection, seq_no, author, body, version, created_at)
            VALUES ('shop', 'c1', 1, ${b.login}, 'forged', 1, now())`,
    ).rejects.toThrow(/permission denied/u);
  }, 60_000);

  it('two edits of one version at once: one is applied, the other refused as stale, never both', async () => {
    const { admin, members } = await inboxTeam(pg, { members: 1, notes: 1 });
    const [a] = members as [(typeof members)[0]];
    const id = await addMemo(a.sql, ref(1), 'v1');
    for (let round = 1; round <= 5; round++) {
      const version = round;
      const outcomes = await Promise.allSettled([
        editMemo(a.sql, id, version, `left ${round}`),
        editMemo(a.sql, id, version, `right ${round}`),
      ]);
      const applied = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(applied).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const stale = (refused[0] as PromiseRejectedResult).reason as StaleMemoError;
      expect(stale).toBeInstanceOf(StaleMemoError);
      expect(stale.current).toBe(version + 1);
      const winner = outcomes[0]!.status === 'fulfilled' ? `left ${round}` : `right ${round}`;
      expect((await memoThread(a.sql, ref(1)))[0]!.body).toBe(winner);
    }
    const [{ n } = { n: -1 }] = await admin<{ n: number }[]>`
      SELECT count(*)::int AS n FROM seller_desk.history WHERE kind = 'memo'`;
    expect(n).toBe(1 + 5);
  }, 60_000);
});

describe('statuses', () => {
  it('a snooze leaves the queue and comes back by itself when the clock passes it; ReplyComplete wins', async () => {
    const { admin, members, writeNotes } = await inboxTeam(pg, { members: 1, notes: 3 });
    const [a] = members as [(typeof members)[0]];
    const [{ now } = { now: new Date(0) }] = await admin<{ now: Date }[]>`SELECT now() AS now`;
    const inAnHour = new Date(now.getTime() + 3_600_000);
    expect(await setNoteStatus(a.sql, ref(1), { snoozedUntil: inAnHour })).toBe(true);
    expect(await setNoteStatus(a.sql, ref(1), { snoozedUntil: inAnHour })).toBe(false);
    expect(await setNoteStatus(a.sql, ref(2), { noReplyReason: 'Thank-you note' })).toBe(true);
    await expect(setNoteStatus(a.sql, ref(3), { snoozedUntil: new Date(now.getTime() - 1) })).rejects.toThrow(
      /must end in the future/u,
    );
    const statuses = async () => (await teamQueue(a.sql, where)).map((n) => [n.seqNo, n.status]);
    expect(await statuses()).toEqual([
      [1, 'snoozed'],
      [2, 'no-reply-needed'],
      [3, 'waiting'],
    ]);
    expect((await teamQueue(a.sql, where, { waitingOnly: true })).map((n) => n.seqNo)).toEqual([3]);
    // The snooze's instant passes (no job, no write by anyone but the clock's stand-in).
    await admin`UPDATE seller_desk.note_status SET snoozed_until = now() - interval '1 second' WHERE seq_no = 1`;
    expect((await teamQueue(a.sql, where, { waitingOnly: true })).map((n) => n.seqNo)).toEqual([1, 3]);
    await setNoteStatus(a.sql, ref(3), { snoozedUntil: inAnHour });
    await writeNotes([2, 3].map((s) => inboxNote(s, { replyStatus: 'ReplyComplete' })));
    expect(await statuses()).toEqual([
      [1, 'waiting'],
      [2, 'answered'],
      [3, 'answered'],
    ]);
    expect(await setNoteStatus(a.sql, ref(2), { clear: true })).toBe(true);
    const steps = await admin<{ seq: number; after: unknown }[]>`
      SELECT seq_no::int AS seq, after FROM seller_desk.history WHERE kind = 'status' ORDER BY id`;
    expect(steps.map((s) => s.seq)).toEqual([1, 2, 3, 2]);
  }, 60_000);

  it("a snooze's end is checked against the writer's clock when it names one (an app's host), else the database's", async () => {
    const { members } = await inboxTeam(pg, { members: 1, notes: 2 });
    const [a] = members as [(typeof members)[0]];
    // A writer whose clock is a year behind the database's: an end an hour after its clock is in its future.
    const [{ now } = { now: new Date(0) }] = await a.sql<{ now: Date }[]>`SELECT now() AS now`;
    const writer = new Date(now.getTime() - 365 * 86_400_000);
    const end = new Date(writer.getTime() + 3_600_000);
    expect(await setNoteStatus(a.sql, ref(1), { snoozedUntil: end }, writer)).toBe(true);
    // The same end without the writer's clock is in the database's past: refused.
    await expect(setNoteStatus(a.sql, ref(2), { snoozedUntil: end })).rejects.toThrow(
      /must end in the future/u,
    );
    // And an end before the writer's own clock is refused too.
    await expect(
      setNoteStatus(a.sql, ref(2), { snoozedUntil: new Date(writer.getTime() - 1) }, writer),
    ).rejects.toThrow(/must end in the future/u);
    // Setting it again as of the writer's clock changes nothing (its snooze has not ended by that clock).
    expect(await setNoteStatus(a.sql, ref(1), { snoozedUntil: end }, writer)).toBe(false);
  }, 60_000);

  it('the views: mine, unassigned, everyone', async () => {
    const { members } = await inboxTeam(pg, { members: 2, notes: 3 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    await takeNote(a.sql, ref(1));
    await takeNote(b.sql, ref(2));
    const seqs = async (sql: Sql, view: 'mine' | 'unassigned' | 'everyone') =>
      (await teamQueue(sql, where, { view })).map((n) => n.seqNo);
    expect(await seqs(a.sql, 'mine')).toEqual([1]);
    expect(await seqs(b.sql, 'mine')).toEqual([2]);
    expect(await seqs(a.sql, 'unassigned')).toEqual([3]);
    expect(await seqs(a.sql, 'everyone')).toEqual([1, 2, 3]);
  }, 60_000);
});

describe('history and figures', () => {
  it("a note's timeline names each step and its author, in order", async () => {
    const { members, writeNotes } = await inboxTeam(pg, { members: 2, notes: 1 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    await takeNote(a.sql, ref(1));
    await heartbeat(a.sql, ref(1), 'desk-a', 'answering');
    await addMemo(b.sql, ref(1), 'Called the courier');
    await setTeamMark(a.sql, ref(1), { handled: true }, 1);
    await setNoteStatus(b.sql, ref(1), { noReplyReason: 'Answered by phone' });
    await writeNotes([inboxNote(1, { replyStatus: 'ReplyComplete' })]);
    const timeline = await noteTimeline(b.sql, ref(1));
    expect(timeline.map((e) => [e.kind, e.author, e.detail])).toEqual([
      ['received', undefined, undefined],
      ['first-seen', pg.superuser, undefined],
      ['assigned', a.login, a.login],
      ['answering', a.login, undefined],
      ['memo-added', b.login, 'Called the courier'],
      ['handled', a.login, undefined],
      ['no-reply-needed', b.login, 'Answered by phone'],
      ['answered', pg.superuser, undefined],
    ]);
    expect(timeline[0]!.at.getTime()).toBe(inboxNote(1).at);
    // The first sighting is the database's: a member cannot write it.
    await expect(
      a.sql`UPDATE seller_desk.notes SET first_seen_by = ${a.login} WHERE team = 'shop' AND seq_no = 1`,
    ).rejects.toThrow(/permission denied/u);
    expect(await noteTimeline(b.sql, ref(99))).toEqual([]);
  }, 60_000);

  it('a note answered before the mirror first saw it tells so once', async () => {
    const { members, writeNotes } = await inboxTeam(pg, { members: 1, notes: 0 });
    await writeNotes([inboxNote(5, { replyStatus: 'ReplyComplete' })]);
    const kinds = (await noteTimeline(members[0]!.sql, ref(5))).map((e) => e.kind);
    expect(kinds).toEqual(['received', 'first-seen', 'answered']);
  }, 60_000);

  it('per member and period: taken, handled, answered after taking, median receipt to handled', async () => {
    const { admin, members, writeNotes } = await inboxTeam(pg, { members: 2, notes: 0 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    const [{ now } = { now: new Date(0) }] = await admin<{ now: Date }[]>`SELECT now() AS now`;
    const received = [3, 2, 1, 5].map((hours) => now.getTime() - hours * 3_600_000);
    await writeNotes(received.map((at, i) => inboxNote(i + 1, { at })));
    for (const s of [1, 2, 3]) await takeNote(a.sql, ref(s));
    await takeNote(b.sql, ref(4));
    await setTeamMark(a.sql, ref(1), { handled: true }, 1);
    await setTeamMark(a.sql, ref(2), { handled: true }, 1);
    await setTeamMark(b.sql, ref(4), { handled: true }, 1);
    await setTeamMark(b.sql, ref(3), { memo: 'not a handling' }, 1);
    await writeNotes([inboxNote(3, { at: received[2]!, replyStatus: 'ReplyComplete' })]);
    const handledAt = await admin<{ seq: number; at: Date }[]>`
      SELECT seq_no::int AS seq, at FROM seller_desk.history WHERE kind = 'mark' AND (after->>'handled')::boolean`;
    const delay = (seq: number) => handledAt.find((h) => h.seq === seq)!.at.getTime() - received[seq - 1]!;
    const period = { fromMs: now.getTime() - 60_000, toMs: now.getTime() + 3_600_000 };
    const figures = await memberFigures(a.sql, where, period);
    expect(figures).toEqual([
      {
        login: a.login,
        taken: 3,
        handled: 2,
        answeredAfterTaking: 1,
        medianReceiptToHandledMs: Math.round((delay(1) + delay(2)) / 2),
      },
      { login: b.login, taken: 1, handled: 1, answeredAfterTaking: 0, medianReceiptToHandledMs: delay(4) },
    ]);
    expect(await memberFigures(a.sql, where, { fromMs: period.toMs, toMs: period.toMs + 1 })).toEqual([]);
  }, 60_000);
});

describe("a desktop's copy", () => {
  it('pulls the notes’ assignees, snoozes and no-reply reasons, and drops them when they are cleared', async () => {
    const { members } = await inboxTeam(pg, { members: 2, notes: 3 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    const mirror = openMirror(mkdtempSync(join(tmpdir(), 'team-copy-')));
    closing.push(() => mirror.close());
    const copy = mirror.store;
    const until = new Date(Date.UTC(2099, 0, 1));
    await takeNote(a.sql, ref(1));
    await setNoteStatus(b.sql, ref(2), { snoozedUntil: until });
    await setNoteStatus(b.sql, ref(3), { noReplyReason: 'Spam' });
    await pullTeam(b.sql, 'shop', 'c1', copy);
    expect([...copy.teamStates().values()]).toEqual([
      { seqNo: 1, assignee: a.login },
      { seqNo: 2, snoozedUntil: until.getTime() },
      { seqNo: 3, noReplyReason: 'Spam' },
    ]);
    await assignNote(b.sql, ref(1), undefined, a.login);
    await setNoteStatus(b.sql, ref(2), { clear: true });
    await takeNote(b.sql, ref(3));
    await pullTeam(a.sql, 'shop', 'c1', copy);
    expect([...copy.teamStates().values()]).toEqual([{ seqNo: 3, assignee: b.login, noReplyReason: 'Spam' }]);
  }, 60_000);
});

describe('links to a note', () => {
  it("a member's link names the note for a colleague, and nothing outside the team's notes", async () => {
    const { admin, members } = await inboxTeam(pg, { members: 2, notes: 2 });
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    const link = await noteLinkOf(a.sql, ref(2));
    const [{ id } = { id: 0 }] = await admin<{ id: number }[]>`
      SELECT id FROM seller_desk.connections WHERE team = 'shop' AND connection = 'c1'`;
    expect(link).toBe(`sellerdesk://note/${id}/2`);
    const parsed = parseNoteLink(link);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(await resolveNoteLink(b.sql, 'shop', parsed.link)).toEqual(ref(2));
    expect(await resolveNoteLink(b.sql, 'shop', { connection: id, seqNo: 3 })).toBeUndefined();
    expect(await resolveNoteLink(b.sql, 'shop', { connection: id + 1, seqNo: 2 })).toBeUndefined();
    // Another shop in the same database: its member cannot resolve this team's link.
    await admin`INSERT INTO seller_desk.teams (team) VALUES ('other')`;
    await admin`INSERT INTO seller_desk.members (team, login) VALUES ('other', ${b.login})`;
    await admin`UPDATE seller_desk.members SET removed_at = now() WHERE team = 'shop' AND login = ${b.login}`;
    expect(await resolveNoteLink(b.sql, 'shop', parsed.link)).toBeUndefined();
  }, 60_000);
});
