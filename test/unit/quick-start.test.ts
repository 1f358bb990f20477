// The README's Quick start, `npm install && npm start`, on a fresh machine: `npm start`, with this project's start
// scripts and launcher, on a small project whose electron package is a copy of this project's without the binary,
// as `npm install` leaves it. Electron's download mirror is a loopback stand-in serving a fake `electron` (a shell
// script that records how it was launched), and the build is a stand-in `electron-vite` that records each call:
// no network, no real Electron, and the shared node_modules/electron is only read. The electron package is never
// required here.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedMirrorUrl, startElectronMirror, zip } from '../support/electron-mirror';
import type { ElectronMirror } from '../support/electron-mirror';

const PROJECT = JSON.parse(readFileSync('package.json', 'utf8'));
const LAUNCHER = ['scripts/start.js', 'scripts/ensure-build.js'];
const ELECTRON = realpathSync(resolve('node_modules/electron'));
const VERSION: string = JSON.parse(readFileSync(join(ELECTRON, 'package.json'), 'utf8')).version;
const ARTIFACT = `electron-v${VERSION}-linux-x64.zip`;

const FAKE_ELECTRON = `#!/bin/sh
printf 'cwd=%s' "$PWD" >> "$QUICK_START_LAUNCHES"
for arg in "$@"; do printf ' arg=%s' "$arg" >> "$QUICK_START_LAUNCHES"; done
echo >> "$QUICK_START_LAUNCHES"
`;
const FAKE_BUILD = `#!/bin/sh
echo "$*" >> "$QUICK_START_BUILDS"
mkdir -p out/main out/preload out/renderer
echo built > out/main/index.js
echo built > out/preload/index.cjs
echo built > out/renderer/index.html
`;
const RELEASE = zip([
  { name: 'electron', content: FAKE_ELECTRON, mode: 0o755 },
  { name: 'version', content: `v${VERSION}`, mode: 0o644 },
]);

/** Where the electron package's own dependencies are, for the copy to resolve them as the original does. */
function dependencyDir(name: string): string {
  for (let dir = dirname(ELECTRON); ; dir = dirname(dir)) {
    const candidate = join(dir, name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed beside electron`);
  }
}

/** A project as `npm install` leaves it, with this project's start scripts: electron without its binary, no out/. */
function freshProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'quick-start-'));
  const { start, prestart } = PROJECT.scripts;
  const manifest = {
    name: 'quick-start',
    type: PROJECT.type,
    main: PROJECT.main,
    scripts: { start, prestart },
  };
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
  for (const file of LAUNCHER) cpSync(file, join(root, file));
  const modules = join(root, 'node_modules');
  cpSync(ELECTRON, join(modules, 'electron'), {
    recursive: true,
    filter: (src) => ![join(ELECTRON, 'dist'), join(ELECTRON, 'path.txt')].includes(src),
  });
  const electron = JSON.parse(readFileSync(join(ELECTRON, 'package.json'), 'utf8'));
  for (const name of Object.keys(electron.dependencies ?? {})) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(dependencyDir(name), join(modules, name), 'dir');
  }
  mkdirSync(join(modules, '.bin'));
  writeFileSync(join(modules, '.bin', 'electron-vite'), FAKE_BUILD);
  chmodSync(join(modules, '.bin', 'electron-vite'), 0o755);
  return root;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm start` in `root` with Electron's mirror at `mirror`. Nothing of this machine's npm or Electron setup
 * leaks in: not the npm run this test may be part of (its npm_config_local_prefix would start this project),
 * not an .npmrc's electron_mirror, not a proxy.
 */
function start(root: string, mirror: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = {};
  const foreign = /^(npm_|electron_|(https?|all|no)_proxy$|NODE_USE_ENV_PROXY$|LC_ALL$|LC_MESSAGES$)/i;
  for (const [key, value] of Object.entries(process.env)) if (!foreign.test(key)) env[key] = value;
  Object.assign(env, {
    ELECTRON_MIRROR: mirror,
    electron_use_remote_checksums: '1',
    electron_config_cache: join(root, 'electron-cache'),
    ELECTRON_INSTALL_PLATFORM: 'linux',
    ELECTRON_INSTALL_ARCH: 'x64',
    QUICK_START_LAUNCHES: join(root, 'launches.log'),
    QUICK_START_BUILDS: join(root, 'builds.log'),
    npm_config_userconfig: join(root, 'no-user-npmrc'),
    npm_config_globalconfig: join(root, 'no-global-npmrc'),
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    LANG: 'C',
  });
  return new Promise((done, fail) => {
    const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

function lines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

const launches = (root: string): string[] => lines(join(root, 'launches.log'));
const builds = (root: string): string[] => lines(join(root, 'builds.log'));

describe.skipIf(process.platform === 'win32')('Quick start: npm start on a fresh machine', () => {
  const mirrors: ElectronMirror[] = [];
  afterEach(async () => {
    await Promise.all(mirrors.splice(0).map((m) => m.close()));
  });

  async function mirror(): Promise<ElectronMirror> {
    const m = await startElectronMirror(VERSION, ARTIFACT, RELEASE);
    mirrors.push(m);
    return m;
  }

  it("fetches Electron's binary from the mirror, builds once and launches Electron on the app", async () => {
    const sharedElectron = readdirSync(ELECTRON);
    const root = freshProject();
    const m = await mirror();

    const run = await start(root, m.url);

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(m.requests.filter((p) => p === `/v${VERSION}/${ARTIFACT}`)).toHaveLength(1);
    expect(builds(root)).toEqual(['build']);
    // Electron on the project folder, whose package.json names out/main/index.js, now built.
    expect(launches(root)).toEqual([`cwd=${root} arg=${root}`]);
    expect(existsSync(join(root, 'out/main/index.js'))).toBe(true);
    expect(readdirSync(ELECTRON)).toEqual(sharedElectron);
  }, 60_000);

  it('a second start neither downloads nor builds again', async () => {
    const root = freshProject();
    const m = await mirror();
    expect((await start(root, m.url)).status).toBe(0);
    const requests = m.requests.length;
    // Were the binary fetched again, it could only fail now: no mirror, no download cache.
    rmSync(join(root, 'electron-cache'), { recursive: true, force: true });

    const again = await start(root, await closedMirrorUrl());

    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('Fetching Electron');
    expect(m.requests).toHaveLength(requests);
    expect(builds(root)).toEqual(['build']);
    expect(launches(root)).toEqual([`cwd=${root} arg=${root}`, `cwd=${root} arg=${root}`]);
  }, 60_000);

  /** The failure in plain words, in both languages, with what to do, before any build or launch. */
  function expectPlainWords(root: string, run: Run, cause: string): void {
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`Seller Desk cannot start: Electron ${VERSION} is not installed`);
    expect(run.stderr).toContain(
      `Seller Desk를 시작할 수 없습니다: Electron ${VERSION} 실행 파일이 설치되어 있지 않고`,
    );
    expect(run.stderr).toContain(cause);
    for (const hint of ['npx install-electron', 'HTTPS_PROXY', 'ELECTRON_MIRROR', 'npm run screenshots']) {
      expect(run.stderr.split(hint)).toHaveLength(3); // once in each language
    }
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/^\s+at |Electron uninstall/m);
    expect(builds(root)).toEqual([]);
    expect(launches(root)).toEqual([]);
  }

  it('with the mirror down, says what failed and what to do in Korean and English, with no stack trace', async () => {
    const root = freshProject();
    const down = await closedMirrorUrl();

    const run = await start(root, down);

    expect(run.stderr).toContain(`fetching it from ${down} failed`);
    expectPlainWords(root, run, 'ECONNREFUSED');
  }, 60_000);

  it('with a mirror that lacks this release, names the missing file, with no stack trace', async () => {
    const root = freshProject();
    const other = await startElectronMirror('1.0.0', 'electron-v1.0.0-linux-x64.zip', RELEASE);
    mirrors.push(other);

    const run = await start(root, other.url);

    // The installer's own error here carries stack frames (an HTTPError thrown deep in @electron/get).
    expectPlainWords(root, run, `Response code 404 (Not Found) for ${other.url}v${VERSION}/${ARTIFACT}`);
  }, 60_000);
});
