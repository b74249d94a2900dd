// `npm run bench -- lp`: the reweighting LP alone, over a ladder of instances (synthetic Boolean
// tables and Adult's real workloads, written by build/native/bench/privsynth_lp_instances), solved
// by each solver natively and as wasm under Node (a fresh process per run, so V8 starts cold like a
// browser tab). The exact optimum comes from row generation with gap 0 (checked against the full
// simplex where it finishes); every other run reports its gap to it. Prints tables; asserts nothing.
// Then the second stage on Adult's and Heart's workloads (bench/lp/second-stage.mjs).
// Usage: npm run bench -- lp [--solvers=row-generation,simplex,mirror-prox] [--cap=SECONDS] [--runs=3]
//        [--second-stage-only] [instances...]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { runSecondStage } from './second-stage.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const folder = `${root}build/lp-instances`;
const makeInstances = `${root}build/native/bench/privsynth_lp_instances`;
const nativeSolver = `${root}build/native/bench/privsynth_lp_solve`;
const wasmSolver = `${root}build/wasm/bench/privsynth_lp_solve.cjs`;

export const instances = [
  'bool-p20-m2000',
  'bool-p20-m8000',
  'bool-p30-m5000',
  'bool-p40-m10000',
  'bool-p50-m20000',
  'adult-all-d1',
  'adult-6col-d2',
  'adult-mst',
  'adult-10col-d2',
  'adult-all-d2',
  'adult-all-d2-m100k',
];

function solve(binary, instance, solver, options) {
  const command = binary.endsWith('.cjs') ? [process.execPath, [binary]] : [binary, []];
  const args = [...command[1], `${folder}/${instance}.json`, solver, JSON.stringify(options)];
  try {
    return JSON.parse(execFileSync(command[0], args, { encoding: 'utf8', maxBuffer: 1 << 26 }));
  } catch (error) {
    return { error: 'CRASH', message: String(error.stderr || error.message).slice(0, 200) };
  }
}

const fixed = (x, digits = 2) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const seconds = (run) => (run.error ? (run.error === 'n/a' ? '-' : run.error) : fixed(run.seconds));
const ratio = (run, native) => (run.error ? '-' : fixed(run.seconds / native.seconds));
const exponent = (x) => (typeof x === 'number' && Number.isFinite(x) ? x.toExponential(1) : '-');

export function runLadder(argv) {
  const flags = Object.fromEntries(argv.filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')));
  const chosen = argv.filter((a) => !a.startsWith('--'));
  const names = chosen.length ? chosen : instances;
  const unknown = names.filter((name) => !instances.includes(name));
  if (unknown.length) {
    console.error(`unknown instance ${unknown.join(', ')}; choose from: ${instances.join(', ')}`);
    process.exit(2);
  }
  if ('second-stage-only' in flags) {
    runSecondStage(Number(flags.runs ?? 3));
    return;
  }
  const solvers = (flags.solvers ?? 'row-generation,simplex,mirror-prox').split(',');
  const cap = Number(flags.cap ?? 120);
  for (const required of [makeInstances, nativeSolver, wasmSolver]) {
    if (!existsSync(required)) {
      console.error(`${required} is missing: run "bash scripts/build.sh native wasm" first`);
      process.exit(2);
    }
  }
  mkdirSync(folder, { recursive: true });
  execFileSync(makeInstances, [folder], { stdio: ['ignore', 'ignore', 'ignore'] });

  const rows = [];
  for (const instance of names) {
    process.stderr.write(`${instance}: exact optimum (row generation, gap 0)...\n`);
    const exact = { native: solve(nativeSolver, instance, 'row-generation', { relativeGap: 0 }) };
    exact.wasm = solve(wasmSolver, instance, 'row-generation', { relativeGap: 0 });
    exact.warm = solve(wasmSolver, instance, 'row-generation', { relativeGap: 0, warmUp: true });
    rows.push({ instance, solver: 'row-generation, exact', ...exact, exact: exact.native });
    const runs = [];
    if (solvers.includes('row-generation'))
      runs.push(['row-generation', 'row-generation, gap 1%', { relativeGap: 0.01 }]);
    if (solvers.includes('simplex')) runs.push(['simplex', `full simplex (cap ${cap} s)`, { timeLimitSeconds: cap }]);
    if (solvers.includes('mirror-prox')) {
      runs.push([
        'mirror-prox',
        `mirror-prox, gap 1% (cap ${cap / 6} s)`,
        { relativeGap: 0.01, timeLimitSeconds: cap / 6 },
      ]);
    }
    for (const [solver, label, options] of runs) {
      process.stderr.write(`${instance}: ${label}...\n`);
      const native = solve(nativeSolver, instance, solver, options);
      const wasm = solve(wasmSolver, instance, solver, options);
      // Long solves tier up on their own; the warmed-up run matters for the short, default solver.
      const warm =
        solver === 'row-generation'
          ? solve(wasmSolver, instance, solver, { ...options, warmUp: true })
          : { error: 'n/a' };
      rows.push({ instance, solver: label, native, wasm, warm, exact: exact.native });
    }
  }

  console.log('\n## Reweighting LP ladder (min max_f |A h - b|_f over the simplex; epsilon = 1 noisy targets)\n');
  console.log(
    '| instance | statistics x points | full LP rows x cols (non-zeros) | solver | native s | wasm s cold / warmed up | ' +
      'wasm/native cold / warmed up | objective | certified lower bound | gap to exact | iterations | statistics in LP |',
  );
  console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { instance, solver, native, wasm, warm, exact } of rows) {
    if (native.error) {
      console.log(`| ${instance} | | | ${solver} | ${native.error}: ${native.message ?? ''} | | | | | | | |`);
      continue;
    }
    const optimum = exact.objective;
    const gap = native.objective !== undefined && optimum > 0 ? (native.objective - optimum) / optimum : undefined;
    const stopped = native.converged === false ? ' (limit)' : '';
    console.log(
      `| ${instance} | ${native.statistics} x ${native.points} | ${native.rows} x ${native.columns} (${native.nonzeros}) | ` +
        `${solver}${stopped} | ${fixed(native.seconds)} | ${seconds(wasm)} / ${seconds(warm)} | ` +
        `${ratio(wasm, native)} / ${ratio(warm, native)} | ${fixed(native.objective, 6)} | ${fixed(native.lowerBound, 6)} | ` +
        `${gap === undefined ? '-' : exponent(gap)} | ${native.iterations ?? '-'} | ${native.activeStatistics ?? native.statistics} |`,
    );
  }
  console.log(
    '\nwasm runs are fresh Node processes: "cold" solves at once, as V8 starts a new tab; "warmed up" first runs the ' +
      "library's 0.25 s warm-up (what preload() does while a page is idle), which lets V8 optimize the solvers' hot code.",
  );
  console.log(
    '"gap to exact" is (objective - exact optimum) / exact optimum, measured natively; "(limit)" marks a run stopped by its time cap.',
  );
  runSecondStage(Number(flags.runs ?? 3));
}
