// `desk take SEQNO --team URL` and `desk history SEQNO --team URL`: working as a team from the command line. take
// makes the note the member's own (the database decides between simultaneous takers and names who has it when the
// take is refused); history prints the note's timeline with each step's author (the database login). The endpoint
// flags say which connection of the team (as for desk mark).
import { takeNote } from '../../team/assignments';
import { noteTimeline } from '../../team/timeline';
import { withTeamDb } from '../../team/team-db';
import { UsageError } from '../cli-error';
import type { EndpointPlan } from '../endpoint';
import { teamConnectionKey } from '../mirror';
import { renderTable } from '../text-table';
import { teamTarget } from './team';

interface Io {
  stdout: { write(text: string): unknown };
  env: Record<string, string | undefined>;
}

interface Ctx {
  plan: EndpointPlan;
  format: string;
  team: string | undefined;
}

function seqNoArg(args: readonly string[], command: 'take' | 'history'): number {
  const [raw, ...extra] = args;
  if (raw === undefined || !/^[1-9]\d{0,15}$/u.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(
      `desk ${command} needs the note's SeqNo (digits), e.g. desk ${command} 1234 --team URL.`,
    );
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" for ${command}.`);
  return Number(raw);
}

const when = (d: Date | undefined): string =>
  d ? `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '';

export async function runTeamTake(args: readonly string[], ctx: Ctx, io: Io): Promise<number> {
  const seqNo = seqNoArg(args, 'take');
  const target = teamTarget(ctx.team, io.env);
  const ref = { team: target.team, connection: teamConnectionKey(ctx.plan), seqNo };
  const taken = await withTeamDb(target, (db) => takeNote(db.sql, ref));
  if (ctx.format === 'json') {
    io.stdout.write(`${JSON.stringify({ seqNo, taken: taken.done, assignee: taken.assignee })}\n`);
  } else {
    io.stdout.write(
      taken.done
        ? `Note ${seqNo} is yours now.\n`
        : `Note ${seqNo} was yours already (since ${when(taken.assignedAt)}).\n`,
    );
  }
  return 0;
}

export async function runTeamHistory(args: readonly string[], ctx: Ctx, io: Io): Promise<number> {
  const seqNo = seqNoArg(args, 'history');
  const target = teamTarget(ctx.team, io.env);
  const ref = { team: target.team, connection: teamConnectionKey(ctx.plan), seqNo };
  const events = await withTeamDb(target, (db) => noteTimeline(db.sql, ref));
  if (events.length === 0)
    throw new UsageError(`SeqNo ${seqNo} is not among the team's notes of this connection.`);
  if (ctx.format === 'json') {
    io.stdout.write(`${JSON.stringify(events.map((e) => ({ ...e, at: e.at.toISOString() })))}\n`);
    return 0;
  }
  const rows = events.map((e) => ({
    at: when(e.at),
    step: e.kind,
    by: e.author ?? 'buyer',
    detail: e.detail ?? '',
  }));
  io.stdout.write(
    renderTable(rows, [
      { key: 'at', title: 'At' },
      { key: 'step', title: 'Step' },
      { key: 'by', title: 'By' },
      { key: 'detail', title: 'Detail', max: 60 },
    ]),
  );
  return 0;
}
