// ESLint for the TypeScript and JavaScript of the library, the demo, the tests, the benches and the
// tooling: ESLint's and typescript-eslint's recommended rules, without type information (fast; the
// types are checked by `npm run typecheck`). Formatting is Prettier's (.prettierrc.json).
// `npm run lint` runs it, with clang-format and Prettier (scripts/lint.sh).
import js from '@eslint/js';
import { defineConfig, globalIgnores, includeIgnoreFile } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';

export default defineConfig(
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url))),
  globalIgnores(['tests/js/golden/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      // For the .js and .mjs files (benches, this file): Node, plus the browser for the functions
      // that Playwright runs in the page. typescript-eslint turns no-undef off for TypeScript,
      // whose compiler knows the environment from tsconfig.
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // `const { omitted: _omitted, ...rest } = value` is how the code leaves a property out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // `for (let start = 0, end = 0; ...; start = end)`: the loop's first `end` is never read.
    files: ['web/lib/src/csv-stream.ts'],
    rules: { 'no-useless-assignment': 'off' },
  },
  {
    // Waiting for a lock: the error thrown after the caught EEXIST is a timeout, not caused by it.
    files: ['tests/consumers/pack.ts'],
    rules: { 'preserve-caught-error': 'off' },
  },
);
