// Every temporary folder of a test run under one, removed when the run ends. Tests, the host they assemble and
// the processes they start make data folders through os.tmpdir(); a run must not leave thousands behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'seller-desk-tests-'));
  const before = process.env['TMPDIR'];
  // Read by os.tmpdir() in this process and in the workers and children started after it.
  process.env['TMPDIR'] = root;
  return () => {
    if (before === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = before;
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
