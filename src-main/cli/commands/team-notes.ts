// `desk mark SEQNO --handled | --unhandled | --memo TEXT --team URL` and `desk notes --offline --team URL`: the
// team's marks and notes, read and written in the team database (the author of a change is the database login,
// set by the database). The endpoint flags say which connection of the team (as for desk sync).
import { setTeamMark, teamNotesWithMarks } from '../../team/marks';
import type { TeamMark } from '../../team/marks';
import { withTeamDb } from '../../team/team-db';
import { UsageError } from '../cli-error';
import type { EndpointPlan } from '../endpoint';
import { teamConnectionKey } from '../mirror';
import { teamTarget } from './team';
import { formatOfflineNotes, offlineNotes } from './notes';
import type { NotesQuery } from './notes';
import { dateTimeInstant } from '../../../src-shared/date-time';
import { KOREA_OFFSET_MINUTES } from '../../../src-shared/market-day';

interface Io {
  stdout: { write(text: string): unknown };
  env: Record<string, string | undefined>;
}

export interface MarkFlags {
  team?: string;
  handled?: boolean;
  unhandled?: boolean;
  memo?: string;
}

/** The change `desk mark` asks for. */
function markPatch(
  args: readonly string[],
  flags: MarkFlags,
): { seqNo: number; patch: { handled?: boolean; memo?: string } } {
  const [raw, ...extra] = args;
  if (raw === undefined || !/^\d{1,10}$/u.test(raw) || Number(raw) > 2_147_483_647) {
    throw new UsageError(
      "desk mark needs the note's SeqNo (digits), e.g. desk mark 1234 --handled --team URL.",
    );
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" for mark.`);
  if (flags.handled && flags.unhandled)
    throw new UsageError('--handled and --unhandled together say nothing.');
  const patch = {
    ...(flags.handled ? { handled: true } : flags.unhandled ? { handled: false } : {}),
    ...(flags.memo !== undefined ? { memo: flags.memo } : {}),
  };
  if (Object.keys(patch).length === 0)
    throw new UsageError('desk mark needs --handled, --unhandled or --memo TEXT.');
  return { seqNo: Number(raw), patch };
}

function markText(seqNo: number, m: TeamMark): string {
  const memo = m.memo === '' ? 'no memo' : `memo "${m.memo}"`;
  return `Note ${seqNo}: ${m.handled ? 'handled' : 'not handled'}, ${memo} (last changed by ${m.changedBy}).`;
}

export async function runTeamMark(
  args: readonly string[],
  flags: MarkFlags,
  ctx: { plan: EndpointPlan; format: string; nowMs: number },
  io: Io,
): Promise<number> {
  const { seqNo, patch } = markPatch(args, flags);
  const target = teamTarget(flags.team, io.env);
  const connection = teamConnectionKey(ctx.plan);
  const mark = await withTeamDb(target, (db) =>
    setTeamMark(db.sql, { team: target.team, connection, seqNo }, patch, ctx.nowMs),
  );
  io.stdout.write(
    ctx.format === 'json' ? `${JSON.stringify({ seqNo, ...mark })}\n` : `${markText(seqNo, mark)}\n`,
  );
  return 0;
}

/** `desk notes --offline --team URL`: the team's notes with each note's mark, memo and last change's author. */
export async function runTeamNotes(
  query: NotesQuery,
  ctx: { plan: EndpointPlan; format: string; team: string | undefined },
  io: Io,
): Promise<number> {
  const target = teamTarget(ctx.team, io.env);
  const connection = teamConnectionKey(ctx.plan);
  const range = {
    startMs: dateTimeInstant(query.StartDate, KOREA_OFFSET_MINUTES)!,
    endMs: dateTimeInstant(query.EndDate, KOREA_OFFSET_MINUTES)!,
  };
  const held = await withTeamDb(target, (db) =>
    teamNotesWithMarks(db.sql, { team: target.team, connection }, range),
  );
  const found = offlineNotes({ iterateNotes: () => held.notes, marks: () => held.marks }, query);
  const authors = new Map([...held.marks].map(([seq, m]) => [seq, m.changedBy]));
  io.stdout.write(formatOfflineNotes({ ...found, authors }, ctx.format, query, held.asOf));
  return 0;
}
