// Builds the npm package: dist/browser.js (worker and WebAssembly inlined), dist/node.js, and the
// command line dist/cli.js (executable, with a shebang). The CLI uses the package through its Node
// entry: its imports of src/node.ts stay imports of ./node.js instead of a second copy of the
// library (and of the WebAssembly) in cli.js; src/cli must import the library only through ../node.js.
import { chmodSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const nodeEntry = resolve(here, 'src/node');
const cliSources = resolve(here, 'src/cli');

const isNodeEntry = (id: string) => [nodeEntry, `${nodeEntry}.ts`, `${nodeEntry}.js`].includes(id);

/** An import of src/node.ts from src/cli, as written (`../node.js`) or resolved. */
function isNodeEntryFromCli(id: string, importer: string | undefined): boolean {
  if (!importer?.startsWith(cliSources)) return false;
  return isNodeEntry(id.startsWith('.') ? resolve(dirname(importer), id) : id);
}

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    lib: {
      entry: { browser: 'src/browser.ts', node: 'src/node.ts', cli: 'src/cli/main.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id, importer) =>
        id === 'papaparse' ||
        id.startsWith('hyparquet') ||
        id.startsWith('@duckdb/') ||
        /^node:/.test(id) ||
        isNodeEntryFromCli(id, importer),
      output: {
        paths: (id) => (isNodeEntry(id) ? './node.js' : id),
        banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
  worker: { format: 'es' },
  plugins: [
    {
      name: 'privsynth-cli-executable',
      writeBundle(options) {
        chmodSync(join(options.dir ?? join(here, 'dist'), 'cli.js'), 0o755);
      },
    },
  ],
});
