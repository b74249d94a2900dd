import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // One wasm instance per worker: keep it to the machine's two cores.
    maxWorkers: 2,
  },
});
