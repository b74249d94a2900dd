// The demo site. Everything it needs (the library, its inlined worker and WebAssembly, the bundled
// samples and schemas imported with `?raw`) goes into one script and one stylesheet, so that once
// the page has loaded it never makes another network request (DESIGN §4).
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  base: './',
  server: {
    // The samples live in the repository's data/ folder, outside this package.
    fs: { allow: [repoRoot] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Inline every asset (no file is fetched on demand) ...
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    cssCodeSplit: false,
    modulePreload: false,
    // ... and keep all code in a single chunk: no lazily loaded chunks.
    rolldownOptions: { output: { codeSplitting: false } },
    // The bundle holds the 5.5 MB Adult sample and the WebAssembly core; that is expected.
    chunkSizeWarningLimit: 10_000,
  },
  worker: { format: 'es' },
});
