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

const root = fileURLToPath(new URL('../..', import.meta.url));
const shared = fileURLToPath(new URL('../../../shared/data/zhou/', import.meta.url));
const dpGdBinary = `${root}build/native/bench/privsynth_dp_gd_bench`;

// Their Table 1 (rows) and Table 2 (AIM, and the model trained on real data), in their order of epsilon.
const EPSILONS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
const TABLES = {
  adult: {
    target: 'income>50K',
    rows: 48842,
    accuracy: [0.832, 0.836, 0.838, 0.84, 0.84, 0.841, 0.842, 0.842, 0.843],
    rocAuc: [0.879, 0.883, 0.886, 0.887, 0.889, 0.888, 0.889, 0.889, 0.891],
    risk: [0.358, 0.353, 0.349, 0.347, 0.345, 0.345, 0.344, 0.344, 0.34],
  },
  churn: {
    target: 'Churn Value',
    rows: 4824,
    accuracy: [0.719, 0.742, 0.748, 0.748, 0.748, 0.751, 0.756, 0.757, 0.766],
    rocAuc: [0.762, 0.789, 0.801, 0.801, 0.801, 0.804, 0.809, 0.81, 0.826],
    risk: [0.546, 0.52, 0.506, 0.505, 0.498, 0.501, 0.493, 0.491, 0.47],
  },
  compas: {
    target: 'two_year_recid',
    rows: 7214,
    accuracy: [0.587, 0.645, 0.646, 0.658, 0.663, 0.663, 0.664, 0.666, 0.671],
    rocAuc: [0.6, 0.68, 0.685, 0.705, 0.709, 0.71, 0.71, 0.71, 0.718],
    risk: [0.674, 0.638, 0.636, 0.624, 0.625, 0.624, 0.623, 0.622, 0.617],
  },
  dutch: {
    target: 'occupation',
    rows: 60420,
    accuracy: [0.812, 0.815, 0.817, 0.816, 0.817, 0.817, 0.817, 0.817, 0.817],
    rocAuc: [0.884, 0.885, 0.887, 0.886, 0.886, 0.886, 0.886, 0.886, 0.886],
    risk: [0.43, 0.427, 0.424, 0.426, 0.425, 0.426, 0.426, 0.426, 0.427],
  },
  heart: {
    target: 'output',
    rows: 303,
    accuracy: [0.572, 0.675, 0.701, 0.719, 0.749, 0.756, 0.767, 0.78, 0.802],
    rocAuc: [0.569, 0.728, 0.778, 0.78, 0.82, 0.834, 0.838, 0.853, 0.883],
    risk: [0.986, 0.699, 0.617, 0.593, 0.536, 0.508, 0.496, 0.484, 0.452],
  },
  law: {
    target: 'pass_bar',
    rows: 20798,
    accuracy: [0.892, 0.894, 0.895, 0.895, 0.895, 0.894, 0.895, 0.896, 0.901],
    rocAuc: [0.829, 0.854, 0.856, 0.857, 0.859, 0.859, 0.857, 0.858, 0.869],
    risk: [0.274, 0.259, 0.257, 0.256, 0.254, 0.258, 0.257, 0.255, 0.245],
  },
};

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
    `\nThe paper's real-data model: accuracy ${table.accuracy[8]}, ROC-AUC ${table.rocAuc[8]}, test risk ${table.risk[8]}.`,
  );
}
