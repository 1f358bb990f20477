// The i18next instance behind useI18n(), kept free of React so unit tests run it in Node. Messages use
// `{name}` placeholders and `{name, number}` for a number grouped in the UI's language; a numeric `count`
// picks the plural form (Korean has one, English one/other).
import i18next from 'i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import { formatNumber } from '../format/numbers';
import type { Lang } from './lang';
import type { MessageKey, Namespace, Resources } from './messages';

export type { Lang } from './lang';

export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The namespaces of a set of tables, in their order. */
export function namespacesOf(resources: Resources): Namespace[] {
  return Object.keys(resources) as Namespace[];
}

const NAMESPACE_MAPS = new WeakMap<Resources, ReadonlyMap<string, Namespace>>();

/** Which namespace holds each key, so callers keep writing flat keys. */
export function namespaceMap(resources: Resources): ReadonlyMap<string, Namespace> {
  let map = NAMESPACE_MAPS.get(resources);
  if (!map) {
    map = new Map(
      namespacesOf(resources).flatMap((ns) =>
        Object.keys(resources[ns].ko).map((key) => [key.replace(PLURAL_SUFFIX, ''), ns] as const),
      ),
    );
    NAMESPACE_MAPS.set(resources, map);
  }
  return map;
}

/** An i18next instance over the tables the shell hands over (app/message-registry.ts). */
export function createDeskI18n(resources: Resources, lang: Lang = 'ko'): I18n {
  const instance = i18next.createInstance();
  const namespaces = namespacesOf(resources);
  const byLang = Object.fromEntries(
    (['ko', 'en'] as const).map((l) => [
      l,
      Object.fromEntries(namespaces.map((ns) => [ns, resources[ns][l]])),
    ]),
  );
  void instance.init({
    resources: byLang,
    lng: lang,
    supportedLngs: ['ko', 'en'],
    fallbackLng: false,
    ns: namespaces,
    defaultNS: namespaces[0],
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

/** Distinct messages with variables remembered per language: a list re-renders the same few ("3분", "2시간"). */
const CACHE_LIMIT = 5000;

/**
 * The typed `t` over one language's fixed i18next function. Results are cached by key and variables: i18next
 * takes microseconds per interpolated message, and the inbox asks for the same ones on every keystroke.
 */
export function makeTranslate(fixed: TFunction, resources: Resources): Translate {
  let translate = TRANSLATORS.get(fixed);
  if (!translate) TRANSLATORS.set(fixed, (translate = translator(fixed, namespaceMap(resources))));
  return translate;
}

/** One translator (and cache) per fixed function, shared by every component of the same language. */
const TRANSLATORS = new WeakMap<TFunction, Translate>();

function translator(fixed: TFunction, namespaceOf: ReadonlyMap<string, Namespace>): Translate {
  const cache = new Map<string, string>();
  return (key, vars) => {
    let id: string = key;
    if (vars !== undefined) for (const name in vars) id += `\u0000${name}\u0001${vars[name]}`;
    let text = cache.get(id);
    if (text === undefined) {
      const options =
        vars === undefined
          ? { ns: namespaceOf.get(key) }
          : { ns: namespaceOf.get(key), replace: vars, count: countOf(vars['count']) };
      text = String(fixed(key, options));
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(id, text);
    }
    return text;
  };
}

/** A translator for one language outside React (tests, and code that runs before the tree mounts). */
export function translatorOver(
  resources: Resources,
  lang: Lang,
  instance: I18n = createDeskI18n(resources, lang),
): Translate {
  return makeTranslate(instance.getFixedT(lang), resources);
}
