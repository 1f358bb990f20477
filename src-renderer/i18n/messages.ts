// Every message of the UI, one i18next namespace per feature. Each feature keeps its own table beside its code;
// this file registers them. Keys stay globally unique and flat ('inbox.count'), so `t('inbox.count')` finds its
// namespace without naming it (see translator.ts), and a test checks each namespace's Korean and English keys.
import { shellEn, shellKo } from '../app/messages';
import { inboxEn, inboxKo } from '../features/inbox/messages';
import { inboxSyncEn, inboxSyncKo } from '../features/inbox/sync-failure-messages';
import { keywordsEn, keywordsKo } from '../features/keywords/messages';
import { lookbookEn, lookbookKo } from '../features/lookbook/messages';
import { networkEn, networkKo } from '../features/network/messages';
import { settingsEn, settingsKo } from '../features/settings/messages';
import { templatesEn, templatesKo } from '../features/settings/template-messages';
import { errorsEn, errorsKo } from '../ui/messages';
import type { BaseKey } from './plurals';

export const RESOURCES = {
  shell: { ko: shellKo, en: shellEn },
  errors: { ko: errorsKo, en: errorsEn },
  settings: { ko: settingsKo, en: settingsEn },
  templates: { ko: templatesKo, en: templatesEn },
  inbox: { ko: inboxKo, en: inboxEn },
  inboxSync: { ko: inboxSyncKo, en: inboxSyncEn },
  lookbook: { ko: lookbookKo, en: lookbookEn },
  keywords: { ko: keywordsKo, en: keywordsEn },
  network: { ko: networkKo, en: networkEn },
} as const;

export type Namespace = keyof typeof RESOURCES;
export const NAMESPACES = Object.keys(RESOURCES) as Namespace[];

type KoKey = {
  [N in Namespace]: keyof (typeof RESOURCES)[N]['ko'];
}[Namespace];

/** A key as code names it (plural suffixes removed). */
export type MessageKey = BaseKey<KoKey>;
