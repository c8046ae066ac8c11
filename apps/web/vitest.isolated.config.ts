import { defineProject } from 'vitest/config';
import { isolatedTestFiles, webTestSettings } from './vitest.shared.ts';

/** The web tests that replace a module with vi.mock, each in a fresh module graph. */
export default defineProject({
  ...webTestSettings,
  test: { ...webTestSettings.test, name: 'web-isolated', include: [isolatedTestFiles] },
});
