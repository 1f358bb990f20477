// The host: every channel of the contract mapped to its handler, and the request schemas checked before it runs.
import type { Handlers, RequestSchemas } from './dispatch';
import type { HostDeps } from './host-deps';
import { settingsHandlers, settingsRequestSchemas } from './handlers/settings';
import { shellHandlers, shellRequestSchemas } from './handlers/shell';
import { vaultHandlers, vaultRequestSchemas } from './handlers/vault';
import { voidRequest } from './handlers/void-request';
import { connectionHandlers, connectionRequestSchemas } from './handlers/connection';
import { notesHandlers, notesRequestSchemas } from './handlers/notes';
import { lookbookHandlers, lookbookRequestSchemas } from './handlers/lookbook';
import { suggestHandlers, suggestRequestSchemas } from './handlers/suggest';
import { insightsHandlers, insightsRequestSchemas } from './handlers/insights';
import { figuresHandlers, figuresRequestSchemas } from './handlers/figures';
import { teamHandlers, teamRequestSchemas } from './handlers/team';
import { teamLinksHandlers, teamLinksRequestSchemas } from './handlers/team-links';
import { teamNotesHandlers, teamNotesRequestSchemas } from './handlers/team-notes';

// Each domain contributes its part; the `Handlers` type makes a missing channel a compile error.
export function createHandlers(given: HostDeps): Handlers {
  // Every path the app saved this session: the only ones "show in folder" may reveal.
  const saved = new Set<string>();
  const { saveFile, chooseSavePath } = given;
  const deps: HostDeps = { ...given };
  if (saveFile)
    deps.saveFile = async (name, data) => {
      const path = await saveFile(name, data);
      if (path !== undefined) saved.add(path);
      return path;
    };
  if (chooseSavePath)
    deps.chooseSavePath = async (name) => {
      const path = await chooseSavePath(name);
      if (path !== undefined) saved.add(path);
      return path;
    };
  return {
    'app.info': async () => deps.appInfo,
    ...shellHandlers({ ...deps, savedThisSession: (path) => saved.has(path) }),
    ...settingsHandlers(deps),
    ...vaultHandlers(deps),
    ...connectionHandlers(deps),
    ...notesHandlers(deps),
    ...lookbookHandlers(deps),
    ...suggestHandlers(deps),
    ...insightsHandlers(deps),
    ...figuresHandlers(deps),
    ...teamHandlers(deps),
    ...teamLinksHandlers(deps),
    ...teamNotesHandlers(deps),
  };
}

export const requestSchemas: RequestSchemas = {
  'app.info': voidRequest,
  ...shellRequestSchemas,
  ...settingsRequestSchemas,
  ...vaultRequestSchemas,
  ...connectionRequestSchemas,
  ...notesRequestSchemas,
  ...lookbookRequestSchemas,
  ...suggestRequestSchemas,
  ...insightsRequestSchemas,
  ...figuresRequestSchemas,
  ...teamRequestSchemas,
  ...teamLinksRequestSchemas,
  ...teamNotesRequestSchemas,
};
