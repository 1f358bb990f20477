import type { Profile } from '../../src-main/contract';
import type { Translate } from '../i18n/translator';

/** The built-in sandbox is named in the UI's language; a live profile by the name its seller gave it. */
export function profileLabel(profile: Pick<Profile, 'kind' | 'name'>, t: Translate): string {
  return profile.kind === 'sandbox' ? t('profile.sandbox') : profile.name;
}
