import { z } from 'zod';
import type { ConnectionContract, NetworkContract } from '../../contract';
import type { ConnectionManager } from '../../services/connection';
import type { Handlers, RequestSchemas } from '../dispatch';
import { voidRequest } from './void-request';

type Channels = keyof ConnectionContract | keyof NetworkContract;

export function connectionHandlers(deps: { connection: ConnectionManager }): Pick<Handlers, Channels> {
  return {
    'connection.info': async () => (await deps.connection.active()).info,
    'connection.test': () => deps.connection.test(),
    'network.list': async (req) => deps.connection.network.list(req),
    'network.get': async ({ id }) => deps.connection.network.get(id) ?? null,
    'network.clear': async () => deps.connection.network.clear(),
  };
}

export const connectionRequestSchemas: Pick<RequestSchemas, Channels> = {
  'connection.info': voidRequest,
  'connection.test': voidRequest,
  'network.list': z
    .object({ operation: z.string().max(100).optional(), outcome: z.enum(['ok', 'error']).optional() })
    .strict()
    .or(
      z
        .undefined()
        .or(z.null())
        .transform(() => ({})),
    ),
  'network.get': z.object({ id: z.number().int().nonnegative() }).strict(),
  'network.clear': voidRequest,
};
