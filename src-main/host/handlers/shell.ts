import { z } from 'zod';
import { MAX_HTTP_URL_LENGTH, safeHttpUrl } from '../../../src-shared/absolute-uri';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';

type Channels = 'shell.openExternal' | 'shell.showItemInFolder';

// The only links the OS may open for the renderer are safe http(s) addresses (safeHttpUrl: a host, no embedded
// credentials). Everything else (javascript:, file:, data:, custom schemes, relative paths) could run code or
// open local files outside the sandbox.

export function shellHandlers(deps: {
  openExternal: (url: string) => Promise<void>;
  showItemInFolder?: (path: string) => Promise<void>;
  /** Whether the app saved this exact path in this session. */
  savedThisSession: (path: string) => boolean;
}): Pick<Handlers, Channels> {
  return {
    'shell.showItemInFolder': async ({ path }) => {
      if (!deps.savedThisSession(path)) {
        throw new HostError('NOT_FOUND', 'Only a file this app saved in this session can be shown.');
      }
      if (!deps.showItemInFolder) throw new HostError('NOT_FOUND', 'Showing files is not available here.');
      await deps.showItemInFolder(path);
    },
    'shell.openExternal': async ({ url }) => {
      const href = safeHttpUrl(url);
      // The schema already refused it; this guards a caller that bypasses the dispatcher.
      if (!href) throw new HostError('INVALID_ARGUMENT', 'Only http(s) links can be opened.');
      // Only the normalized href reaches the OS, never the raw string the renderer sent.
      await deps.openExternal(href); // eng-disable OPEN_EXTERNAL_JS_CHECK
    },
  };
}

export const shellRequestSchemas: Pick<RequestSchemas, Channels> = {
  'shell.showItemInFolder': z.strictObject({ path: z.string().min(1).max(4096) }),
  'shell.openExternal': z.strictObject({
    url: z
      .string()
      .max(MAX_HTTP_URL_LENGTH)
      .refine((u) => safeHttpUrl(u) !== undefined, 'only absolute http(s) URLs can be opened'),
  }),
};
