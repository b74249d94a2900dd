// Browser tests of the demo site (web/app/dist) in Debian's Chromium through playwright-core.
// One file at a time in a single worker: each test drives a real synthesis on a 2-core machine.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
