// Every message of the UI, one i18next namespace per feature. Each feature keeps its own table beside its code
// and registers it there: the table declares its namespace into `Messages` below (TypeScript's declaration
// merging, so `t('inbox.count')` is typed without this file importing any feature), and the shell, which sits on
// top, hands the tables themselves to I18nProvider (app/message-registry.ts, checked against `Messages` by the
// type `Resources`). Keys stay globally unique and flat ('inbox.count'), so `t('inbox.count')` finds its
// namespace without naming it (see translator.ts), and a test checks each namespace's Korean and English keys.
import type { BaseKey, EnglishOf } from './plurals';

/**
 * The Korean table of each namespace, declared by the table's own file:
 * `declare module '…/i18n/messages' { interface Messages { inbox: typeof inboxKo } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Messages {}

export type Namespace = keyof Messages;

/** Every namespace's tables, Korean and English: what the shell hands to I18nProvider. */
export type Resources = {
  readonly [N in Namespace]: { readonly ko: Messages[N]; readonly en: EnglishOf<Messages[N]> };
};

type KoKey = {
  [N in Namespace]: keyof Messages[N] & string;
}[Namespace];

/** A key as code names it (plural suffixes removed). */
export type MessageKey = BaseKey<KoKey>;
