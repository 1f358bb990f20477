// A caller's sync when the team database fails under it: a full disk (a write refused mid-sync), a restart (every
// session ended mid-sync). Each ends in a clear message, nothing the database confirmed is lost, and the next sync
// completes the team's notes: the caller plans from the days the team holds, not only from its own copy, so a
// day its copy took but the team's refused is fetched again.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import type { NotesSyncRequest } from '../../../src-main/contract';
import { runAsTeamCaller } from '../../../src-main/host/team-caller';
import { syncNotes } from '../../../src-main/services/notes-sync';
import type { NotesStore } from '../../../src-main/storage/notes-store';
import { CALLER_LOCK } from '../../../src-main/team/caller-lock';
import { addMember } from '../../../src-main/team/members';
import { parseTeamUrl } from '../../../src-main/team/team-url';
import { marketDayOf } from '../../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { activeMirror } from '../../support/mirror';
import type { PgServer } from '../../support/postgres';
import { closeClients, teamDatabase, until } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  await closeClients();
});

const day = (back: number) => marketDayOf(TEST_NOW.getTime() - back * 86_400_000);
// The app's Refresh: the days the store lacks, and the newest again.
const REFRESH: NotesSyncRequest = { start: day(6), end: day(0), mode: 'refresh' };

/** The sandbox's caller: its own mirror, and a sync whose client may stop before its `at`-th call. */
async function caller(before?: { at: number; run: () => Promise<void> }) {
  const deps = createTestDeps({});
  opened.push(deps);
  const active = await deps.connection.active();
  const store = await activeMirror(deps);
  let calls = 0;
  const market = active.client.market;
  const client = {
    ...active.client,
    market: {
      ...market,
      buyerNoteList: async (...args: Parameters<typeof market.buyerNoteList>) => {
        if (before && ++calls === before.at) await before.run();
        return market.buyerNoteList(...args);
      },
    },
  } as typeof active.client;
  const sync = (s: NotesStore, req = REFRESH, signal = new AbortController().signal) =>
    syncNotes(req, {
      client,
      store: s,
      sellerIds: active.info.sellerIds,
      pageIndexBase: active.info.pageIndexBase,
      signal,
    });
  return { store, sync, sellerIds: active.info.sellerIds, calls: () => calls };
}

let members = 0;
async function member(): Promise<{ url: string; sql: Sql }> {
  const { database, sql } = await teamDatabase(pg);
  const login = `carol_${++members}`;
  const password = await addMember(sql, 'shop', login);
  return { url: `${pg.url({ user: login, password, database })}?team=shop`, sql };
}

const teamCoverage = async (sql: Sql) =>
  (
    await sql<{ k: string }[]>`
      SELECT seller_id || ' ' || day AS k FROM seller_desk.coverage WHERE team = 'shop' ORDER BY 1`
  ).map((r) => r.k);
const localCoverage = (store: NotesStore, sellers: readonly string[]) =>
  sellers.flatMap((s) => [...store.coveredDays(s)].map((d) => `${s} ${d}`)).sort();
const teamSeqs = async (sql: Sql) =>
  (
    await sql<{ s: number }[]>`
      SELECT seq_no::int AS s FROM seller_desk.notes WHERE team = 'shop' AND withdrawn_at IS NULL ORDER BY 1`
  ).map((r) => r.s);
const localSeqs = (store: NotesStore) =>
  [...store.iterateNotes()]
    .filter((n) => n.withdrawnAt === undefined)
    .map((n) => n.seqNo)
    .sort((a, b) => a - b);

describe('the team database fails under a sync', () => {
  it('a full disk refuses a slice: a clear message; the next sync fetches that day again and the team has it', async () => {
    const { url, sql } = await member();
    const target = parseTeamUrl(url, {});
    const { store, sync, sellerIds } = await caller();
    // The disk fills while the sync writes: the server refuses the third day's slice as PostgreSQL does when it
    // cannot extend a file (SQLSTATE 53100, disk_full). Simulated by a trigger: the real thing needs a full
    // file system under the test server.
    const full = day(4);
    await sql.unsafe(`
      CREATE FUNCTION seller_desk.test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.day = '${full}' THEN
            RAISE EXCEPTION 'could not extend file "base/16384/16500": No space left on device'
              USING ERRCODE = 'disk_full';
          END IF;
          RETURN NEW;
        END $$;
      CREATE TRIGGER test_disk_full BEFORE INSERT ON seller_desk.coverage
        FOR EACH ROW EXECUTE FUNCTION seller_desk.test_disk_full();`);
    await expect(runAsTeamCaller(target, 'c1', store, (s) => sync(s))).rejects.toThrow(
      /team database's disk is full .* free space on its server, then sync again/,
    );
    // The caller's own copy took every day; the team's stops before the refused one.
    expect(localCoverage(store, sellerIds)).toContain(`${sellerIds[0]} ${full}`);
    expect(await teamCoverage(sql)).not.toContain(`${sellerIds[0]} ${full}`);
    const kept = await teamCoverage(sql);

    await sql.unsafe('DROP TRIGGER test_disk_full ON seller_desk.coverage');
    const again = await runAsTeamCaller(target, 'c1', store, (s) => sync(s));
    expect(again.caller).toBe(true);
    const covered = await teamCoverage(sql);
    expect(covered).toEqual(expect.arrayContaining(kept));
    expect(covered).toEqual(localCoverage(store, sellerIds));
    expect(await teamSeqs(sql)).toEqual(localSeqs(store));
  });

  it('a restart mid-sync: a clear message; the next sync completes the team notes', async () => {
    const { url, sql } = await member();
    const target = parseTeamUrl(url, {});
    // Before the sync's fourth call to the marketplace, the team database restarts: every session ends (the
    // caller lock's too), and it accepts connections again before the sync goes on.
    const { store, sync, sellerIds } = await caller({ at: 4, run: () => pg.restart() });
    const failed = runAsTeamCaller(target, 'c1', store, (s) => sync(s));
    await expect(failed).rejects.toThrow(
      /(restarted|shut down).*everything the database confirmed before is kept; sync again/,
    );
    const partial = await teamCoverage(sql);
    expect(partial.length).toBeLessThan(localCoverage(store, sellerIds).length);

    const again = await runAsTeamCaller(target, 'c1', store, (s) => sync(s));
    expect(again.caller).toBe(true);
    expect(await teamCoverage(sql)).toEqual(localCoverage(store, sellerIds));
    expect(await teamSeqs(sql)).toEqual(localSeqs(store));
  });

  it('a caller whose lock is lost mid-sync stops at once: no call after the loss, and it says why', async () => {
    const { url, sql } = await member();
    const target = parseTeamUrl(url, {});
    let given: AbortSignal | undefined;
    let atLoss = -1;
    // Before the sync's fourth call, the lock's session is ended by the server (as when an administrator ends it,
    // or the network drops it): the caller is told through the signal its sync was handed.
    const { store, sync, calls } = await caller({
      at: 4,
      run: async () => {
        await sql`
          SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid::bigint = ${CALLER_LOCK}`;
        await until(() => given?.aborted === true);
        atLoss = calls();
      },
    });
    const failed = runAsTeamCaller(target, 'c1', store, (s, _t, signal) => {
      given = signal;
      return sync(s, { start: day(30), end: day(0), mode: 'full' }, signal);
    });
    await expect(failed).rejects.toThrow(/no longer holds the caller lock.*sync again/);
    // The calls under way when the lock went are the last ones (a full sync of 31 days makes dozens).
    expect(atLoss).toBeGreaterThanOrEqual(4);
    expect(calls()).toBe(atLoss);
  });
});
