import type { SettingsContract } from '../../contract';
import type { Handlers, RequestSchemas } from '../dispatch';
import { settingsPatchSchema } from '../settings-schema';
import type { SettingsStore } from '../settings-store';
import { voidRequest } from './void-request';

type Channels = keyof SettingsContract;

export function settingsHandlers(deps: { settings: SettingsStore }): Pick<Handlers, Channels> {
  return {
    'settings.get': () => deps.settings.get(),
    'settings.update': (patch) => deps.settings.update(patch),
    'settings.resetNotice': () => deps.settings.dismissNotice(),
  };
}

export const settingsRequestSchemas: Pick<RequestSchemas, Channels> = {
  'settings.get': voidRequest,
  'settings.update': settingsPatchSchema,
  'settings.resetNotice': voidRequest,
};
