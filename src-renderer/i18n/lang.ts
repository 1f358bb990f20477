/** The UI's languages. Korean first: the marketplace and most of its sellers are Korean. */
export type Lang = 'ko' | 'en';

/** The Intl locale each language formats numbers and dates with. */
export const LOCALE_OF: Readonly<Record<Lang, string>> = { ko: 'ko-KR', en: 'en-US' };

/** Korean for a Korean OS locale, English otherwise. */
export function langFromLocale(locale: string | undefined): Lang {
  return locale?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}
