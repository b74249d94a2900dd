// Browser tests of the demo site (web/app/dist) in Debian's Chromium through playwright-core.
// Two files at a time, one per core: each file serves the site on its own free port
// (serveStatic listens on port 0) to its own Chromium with a fresh profile (launchChromium), and the
// one file that packs the npm package (consumer-vite) installs it into its own temp folder, so
// files share no port, profile or folder.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
