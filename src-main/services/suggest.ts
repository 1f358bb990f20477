// The suggest service as the seller's app uses it: one typed call per operation on the active connection,
// cancellable end to end. Results pass through untouched, so the UI can show every field as the server sent it.
import type { RequestOf, ResultOf, SuggestOperationName } from '../schema';
import type { ConnectionManager } from './connection';

export interface SuggestService {
  query<N extends SuggestOperationName>(op: N, req: RequestOf<N>, signal?: AbortSignal): Promise<ResultOf<N>>;
}

export function createSuggestService(connection: Pick<ConnectionManager, 'active'>): SuggestService {
  return {
    async query(op, req, signal) {
      signal?.throwIfAborted();
      const { client } = await connection.active();
      // Starting the sandbox can take a moment; a hint that went stale meanwhile must not reach the wire.
      signal?.throwIfAborted();
      const { data } = await client.call(op, req, { signal });
      return data;
    },
  };
}
