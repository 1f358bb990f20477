// `npm start` previews the built app: build it first when out/ is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const built = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
const stale =
  built.some((f) => !existsSync(f)) ||
  Math.max(newest('src-main'), newest('src-renderer')) > Math.min(...built.map((f) => statSync(f).mtimeMs));
if (stale) execSync('npx electron-vite build', { stdio: 'inherit' });
