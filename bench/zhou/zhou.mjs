// `npm run bench -- zhou`: Zhou et al.'s experiments on their six preprocessed tables (shared/data/zhou,
// their Table 1): per table and epsilon, the adaptive mechanism on every <= 4-way marginal (AIM's
// setting: delta = 1/n^2) with the target given, and from its report: the normalized L1 error over
// that workload (their Fig. 2), logistic regression trained on the synthetic table and tested on the
// real 20% split (their Fig. 3 and Table 2) next to the paper's AIM figures and the same model
// trained on the real 80%, the model trained directly under DP at the same (epsilon, delta) on the
// same split (their Fig. 4; docs/privacy/dp-gd.md), and the further targets of their Fig. 5 from
// the same synthetic table. Every run uses test seeds (repetition r: seed r), so the figures are
// reproducible. Prints markdown tables; asserts nothing.
// PATE (their Appendix D.2) needs public unlabelled data from the same population, which these
// tables do not come with; it is left out.
// Usage: npm run bench -- zhou [--quick] [--repetitions=3] [--epsilons=0.25,...] [--tables=heart,compas]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { nativeBinary, runNative } from '../pipeline/runners.mjs';
import { EPSILONS, TABLES, paperReal } from './paper-table2.mjs';
import { readFlags } from '../flags.mjs';

const shared = fileURLToPath(new URL('../../../shared/data/zhou/', import.meta.url));

const flags = readFlags();
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
for (const required of [nativeBinary, `${shared}heart.csv`]) {
  if (!existsSync(required)) {
    console.error(`${required} is missing: run "bash scripts/build.sh native" (and check ../shared/data/zhou)`);
    process.exit(2);
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => (xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1)) : 0);
const fixed = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const spread = (xs) => {
  const known = xs.filter((x) => typeof x === 'number' && Number.isFinite(x));
  return known.length > 1 ? `${fixed(mean(known))} ± ${fixed(sd(known))}` : known.length ? fixed(known[0]) : '-';
};
const progress = (text) => process.stderr.write(`${text}\n`);

console.log(
  `Zhou et al.'s six tables, ${repetitions} repetition(s) per point (mean ± sd). Synthetic: adaptive-marginals on ` +
    'every <= 4-way marginal, delta = 1/n^2, target given (mlTarget), a new 80/20 split per repetition. DP-GD: ' +
    'logistic regression trained on the same split by DP gradient descent at the same (epsilon, delta) (the ' +
    'report\'s direct model). AIM: the paper\'s Table 2 (its own runs; its "real" column is its own real-data ' +
    'model). Test risk: mean logistic loss on the real test rows (the paper\'s "Empirical Risk"). Workload L1: ' +
    "the mean over the workload's marginals of at most 10^6 cells of ||real - synthetic||_1 (their Fig. 2).",
);
for (const name of tables) {
  const table = TABLES[name];
  const data = { schema: `${shared}${name}.schema.json`, csv: `${shared}${name}.csv` };
  const delta = 1 / table.rows ** 2;
  const extra = table.extraTargets ?? [];
  console.log(`\n## ${name} (n = ${table.rows.toLocaleString('en-US')}, target "${table.target}")\n`);
  console.log(
    '| ε | accuracy: synthetic | AIM | DP-GD | real | ROC-AUC: synthetic | AIM | DP-GD | real | ' +
      'test risk: synthetic | AIM | real | excess empirical risk | workload L1 | seconds |',
  );
  console.log(
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  const extraRows = [];
  for (const epsilon of epsilons) {
    const runs = [];
    for (let seed = 1; seed <= repetitions; ++seed) {
      progress(`${name}, eps = ${epsilon}, repetition ${seed}/${repetitions}`);
      const run = runNative(data, {
        mechanism: 'adaptive-marginals',
        epsilon,
        delta,
        workload: 'up-to-4-way',
        mlTarget: table.target,
        ...(extra.length ? { mlExtraTargets: extra } : {}),
        mlTestFraction: 0.2,
        testSeed: seed,
      });
      if (run.error || !run.ml || run.ml.error) {
        progress(`  synthesis failed: ${run.message ?? run.ml?.error ?? run.error ?? 'no ML report'}`);
      } else {
        if (run.ml.directDp?.error) progress(`  DP-GD failed: ${run.ml.directDp.error}`);
        runs.push(run);
      }
    }
    const paper = EPSILONS.indexOf(epsilon);
    const aim = (metric) => (paper >= 0 ? fixed(table[metric][paper]) : '-');
    const of = (f) => spread(runs.map((r) => f(r.ml)));
    console.log(
      `| ${epsilon} | ${of((m) => m.trainedOnSynthetic.accuracy)} | ${aim('accuracy')} | ` +
        `${of((m) => m.directDp?.accuracy)} | ${of((m) => m.trainedOnReal.accuracy)} | ` +
        `${of((m) => m.trainedOnSynthetic.rocAuc)} | ${aim('rocAuc')} | ${of((m) => m.directDp?.rocAuc)} | ` +
        `${of((m) => m.trainedOnReal.rocAuc)} | ${of((m) => m.trainedOnSynthetic.testLogLoss)} | ${aim('risk')} | ` +
        `${of((m) => m.trainedOnReal.testLogLoss)} | ${of((m) => m.excessEmpiricalRisk)} | ` +
        `${spread(runs.map((r) => r.workloadError?.meanNormalizedL1))} | ${fixed(mean(runs.map((r) => r.totalSeconds)), 1)} |`,
    );
    extra.forEach((target, index) => {
      const reports = runs.map((r) => r.mlExtraTargets?.[index]).filter((m) => m && !m.error);
      const f = (g) => spread(reports.map(g));
      extraRows.push(
        `| ${epsilon} | ${target} (${reports[0]?.classes ?? '?'} classes) | ${f((m) => m.trainedOnSynthetic.accuracy)} | ` +
          `${f((m) => m.directDp?.accuracy)} | ${f((m) => m.trainedOnReal.accuracy)} | ${f((m) => m.majorityClassAccuracy)} |`,
      );
    });
  }
  console.log(
    `\nThe paper's real-data model: accuracy ${paperReal(table).accuracy}, ROC-AUC ${paperReal(table).rocAuc}, ` +
      `test risk ${paperReal(table).risk}.`,
  );
  if (extraRows.length) {
    console.log(`\nFurther targets from the same synthetic tables (their Fig. 5), accuracy on the same test rows:\n`);
    console.log('| ε | target | synthetic | DP-GD (its own ε) | real | majority class |');
    console.log('| ---: | --- | ---: | ---: | ---: | ---: |');
    for (const row of extraRows) console.log(row);
  }
}
