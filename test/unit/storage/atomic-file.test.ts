import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextIfExists, writeFileAtomic } from '../../../src-main/storage/atomic-file';

const tempDir = () => mkdtempSync(join(tmpdir(), 'atomic-'));

describe('writeFileAtomic', () => {
  it('replaces the content and leaves no temp file behind', async () => {
    const dir = tempDir();
    const target = join(dir, 'a.json');
    writeFileSync(target, 'old');
    await writeFileAtomic(target, '{"v":2}');
    expect(readFileSync(target, 'utf8')).toBe('{"v":2}');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('creates the file with the requested mode', async () => {
    if (process.platform === 'win32') return;
    const target = join(tempDir(), 'secret.json');
    await writeFileAtomic(target, 'x', { mode: 0o600 });
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });

  it('fails without touching the target when the directory is missing', async () => {
    await expect(writeFileAtomic(join(tempDir(), 'no', 'such', 'f.json'), 'x')).rejects.toThrow();
  });

  it('reads a missing file as undefined', async () => {
    expect(await readTextIfExists(join(tempDir(), 'missing.json'))).toBeUndefined();
  });

  it('survives a writer killed mid-write: the file is always one complete version', async () => {
    const dir = tempDir();
    const target = join(dir, 'state.json');
    // Large payloads make it likely the kill lands inside a write rather than between two.
    const script = `
      import { writeFileAtomic } from ${JSON.stringify(resolve('src-main/storage/atomic-file.ts'))};
      const target = ${JSON.stringify(target)};
      const pad = 'x'.repeat(256 * 1024);
      for (let i = 0; ; i++) {
        await writeFileAtomic(target, JSON.stringify({ i, pad }));
        if (i === 3) process.stdout.write('ready\\n');
      }
    `;
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((res, rej) => {
        child.stdout.on('data', (d: Buffer) => {
          if (d.toString().includes('ready')) res();
        });
        child.on('exit', (code) => rej(new Error(`writer exited early with ${code}`)));
      });
      await new Promise((r) => setTimeout(r, 50 + round * 37));
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGKILL');
      await exited;
      const parsed = JSON.parse(readFileSync(target, 'utf8')) as { i: number; pad: string };
      expect(Number.isInteger(parsed.i)).toBe(true);
      expect(parsed.i).toBeGreaterThanOrEqual(3);
      expect(parsed.pad).toHaveLength(256 * 1024);
    }
    // The kills leave temp files behind; the next process to touch the folder removes them.
    const sweeper = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { readTextIfExists } from ${JSON.stringify(resolve('src-main/storage/atomic-file.ts'))};
         await readTextIfExists(${JSON.stringify(target)});`,
      ],
      { stdio: 'inherit' },
    );
    await new Promise((r) => sweeper.on('exit', r));
    expect(readdirSync(dir)).toEqual(['state.json']);
  }, 60_000);
});
