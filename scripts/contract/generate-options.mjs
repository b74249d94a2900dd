// `npm run contract:options`: writes, from the core's mechanism catalogue (read from the built
// library, so build first: `bash scripts/build.sh wasm lib`), the files that describe the options:
//   web/lib/src/generated/options.ts           the library's option types, lists of values and OPTION_CATALOGUE
//   web/lib/src/generated/options.schema.json  the options as JSON Schema definitions
//   docs/api.md                                its option tables, between their marker lines
// With --check it writes nothing and fails, naming them, when a file differs from what it would
// write (tests/js/options-contract.test.ts runs it so).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mechanismCatalogue } from 'privsynth';

import { formatted, writeStale } from './generated-files.mjs';
import { apiTables, withApiTables } from './options-api-tables.mjs';
import { optionsJsonSchema } from './options-json-schema.mjs';
import { optionModel } from './options-model.mjs';
import { optionsTypeScript } from './options-typescript.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES = 'web/lib/src/generated/options.ts';
const SCHEMA = 'web/lib/src/generated/options.schema.json';
const API = 'docs/api.md';

const HOW =
  "from the core's mechanism catalogue by scripts/contract/generate-options.mjs: change an option where the " +
  'core reads it, then `bash scripts/build.sh wasm lib && npm run contract:options`';

/** Every generated file's path and the text it should have. */
async function generatedFiles() {
  const catalogue = await mechanismCatalogue();
  const model = optionModel(catalogue);
  const header =
    "// GENERATED from the core's mechanism catalogue by scripts/contract/generate-options.mjs: do not edit.\n" +
    '// Change an option where the core reads it, then: bash scripts/build.sh wasm lib && npm run contract:options\n' +
    '// The options only the library reads (csv, schema, callbacks, ...) are in ../options-types.ts.\n';
  const api = await readFile(path.join(root, API), 'utf8');
  const at = (file) => path.join(root, file);
  return new Map([
    [at(TYPES), await formatted(at(TYPES), optionsTypeScript(model, header))],
    [at(SCHEMA), await formatted(at(SCHEMA), JSON.stringify(optionsJsonSchema(catalogue, `GENERATED ${HOW}.`)))],
    [at(API), withApiTables(api, apiTables(model), `<!-- GENERATED ${HOW}. -->`)],
  ]);
}

const check = process.argv.includes('--check');
const stale = (await writeStale(await generatedFiles(), check)).map((file) => path.relative(root, file));
if (check && stale.length) {
  console.error(`stale, regenerate with npm run contract:options: ${stale.join(', ')}`);
  process.exit(1);
}
console.log(stale.length ? `${check ? 'stale' : 'wrote'}: ${stale.join(', ')}` : 'up to date');
