import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';

// The preload runs in a sandboxed renderer: one CommonJS file, no ESM, only `electron` required.
describe('build output', () => {
  beforeAll(() => {
    if (!existsSync('out/preload') || !existsSync('out/main') || !existsSync('out/renderer/index.html')) {
      execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
    }
  }, 120_000);

  it('writes exactly one CommonJS preload that requires nothing but electron', () => {
    const files = readdirSync('out/preload');
    expect(files).toEqual(['index.cjs']);
    const code = readFileSync('out/preload/index.cjs', 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/\bimport\s*\(/);
    expect(code).not.toMatch(/^\s*export\s/m);
    const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });

  it('leaves node:sqlite to the runtime: main imports it, never bundles it', () => {
    const code = readFileSync('out/main/index.js', 'utf8');
    expect(code).toMatch(/^import \{[^}]*\bDatabaseSync\b[^}]*\} from "node:sqlite";$/m);
  });

  it('writes main and renderer', () => {
    expect(existsSync('out/main/index.js')).toBe(true);
    const html = readFileSync('out/renderer/index.html', 'utf8');
    expect(html).toContain('./assets/');
    expect(html).toContain("script-src 'self'");
  });
});
