import { z } from 'zod';
import type { TeamContract } from '../../contract';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import type { TeamWork } from '../team-work';
import { voidRequest } from './void-request';

type Channels = keyof TeamContract;

/** The team channels: the active profile's team session does the work; a single desktop has none (NOT_FOUND). */
export function teamHandlers(deps: Pick<HostDeps, 'teams'>): Pick<Handlers, Channels> {
  const work = async (): Promise<TeamWork> => {
    const session = await deps.teams?.active();
    if (!session) throw new HostError('NOT_FOUND', 'This profile has no team database.');
    return session.work;
  };
  return {
    'team.assignees': async () => {
      const w = await work();
      return { me: w.me, assignees: w.assignees() };
    },
    'team.members': async () => {
      const w = await work();
      return { me: w.me, members: await w.members() };
    },
    'team.take': async ({ seqNo }) => (await work()).take(seqNo),
    'team.assign': async ({ seqNo, to, expected }) => (await work()).assign(seqNo, to, expected),
    'team.heartbeat': async ({ seqNo, state }) => void (await (await work()).heartbeat(seqNo, state)),
    'team.leave': async () => void (await (await work()).leave()),
    'team.presence': async () => ({ entries: (await work()).presence() }),
    'team.beforeAnswering': async ({ seqNo }) => (await work()).beforeAnswering(seqNo),
    'team.waitingMine': async ({ lateBeforeMs, nowMs }) => (await work()).waitingMine(lateBeforeMs, nowMs),
  };
}

const seqNo = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const login = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/u, 'a member login')
  .nullable();

export const teamRequestSchemas: Pick<RequestSchemas, Channels> = {
  'team.assignees': voidRequest,
  'team.members': voidRequest,
  'team.take': z.strictObject({ seqNo }),
  'team.assign': z.strictObject({ seqNo, to: login, expected: login }),
  'team.heartbeat': z.strictObject({ seqNo, state: z.enum(['viewing', 'answering']) }),
  'team.leave': voidRequest,
  'team.presence': voidRequest,
  'team.beforeAnswering': z.strictObject({ seqNo }),
  'team.waitingMine': z.strictObject({
    lateBeforeMs: z.number().int().nonnegative(),
    nowMs: z.number().int().nonnegative().optional(),
  }),
};
