// i18next through react-i18next: one instance, one namespace per feature, plural rules by Intl.PluralRules.
// useI18n() keeps the shape every component uses, `{ t, lang }` with flat keys ('inbox.count').
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Lang } from './lang';
import type { Resources } from './messages';
import { createDeskI18n, makeTranslate, namespacesOf } from './translator';
import type { Translate } from './translator';

export { langFromLocale, LOCALE_OF } from './lang';
export type { Lang } from './lang';
export type { Translate } from './translator';

interface I18nValue {
  t: Translate;
  lang: Lang;
}

const I18nContext = createContext<I18nValue | undefined>(undefined);

/** `resources`: every namespace's tables, handed over by the shell (app/message-registry.ts). */
export function I18nProvider({
  lang,
  resources,
  children,
}: {
  lang: Lang;
  resources: Resources;
  children: ReactNode;
}) {
  const [instance] = useState(() => createDeskI18n(resources, lang));
  useEffect(() => {
    if (instance.language !== lang) void instance.changeLanguage(lang);
  }, [instance, lang]);
  return (
    <I18nextProvider i18n={instance}>
      <Translations lang={lang} resources={resources}>
        {children}
      </Translations>
    </I18nextProvider>
  );
}

/**
 * The one place that binds the translator: every component reads it from context. A list row calling
 * react-i18next's hook itself costs a few hooks and a subscription per row and render.
 */
function Translations({
  lang,
  resources,
  children,
}: {
  lang: Lang;
  resources: Resources;
  children: ReactNode;
}) {
  // Bound to the language the shell resolved, so the first render is already in it.
  const namespaces = useMemo(() => namespacesOf(resources), [resources]);
  const { t: fixed } = useTranslation(namespaces, { lng: lang });
  const value = useMemo(() => ({ t: makeTranslate(fixed, resources), lang }), [fixed, resources, lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n() outside I18nProvider');
  return value;
}
