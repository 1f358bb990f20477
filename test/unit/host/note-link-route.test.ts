// Links to a note delivered to the app: which argument of a launch is the link, and where a link leads (the
// routing decisions over a stand-in of the team databases; the E2E test team-links.test.ts runs the real route).
import { describe, expect, it } from 'vitest';
import { decideNoteLink, linkFromArgv } from '../../../src-main/host/note-link-route';
import type { LinkProfile, LinkWorld } from '../../../src-main/host/note-link-route';
import type { NoteLinkLookup } from '../../../src-main/team/note-links';

describe('linkFromArgv', () => {
  it.each([
    [
      'Windows second instance',
      ['C:\\App\\Seller Desk.exe', '--allow-file-access', 'sellerdesk://note/3/42'],
      'sellerdesk://note/3/42',
    ],
    [
      'Linux first launch',
      ['/opt/seller-desk/seller-desk', 'sellerdesk://note/1/7'],
      'sellerdesk://note/1/7',
    ],
    [
      'dev launch (electron, script)',
      ['/x/electron', '/x/out/main/index.js', 'sellerdesk://note/1/7'],
      'sellerdesk://note/1/7',
    ],
    [
      'the scheme in another case is still ours (refused later, not ignored)',
      ['app', 'SellerDesk://note/1/7'],
      'SellerDesk://note/1/7',
    ],
    ['a malformed link is handed on', ['app', 'sellerdesk:oops'], 'sellerdesk:oops'],
    ['the last of two', ['app', 'sellerdesk://note/1/1', 'sellerdesk://note/1/2'], 'sellerdesk://note/1/2'],
  ])('%s', (_name, argv, want) => {
    expect(linkFromArgv(argv)).toBe(want);
  });

  it.each([
    ['a plain launch', ['/opt/seller-desk/seller-desk']],
    ['flags and paths only', ['app', '--inspect', '/tmp/sellerdesk://note/1/2']],
    ['another scheme', ['app', 'https://note/1/2']],
    ['not text', [undefined, 42, null]],
  ])('none in %s', (_name, argv) => {
    expect(linkFromArgv(argv as unknown[])).toBeUndefined();
  });
});

/** A desktop's team profiles over stand-in databases: url → connection id → { key, notes (SeqNo → at) }. */
function world(
  profiles: LinkProfile[],
  dbs: Record<string, Record<number, { key: string; notes: Record<number, number> }> | 'down'>,
): LinkWorld & { asked: string[] } {
  const asked: string[] = [];
  return {
    profiles,
    asked,
    lookup: async (url, link): Promise<NoteLinkLookup> => {
      asked.push(url);
      const db = dbs[url];
      if (db === 'down' || db === undefined) throw new Error('unreachable');
      const c = db[link.connection];
      if (!c) return { kind: 'unknown-connection' };
      const at = c.notes[link.seqNo];
      return at === undefined
        ? { kind: 'unknown-note', connection: c.key }
        : { kind: 'note', connection: c.key, at };
    },
  };
}

const A = 'postgres://anna@db/shop?team=shop';
const B = 'postgres://anna@other/shop?team=shop';

describe('decideNoteLink', () => {
  it('refuses a malformed link with its reason, asking no database', async () => {
    const w = world([{ id: 'p', active: true, teamUrl: A, connection: 'k1' }], {});
    expect(await decideNoteLink('sellerdesk://note/01/2', w)).toEqual({
      open: false,
      reason: 'malformed',
      detail: 'bad-connection',
    });
    expect(await decideNoteLink('https://example.com', w)).toMatchObject({ detail: 'not-a-note-link' });
    expect(w.asked).toEqual([]);
  });

  it('refuses every link on a desktop without a team profile', async () => {
    expect(await decideNoteLink('sellerdesk://note/1/2', world([], {}))).toEqual({
      open: false,
      reason: 'no-team',
    });
  });

  it('opens the note in the active profile when its team and endpoint hold it', async () => {
    const w = world(
      [
        { id: 'other', active: false, teamUrl: A, connection: 'k1' },
        { id: 'mine', active: true, teamUrl: A, connection: 'k1' },
      ],
      { [A]: { 5: { key: 'k1', notes: { 42: 1000 } } } },
    );
    expect(await decideNoteLink('sellerdesk://note/5/42', w)).toEqual({
      open: true,
      profileId: 'mine',
      seqNo: 42,
      at: 1000,
      switchTo: false,
    });
  });

  it("switches to the profile whose endpoint is the link's connection", async () => {
    const w = world(
      [
        { id: 'shop1', active: true, teamUrl: A, connection: 'k1' },
        { id: 'shop2', active: false, teamUrl: A, connection: 'k2' },
      ],
      { [A]: { 5: { key: 'k1', notes: {} }, 6: { key: 'k2', notes: { 42: 7 } } } },
    );
    expect(await decideNoteLink('sellerdesk://note/6/42', w)).toMatchObject({
      open: true,
      profileId: 'shop2',
      switchTo: true,
    });
  });

  it('asks the active profile’s database first, then the others once each', async () => {
    const w = world(
      [
        { id: 'b1', active: false, teamUrl: B, connection: 'kb' },
        { id: 'b2', active: false, teamUrl: B, connection: 'kb2' },
        { id: 'a', active: true, teamUrl: A, connection: 'ka' },
      ],
      { [A]: {}, [B]: { 9: { key: 'kb', notes: { 3: 5 } } } },
    );
    expect(await decideNoteLink('sellerdesk://note/9/3', w)).toMatchObject({
      profileId: 'b1',
      switchTo: true,
    });
    expect(w.asked).toEqual([A, B]);
  });

  it.each([
    ['an unknown connection', { [A]: {} }, 'unknown-connection'],
    ['an unknown note', { [A]: { 1: { key: 'k1', notes: {} } } }, 'unknown-note'],
    [
      'a connection of the team no profile here uses',
      { [A]: { 1: { key: 'elsewhere', notes: { 2: 1 } } } },
      'no-profile',
    ],
    ['a database that cannot be asked', { [A]: 'down' as const }, 'unreachable'],
  ])('refuses %s', async (_name, dbs, reason) => {
    const w = world([{ id: 'p', active: true, teamUrl: A, connection: 'k1' }], dbs);
    expect(await decideNoteLink('sellerdesk://note/1/2', w)).toEqual({ open: false, reason });
  });

  it('tells the most telling refusal of several databases', async () => {
    const w = world(
      [
        { id: 'a', active: true, teamUrl: A, connection: 'k1' },
        { id: 'b', active: false, teamUrl: B, connection: 'k1' },
      ],
      { [A]: 'down', [B]: { 1: { key: 'k1', notes: {} } } },
    );
    expect(await decideNoteLink('sellerdesk://note/1/2', w)).toEqual({ open: false, reason: 'unknown-note' });
  });
});
