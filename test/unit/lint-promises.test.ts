// The type-aware promise rules run over the whole codebase (`npm run lint`): a fixture with a floating promise
// and two misused ones is refused line by line, and a promise marked `void` is let through.
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const FIXTURE = 'test/lint/fixtures/promises/promises.ts';

it('refuses floating and misused promises, and lets `void` through', async () => {
  const eslint = new ESLint({
    cwd: process.cwd(),
    // The fixture is kept out of the project and of `npm run lint`; here it is linted with the project's config.
    ignore: false,
    overrideConfig: {
      files: [FIXTURE],
      languageOptions: { parserOptions: { projectService: { allowDefaultProject: [FIXTURE] } } },
    },
  });
  const [result] = await eslint.lintFiles([FIXTURE]);
  const found = (result?.messages ?? []).map((m) => `${m.line} ${m.ruleId}`);
  expect(found).toEqual([
    '5 @typescript-eslint/no-floating-promises',
    '9 @typescript-eslint/no-misused-promises',
    '10 @typescript-eslint/no-misused-promises',
  ]);
}, 60_000);
