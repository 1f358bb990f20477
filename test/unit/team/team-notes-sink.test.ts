// The caller writes what its sync fetched into the team database: the notes, the days synced whole and the sync's
// outcome, one transaction per batch of writes (all in, or none), idempotent (a note written twice is one row, logged again only when it
// changed), and only while it holds the connection's caller lock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import type { InboxNote, NotesSyncRequest } from '../../../src-main/contract';
import { runAsTeamCaller } from '../../../src-main/host/team-caller';
import { syncNotes } from '../../../src-main/services/notes-sync';
import { SharedWritesStore } from '../../../src-main/storage/shared-writes';
import { takeCallerLock } from '../../../src-main/team/caller-lock';
import { addMember } from '../../../src-main/team/members';
import { teamNotesSink } from '../../../src-main/team/notes-sink';
import { parseTeamUrl } from '../../../src-main/team/team-url';
import { marketDayOf } from '../../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import type { PgServer } from '../../support/postgres';
import { client, closeClients, teamDatabase } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  await closeClients();
});

const TODAY = marketDayOf(TEST_NOW.getTime());
const WEEK: NotesSyncRequest = {
  start: marketDayOf(TEST_NOW.getTime() - 6 * 86_400_000),
  end: TODAY,
  mode: 'full',
};

async function sandboxMirror() {
  const deps = createTestDeps({});
  opened.push(deps);
  const active = await deps.connection.active();
  const owner = {
    profileId: active.profile.id,
    profileName: active.profile.name,
    kind: active.profile.kind,
    fingerprint: active.fingerprint,
  };
  const store = deps.mirrors.open(owner, ['sandbox']);
  const sync = (s: typeof store | Parameters<typeof syncNotes>[1]['store'], req = WEEK) =>
    syncNotes(req, {
      client: active.client,
      store: s,
      sellerIds: active.info.sellerIds,
      pageIndexBase: active.info.pageIndexBase,
      signal: new AbortController().signal,
    });
  return { store, sync };
}

/** A member's login and URL on a fresh team database. */
let members = 0;
async function memberUrl(): Promise<{ url: string; sql: Sql; login: string }> {
  const { database, sql } = await teamDatabase(pg);
  const login = `alice_${++members}`;
  const password = await addMember(sql, 'shop', login);
  return { url: `${pg.url({ user: login, password, database })}?team=shop`, sql, login };
}

const teamNotes = (sql: Sql) =>
  sql<{ seq_no: number; reply_status: string; withdrawn: boolean }[]>`
    SELECT seq_no::int, reply_status, withdrawn_at IS NOT NULL AS withdrawn FROM seller_desk.notes
    WHERE team = 'shop' AND connection = 'c1' ORDER BY seq_no`;
const logOf = (sql: Sql, kind: string) =>
  sql<{ pos: number; seq_nos: number[] | null }[]>`
    SELECT pos::int, seq_nos::int[] AS seq_nos FROM seller_desk.change_log
    WHERE team = 'shop' AND kind = ${kind} ORDER BY pos`;

describe('the caller writes the notes into the team database', () => {
  it('a sync by the lock holder puts its notes, synced days and outcome in the team database, as a member', async () => {
    const { url, sql, login } = await memberUrl();
    const { store, sync } = await sandboxMirror();
    const run = await runAsTeamCaller(parseTeamUrl(url, {}), 'c1', store, (s) => sync(s));
    expect(run.caller).toBe(true);
    const local = [...store.iterateNotes()].map((n) => ({
      seq_no: n.seqNo,
      reply_status: n.replyStatus,
      withdrawn: n.withdrawnAt !== undefined,
    }));
    expect(local.length).toBeGreaterThan(0);
    expect(await teamNotes(sql)).toEqual(local.sort((a, b) => a.seq_no - b.seq_no));
    const days = await sql<{ day: string }[]>`
      SELECT DISTINCT day FROM seller_desk.coverage WHERE team = 'shop' AND connection = 'c1' ORDER BY day`;
    expect(days.map((d) => d.day)).toEqual([...store.coveredDays(store.status().sellerIds[0]!)].sort());
    const [outcome] = await sql<{ ok: boolean; as_of: string; synced_by: string }[]>`
      SELECT (last_sync->>'ok')::boolean AS ok, as_of::text, synced_by FROM seller_desk.sync_outcome`;
    expect(outcome).toEqual({ ok: true, as_of: String(store.asOf()), synced_by: login });
    // Every note the log names is a note of the table: the pull will find what it reads of.
    const logged = new Set((await logOf(sql, 'notes')).flatMap((e) => e.seq_nos ?? []));
    expect([...logged].sort((a, b) => a - b)).toEqual(local.map((n) => n.seq_no));
  });

  it('the same sync again writes no row and logs no note; one changed note is logged alone, once', async () => {
    const { url, sql } = await memberUrl();
    const { store, sync } = await sandboxMirror();
    const target = parseTeamUrl(url, {});
    await runAsTeamCaller(target, 'c1', store, (s) => sync(s));
    const rows = await teamNotes(sql);
    const entries = await logOf(sql, 'notes');
    await runAsTeamCaller(target, 'c1', store, (s) => sync(s));
    expect(await teamNotes(sql)).toEqual(rows);
    expect(await logOf(sql, 'notes')).toEqual(entries);

    const one = [...store.iterateNotes()].find((n) => n.withdrawnAt === undefined)!;
    const { withdrawnAt: _w, ...note } = one as InboxNote & { withdrawnAt?: number };
    const changed: InboxNote = { ...note, title: `${note.title} (edited)` };
    const writer = client(url.split('?')[0]!);
    const sink = teamNotesSink(writer, 'shop', 'c1', { holdsLock: () => true });
    await sink.writeNotes([changed]);
    await sink.writeNotes([changed]);
    const after = await logOf(sql, 'notes');
    expect(after.length).toBe(entries.length + 1);
    expect(after.at(-1)!.seq_nos).toEqual([one.seqNo]);
    const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM seller_desk.notes WHERE seq_no = ${one.seqNo}`;
    expect(n).toBe(1);
  });

  it('a batch of writes is one transaction: a refused write leaves none of the batch, and the next batch goes in', async () => {
    const { url, sql } = await memberUrl();
    const { store, sync } = await sandboxMirror();
    await sync(store);
    const notes = [...store.iterateNotes()].map(({ withdrawnAt: _w, ...n }) => n as InboxNote);
    const [a, b, c] = [notes.slice(0, 3), notes.slice(3, 6), notes.slice(6, 9)];
    const writer = client(url.split('?')[0]!);
    await writer`SELECT seller_desk.connection_id('shop', 'c1')`;
    const sink = teamNotesSink(writer, 'shop', 'c1', { holdsLock: () => true });
    const seller = a![0]!.sellerId;
    // The second write holds a note the database refuses (a title it cannot hold: NOT NULL).
    const refused = { ...b![0]!, title: null } as unknown as InboxNote;
    await expect(
      sink.write([
        { kind: 'slice', slice: { sellerId: seller, day: TODAY, notes: a!, complete: true }, nowMs: 1 },
        { kind: 'notes', notes: [refused, ...b!.slice(1)] },
        { kind: 'notes', notes: c! },
      ]),
    ).rejects.toThrow(/title/);
    expect(await teamNotes(sql)).toEqual([]);
    expect(await sql`SELECT 1 FROM seller_desk.coverage`).toHaveLength(0);
    expect(await logOf(sql, 'notes')).toEqual([]);
    // The same writes without the refused note: all in, in one transaction, logged in order.
    await sink.write([
      { kind: 'notes', notes: a! },
      { kind: 'notes', notes: b! },
      { kind: 'notes', notes: c! },
    ]);
    expect((await teamNotes(sql)).map((n) => n.seq_no)).toEqual(
      [...a!, ...b!, ...c!].map((n) => n.seqNo).sort((x, y) => x - y),
    );
    expect((await logOf(sql, 'notes')).map((e) => e.seq_nos)).toEqual(
      [a!, b!, c!].map((part) => part.map((n) => n.seqNo).sort((x, y) => x - y)),
    );
  });

  it('another desktop without the lock calls nothing and is told who holds it; a lost lock refuses writes', async () => {
    const { url, sql, login } = await memberUrl();
    const target = parseTeamUrl(url, {});
    const { store, sync } = await sandboxMirror();
    const lock = await takeCallerLock(target, 'c1');
    let synced = false;
    try {
      const run = await runAsTeamCaller(target, 'c1', store, async (s) => {
        synced = true;
        return sync(s);
      });
      expect(run).toMatchObject({ caller: false, holder: { login, connection: 'c1' } });
      expect(synced).toBe(false);
    } finally {
      await lock?.release();
    }
    let held = true;
    const shared = new SharedWritesStore(
      store,
      teamNotesSink(client(url.split('?')[0]!), 'shop', 'c1', { holdsLock: () => held }),
    );
    held = false;
    await expect(sync(shared)).rejects.toThrow(/no longer holds the caller lock/);
    expect(await teamNotes(sql)).toEqual([]);
  });
});
