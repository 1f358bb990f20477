// Every namespace's tables, assembled by the shell, which sits on top of the features: the i18n row imports no
// feature. Each table declares its own namespace (`declare module '…/i18n/messages'` beside it); `Resources`
// makes this list name every declared namespace, each once, or typecheck fails.
import type { Lang } from '../i18n/lang';
import type { Namespace, Resources } from '../i18n/messages';
import { namespaceMap, namespacesOf, translatorOver } from '../i18n/translator';
import type { Translate } from '../i18n/translator';
import { inboxEn, inboxKo } from '../features/inbox/messages';
import { inboxSyncEn, inboxSyncKo } from '../features/inbox/sync-failure-messages';
import { inboxTeamEn, inboxTeamKo } from '../features/inbox/team-messages';
import { inboxTeamNotesEn, inboxTeamNotesKo } from '../features/inbox/team-notes-messages';
import { insightsEn, insightsKo } from '../features/insights/messages';
import { keywordsEn, keywordsKo } from '../features/keywords/messages';
import { lookbookEn, lookbookKo } from '../features/lookbook/messages';
import { networkEn, networkKo } from '../features/network/messages';
import { settingsEn, settingsKo } from '../features/settings/messages';
import { errorsEn, errorsKo } from '../ui/messages';
import { templatesEn, templatesKo } from '../ui/template-messages';
import { shellEn, shellKo } from './messages';

export const RESOURCES: Resources = {
  shell: { ko: shellKo, en: shellEn },
  errors: { ko: errorsKo, en: errorsEn },
  settings: { ko: settingsKo, en: settingsEn },
  templates: { ko: templatesKo, en: templatesEn },
  inbox: { ko: inboxKo, en: inboxEn },
  inboxSync: { ko: inboxSyncKo, en: inboxSyncEn },
  inboxTeam: { ko: inboxTeamKo, en: inboxTeamEn },
  inboxTeamNotes: { ko: inboxTeamNotesKo, en: inboxTeamNotesEn },
  insights: { ko: insightsKo, en: insightsEn },
  lookbook: { ko: lookbookKo, en: lookbookEn },
  keywords: { ko: keywordsKo, en: keywordsEn },
  network: { ko: networkKo, en: networkEn },
};

export const NAMESPACES: readonly Namespace[] = namespacesOf(RESOURCES);

/** The namespace that holds a key (plural suffix removed), if any. */
export function namespaceOf(key: string): Namespace | undefined {
  return namespaceMap(RESOURCES).get(key);
}

/** A translator for one language outside React (tests, and code that runs before the tree mounts). */
export function translatorFor(lang: Lang): Translate {
  return translatorOver(RESOURCES, lang);
}
