// `npm run bench`: the reduced-space LP on Adult at epsilon = 1, native build vs wasm build under
// Node, phase by phase. Prints tables; asserts nothing. Every run uses the same test seed, so the
// native and wasm builds solve exactly the same LP.
// Usage: npm run bench [-- <workload names...>]   (default: all workloads below)
//        npm run bench -- lp [...]                  the LP solver ladder (bench/lp/ladder.mjs)
//        npm run bench -- browser [...]             Adult runs in headless Chromium (bench/browser/browser.mjs)
//        npm run bench -- reference [...]           uniform vs perturbed-histogram mu (bench/reference/comparison.mjs)
//        npm run bench -- marginals [...]           Zhou et al. Fig. 3 and the MST/AIM head-to-head (bench/marginals/marginals.mjs)
//        npm run bench -- aim [...]                 adaptive marginals against MST and AIM, side by side (bench/aim/aim.mjs)
//        npm run bench -- scale [rows]              a generated 1M x 20 CSV through the CLI (rows, DuckDB) and the app (bench/scale/scale.mjs)
//        npm run bench -- scale parquet [rows]      a generated 100M x 20 Parquet file through DuckDB and the CLI (bench/scale/scale.mjs)
//        npm run bench -- app [loads] [site]        the demo: bundle, time to interactive, first-time path, source lines (bench/app/app.mjs)
//        npm run bench -- kdtree [reps]             Kreačić et al.'s Fig. 3a/3b/4: MMD of space partitioning (bench/kdtree/mmd.mjs)
//        npm run bench -- samplers [...]            the ROO paper's Fig. 2: TV of ROO, DS-ROO, Laplace histogram vs n (bench/samplers/tv.mjs)
//        npm run bench -- zhou [--quick] [...]      Zhou et al.'s six tables: synthetic vs AIM vs DP-GD (bench/zhou/zhou.mjs)
//        npm run bench -- own-table [--quick] [...] the defaults with a hand schema vs none, per table (bench/own-table/own-table.mjs)
//        npm run bench -- persons [--quick] [...]   a privacy unit on data/visits: row level vs per person, k swept (bench/persons/persons.mjs)
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { nativeBinary, runNative, runWasm } from './pipeline/runners.mjs';
import { demoColumns, tenColumns } from './pipeline/adult-columns.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const adult = { schema: `${root}data/adult/adult.schema.json`, csv: `${root}data/adult/adult.csv` };

const LP = { mechanism: 'reduced-space-lp' };
const workloads = [
  { name: 'demo-6col-d2', label: '6 demo columns, degree 2', options: { ...LP, columns: demoColumns, degree: 2 } },
  { name: 'all-d1', label: 'all 16 columns, degree 1', options: { ...LP, degree: 1 } },
  { name: '10col-d2', label: '10 columns, degree 2', options: { ...LP, columns: tenColumns, degree: 2 } },
  {
    name: 'all-d2',
    label: 'all 16 columns, degree 2 (LP capped at 300 s)',
    options: { ...LP, degree: 2, lpTimeLimitSeconds: 300 },
  },
];

/** Benchmarks that run as their own script, with the remaining arguments. */
const SCRIPTS = {
  app: './app/app.mjs',
  browser: './browser/browser.mjs',
  kdtree: './kdtree/mmd.mjs',
  scale: './scale/scale.mjs',
  marginals: './marginals/marginals.mjs',
  aim: './aim/aim.mjs',
  samplers: './samplers/tv.mjs',
  zhou: './zhou/zhou.mjs',
  'own-table': './own-table/own-table.mjs',
  persons: './persons/persons.mjs',
};
if (Object.hasOwn(SCRIPTS, process.argv[2] ?? '')) {
  const { spawnSync } = await import('node:child_process');
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(new URL(SCRIPTS[process.argv[2]], import.meta.url)), ...process.argv.slice(3)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}
if (process.argv[2] === 'reference') {
  const { runReferenceComparison } = await import('./reference/comparison.mjs');
  runReferenceComparison(process.argv.slice(3));
  process.exit(0);
}
if (process.argv[2] === 'lp') {
  const { runLadder } = await import('./lp/ladder.mjs');
  runLadder(process.argv.slice(3));
  process.exit(0);
}

const selected = process.argv.slice(2);
const chosen = selected.length ? workloads.filter((w) => selected.includes(w.name)) : workloads;
if (chosen.length === 0) {
  console.error(`unknown workload; choose from: ${workloads.map((w) => w.name).join(', ')}`);
  process.exit(2);
}
for (const required of [nativeBinary, `${root}web/lib/dist/node.js`]) {
  if (!existsSync(required)) {
    console.error(`${required} is missing: run "bash scripts/build.sh" first`);
    process.exit(2);
  }
}

const fixed = (x, digits = 2) => (typeof x === 'number' ? x.toFixed(digits) : '-');
const phases = ['encode', 'measure', 'lp', 'sample'];
const rows = [];
for (const workload of chosen) {
  const options = { epsilon: 1, testSeed: 20221121, ...workload.options };
  process.stderr.write(`running ${workload.name} (native)...\n`);
  const native = runNative(adult, options);
  process.stderr.write(`running ${workload.name} (wasm, cold + warm)...\n`);
  const [cold, warm] = runWasm(adult, options, 2);
  rows.push({ workload, native, cold, warm });
}

console.log('\n## Adult (48,842 rows), epsilon = 1, reduced-space LP, default ("auto") reference measure\n');
console.log(
  '| workload | reference (eps share) | statistics | marginals | m (rounds) | LP rows x cols | non-zeros | simplex iterations | t* | mean 2-way TV | mean 1-way TV |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const { workload, native } of rows) {
  if (native.error) {
    console.log(`| ${workload.label} | ${native.error}: ${native.message} ||||||||||`);
    continue;
  }
  const p = native.parameters;
  const reference = `${p.referenceMeasure.kind} (${p.budget.referenceMeasure})`;
  console.log(
    `| ${workload.label} | ${reference} | ${p.statistics} | ${p.marginals} | ${p.reducedSpace.size} (${p.reducedSpace.rounds.length}) | ` +
      `${p.lp.rows} x ${p.lp.columns} | ${p.lp.nonzeros} | ${p.lp.iterations} | ${fixed(native.released.lpObjective, 4)} | ` +
      `${fixed(native.meanTwoWayTV, 4)} | ${fixed(native.meanOneWayTV, 4)} |`,
  );
}
console.log('\n### Time per phase (seconds): native | wasm in a fresh Node process (cold) | wasm second run (warm)\n');
console.log(
  `| workload | ${phases.map((p) => `${p} native / cold / warm`).join(' | ')} | total native / cold / warm | LP wasm/native (cold, warm) |`,
);
console.log(`| --- | ${phases.map(() => '---:').join(' | ')} | ---: | ---: |`);
for (const { workload, native, cold, warm } of rows) {
  if (native.error || cold?.error) {
    console.log(
      `| ${workload.label} | ${native.error ?? ''} ${cold?.error ?? ''}: ${native.message ?? cold?.message} |||||||`,
    );
    continue;
  }
  const cells = phases.map(
    (phase) =>
      `${fixed(native.phaseSeconds[phase])} / ${fixed(cold.phaseSeconds[phase])} / ${fixed(warm.phaseSeconds[phase])}`,
  );
  const ratio = (run) => fixed(run.phaseSeconds.lp / native.phaseSeconds.lp);
  console.log(
    `| ${workload.label} | ${cells.join(' | ')} | ${fixed(native.totalSeconds)} / ${fixed(cold.totalSeconds)} / ` +
      `${fixed(warm.totalSeconds)} | ${ratio(cold)}, ${ratio(warm)} |`,
  );
}
console.log(
  '\nwasm totals include CSV parsing with PapaParse (phase "parse") and CSV writing ("write"); native totals exclude file reading.',
);
