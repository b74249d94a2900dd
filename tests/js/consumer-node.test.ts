// The published package in a Node project: `npm pack` (tests/consumers/pack.ts), `npm install
// <tarball>` in a fresh folder, a plain `node consumer.mjs` (no flags, no CommonJS) that imports
// privsynth and synthesizes 200 Adult rows, and a TypeScript consumer checked against the
// declarations that ship in the tarball.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { adultSample, SAMPLE_COLUMNS, useConsumer } from '../consumers/consumer';
import { packProblems, runCommand, runRepoTool, secondsSince } from '../consumers/pack';

const script = `import { readFileSync } from 'node:fs';
import * as privsynth from 'privsynth';
import { synthesize, PrivsynthError } from 'privsynth';

const schema = readFileSync('adult.schema.json', 'utf8');
const result = await synthesize({ csv: readFileSync('sample.csv', 'utf8'), schema, columns: ${JSON.stringify(SAMPLE_COLUMNS)}, epsilon: 1, testSeed: 11 });
let refused = null;
try {
  await synthesize({ csv: 'sex\\nMale\\n', schema, columns: ['sex'], epsilon: 0 });
} catch (error) {
  refused = { isPrivsynthError: error instanceof PrivsynthError, code: error.code };
}
const nodeBuild = await import(new URL('./node_modules/privsynth/dist/node.js', import.meta.url).href);
console.log(JSON.stringify({
  resolved: import.meta.resolve('privsynth'),
  isNodeBuild: privsynth === nodeBuild,
  version: await privsynth.coreVersion(),
  rows: result.rows,
  columns: result.columns,
  csvLines: result.csv.trim().split('\\n'),
  receipt: result.receipt,
  refused,
}));
`;

// Compiles only if the declarations resolve to real types: the misspelt option must be an error.
const typedConsumer = `import { synthesize, PrivsynthError, type PrivacyReceipt, type Schema, type SynthesisResult } from 'privsynth';

const schema: Schema = { version: 1, columns: [{ name: 'sex', type: 'categorical', categories: ['Female', 'Male'] }] };

export async function spent(csv: string | Blob): Promise<number> {
  const result: SynthesisResult = await synthesize({ csv, schema, mechanism: 'reduced-space-lp', epsilon: 1, degree: 1, onProgress: ({ phase, fraction }) => void [phase, fraction] });
  const receipt: PrivacyReceipt = result.receipt;
  return receipt.privacy.epsilonSpent;
}

export const codeOf = (error: unknown): string | undefined => (error instanceof PrivsynthError ? error.code : undefined);

// @ts-expect-error: "epsilom" is not an option
void synthesize({ csv: '', schema, epsilom: 1 });
`;

const tsconfig = (module: string, moduleResolution: string) =>
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module,
      moduleResolution,
      lib: ['ES2022', 'DOM'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    },
    files: ['consumer.ts'],
  });

const project = useConsumer('node', () => {
  const sample = adultSample(200);
  return {
    'sample.csv': sample.csv,
    'adult.schema.json': sample.schemaText,
    'consumer.mjs': script,
    'consumer.ts': typedConsumer,
    'tsconfig.bundler.json': tsconfig('ESNext', 'Bundler'),
    'tsconfig.nodenext.json': tsconfig('NodeNext', 'NodeNext'),
  };
});

describe('the packed privsynth in a Node project', () => {
  it('holds the builds, declarations, README and LICENSE, and nothing from src/ or the wasm build', () => {
    const { files } = project().packed;
    expect(packProblems(files)).toEqual([]);
    console.log(`${files.length} files: ${files.join(', ')}`);
  });

  it('runs synthesize() from a plain `node consumer.mjs` on the node build', async () => {
    const { dir, packed } = project();
    const start = performance.now();
    const { stdout } = await runCommand(process.execPath, ['consumer.mjs'], dir);
    console.log(`node consumer.mjs: ${secondsSince(start)}`);
    const output = JSON.parse(stdout) as {
      resolved: string;
      isNodeBuild: boolean;
      version: string;
      rows: number;
      columns: string[];
      csvLines: string[];
      receipt: {
        kind: string;
        private: boolean;
        notPrivateReasons: string[];
        privacy: { epsilonBudget: number; epsilonSpent: number };
      };
      refused: { isPrivsynthError: boolean; code: string } | null;
    };
    expect(output.resolved).toBe(pathToFileURL(join(dir, 'node_modules/privsynth/dist/node.js')).href);
    expect(output.isNodeBuild).toBe(true);
    expect(output.version).toBe(packed.version);
    expect(output.columns).toEqual(SAMPLE_COLUMNS);
    expect(output.csvLines[0]).toBe(SAMPLE_COLUMNS.join(','));
    expect(output.rows).toBeGreaterThan(100);
    expect(output.csvLines).toHaveLength(output.rows + 1);
    expect(output.receipt.kind).toBe('privsynth privacy receipt');
    expect(output.receipt.privacy.epsilonBudget).toBe(1);
    expect(output.receipt.privacy.epsilonSpent).toBeCloseTo(1, 8); // the default, adaptive marginals: (epsilon, delta) from rho
    // testSeed: the receipt says why this run is not private.
    expect(output.receipt.private).toBe(false);
    expect(output.receipt.notPrivateReasons.join(' ')).toContain('test seed');
    expect(output.refused).toEqual({ isPrivsynthError: true, code: 'INVALID_ARGUMENT' });
  });

  it('type-checks a TypeScript consumer against the shipped declarations (moduleResolution bundler)', async () => {
    const start = performance.now();
    await runRepoTool('typescript/bin/tsc', ['-p', 'tsconfig.bundler.json'], project().dir);
    console.log(`tsc (bundler): ${secondsSince(start)}`);
  });

  // The declarations' relative imports carry ".js" ('./public-api.js'), as NodeNext requires in a
  // "type": "module" package (without it: TS2834, and `privsynth` exports none of its names).
  it('type-checks the same consumer under moduleResolution NodeNext', async () => {
    const start = performance.now();
    await runRepoTool('typescript/bin/tsc', ['-p', 'tsconfig.nodenext.json'], project().dir);
    console.log(`tsc (NodeNext): ${secondsSince(start)}`);
  });
});
