// What a test opened (an app, a sandbox, a data folder) is closed after it, newest first, whether it passed or not.
// Kept apart from the harness, which the bench and the screenshot script load outside the test runner.
import { afterEach } from 'vitest';
import { describeOpenApps } from './harness';

export interface Cleanup {
  push(close: () => Promise<void>): void;
}

/** Closers run after each test, newest first; `push` one from anywhere in the test file. */
export function cleanupAfterEach(): Cleanup {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async (ctx) => {
    // A failed test says what its apps showed and asked before they close (a failure seen once on CI, explained).
    if (ctx.task.result?.state === 'fail')
      console.log(`${ctx.task.name}: failed\n${await describeOpenApps()}`);
    for (const close of closers.splice(0).reverse()) await close();
  });
  return { push: (close) => void closers.push(close) };
}
