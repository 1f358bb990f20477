// The team notes channels (team mode only): the memo thread, the history and the statuses of one note, through the
// active profile's team session. A profile without a team database is refused with NOT_FOUND.
import { z } from 'zod';
import type {
  TeamHistoryStep,
  TeamMemoChangeResult,
  TeamMemoThread,
  TeamNoteStateView,
  TeamNotesContract,
  TeamStatusChange,
} from '../../contract';
import { TEAM_MEMO_MAX_CHARS, TEAM_REASON_MAX_CHARS } from '../../contract';
import { addMemo, deleteMemo, editMemo, memoThread, StaleMemoError } from '../../team/memo-thread';
import type { MemoEntry } from '../../team/memo-thread';
import { setNoteStatus } from '../../team/statuses';
import type { NoteStatusChange } from '../../team/statuses';
import { noteTimeline } from '../../team/timeline';
import type { TimelineEvent } from '../../team/timeline';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import type { TeamSession } from '../team-session';
import { voidRequest } from './void-request';

type Channels = keyof TeamNotesContract;

const entryOf = (e: MemoEntry) => ({
  id: e.id,
  author: e.author,
  body: e.body,
  version: e.version,
  createdAt: e.createdAt.getTime(),
  ...(e.editedAt ? { editedAt: e.editedAt.getTime() } : {}),
});

const stepOf = (e: TimelineEvent): TeamHistoryStep => {
  // A snooze's end crosses as epoch ms (the renderer words it in the seller's zone).
  const detail = e.kind === 'snoozed' && e.detail !== undefined ? String(Date.parse(e.detail)) : e.detail;
  return {
    at: e.at.getTime(),
    kind: e.kind,
    ...(e.author !== undefined ? { author: e.author } : {}),
    ...(detail !== undefined ? { detail } : {}),
  };
};

export function teamNotesHandlers(deps: Pick<HostDeps, 'teams' | 'now'>): Pick<Handlers, Channels> {
  const session = async (): Promise<TeamSession> => {
    const team = await deps.teams?.active();
    if (!team) throw new HostError('NOT_FOUND', 'This profile has no team database.');
    return team;
  };
  const thread = async (team: TeamSession, seqNo: number): Promise<TeamMemoThread> => ({
    seqNo,
    me: team.login(),
    entries: (await team.onNote(seqNo, (sql, ref) => memoThread(sql, ref))).map(entryOf),
  });
  /** An edit or delete: a stale one writes nothing and answers the thread as it is now. */
  const change = async (
    seqNo: number,
    run: Parameters<TeamSession['onNote']>[1],
  ): Promise<TeamMemoChangeResult> => {
    const team = await session();
    try {
      await team.onNote(seqNo, run);
      return { outcome: 'saved', thread: await thread(team, seqNo) };
    } catch (err) {
      if (!(err instanceof StaleMemoError)) throw err;
      return { outcome: 'stale', thread: await thread(team, seqNo) };
    }
  };
  const stateOf = (team: TeamSession, seqNo: number): TeamNoteStateView =>
    team.teamStates().find((s) => s.seqNo === seqNo) ?? { seqNo };

  return {
    'teamNotes.thread': async ({ seqNo }) => thread(await session(), seqNo),
    'teamNotes.addMemo': async ({ seqNo, body }) => {
      const team = await session();
      await team.onNote(seqNo, (sql, ref) => addMemo(sql, ref, body));
      return thread(team, seqNo);
    },
    'teamNotes.editMemo': ({ seqNo, id, version, body }) =>
      change(seqNo, (sql) => editMemo(sql, id, version, body)),
    'teamNotes.deleteMemo': ({ seqNo, id, version }) => change(seqNo, (sql) => deleteMemo(sql, id, version)),
    'teamNotes.history': async ({ seqNo }) => {
      const team = await session();
      const events = await team.onNote(seqNo, (sql, ref) => noteTimeline(sql, ref));
      return { seqNo, steps: events.map(stepOf) };
    },
    'teamNotes.states': async () => ({ states: (await session()).teamStates() }),
    'teamNotes.setStatus': async ({ seqNo, change: wanted }) => {
      const team = await session();
      const now = deps.now();
      if ('snoozedUntil' in wanted && wanted.snoozedUntil <= now)
        throw new HostError('INVALID_ARGUMENT', 'A snooze must end in the future.');
      const changed = await team.onNote(seqNo, (sql, ref) =>
        setNoteStatus(sql, ref, statusChangeOf(wanted), new Date(now)),
      );
      // What the copy will hold once the pull brings the change (it comes within a moment).
      const { snoozedUntil: _s, noReplyReason: _r, ...rest } = stateOf(team, seqNo);
      return { state: { ...rest, ...('clear' in wanted ? {} : wanted) }, changed };
    },
  };
}

function statusChangeOf(c: TeamStatusChange): NoteStatusChange {
  if ('snoozedUntil' in c) return { snoozedUntil: new Date(c.snoozedUntil) };
  if ('noReplyReason' in c) return { noReplyReason: c.noReplyReason };
  return { clear: true };
}

const seqNo = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const version = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const body = z.string().trim().min(1).max(TEAM_MEMO_MAX_CHARS);
/** A snooze ends within a year (epoch ms). */
const instant = z.number().int().positive().max(8.64e15);

export const teamNotesRequestSchemas: Pick<RequestSchemas, Channels> = {
  'teamNotes.thread': z.strictObject({ seqNo }),
  'teamNotes.addMemo': z.strictObject({ seqNo, body }),
  'teamNotes.editMemo': z.strictObject({ seqNo, id, version, body }),
  'teamNotes.deleteMemo': z.strictObject({ seqNo, id, version }),
  'teamNotes.history': z.strictObject({ seqNo }),
  'teamNotes.states': voidRequest,
  'teamNotes.setStatus': z.strictObject({
    seqNo,
    change: z.union([
      z.strictObject({ snoozedUntil: instant }),
      z.strictObject({ noReplyReason: z.string().trim().min(1).max(TEAM_REASON_MAX_CHARS) }),
      z.strictObject({ clear: z.literal(true) }),
    ]),
  }),
};
