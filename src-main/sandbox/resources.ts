import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the repository's `resources/` folder is, found from this module's own location.
//
// From source (tsx, vitest) this file is src-main/sandbox/resources.ts; once electron-vite has bundled the main
// process it runs as out/main/index.js. Both sit exactly two folders below the repo root, so `../../resources`
// is the answer in both cases. We still walk further up when that guess has no `resources/sandbox`, so a bundle
// emitted one level deeper (or a test harness that copies the module) keeps working instead of failing on a
// missing file at runtime.
const MARKER = join('resources', 'sandbox');

let cachedRoot: string | undefined;

function findResourcesRoot(): string {
  if (cachedRoot !== undefined) return cachedRoot;
  const here = dirname(fileURLToPath(import.meta.url));
  const guess = resolve(here, '..', '..');
  const candidates = [guess];
  for (let dir = here; ;) {
    candidates.push(dir);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const root = candidates.find((dir) => existsSync(join(dir, MARKER)));
  if (root === undefined) throw new Error(`resources/sandbox not found above ${here}`);
  cachedRoot = join(root, 'resources');
  return cachedRoot;
}

/** Absolute path of a file under the repo's `resources/` folder, e.g. `resourcePath('sandbox/keywords.json')`. */
export function resourcePath(rel: string): string {
  return join(findResourcesRoot(), rel);
}

/** Parsed JSON resource; each file is read once per process since the data files never change at runtime. */
const jsonCache = new Map<string, unknown>();
export function readJsonResource<T>(rel: string): T {
  if (!jsonCache.has(rel)) jsonCache.set(rel, JSON.parse(readFileSync(resourcePath(rel), 'utf8')) as unknown);
  return jsonCache.get(rel) as T;
}
