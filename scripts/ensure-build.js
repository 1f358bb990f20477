// `npm start` and the E2E tests use the built app: build it when out/ is missing or older than anything the
// build reads (every source folder, the bundled resources, the build config and the locked dependencies).
// Run as a script (`node scripts/ensure-build.js`) or imported (`ensureBuild()`, by scripts/start.js); both work
// on the project in the current folder.
import { spawnSync } from 'node:child_process';
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

function isStale() {
  return (
    BUILT.some((f) => !existsSync(f)) ||
    Math.max(...INPUTS.map(newest)) > Math.min(...BUILT.map((f) => statSync(f).mtimeMs))
  );
}

/** Builds when out/ is stale; returns the build's exit status (0 when nothing had to be built). */
export function ensureBuild() {
  if (!isStale()) {
    console.log('ensure-build: out/ is newer than every source; not rebuilding');
    return 0;
  }
  // Through a shell so that npx resolves on every OS (npx.cmd on Windows).
  const build = spawnSync('npx electron-vite build', { stdio: 'inherit', shell: true });
  return build.status ?? 1;
}

if (import.meta.main) process.exitCode = ensureBuild();
