// Team mode's links to a note and per-member figures: the open note's link (made from the team database's
// connection id, put on the clipboard by main), the outcome of a link the OS delivered (host/note-link-route.ts),
// and the figures of the active team profile's members for a period. A single-desktop profile has none of them.
import { z } from 'zod';
import type { TeamLinksContract, TeamMemberFiguresRow } from '../../contract';
import { INSIGHTS_MAX_DAYS } from '../../contract';
import { marketDaySchema } from '../../../src-shared/market-day-schema';
import { dayEndMs, dayStartMs, periodDays } from '../../../src-shared/market-day';
import { memberFigures } from '../../team/figures';
import { noteLinkOf } from '../../team/note-links';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import { voidRequest } from './void-request';

type Channels = keyof TeamLinksContract;

async function teamSession(deps: Pick<HostDeps, 'teams'>) {
  const session = await deps.teams?.active();
  if (!session)
    throw new HostError(
      'NOT_FOUND',
      'This profile has no team database: links and member figures are team mode only.',
    );
  return session;
}

export function teamLinksHandlers(
  deps: Pick<HostDeps, 'teams' | 'links' | 'copyText'>,
): Pick<Handlers, Channels> {
  return {
    'links.copy': async ({ seqNo }) => {
      const session = await teamSession(deps);
      const link = await session.withTeam(async ({ sql, team, connection, copy }) => {
        if (copy.notesBySeq([seqNo]).length === 0)
          throw new HostError('NOT_FOUND', `No note ${seqNo} in this profile.`);
        return noteLinkOf(sql, { team, connection, seqNo });
      });
      await deps.copyText?.(link);
      return { link };
    },
    'links.take': async () => {
      const outcome = deps.links?.take();
      return outcome ? { outcome } : {};
    },
    'team.memberFigures': async ({ from, to }) => {
      const session = await teamSession(deps);
      const rows = await session.withTeam(({ sql, team, connection }) =>
        memberFigures(sql, { team, connection }, { fromMs: dayStartMs(from), toMs: dayEndMs(to) }),
      );
      return {
        members: rows.map(({ medianReceiptToHandledMs, ...r }): TeamMemberFiguresRow => ({
          ...r,
          ...(medianReceiptToHandledMs === undefined ? {} : { medianReceiptToHandledMs }),
        })),
      };
    },
  };
}

export const teamLinksRequestSchemas: Pick<RequestSchemas, Channels> = {
  'links.copy': z.strictObject({ seqNo: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  'links.take': voidRequest,
  'team.memberFigures': z
    .strictObject({ from: marketDaySchema, to: marketDaySchema })
    .superRefine((r, ctx) => {
      const days = periodDays(r.from, r.to);
      if (days === undefined) return;
      if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
      else if (days > INSIGHTS_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: `at most ${INSIGHTS_MAX_DAYS} days` });
    }),
};
