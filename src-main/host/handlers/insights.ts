import { z } from 'zod';
import type { InsightsContract } from '../../contract';
import { INSIGHTS_MAX_DAYS } from '../../contract';
import { marketDaySchema } from '../../../src-shared/market-day-schema';
import { periodDays } from '../../../src-shared/market-day';
import { isSellerId } from '../../../src-shared/seller-id';
import { insightsQuery, insightsTargets, reportOf } from '../../services/insights';
import { activeMirrorChoice, createNotesMirror } from '../../services/notes-mirror';
import { insightsFigures } from '../../storage/mirror-read-queries';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';

type Channels = keyof InsightsContract;

/**
 * The insights channel: the active profile's mirror aggregates the period, each figure by its own query, in the
 * mirror's read worker (main reads only a mirror held in memory), so main answers meanwhile; a newer report
 * cancels the older one, as the inbox's reads do.
 */
export function insightsHandlers(deps: HostDeps): Pick<Handlers, Channels> {
  const mirror = createNotesMirror(deps.mirrors);
  return {
    'insights.report': async (req, ctx) => {
      const choice = await activeMirrorChoice(deps);
      const profile = choice.active.profile;
      const c = { nowMs: deps.now(), targets: insightsTargets(profile), mirror: profile.id };
      const q = insightsQuery(req, c);
      const figures = await mirror.use(choice, (m) => {
        const reads = deps.mirrors.reads(m.store);
        return reads ? reads.ask('insights.figures', q, ctx.signal) : insightsFigures(m.store, q);
      });
      return reportOf(req, c, figures);
    },
  };
}

export const insightsRequestSchemas: Pick<RequestSchemas, Channels> = {
  'insights.report': z
    .strictObject({
      from: marketDaySchema,
      to: marketDaySchema,
      sellerId: z.string().min(1).max(64).refine(isSellerId, 'a seller ID (no spaces or markup)').optional(),
      businessDays: z.boolean().optional(),
    })
    .superRefine((r, ctx) => {
      const days = periodDays(r.from, r.to);
      if (days === undefined) return;
      if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
      else if (days > INSIGHTS_MAX_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['from'],
          message: `at most ${INSIGHTS_MAX_DAYS} days per report`,
        });
    }),
};
