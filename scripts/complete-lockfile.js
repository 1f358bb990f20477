// Some registries (mirrors) serve only the current platform's prebuilt binaries. npm then leaves the
// other platforms' optional packages out of package-lock.json, and `npm ci` refuses the lock as "out of
// sync". This adds those entries back (version from the parent's optionalDependencies, os/cpu/libc from
// the package name), so the same lock installs on every platform: npm skips them where they don't
// match and fetches them by version where they do. Run after `npm install`: node scripts/complete-lockfile.js
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'win32',
  'netbsd',
  'sunos',
  'aix',
];
const CPU = {
  x64: 'x64',
  arm64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return undefined;
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? 'node_modules/' : `${path}/node_modules/`;
    const key = `${base}${dep}`;
    if (lock.packages[key] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...(platform.cpu && { cpu: [platform.cpu] }),
      ...(entry.dev && { dev: true }),
      ...(platform.libc && { libc: [platform.libc] }),
      optional: true,
      os: [platform.os],
    };
    added.push(`${dep}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(
  added.length
    ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}`
    : 'lock file already complete',
);
