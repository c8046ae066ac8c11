import { defineConfig } from 'vitest/config';

// One runner for every layer; `--project` picks a layer (see package.json scripts).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on this 2-core machine and on CI,
    // so files ran one after another. The e2e project runs two files at once too, each worker
    // with a shared portal of its own (e2e/global-setup.ts).
    maxWorkers: 2,
    projects: [
      {
        extends: false,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      {
        extends: false,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app on its own database copy and bucket, so files need no
          // fresh module graph: reusing it saves the server's import per file (119 s of a
          // 408 s PGlite run on 2 cores, measured 2026-11-27; 8.6 s without isolation).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/tests/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for the browser (a navigation, an attribute): its default second
          // was too short on a slow, loaded CI machine (2026-11-27: a logout's redirect, the e-mail
          // preview's frame). A poll still fails when the value never comes.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
