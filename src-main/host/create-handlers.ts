import { z } from 'zod';
import type { AppInfo } from '../contract';
import type { Handlers, RequestSchemas } from './dispatch';

export interface HostDeps {
  appInfo: AppInfo;
}

export function createHandlers(deps: HostDeps): Handlers {
  return {
    'app.info': async () => deps.appInfo,
  };
}

export const requestSchemas: RequestSchemas = {
  'app.info': z
    .void()
    .or(z.undefined())
    .or(z.null())
    .transform(() => undefined),
};
