// Writes test/fixtures/golden/sandbox-notes.json: a digest of what the sandbox's note generator gives for fixed
// seeds (test/support/sandbox-notes-trace.ts says what is asked). Run it once, on the commit before a rewrite of
// the generator, and commit the file with the rewrite's tests:
//   npx tsx scripts/golden-sandbox-notes.ts
// Never to make a failing golden test pass: the generator must give the same notes for the same seed, always.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sandboxNotesTrace } from '../test/support/sandbox-notes-trace';

const file = fileURLToPath(new URL('../test/fixtures/golden/sandbox-notes.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(sandboxNotesTrace(), null, 2)}\n`);
console.log(`wrote ${file}`);
