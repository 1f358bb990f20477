// `desk take SEQNO --team URL` and `desk history SEQNO --team URL`: a take makes the note the member's own and is
// refused naming who has it; history prints the note's steps with their database logins.
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import { planEndpoint } from '../../../src-main/cli/endpoint';
import { teamConnectionKey } from '../../../src-main/cli/mirror';
import { addMember } from '../../../src-main/team/members';
import { teamNotesSink } from '../../../src-main/team/notes-sink';
import type { PgServer } from '../../support/postgres';
import { inboxNote } from '../../support/team-inbox';
import { closeClients, teamDatabase } from '../../support/team-db';
import { usePostgres } from '../../support/use-postgres';

let pg: PgServer;
usePostgres((server) => (pg = server));
afterEach(closeClients);

async function desk(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    env: { HOME: '/nonexistent' },
  });
  return { code, out, err };
}

describe('desk take and desk history', () => {
  it('takes a note, refuses a second taker naming the first, and prints the history with its authors', async () => {
    const { database, sql: admin } = await teamDatabase(pg);
    const connection = teamConnectionKey(await planEndpoint({}, ['market'], {}));
    await admin`SELECT seller_desk.connection_id('shop', ${connection})`;
    await teamNotesSink(admin, 'shop', connection, { holdsLock: () => true }).writeNotes(
      [1, 2].map((s) => inboxNote(s)),
    );
    const urls: string[] = [];
    for (const login of ['ann_cli', 'ben_cli']) {
      const password = await addMember(admin, 'shop', login);
      urls.push(`${pg.url({ user: login, password, database })}?team=shop`);
    }
    const [ann, ben] = urls as [string, string];

    expect(await desk(['take', '2', '--team', ann])).toMatchObject({
      code: 0,
      out: 'Note 2 is yours now.\n',
    });
    const refused = await desk(['take', '2', '--team', ben]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('ann_cli has note 2 already');
    expect((await desk(['take', '2', '--team', ann])).out).toMatch(/^Note 2 was yours already/u);
    expect(JSON.parse((await desk(['take', '1', '--team', ben, '--format', 'json'])).out)).toEqual({
      seqNo: 1,
      taken: true,
      assignee: 'ben_cli',
    });

    const history = await desk(['history', '2', '--team', ben]);
    expect(history.code).toBe(0);
    const lines = history.out.trimEnd().split('\n').slice(2);
    expect(lines.map((l) => l.split(/\s{2,}/u).slice(1))).toEqual([
      ['received', 'buyer'],
      ['first-seen', pg.superuser],
      ['assigned', 'ann_cli', 'ann_cli'],
    ]);
    const json = JSON.parse((await desk(['history', '2', '--team', ben, '--format', 'json'])).out) as {
      kind: string;
      author?: string;
    }[];
    expect(json.map((e) => [e.kind, e.author])).toEqual([
      ['received', undefined],
      ['first-seen', pg.superuser],
      ['assigned', 'ann_cli'],
    ]);
    expect((await desk(['history', '9', '--team', ben])).code).toBe(2);
    expect((await desk(['take', 'x', '--team', ben])).code).toBe(2);
  }, 60_000);

  it('desk --help lists both', async () => {
    const help = (await desk(['--help'])).out;
    expect(help).toContain('take SEQNO');
    expect(help).toContain('history SEQNO');
  });
});
