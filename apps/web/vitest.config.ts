import { defineProject } from 'vitest/config';
import { isolatedTestFiles, webTestSettings } from './vitest.shared.ts';

export default defineProject({
  ...webTestSettings,
  test: {
    ...webTestSettings.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [isolatedTestFiles, '**/node_modules/**'],
    isolate: false,
  },
});
