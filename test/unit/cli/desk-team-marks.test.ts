// Marks and memos shared through the team database from the command line: `desk mark` writes as the member's own
// login (the author set by the database), `desk notes --offline --team` lists the team's notes with each note's
// mark, memo and last change's author, and each member's desktop pull sees the other's marks.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import type { InboxNote } from '../../../src-main/contract';
import { main } from '../../../src-main/cli/desk';
import { planEndpoint } from '../../../src-main/cli/endpoint';
import { teamConnectionKey } from '../../../src-main/cli/mirror';
import { takeCallerLock } from '../../../src-main/team/caller-lock';
import { addMember } from '../../../src-main/team/members';
import { parseTeamUrl } from '../../../src-main/team/team-url';
import { teamNotesSink } from '../../../src-main/team/notes-sink';
import { pullTeam } from '../../../src-main/team/pull';
import { dayStartMs } from '../../../src-shared/market-day';
import { openMirror } from '../../support/mirror';
import type { PgServer } from '../../support/postgres';
import { client, closeClients, teamDatabase } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
const closing: (() => void)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) c();
  await closeClients();
});

async function desk(argv: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    env: { HOME: '/nonexistent', ...env },
  });
  return { code, out, err };
}

const DAY = '2026-11-20';
const note = (seqNo: number): InboxNote =>
  ({
    seqNo,
    buyerId: 'buyer1',
    sellerId: 's1',
    itemNo: 'item1',
    itemName: 'Linen shirt',
    insDate: `${DAY}T10:0${seqNo}:00`,
    title: `Question ${seqNo}`,
    content: 'When does it ship?',
    replyStatus: 'NoReply',
    queryType: 'Item',
    at: dayStartMs(DAY) + 10 * 3_600_000 + seqNo * 60_000,
  }) as InboxNote;

let n = 0;
/** A team with two members and three notes of the sandbox's connection (the endpoint flags' default). */
async function shop() {
  const { database, sql: admin } = await teamDatabase(pg);
  const connection = teamConnectionKey(await planEndpoint({}, ['market'], {}));
  await admin`SELECT seller_desk.connection_id('shop', ${connection})`;
  const members = [];
  for (const name of ['ann', 'ben']) {
    const login = `${name}_${++n}`;
    const password = await addMember(admin, 'shop', login);
    members.push({ login, url: `${pg.url({ user: login, password, database })}?team=shop` });
  }
  const sink = teamNotesSink(admin, 'shop', connection, { holdsLock: () => true });
  await sink.writeSlice({ sellerId: 's1', day: DAY, notes: [1, 2, 3].map(note), complete: true }, 1);
  return { admin, connection, members: members as [(typeof members)[0], (typeof members)[0]] };
}

const memberSql = (url: string): Sql => client(url.split('?')[0]!);

describe('desk mark and desk notes --offline --team', () => {
  it("each member's mark is seen by the other's pull, and the list names who changed each note last", async () => {
    const { connection, members } = await shop();
    const [ann, ben] = members;
    const handled = await desk(['mark', '2', '--handled', '--team', ann.url]);
    expect(handled.err).toBe('');
    expect(handled.out).toBe(`Note 2: handled, no memo (last changed by ${ann.login}).\n`);
    const memo = await desk(['mark', '3', '--memo', 'sent the tracking number', '--team', ben.url]);
    expect(memo.out).toBe(
      `Note 3: not handled, memo "sent the tracking number" (last changed by ${ben.login}).\n`,
    );
    // Ben adds a memo to Ann's handled note: the handled mark stays, the author is Ben now.
    await desk(['mark', '2', '--memo', 'refund done', '--team', ben.url]);

    for (const m of members) {
      const copy = openMirror(mkdtempSync(join(tmpdir(), 'team-copy-')));
      closing.push(() => copy.close());
      await pullTeam(memberSql(m.url), 'shop', connection, copy.store);
      expect([...copy.store.marks()].map(([s, k]) => [s, k.handled, k.memo])).toEqual([
        [2, true, 'refund done'],
        [3, false, 'sent the tracking number'],
      ]);
    }

    const listed = await desk([
      'notes',
      '--offline',
      '--team',
      ann.url,
      '--from',
      DAY,
      '--to',
      DAY,
      '--format',
      'json',
    ]);
    expect(listed.err).toBe('');
    const rows = (JSON.parse(listed.out) as { SendNote: { SeqNo: number; Local: unknown }[] }).SendNote;
    expect(rows.map((r) => [r.SeqNo, r.Local])).toEqual([
      [1, { Handled: false, Memo: '', ChangedBy: '' }],
      [2, { Handled: true, Memo: 'refund done', ChangedBy: ben.login }],
      [3, { Handled: false, Memo: 'sent the tracking number', ChangedBy: ben.login }],
    ]);
    const table = await desk(['notes', '--offline', '--team', ben.url, '--from', DAY, '--to', DAY]);
    expect(table.out).toContain(ben.login);
    expect(table.out).toMatch(/3 notes, /);
  });

  it('the history keeps every change with its author; a mark that changes nothing writes nothing', async () => {
    const { admin, members } = await shop();
    const [ann, ben] = members;
    await desk(['mark', '1', '--handled', '--team', ann.url]);
    await desk(['mark', '1', '--handled', '--team', ben.url]);
    await desk(['mark', '1', '--unhandled', '--team', ben.url]);
    const history = await admin<{ author: string; handled: boolean }[]>`
      SELECT author, (after->>'handled')::boolean AS handled FROM seller_desk.history ORDER BY id`;
    expect(history.map((h) => ({ ...h }))).toEqual([
      { author: ann.login, handled: true },
      { author: ben.login, handled: false },
    ]);
  });

  it('refuses a SeqNo the team does not hold, no change asked, and a mark without --team', async () => {
    const { members } = await shop();
    const unknown = await desk(['mark', '99', '--handled', '--team', members[0].url]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('SeqNo 99 is not among the team');
    expect((await desk(['mark', '1', '--team', members[0].url])).code).toBe(2);
    expect((await desk(['mark', '1', '--handled'])).err).toMatch(/needs --team URL or SELLER_DESK_TEAM/);
  });

  it('desk sync --team: the caller fills the team database; with the lock held elsewhere nothing is called, exit 0', async () => {
    const { admin, connection, members } = await shop();
    const [ann, ben] = members;
    const dataDir = mkdtempSync(join(tmpdir(), 'team-sync-'));
    const args = ['sync', '--now', '2026-11-20T09:00:00+09:00', '--from', '2026-11-18', '--to', DAY];
    const synced = await desk([...args, '--data-dir', dataDir, '--team', ann.url]);
    expect(synced.err).toBe('');
    expect(synced.code).toBe(0);
    expect(synced.out).toMatch(/^Synced 2026-11-18 to 2026-11-20: 3 of 3 days saved whole/);
    const [outcome] = await admin<{ synced_by: string; notes: number }[]>`
      SELECT synced_by, (SELECT count(*)::int FROM seller_desk.notes n
                         WHERE n.team = 'shop' AND n.connection = ${connection} AND n.seller_id <> 's1') AS notes
      FROM seller_desk.sync_outcome WHERE team = 'shop' AND connection = ${connection}`;
    expect(outcome?.synced_by).toBe(ann.login);
    expect(outcome?.notes).toBeGreaterThan(0);

    const lock = await takeCallerLock(parseTeamUrl(ben.url, {}), connection);
    try {
      const busy = await desk([...args, '--data-dir', dataDir, '--team', ann.url]);
      expect(busy.code).toBe(0);
      expect(busy.out).toBe(
        `${ben.login}'s desktop is syncing this connection for the team; nothing was called (--wait waits).\n`,
      );
    } finally {
      await lock?.release();
    }
  });
});
