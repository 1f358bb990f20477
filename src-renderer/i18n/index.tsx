// i18next through react-i18next: one instance, one namespace per feature, plural rules by Intl.PluralRules.
// useI18n() keeps the shape every component uses, `{ t, lang }` with flat keys ('inbox.count').
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Lang } from './lang';
import { NAMESPACES } from './messages';
import { createDeskI18n, makeTranslate } from './translator';
import type { Translate } from './translator';

export { langFromLocale, LOCALE_OF } from './lang';
export type { Lang } from './lang';
export type { Translate } from './translator';

const LangContext = createContext<Lang>('ko');

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const [instance] = useState(() => createDeskI18n(lang));
  useEffect(() => {
    if (instance.language !== lang) void instance.changeLanguage(lang);
  }, [instance, lang]);
  return (
    <I18nextProvider i18n={instance}>
      <LangContext.Provider value={lang}>{children}</LangContext.Provider>
    </I18nextProvider>
  );
}

export function useI18n(): { t: Translate; lang: Lang } {
  const lang = useContext(LangContext);
  // Bound to the language the shell resolved, so the first render is already in it.
  const { t: fixed } = useTranslation(NAMESPACES, { lng: lang });
  return useMemo(() => ({ t: makeTranslate(fixed), lang }), [fixed, lang]);
}
