// The renderer's stylesheets keep to the shared pieces: text sizes come from the type scale in the global
// stylesheet, and the repeated utilities (chip, banner, icon button, field, visually-hidden) live once, as CSS
// Modules beside their components in src-renderer/ui/, not again in a feature's stylesheet.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = 'src-renderer';
const GLOBAL = join(ROOT, 'app', 'styles.css');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}
const files = cssFiles(ROOT).filter((f) => !f.endsWith('fonts.css'));
const read = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

describe('renderer stylesheets', () => {
  it('size every text from the type scale, whose steps the global stylesheet defines', () => {
    const defined = new Set([...read(GLOBAL).matchAll(/(--text-[a-z0-9]+):/g)].map((m) => m[1]));
    expect(defined.size).toBeGreaterThan(5);
    const offenders: string[] = [];
    for (const f of files) {
      for (const m of read(f).matchAll(/font-size:\s*([^;]+);/g)) {
        const value = m[1]!.trim();
        const token = /^var\((--text-[a-z0-9]+)\)$/.exec(value)?.[1];
        if (!token || !defined.has(token)) offenders.push(`${relative(ROOT, f)}: font-size: ${value}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('define the shared pieces only once, in src-renderer/ui', () => {
    // The feature classes these pieces replaced; a feature stylesheet defining one again repeats a piece.
    const replaced = [
      'chip',
      'kw-chip',
      'sr-only',
      'lb-visually-hidden',
      'icon-btn',
      'kw-icon-btn',
      'inbox-banner',
      'field',
      'field-error',
    ];
    const offenders: string[] = [];
    for (const f of files.filter((f) => !f.startsWith(join(ROOT, 'ui')))) {
      const css = read(f);
      for (const name of replaced) {
        if (new RegExp(`\\.${name}(?![\\w-])`).test(css)) offenders.push(`${relative(ROOT, f)}: .${name}`);
      }
    }
    expect(offenders).toEqual([]);
    const modules = files.filter((f) => f.startsWith(join(ROOT, 'ui')));
    expect(modules.map((f) => relative(ROOT, f)).sort()).toEqual([
      'ui/Banner.module.css',
      'ui/Chip.module.css',
      'ui/Field.module.css',
      'ui/IconButton.module.css',
      'ui/Marked.module.css',
      'ui/VisuallyHidden.module.css',
    ]);
  });
});
