import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { en, ko } from './messages';
import type { MessageKey } from './messages';

export type Lang = 'ko' | 'en';

/** Korean for a Korean OS locale, English otherwise. */
export function langFromLocale(locale: string | undefined): Lang {
  return locale?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;
const I18nContext = createContext<{ lang: Lang; t: Translate }>({ lang: 'ko', t: (k) => ko[k] });

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const value = useMemo(() => {
    const table = lang === 'ko' ? ko : en;
    const t: Translate = (key, vars) => {
      let text: string = table[key] ?? key;
      if (vars) for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
      return text;
    };
    return { lang, t };
  }, [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  return useContext(I18nContext);
}
