import type { LookbookContract } from '../../contract';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../create-handlers';

type Channels = keyof LookbookContract;

export function lookbookHandlers(_deps: HostDeps): Pick<Handlers, Channels> {
  return {};
}

export const lookbookRequestSchemas: Pick<RequestSchemas, Channels> = {};
