import { z } from 'zod';
import type { SettingsContract } from '../../contract';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import { profileIdSchema, SANDBOX_PROFILE_ID, settingsPatchSchema } from '../../storage/settings-schema';
import { voidRequest } from './void-request';

type Channels = keyof SettingsContract;

export function settingsHandlers(
  deps: Pick<HostDeps, 'settings' | 'vault' | 'mirrors' | 'syncs'>,
): Pick<Handlers, Channels> {
  return {
    'settings.get': () => deps.settings.get(),
    'settings.update': (patch) => deps.settings.update(patch),
    'settings.resetNotice': () => deps.settings.dismissNotice(),
    'settings.removeProfile': async ({ profileId, mirror }) => {
      const { settings } = await deps.settings.get();
      const profile = settings.profiles.find((p) => p.id === profileId);
      if (!profile) throw new HostError('NOT_FOUND', `No profile "${profileId}".`);
      if (profile.kind === 'sandbox') {
        throw new HostError('INVALID_ARGUMENT', 'The built-in sandbox profile cannot be removed.');
      }
      const next = await deps.settings.update({
        profiles: settings.profiles.filter((p) => p.id !== profileId),
        activeProfileId:
          settings.activeProfileId === profileId ? SANDBOX_PROFILE_ID : settings.activeProfileId,
      });
      await deps.vault.clear(profileId);
      // A sync still filling its mirror stops first; a deleted mirror's file must be closed to go.
      const files = deps.mirrors.profileMirrors(profileId);
      if (files.some((f) => deps.syncs.cancel(f.file))) await deps.syncs.idle();
      deps.mirrors.removeProfile(profileId, mirror);
      return next;
    },
  };
}

export const settingsRequestSchemas: Pick<RequestSchemas, Channels> = {
  'settings.get': voidRequest,
  'settings.update': settingsPatchSchema,
  'settings.resetNotice': voidRequest,
  'settings.removeProfile': z.strictObject({
    profileId: profileIdSchema,
    mirror: z.enum(['keep', 'delete']),
  }),
};
