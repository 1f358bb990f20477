// kill -9 of the app's own caller. Two app hosts, each a process of its own (test/support/team-host-child.ts), on
// one team database and one sandbox marketplace, which the test serves behind the market proxy: the proxy records
// every SOAP call in the order the marketplace saw it and which desktop sent it, and holds A's calls from one on, so
// A is certainly in the middle of its sync. A starts first and holds the caller lock; B's inbox opens (its page talks to
// B's process through the harness's bridge) and asks for its period, which A syncs for the team. A is killed with
// SIGKILL while they are held. When the database ends A's session it releases the lock, B's caller loop takes it, B
// completes the sync it had asked for, and its inbox shows the notes as synced by B's login. The calls prove the
// two callers never overlapped: none of A's after its death, none of B's before it.
import { describe, expect, it } from 'vitest';
import type { NotesMirrorStatus, NotesTeamStatus } from '../../src-main/contract';
import { createBackend } from '../../src-main/sandbox/backend';
import { startSandbox } from '../../src-main/sandbox/server';
import { TEST_NOW } from '../support/host-deps';
import { callerRuns, startMarketProxy } from '../support/market-proxy';
import type { MarketCall } from '../support/market-proxy';
import type { PgServer } from '../support/postgres';
import { useTeamPages } from './team-pages';
import { openApp } from './harness';
import { startHostChild } from './host-child';
import type { HostChild } from './host-child';
import { expectView, LONG, notesOfDays, settled } from './inbox-app';
import { until } from './settle';
import { team as openTeam } from './team-desktops';
import type { TeamMember } from './team-desktops';

let pg: PgServer;
const cleanup = useTeamPages((server) => (pg = server));

/**
 * From which of A's BuyerNoteList calls on the proxy holds them (the week's sync makes several times as many): the
 * sync sends up to four at once, so holding one alone would let it finish the rest before the kill.
 */
const HELD_FROM = 12;

const teamStatus = async (host: HostChild): Promise<NotesTeamStatus | undefined> =>
  (await host.call<NotesMirrorStatus>('notes.status', undefined)).team;

const host = (name: string, member: TeamMember, market: string) =>
  startHostChild(cleanup, {
    name,
    market,
    teamUrl: member.url,
    teamPassword: member.password,
    loopMs: 250,
    pollMs: 1000,
  });

const buyerNoteLists = (calls: readonly MarketCall[], desk: string) =>
  calls.filter((c) => c.desk === desk && c.op === 'BuyerNoteList');

describe("the app's team caller killed with SIGKILL mid-sync", () => {
  it('the other desktop takes over, completes the sync, and the two never call at once', async () => {
    const db = await openTeam(pg);
    const [anna, ben] = [db.member('anna'), db.member('ben')];
    // The one marketplace: the data every desktop's sandbox door serves, behind the proxy.
    const backend = createBackend({ seed: 42, now: TEST_NOW, notes: 2000 });
    const market = await startSandbox({ port: 0, backend });
    cleanup.push(() => market.close());
    const proxy = await startMarketProxy(market.baseUrl);
    cleanup.push(() => proxy.close());
    proxy.holdWhen = (call) =>
      call.desk === 'A' &&
      call.op === 'BuyerNoteList' &&
      buyerNoteLists(proxy.calls, 'A').length >= HELD_FROM;

    // A starts first: it holds the caller lock. B does not, and calls nothing.
    const a = await host('A', anna, proxy.baseUrl);
    expect(await teamStatus(a)).toMatchObject({ caller: true, reachable: true });
    const b = await host('B', ben, proxy.baseUrl);
    expect(await teamStatus(b)).toMatchObject({ caller: false, reachable: true });

    // B's inbox opens and asks for its period: A syncs it for the team, until the proxy holds A's call.
    const app = await openApp({ dispatcher: b.dispatcher, locale: 'ko-KR' });
    cleanup.push(() => app.close());
    b.onEvent(app.emit);
    await until("A's sync to reach its held calls", () => proxy.held.length > 0);
    const [asked] = await db.sql<{ period: [string, string] }[]>`
      SELECT detail->'period' AS period FROM seller_desk.change_log WHERE kind = 'sync-request'`;
    const [start, end] = asked!.period;
    const teamSeqNos = async () =>
      (
        await db.sql<{ s: number }[]>`
          SELECT seq_no::int AS s FROM seller_desk.notes
          WHERE team = 'shop' AND day BETWEEN ${start} AND ${end} AND withdrawn_at IS NULL ORDER BY seq_no`
      ).map((r) => r.s);
    const truth = notesOfDays(backend.notes, { start, end })
      .map((n) => n.SeqNo!)
      .sort((x, y) => x - y);
    // What A fetched before its held calls reaches the team database (each slice is its own transaction there).
    await until("A's first notes in the team database", async () => (await teamSeqNos()).length > 0);
    const notesAtKill = (await teamSeqNos()).length;
    expect(notesAtKill).toBeLessThan(truth.length);
    expect(buyerNoteLists(proxy.calls, 'B')).toEqual([]);

    // kill -9 A mid-sync.
    a.kill('SIGKILL');
    expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const killedAt = Date.now();
    // The calls the marketplace had seen when A was dead.
    const callsAtKill = proxy.calls.length;

    // The database releases A's lock with its session; B's loop takes it (a generous wait, not a measure).
    await until('B to take the caller lock', async () => (await teamStatus(b))?.caller === true, 30_000);
    const takeoverMs = Date.now() - killedAt;
    await expect.poll(() => app.page.getByTestId('team-caller').count(), LONG).toBe(1);

    // B completes the sync it asked for: its inbox's own sync ends, the team's last sync is B's, and the team
    // database and B's inbox hold every note of the period.
    await settled(app.page, app.calls);
    await until('B to record the sync', async () => (await teamStatus(b))?.syncedBy === ben.login);
    expect(await teamSeqNos()).toEqual(truth);
    await expectView(app.page, notesOfDays(backend.notes, { start, end }));
    expect(app.pageErrors).toEqual([]);

    // Never two callers: A's BuyerNoteList calls, then B's, with none of A's after its death and none of B's before.
    const [ofA, ofB] = [buyerNoteLists(proxy.calls, 'A'), buyerNoteLists(proxy.calls, 'B')];
    expect(callerRuns(proxy.calls)).toEqual(['A', 'B']);
    expect(ofA.length).toBeGreaterThanOrEqual(HELD_FROM);
    expect(ofA.every((c) => c.seq <= callsAtKill)).toBe(true);
    expect(ofB.length).toBeGreaterThan(0);
    expect(ofB.every((c) => c.seq > callsAtKill)).toBe(true);
    console.log(
      `app caller kill -9: ${truth.length} notes in the period, ${notesAtKill} in the team database at the kill; ` +
        `BuyerNoteList calls A ${ofA.length}, then B ${ofB.length}; B held the lock ${takeoverMs} ms after the kill`,
    );
  }, 240_000);
});
