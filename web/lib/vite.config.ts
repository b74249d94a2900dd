// Builds the npm package: dist/browser.js (worker and WebAssembly inlined) and dist/node.js.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    lib: {
      entry: { browser: 'src/browser.ts', node: 'src/node.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: ['papaparse'],
    },
  },
  worker: { format: 'es' },
});
