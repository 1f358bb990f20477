// Team mode's views of the inbox list (Mine / Unassigned / Everyone), their counts of what waits, who else is at
// which note, and this desktop's one presence among the page's claims, against the straightforward rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InboxNote, NoteLocalMark, TeamPresenceEntry } from '../../../src-main/contract';
import {
  TEAM_VIEWS,
  defaultFilters,
  filtersToJson,
  parseFilters,
} from '../../../src-renderer/features/inbox/model/filters';
import type { TeamView } from '../../../src-renderer/features/inbox/model/filters';
import { buildColumns, narrowView } from '../../../src-renderer/features/inbox/model/note-columns';
import {
  desktopPresence,
  presenceByNote,
  viewCounts,
  viewMask,
} from '../../../src-renderer/features/inbox/model/team-view';
import { dayEndMs, dayStartMs } from '../../../src-shared/market-day';

const DAY = '2026-07-01';
const LOGINS = ['anna', 'ben', 'cho'];
const ME = 'anna';

const noteArb = fc.record({
  replyStatus: fc.constantFrom<'NoReply' | 'ReplyComplete'>('NoReply', 'ReplyComplete'),
  handled: fc.boolean(),
  assignee: fc.option(fc.constantFrom(...LOGINS), { nil: undefined }),
  searched: fc.boolean(),
});

function world(
  raw: { replyStatus: 'NoReply' | 'ReplyComplete'; handled: boolean; assignee?: string; searched: boolean }[],
) {
  const notes = raw.map((r, i): InboxNote => ({
    seqNo: 500 + i,
    sellerId: 's',
    buyerId: 'b',
    itemNo: '1',
    itemName: 'i',
    insDate: '',
    at: dayStartMs(DAY) + i * 1000,
    title: 't',
    content: '',
    replyStatus: r.replyStatus,
    queryType: 'Item',
  }));
  const local: Record<string, NoteLocalMark> = {};
  const assignees: Record<string, string> = {};
  raw.forEach((r, i) => {
    if (r.handled) local[String(500 + i)] = { handled: true, memo: '', updatedAt: 0 };
    if (r.assignee) assignees[String(500 + i)] = r.assignee;
  });
  const hits = Uint8Array.from(raw, (r) => (r.searched ? 1 : 0));
  return { notes, local, assignees, hits };
}

const query = (hits: Uint8Array | undefined) => ({
  range: { start: DAY, end: DAY, startMs: dayStartMs(DAY), endMs: dayEndMs(DAY) },
  itemNo: '',
  orderNo: '',
  sellerId: '',
  hits,
  nowMs: dayEndMs(DAY),
  slaHours: 24,
});

const kept = (view: TeamView, assignee: string | undefined) =>
  view === 'everyone' || (view === 'mine' ? assignee === ME : assignee === undefined);

describe('team views of the list', () => {
  it('a view keeps the notes assigned to me, to nobody, or all, within the search', () => {
    fc.assert(
      fc.property(
        fc.array(noteArb, { maxLength: 40 }),
        fc.constantFrom(...TEAM_VIEWS),
        fc.boolean(),
        (raw, view, search) => {
          const w = world(raw);
          const cols = buildColumns(w.notes, w.local);
          const hits = search ? w.hits : undefined;
          const mask = viewMask(cols, view, { me: ME, assignees: w.assignees }, hits);
          const rows = [...narrowView(cols, undefined, query(mask)).rows].map((i) => w.notes[i]!.seqNo);
          const want = raw
            .map((r, i) => ({ ...r, seqNo: 500 + i }))
            .filter((r) => (!search || r.searched) && kept(view, r.assignee))
            .map((r) => r.seqNo);
          expect(rows).toEqual(want);
        },
      ),
    );
  });

  it('counts what waits (not answered, not handled) in each view', () => {
    fc.assert(
      fc.property(fc.array(noteArb, { maxLength: 40 }), (raw) => {
        const w = world(raw);
        const cols = buildColumns(w.notes, w.local);
        const counts = viewCounts(narrowView(cols, undefined, query(undefined)), {
          me: ME,
          assignees: w.assignees,
        });
        const waiting = raw.filter((r) => r.replyStatus === 'NoReply' && !r.handled);
        expect(counts).toEqual({
          mine: waiting.filter((r) => r.assignee === ME).length,
          unassigned: waiting.filter((r) => r.assignee === undefined).length,
          everyone: waiting.length,
        });
      }),
    );
  });
});

describe('the team view and the sidebar choice', () => {
  it('persist with the inbox filters; a stored value that is neither falls back to Everyone, all notes', () => {
    const f = { ...defaultFilters(), teamView: 'mine' as const, teamBadgeMine: true };
    expect(parseFilters(filtersToJson(f))).toEqual(f);
    expect(defaultFilters()).toMatchObject({ teamView: 'everyone', teamBadgeMine: false });
    expect(parseFilters({ teamView: 'theirs', teamBadgeMine: 'yes' })).toMatchObject({
      teamView: 'everyone',
      teamBadgeMine: false,
    });
  });
});

describe('presence', () => {
  const entry = (seqNo: number, login: string, state: 'viewing' | 'answering'): TeamPresenceEntry => ({
    seqNo,
    login,
    state,
    sameLogin: false,
    since: 0,
  });

  it('groups the others by note, answering first', () => {
    const by = presenceByNote([
      entry(1, 'ben', 'viewing'),
      entry(2, 'cho', 'viewing'),
      entry(1, 'cho', 'answering'),
    ]);
    expect(by.get(1)!.map((e) => `${e.login}:${e.state}`)).toEqual(['cho:answering', 'ben:viewing']);
    expect(by.get(2)!.map((e) => e.login)).toEqual(['cho']);
    expect(by.get(3)).toBeUndefined();
  });

  it('one presence for the desktop: the latest claimed note, answering when any claim on it answers', () => {
    expect(desktopPresence([])).toBeUndefined();
    expect(desktopPresence([{ seqNo: 1, state: 'viewing' }])).toEqual({ seqNo: 1, state: 'viewing' });
    // The pane views, the answer page (or a memo) answers: the desktop is answering.
    expect(
      desktopPresence([
        { seqNo: 1, state: 'viewing' },
        { seqNo: 1, state: 'answering' },
      ]),
    ).toEqual({ seqNo: 1, state: 'answering' });
    expect(
      desktopPresence([
        { seqNo: 1, state: 'answering' },
        { seqNo: 1, state: 'viewing' },
      ]),
    ).toEqual({ seqNo: 1, state: 'answering' });
    // A claim left over on another note does not make the new one answering.
    expect(
      desktopPresence([
        { seqNo: 1, state: 'answering' },
        { seqNo: 2, state: 'viewing' },
      ]),
    ).toEqual({ seqNo: 2, state: 'viewing' });
  });
});
