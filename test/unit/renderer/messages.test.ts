import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, ko } from '../../../src-renderer/i18n/messages';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('messages', () => {
  it('ko and en have the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ko).sort());
  });

  it('no message is empty and placeholders match between languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(ko) as (keyof typeof ko)[]) {
      expect(ko[key].trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      expect(vars(en[key]), key).toEqual(vars(ko[key]));
    }
  });

  it('every literal key the renderer uses exists', () => {
    const used = new Set<string>();
    for (const file of sources('src-renderer')) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !(k in ko))).toEqual([]);
  });
});
