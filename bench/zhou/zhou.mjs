// `npm run bench -- zhou`: Zhou et al.'s experiments on their six preprocessed tables (shared/data/zhou,
// their Table 1): per table and epsilon, logistic regression trained on synthetic data from the
// adaptive mechanism on every <= 4-way marginal (AIM's setting: delta = 1/n^2) and tested on the
// real 20% split (their Fig. 3 and Table 2), next to the paper's AIM figures, the same model trained
// on the real 80%, and the model trained directly under DP at the same (epsilon, delta) by DP
// gradient descent (their Fig. 4; docs/privacy/dp-gd.md). Every run uses test seeds (repetition r:
// seed r), so the figures are reproducible. Prints markdown tables; asserts nothing.
// PATE (their Appendix D.2) needs public unlabelled data from the same population, which these
// tables do not come with; it is left out.
// Usage: npm run bench -- zhou [--quick] [--repetitions=3] [--epsilons=0.25,...] [--tables=heart,compas]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { nativeBinary, runNative } from '../pipeline/runners.mjs';
import { EPSILONS, TABLES, paperReal } from './paper-table2.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shared = fileURLToPath(new URL('../../../shared/data/zhou/', import.meta.url));
const dpGdBinary = `${root}build/native/bench/privsynth_dp_gd_bench`;

const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const quick = Boolean(flags.quick);
const repetitions = Number(flags.repetitions ?? (quick ? 1 : 3));
const epsilons = flags.epsilons ? String(flags.epsilons).split(',').map(Number) : quick ? [0.5, 1, 2] : EPSILONS;
const tables = flags.tables ? String(flags.tables).split(',') : quick ? ['heart', 'compas'] : Object.keys(TABLES);
for (const name of tables) {
  if (!TABLES[name]) {
    console.error(`unknown table "${name}"; choose from ${Object.keys(TABLES).join(', ')}`);
    process.exit(2);
  }
}
for (const required of [nativeBinary, dpGdBinary, `${shared}heart.csv`]) {
  if (!existsSync(required)) {
    console.error(`${required} is missing: run "bash scripts/build.sh native" (and check ../shared/data/zhou)`);
    process.exit(2);
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => (xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1)) : 0);
const fixed = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const spread = (xs) => (xs.length > 1 ? `${fixed(mean(xs))} ± ${fixed(sd(xs))}` : xs.length ? fixed(xs[0]) : '-');
const progress = (text) => process.stderr.write(`${text}\n`);

function dpGd(data, target, epsilon, delta, seed) {
  try {
    const args = [data.schema, data.csv, target, String(epsilon), String(delta), String(seed)];
    return JSON.parse(execFileSync(dpGdBinary, args, { encoding: 'utf8' }));
  } catch (error) {
    return JSON.parse(error.stdout || '{"error":"CRASH"}');
  }
}

console.log(
  `Zhou et al.'s six tables, ${repetitions} repetition(s) per point (mean ± sd). Synthetic: adaptive-marginals on ` +
    'every <= 4-way marginal, delta = 1/n^2, target given (mlTarget), a new 80/20 split per repetition. DP-GD: ' +
    'logistic regression trained on the same kind of split with DP gradient descent at the same (epsilon, delta). ' +
    'AIM: the paper\'s Table 2 (its own runs; its "real" column is its own real-data model). ' +
    'Test risk: mean logistic loss on the real test rows (the paper\'s "Empirical Risk").',
);
for (const name of tables) {
  const table = TABLES[name];
  const data = { schema: `${shared}${name}.schema.json`, csv: `${shared}${name}.csv` };
  const delta = 1 / table.rows ** 2;
  console.log(`\n## ${name} (n = ${table.rows.toLocaleString('en-US')}, target "${table.target}")\n`);
  console.log(
    '| ε | accuracy: synthetic | AIM | DP-GD | real | ROC-AUC: synthetic | AIM | DP-GD | real | ' +
      'test risk: synthetic | AIM | real | excess empirical risk | seconds |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const epsilon of epsilons) {
    const runs = [];
    const direct = [];
    for (let seed = 1; seed <= repetitions; ++seed) {
      progress(`${name}, eps = ${epsilon}, repetition ${seed}/${repetitions}`);
      const run = runNative(data, {
        mechanism: 'adaptive-marginals',
        epsilon,
        delta,
        workload: 'up-to-4-way',
        mlTarget: table.target,
        mlTestFraction: 0.2,
        testSeed: seed,
      });
      if (run.error || !run.ml || run.ml.error) {
        progress(`  synthesis failed: ${run.message ?? run.ml?.error ?? run.error ?? 'no ML report'}`);
      } else {
        runs.push(run);
      }
      const model = dpGd(data, table.target, epsilon, delta, seed);
      if (model.error) progress(`  DP-GD failed: ${model.error}`);
      else direct.push(model);
    }
    const paper = EPSILONS.indexOf(epsilon);
    const aim = (metric) => (paper >= 0 ? fixed(table[metric][paper]) : '-');
    const synthetic = (f) => spread(runs.map((r) => f(r.ml.trainedOnSynthetic)));
    const real = (f) => spread(runs.map((r) => f(r.ml.trainedOnReal)));
    const model = (f) => spread(direct.map((r) => f(r.dpGd)));
    console.log(
      `| ${epsilon} | ${synthetic((m) => m.accuracy)} | ${aim('accuracy')} | ${model((m) => m.accuracy)} | ` +
        `${real((m) => m.accuracy)} | ${synthetic((m) => m.rocAuc)} | ${aim('rocAuc')} | ${model((m) => m.rocAuc)} | ` +
        `${real((m) => m.rocAuc)} | ${synthetic((m) => m.testLogLoss)} | ${aim('risk')} | ${real((m) => m.testLogLoss)} | ` +
        `${spread(runs.map((r) => r.ml.excessEmpiricalRisk))} | ${fixed(mean(runs.map((r) => r.totalSeconds)), 1)} |`,
    );
  }
  console.log(
    `\nThe paper's real-data model: accuracy ${paperReal(table).accuracy}, ROC-AUC ${paperReal(table).rocAuc}, ` +
      `test risk ${paperReal(table).risk}.`,
  );
}
