// No function in src-main, src-renderer or src-shared is over 150 lines of code (`npm run lint`): blank lines and
// comments are not counted. Linted here with the project's config, as files of each of the three folders.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** A function of `code` lines of code, its first and last line included, with a comment and a blank line after every tenth. */
function room(code: number): string {
  const body: string[] = [];
  for (let i = 0; i < code - 4; i++) {
    body.push(`  total += ${i};`);
    if (i % 10 === 9) body.push('  // a note on the step above', '');
  }
  return ['export function room(): number {', '  let total = 0;', ...body, '  return total;', '}', ''].join(
    '\n',
  );
}

async function roomRules(code: number, filePath: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: process.cwd(),
    // Not type-aware here: the files are made up, and the rule reads lines, not types.
    overrideConfig: {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
  const [result] = await eslint.lintText(room(code), { filePath });
  return (result?.messages ?? []).map((m) => `${m.line} ${m.ruleId}`);
}

describe('rooms under 150 lines', () => {
  const files = ['src-main/services/room.ts', 'src-renderer/features/room/room.tsx', 'src-shared/room.ts'];
  it.each(files)(
    '%s: a function of 150 lines of code passes, comments and blank lines aside',
    async (file) => {
      expect(await roomRules(150, file)).toEqual([]);
    },
  );
  it.each(files)('%s: a function of 151 lines of code is refused', async (file) => {
    expect(await roomRules(151, file)).toEqual(['1 max-lines-per-function']);
  });
});
