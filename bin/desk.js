#!/usr/bin/env node
// The installed `desk` command: runs the TypeScript CLI through tsx, resolved from this package rather than
// from the caller's directory, so it works from any working directory without a build step.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;
const child = spawn(
  process.execPath,
  ['--import', tsx, join(root, 'src-main', 'cli', 'desk.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);

// Ctrl+C reaches the child through the terminal's process group; a plain kill of this launcher must too.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, as a shell expects; our forwarding handler must not swallow it.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
