import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_OF } from '../../../src-renderer/i18n/lang';
import type { Lang } from '../../../src-renderer/i18n/lang';
import {
  NAMESPACES,
  RESOURCES,
  namespaceOf,
  translatorFor,
} from '../../../src-renderer/app/message-registry';
import type { MessageKey } from '../../../src-renderer/i18n/messages';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The renderer's row of a file: the shell, one feature, or 'ui' for ui/ and the rows under it. */
function rowOf(file: string): string {
  const path = file.split('\\').join('/');
  if (/^src-renderer\/(app\/|main\.tsx$)/.test(path)) return 'shell';
  const feature = /^src-renderer\/features\/([^/]+)\//.exec(path);
  return feature ? `feature:${feature[1]}` : 'ui';
}
const table = (ns: (typeof NAMESPACES)[number], lang: Lang): Record<string, string> => RESOURCES[ns][lang];
const baseKeys = (t: Record<string, string>) => [
  ...new Set(Object.keys(t).map((k) => k.replace(PLURAL, ''))),
];
const vars = (s: string) => [...s.matchAll(/\{(\w+)(?:,[^}]*)?\}/g)].map((m) => m[1]).sort();

describe('messages', () => {
  it.each(NAMESPACES)('namespace %s has the same keys in Korean and English', (ns) => {
    expect(baseKeys(table(ns, 'en')).sort()).toEqual(baseKeys(table(ns, 'ko')).sort());
  });

  it('each plural message has exactly the forms its language needs (Korean one, English one and other)', () => {
    for (const lang of ['ko', 'en'] as const) {
      const categories = new Intl.PluralRules(LOCALE_OF[lang]).resolvedOptions().pluralCategories.sort();
      for (const ns of NAMESPACES) {
        const forms = new Map<string, string[]>();
        for (const key of Object.keys(table(ns, lang))) {
          const m = PLURAL.exec(key);
          if (m) forms.set(key.replace(PLURAL, ''), [...(forms.get(key.replace(PLURAL, '')) ?? []), m[1]!]);
        }
        for (const [key, got] of forms) expect(got.sort(), `${lang} ${key}`).toEqual(categories);
      }
    }
    // The premise of the check above.
    expect(new Intl.PluralRules('ko-KR').resolvedOptions().pluralCategories).toEqual(['other']);
  });

  it('a plural message is plural in both languages, and takes a count', () => {
    for (const ns of NAMESPACES) {
      const pluralIn = (lang: Lang) =>
        new Set(
          Object.keys(table(ns, lang))
            .filter((k) => PLURAL.test(k))
            .map((k) => k.replace(PLURAL, '')),
        );
      expect([...pluralIn('en')].sort(), ns).toEqual([...pluralIn('ko')].sort());
      for (const key of pluralIn('ko'))
        expect(vars(table(ns, 'ko')[`${key}_other`]!), key).toContain('count');
    }
  });

  it('no message is empty and placeholders match between languages', () => {
    for (const ns of NAMESPACES) {
      const ko = table(ns, 'ko');
      const en = table(ns, 'en');
      for (const key of Object.keys(en)) {
        const koText = ko[key] ?? ko[key.replace(PLURAL, '_other')]!;
        expect(en[key]!.trim(), key).not.toBe('');
        expect(koText.trim(), key).not.toBe('');
        // A singular may say "one" instead of the number.
        const expected = key.endsWith('_one') ? vars(koText).filter((v) => v !== 'count') : vars(koText);
        const got = key.endsWith('_one') ? vars(en[key]!).filter((v) => v !== 'count') : vars(en[key]!);
        expect(got, key).toEqual(expected);
      }
    }
  });

  it('every key lives in exactly one namespace', () => {
    const seen = new Map<string, string>();
    for (const ns of NAMESPACES) {
      for (const key of baseKeys(table(ns, 'ko'))) {
        expect(seen.get(key), `${key} in ${ns}`).toBeUndefined();
        seen.set(key, ns);
      }
    }
  });

  it('a file speaks only the messages of its own row and the rows under it (a feature, ui; never the shell)', () => {
    // Who declares each namespace, read from the tables' own `declare module` (not from the registry).
    const owner = new Map<string, string>();
    for (const file of sources('src-renderer')) {
      const declared = /interface Messages \{\s*(\w+):/.exec(readFileSync(file, 'utf8'));
      if (declared) owner.set(declared[1]!, rowOf(file));
    }
    expect(owner.size).toBe(NAMESPACES.length);
    const wrong: string[] = [];
    for (const file of sources('src-renderer')) {
      const row = rowOf(file);
      if (row === 'shell') continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g)) {
        const from = owner.get(namespaceOf(m[1]!) ?? '');
        if (from !== 'ui' && from !== row) wrong.push(`${file}: ${m[1]} (${from})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every literal key the renderer uses exists', () => {
    const used = new Set<string>();
    for (const file of sources('src-renderer')) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => namespaceOf(k) === undefined)).toEqual([]);
  });
});

describe('translating with i18next', () => {
  const ko = translatorFor('ko');
  const en = translatorFor('en');

  it('picks the English singular and plural, and groups the number', () => {
    expect(en('network.count', { count: 1 })).toBe('1 request');
    expect(en('network.count', { count: 2 })).toBe('2 requests');
    expect(en('network.count', { count: 0 })).toBe('0 requests');
    expect(en('network.count', { count: 82241 })).toBe('82,241 requests');
    expect(en('lookbook.total', { count: 1 })).toBe('1 item in total');
    expect(en('inbox.count', { count: 1 })).toBe('1 note');
  });

  it('has one Korean form for every count, grouped', () => {
    expect(ko('network.count', { count: 1 })).toBe('1건');
    expect(ko('network.count', { count: 82241 })).toBe('82,241건');
    expect(ko('lookbook.total', { count: 15297 })).toBe('전체 상품 15,297개');
  });

  it('still picks the form when a count arrives already formatted, and never re-formats it', () => {
    expect(en('inbox.count', { count: '1' })).toBe('1 note');
    expect(en('inbox.count', { count: '1,234' })).toBe('1,234 notes');
  });

  it('fills placeholders that are not counts as given', () => {
    expect(en('vault.title', { profile: 'Shop A' })).toBe('Tickets — Shop A');
    expect(ko('kw.basket.bytes', { count: 12, limit: 100 })).toBe('12바이트 / 100');
  });

  it('answers a message without placeholders, in each language', () => {
    const key: MessageKey = 'nav.inbox';
    expect(ko(key)).toBe('문의함');
    expect(en(key)).toBe('Inbox');
  });
});
