// The sandbox's notes are a function of the seed: the same seed gives the same notes, byte for byte, before and
// after any rewrite of the generator. The expected digests were written by scripts/golden-sandbox-notes.ts from
// the generator as it was before its split into smaller functions, not from the code under test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandboxNotesTrace } from '../../support/sandbox-notes-trace';

const golden = JSON.parse(
  readFileSync(new URL('../../fixtures/golden/sandbox-notes.json', import.meta.url), 'utf8'),
) as Record<string, { lines: number; sha256: string }>;

describe('the note generator against its golden output', () => {
  it('gives the same notes, filters, pages, replies and day counts for the same seeds', () => {
    const now = sandboxNotesTrace();
    expect(Object.keys(now).sort()).toEqual(Object.keys(golden).sort());
    for (const [part, expected] of Object.entries(golden)) expect(now[part], part).toEqual(expected);
  });
});
