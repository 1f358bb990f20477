import { z } from 'zod';
import type { SettingsContract } from '../../contract';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import { profileIdSchema, SANDBOX_PROFILE_ID, settingsPatchSchema } from '../../storage/settings-schema';
import { parseTeamUrl, TeamUrlError } from '../../team/team-url';
import { voidRequest } from './void-request';
import {
  MAX_TEMPLATE_FILE_BYTES,
  MAX_TEMPLATES,
  mergeTemplates,
  readTemplateFile,
  templateFile,
} from '../../storage/reply-templates';

type Channels = keyof SettingsContract;

/** A profile's team database URL, read as `desk --team` reads one (its team's name too); the first refused. */
function checkTeamUrls(profiles: readonly { teamUrl?: string }[]): void {
  profiles.forEach((p, i) => {
    if (!p.teamUrl?.trim()) return;
    try {
      parseTeamUrl(p.teamUrl.trim(), {});
    } catch (err) {
      if (!(err instanceof TeamUrlError)) throw err;
      throw new HostError('INVALID_ARGUMENT', err.message, undefined, [
        { path: ['profiles', i, 'teamUrl'], rule: 'team-url' },
      ]);
    }
  });
}

export function settingsHandlers(
  deps: Pick<HostDeps, 'settings' | 'vault' | 'mirrors' | 'syncs' | 'saveFile' | 'openFile'>,
): Pick<Handlers, Channels> {
  return {
    'settings.get': () => deps.settings.get(),
    'settings.update': (patch) => {
      checkTeamUrls(patch.profiles ?? []);
      return deps.settings.update(patch);
    },
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
    'settings.exportTemplates': async () => {
      if (!deps.saveFile) throw new HostError('INTERNAL', 'Saving files is not available in this runtime.');
      const { settings } = await deps.settings.get();
      const text = `${JSON.stringify(templateFile(settings.replyTemplates), null, 2)}\n`;
      const path = await deps.saveFile(TEMPLATE_FILE_NAME, new TextEncoder().encode(text));
      return path ? { path } : {};
    },
    'settings.importTemplates': async () => {
      if (!deps.openFile) throw new HostError('INTERNAL', 'Opening files is not available in this runtime.');
      const picked = await deps.openFile(MAX_TEMPLATE_FILE_BYTES);
      if (!picked) return { status: 'dismissed' };
      if (picked.tooLarge) return { status: 'invalid', problem: 'too-large' };
      const read = readTemplateFile(picked.data);
      if (!read.ok) return { status: 'invalid', problem: read.problem };
      const { settings } = await deps.settings.get();
      const merged = mergeTemplates(settings.replyTemplates, read.templates);
      if (merged.templates.length > MAX_TEMPLATES) return { status: 'invalid', problem: 'too-large' };
      const next = await deps.settings.update({ replyTemplates: merged.templates });
      return { status: 'imported', added: merged.added, replaced: merged.replaced, settings: next };
    },
  };
}

const TEMPLATE_FILE_NAME = 'seller-desk-reply-templates.json';

export const settingsRequestSchemas: Pick<RequestSchemas, Channels> = {
  'settings.get': voidRequest,
  'settings.update': settingsPatchSchema,
  'settings.resetNotice': voidRequest,
  'settings.removeProfile': z.strictObject({
    profileId: profileIdSchema,
    mirror: z.enum(['keep', 'delete']),
  }),
  'settings.exportTemplates': voidRequest,
  'settings.importTemplates': voidRequest,
};
