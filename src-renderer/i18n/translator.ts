// The i18next instance behind useI18n(), kept free of React so unit tests run it in Node. Messages use
// `{name}` placeholders and `{name, number}` for a number grouped in the UI's language; a numeric `count`
// picks the plural form (Korean has one, English one/other).
import i18next from 'i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import { formatNumber } from '../format/numbers';
import { NAMESPACES, RESOURCES } from './messages';
import type { Lang } from './lang';
import type { MessageKey, Namespace } from './messages';

export type { Lang } from './lang';

export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Which namespace holds each key, so callers keep writing flat keys. */
const NAMESPACE_OF: ReadonlyMap<string, Namespace> = new Map(
  NAMESPACES.flatMap((ns) =>
    Object.keys(RESOURCES[ns].ko).map((key) => [key.replace(PLURAL_SUFFIX, ''), ns] as const),
  ),
);

export function namespaceOf(key: string): Namespace | undefined {
  return NAMESPACE_OF.get(key);
}

export function createDeskI18n(lang: Lang = 'ko'): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    (['ko', 'en'] as const).map((l) => [
      l,
      Object.fromEntries(NAMESPACES.map((ns) => [ns, RESOURCES[ns][l]])),
    ]),
  );
  void instance.init({
    resources,
    lng: lang,
    supportedLngs: ['ko', 'en'],
    fallbackLng: false,
    ns: NAMESPACES,
    defaultNS: 'shell',
    // Keys are flat strings with dots in them; nothing is nested and no key names its namespace.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  // Grouping must not break a value that arrives already formatted (or as a word): only numbers are grouped.
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) =>
    typeof value === 'number' ? formatNumber(value, lng === 'en' ? 'en' : 'ko') : String(value),
  );
  return instance;
}

/** Reads a count for plural selection; "1,234" (already grouped) counts as 1234. */
function countOf(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? value : Number(value.replaceAll(',', ''));
}

/** The typed `t` over one language's fixed i18next function; messages without variables are cached. */
export function makeTranslate(fixed: TFunction): Translate {
  const plain = new Map<string, string>();
  return (key, vars) => {
    if (vars === undefined) {
      let text = plain.get(key);
      if (text === undefined) {
        text = String(fixed(key, { ns: NAMESPACE_OF.get(key) }));
        plain.set(key, text);
      }
      return text;
    }
    return String(fixed(key, { ns: NAMESPACE_OF.get(key), replace: vars, count: countOf(vars['count']) }));
  };
}

/** A translator for one language outside React (tests, and code that runs before the tree mounts). */
export function translatorFor(lang: Lang, instance: I18n = createDeskI18n(lang)): Translate {
  return makeTranslate(instance.getFixedT(lang));
}
