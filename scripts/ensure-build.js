// `npm start` and the E2E tests use the built app: build it when out/ is missing or older than anything the
// build reads (every source folder, the bundled resources, the build config and the locked dependencies).
import { execSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = [
  'src-main',
  'src-renderer',
  'src-shared',
  'resources',
  'electron.vite.config.ts',
  'package-lock.json',
];
const BUILT = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of readdirSync(path)) t = Math.max(t, newest(join(path, e)));
  return t;
}

const stale =
  BUILT.some((f) => !existsSync(f)) ||
  Math.max(...INPUTS.map(newest)) > Math.min(...BUILT.map((f) => statSync(f).mtimeMs));
if (stale) execSync('npx electron-vite build', { stdio: 'inherit' });
else console.log('ensure-build: out/ is newer than every source; not rebuilding');
