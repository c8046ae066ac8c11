import react from '@vitejs/plugin-react';
import type { UserWorkspaceConfig } from 'vitest/config';

/**
 * The web tests run in two projects (vitest.config.ts and vitest.isolated.config.ts) that
 * differ only in isolation. Most files share one jsdom and module graph per worker
 * (isolate: false: the web project went from 180 s to under 60 s on 2 cores, 2026-11-27);
 * a file that replaces a module with vi.mock must run on its own, since a module another file
 * already imported keeps the real one. Such files are named *.isolated.test.tsx
 * (scripts/web-test-isolation.test.ts holds that rule).
 */
export const isolatedTestFiles = 'src/**/*.isolated.test.{ts,tsx}';

export const webTestSettings = {
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    unstubGlobals: true,
  },
} satisfies UserWorkspaceConfig;
