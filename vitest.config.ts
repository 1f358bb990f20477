import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/support/temp-root.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/interop/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          // A browser and the host share two cores with everything else: a first paint or a sync step can take
          // seconds on a loaded machine, so a poll waits up to 15 s (the default 1 s made slow runs fail).
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'electron',
          environment: 'node',
          include: ['test/electron/**/*.test.ts'],
          testTimeout: 90_000,
        },
      },
    ],
  },
});
