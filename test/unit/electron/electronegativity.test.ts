import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Sarif {
  runs: {
    results: { ruleId: string; message: { text: string }; locations?: unknown[] }[];
  }[];
}

describe('electronegativity', () => {
  it('finds nothing in src-main', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'eneg-')), 'report.sarif');
    // Without the version the scanner assumes Electron 0.1 defaults (remote module on, and so on).
    const electronVersion = (
      JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as { version: string }
    ).version;
    // It exits 0 even with findings: the report is the verdict.
    execFileSync(
      process.execPath,
      [
        '--require',
        './test/support/offline-got.cjs',
        'node_modules/@doyensec/electronegativity/dist/index.js',
        '-i',
        'src-main',
        '-o',
        out,
        '-x',
        'AvailableSecurityFixesGlobalCheck',
        '-e',
        electronVersion,
      ],
      { stdio: 'pipe' },
    );
    const sarif = JSON.parse(readFileSync(out, 'utf8')) as Sarif;
    expect(sarif.runs.length).toBeGreaterThan(0);
    const findings = sarif.runs.flatMap((r) =>
      r.results.map((x) => `${x.ruleId}: ${x.message.text} ${JSON.stringify(x.locations?.[0] ?? '')}`),
    );
    expect(findings).toEqual([]);
  }, 60_000);
});
