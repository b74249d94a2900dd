// `npm run bench -- samplers`: the ROO paper's Fig. 2 (Tasnim et al., "Differentially private
// sampling via Reveal-or-Obscure"): TV between the true distribution P and the law of one output of
// ROO, DS-ROO and the Laplace-histogram baseline (subsampled RR equals ROO), vs n, for k = 10 at
// eps in {0.1, 0.5, 1, 2} and for eps = 1 at k in {5, 10, 50, 100}. Runs the native binary
// privsynth_sampler_bench (bench/samplers/sampler_bench.cpp, built by "bash scripts/build.sh native"; about
// 35 s) and prints its markdown tables. Asserts nothing.
// Usage: node bench/samplers/tv.mjs [--ds-reps R] [--laplace-reps R] [--seed S]
//        PRIVSYNTH_SAMPLER_BENCH=/path/to/privsynth_sampler_bench overrides the binary.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';

import { nativeBinary } from '../pipeline/runners.mjs';

const tool = process.env.PRIVSYNTH_SAMPLER_BENCH ?? `${dirname(nativeBinary)}/privsynth_sampler_bench`;
if (!existsSync(tool)) {
  console.error(`${tool} is missing: run "bash scripts/build.sh native" first`);
  process.exit(2);
}

console.log('Private one-sample samplers against a true distribution P (native build, fixed test seeds).');
console.log("Every column is the sampler's actual TV (closed form, exact, or Monte Carlo ± one standard error)");
console.log('except the two marked "bound"; the paper plotted upper bounds for the baselines.');
const started = Date.now();
const run = spawnSync(tool, process.argv.slice(2), { encoding: 'utf8', maxBuffer: 1 << 26 });
if (run.status !== 0) {
  process.stderr.write(run.stderr ?? '');
  console.error(`${tool} failed (status ${run.status ?? run.signal})`);
  process.exit(1);
}
process.stdout.write(run.stdout);
console.log(`\n(wall time ${((Date.now() - started) / 1000).toFixed(1)} s)`);
