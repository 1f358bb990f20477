import type { NotesContract } from '../../contract';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../create-handlers';

type Channels = keyof NotesContract;

export function notesHandlers(_deps: HostDeps): Pick<Handlers, Channels> {
  return {};
}

export const notesRequestSchemas: Pick<RequestSchemas, Channels> = {};
