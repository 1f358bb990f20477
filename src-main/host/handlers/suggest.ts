import type { SuggestContract } from '../../contract';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../create-handlers';

type Channels = keyof SuggestContract;

export function suggestHandlers(_deps: HostDeps): Pick<Handlers, Channels> {
  return {};
}

export const suggestRequestSchemas: Pick<RequestSchemas, Channels> = {};
