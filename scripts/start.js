// `npm start`: the desktop app on the project in the current folder, in three steps.
// 1. Electron's binary. The electron package no longer downloads it at `npm install`; its own installer (the
//    `install-electron` bin, which `require('electron')` also runs) fetches it once into node_modules/electron.
//    When it cannot, this says so in plain words, in Korean and English, and exits non-zero without a stack trace.
// 2. The build, once: ensure-build builds only when out/ is missing or older than the sources.
// 3. Electron on this folder (package.json `main` is out/main/index.js), as `electron-vite preview` would, but
//    without its second build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureBuild } from './ensure-build.js';

const GITHUB_RELEASES = 'https://github.com/electron/electron/releases/download/';
// Loaded into the installer: on failure it prints `err.stack`; this makes that the error's words and those of its
// causes (where "fetch failed" was refused, not found, or a certificate), with no stack frames.
const PLAIN_ERRORS = `Error.prepareStackTrace = (error) => {
  let text = String(error);
  for (let cause = error.cause; cause; cause = cause.cause) text += ' (' + (cause.message || cause.code || cause) + ')';
  return text;
};`;

const MESSAGES = {
  en: {
    fetching: (f) => `Fetching Electron ${f.version} (the app's desktop shell) once from ${f.source} …`,
    failed: (f) => [
      `Seller Desk cannot start: Electron ${f.version} is not installed and fetching it from ${f.source} failed.`,
      `  Reason: ${f.reason}`,
      'To fix it: with a working network, run `npx install-electron`, then `npm start` again.',
      'Behind a proxy, set HTTPS_PROXY and ELECTRON_GET_USE_PROXY=1; where GitHub cannot be reached, set',
      "ELECTRON_MIRROR to a mirror of Electron's releases.",
      'To look at the app without Electron: `npm run screenshots` (its pages as pictures in docs/screenshots).',
    ],
    launchFailed: (f) => `Seller Desk cannot start: Electron (${f.binary}) did not run: ${f.reason}`,
  },
  ko: {
    fetching: (f) =>
      `Electron ${f.version}(앱의 데스크톱 실행 환경)을 처음 한 번 내려받습니다: ${f.source} …`,
    failed: (f) => [
      `Seller Desk를 시작할 수 없습니다: Electron ${f.version} 실행 파일이 설치되어 있지 않고, ${f.source}에서 내려받지 못했습니다.`,
      `  원인: ${f.reason}`,
      '해결 방법: 네트워크에 연결된 상태에서 `npx install-electron`을 실행한 뒤 `npm start`를 다시 실행하세요.',
      '프록시를 쓰는 환경이면 HTTPS_PROXY와 ELECTRON_GET_USE_PROXY=1을 설정하고, GitHub에 접속할 수 없으면',
      'ELECTRON_MIRROR에 Electron 릴리스 미러 주소를 지정하세요.',
      'Electron 없이 앱을 보려면: `npm run screenshots` (각 화면을 docs/screenshots에 이미지로 저장합니다).',
    ],
    launchFailed: (f) =>
      `Seller Desk를 시작할 수 없습니다: Electron(${f.binary})을 실행하지 못했습니다: ${f.reason}`,
  },
};

/** Both languages, the OS locale's first (LC_ALL, LC_MESSAGES, LANG, then what Intl reports). */
function say(write, key, facts) {
  const env = process.env;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || Intl.DateTimeFormat().resolvedOptions().locale;
  const order = /^ko/i.test(locale) ? ['ko', 'en'] : ['en', 'ko'];
  const blocks = order.map((lang) => [MESSAGES[lang][key](facts)].flat().join('\n'));
  write(`${blocks.join('\n\n')}\n`);
}

/** The electron package this project resolves, its version and its installer. */
function electronPackage(root) {
  const manifest = createRequire(join(root, 'package.json')).resolve('electron/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const dir = dirname(manifest);
  return { dir, version: pkg.version, installer: join(dir, pkg.bin?.['install-electron'] ?? 'install.js') };
}

/** The binary the electron package points at (path.txt), when it is there and of the package's version. */
function installedBinary({ dir, version }) {
  try {
    const distVersion = readFileSync(join(dir, 'dist', 'version'), 'utf8')
      .trim()
      .replace(/^v/, '');
    const binary = join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim());
    return distVersion === version && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Where @electron/get downloads from, in its own order of precedence. */
function downloadSource() {
  const env = process.env;
  return (
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    GITHUB_RELEASES
  );
}

/** What the installer printed, without its stack frames: the error's own words. */
function reasonOf(stderr, fallback) {
  const lines = (stderr ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at '));
  return lines.slice(0, 3).join(' / ') || fallback;
}

/** Runs the electron package's installer once; returns the binary, or null after saying why there is none. */
function fetchBinary(pkg) {
  const facts = { version: pkg.version, source: downloadSource() };
  say((t) => process.stdout.write(t), 'fetching', facts);
  // stderr is read first: on failure it is an error (its stack frames dropped), told in plain words below.
  const preload = `data:text/javascript,${encodeURIComponent(PLAIN_ERRORS)}`;
  const run = spawnSync(process.execPath, ['--import', preload, pkg.installer], {
    cwd: pkg.dir,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  const binary = run.status === 0 ? installedBinary(pkg) : null;
  if (binary) {
    process.stderr.write(run.stderr ?? ''); // the installer's warnings, if any
    return binary;
  }
  const reason = reasonOf(run.stderr, run.error?.message ?? `the installer exited with ${run.status}`);
  say((t) => process.stderr.write(t), 'failed', { ...facts, reason });
  return null;
}

/** Electron on the project folder; the launcher exits with Electron's status and passes on Ctrl+C. */
function launch(binary, root) {
  const args = [root, ...process.argv.slice(2)];
  if (process.env.NO_SANDBOX === '1') args.push('--no-sandbox');
  const electron = spawn(binary, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => electron.kill(signal));
  electron.on('error', (error) => {
    say((t) => process.stderr.write(t), 'launchFailed', { binary, reason: error.message });
    process.exit(1);
  });
  electron.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function main() {
  const root = process.cwd();
  const pkg = electronPackage(root);
  const binary = installedBinary(pkg) ?? fetchBinary(pkg);
  if (!binary) return 1;
  const built = ensureBuild();
  if (built !== 0) return built;
  launch(binary, root);
  return undefined;
}

const status = main();
if (status !== undefined) process.exitCode = status;
