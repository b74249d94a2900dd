// `npm run bench -- marginals`: the marginal-preserving mechanism of issue 5 on Adult.
//  1. Zhou et al.'s Fig. 3 / Table 2 (Appendix D.1): logistic regression trained on synthetic data
//     and on the real 80% training split, tested on the real 20%, for eps = 0.25 .. 2, next to the
//     paper's AIM figures; with the measured excess empirical risk and Theorem 3.2 at the run's
//     parameters.
//  2. The head-to-head of docs/spec/algorithms.md §6: private-pgm's discretized Adult at eps = 1,
//     delta = 1e-9, mean TV over all 2-way marginals and wall time, next to MST and AIM.
// Every run uses a test seed (repetition r uses seed r), so the numbers are reproducible. Asserts nothing.
// Usage: npm run bench -- marginals [--repetitions=3] [--epsilons=0.25,0.5,...] [--fits=target-tree,lp]
//        [--skip-figure] [--skip-head-to-head] [--no-wasm]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { nativeBinary, runNative, runWasm } from '../pipeline/runners.mjs';
import { EPSILONS, TABLES, paperReal as paperRealOf } from '../zhou/paper-table2.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const adult = { schema: `${root}data/adult/adult.schema.json`, csv: `${root}data/adult/adult.csv` };
const adultPgm = { schema: `${root}data/adult-pgm/adult.schema.json`, csv: `${root}data/adult-pgm/adult.csv` };
// Adult without the UCI train/test marker, which is not a feature.
const adultColumns = [
  'age',
  'workclass',
  'fnlwgt',
  'education',
  'education-num',
  'marital-status',
  'occupation',
  'relationship',
  'race',
  'sex',
  'capital-gain',
  'capital-loss',
  'hours-per-week',
  'native-country',
  'income',
];

// Zhou et al., Appendix D.1, Table 2, Adult row (AIM, 10 synthetic sets x 10 splits per epsilon).
const paperEpsilons = EPSILONS;
const paperAim = TABLES.adult;
const paperReal = paperRealOf(TABLES.adult);
// docs/spec/algorithms.md §6: single runs, roughly +-0.005, one core.
const peers = [
  { name: 'MST (private-pgm reference)', tv: 0.054, seconds: 120 },
  { name: 'AIM (private-pgm reference)', tv: 0.04, seconds: 600 },
];

const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const repetitions = Number(flags.repetitions ?? 3);
const epsilons = flags.epsilons ? String(flags.epsilons).split(',').map(Number) : paperEpsilons;
const fits = flags.fits ? String(flags.fits).split(',') : ['target-tree', 'lp'];

const fitOptions = { 'target-tree': {}, lp: { fit: 'lp' } };
for (const fit of fits) {
  if (!fitOptions[fit]) {
    console.error(`unknown fit "${fit}"; choose from ${Object.keys(fitOptions).join(', ')}`);
    process.exit(2);
  }
}
for (const required of [nativeBinary, `${root}web/lib/dist/node.js`]) {
  if (!existsSync(required)) {
    console.error(`${required} is missing: run "bash scripts/build.sh" first`);
    process.exit(2);
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => (xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1)) : 0);
const fixed = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const spread = (xs, digits = 3) => (xs.length ? `${fixed(mean(xs), digits)} ± ${fixed(sd(xs), digits)}` : '-');
const progress = (text) => process.stderr.write(`${text}\n`);

if (!flags['skip-figure']) {
  const rows = [];
  for (const fit of fits) {
    for (const epsilon of epsilons) {
      const runs = [];
      for (let seed = 1; seed <= repetitions; ++seed) {
        progress(`Fig. 3: ${fit}, eps = ${epsilon}, repetition ${seed}/${repetitions}`);
        const run = runNative(adult, {
          mechanism: 'marginal-lp',
          epsilon,
          delta: 1e-9,
          columns: adultColumns,
          mlTarget: 'income',
          mlTestFraction: 0.2,
          testSeed: seed,
          ...fitOptions[fit],
        });
        if (run.error || run.ml?.error) progress(`  failed: ${run.message ?? run.ml.error}`);
        else runs.push(run);
      }
      rows.push({ fit, epsilon, runs });
    }
  }
  console.log('\n## Zhou et al. Fig. 3 on Adult: train on synthetic, test on real (logistic regression)\n');
  console.log(
    `Adult, ${adultColumns.length} columns (no "split"), target income; per repetition a new random 80/20 split ` +
      `and new synthetic data; ${repetitions} repetition(s), mean ± sd. delta = 1e-9. AIM columns: the paper's Table 2 ` +
      `(its own Adult preprocessing: its real-data model scores ${paperReal.accuracy} accuracy, ${paperReal.rocAuc} ROC-AUC, ` +
      `test risk ${paperReal.risk}). Test risk = mean logistic loss on the real test rows ("Empirical Risk" of Table 2).\n`,
  );
  console.log(
    '| fit | eps | accuracy synthetic | accuracy real | gap | AIM accuracy (gap) | ROC-AUC synthetic | AIM ROC-AUC | ' +
      'test risk synthetic | test risk real | AIM test risk | excess empirical risk | Thm 3.2 bound (explicit) | seconds |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { fit, epsilon, runs } of rows) {
    const paper = paperEpsilons.indexOf(epsilon);
    const pick = (f) => runs.map(f);
    const gap = pick((r) => r.ml.trainedOnReal.accuracy - r.ml.trainedOnSynthetic.accuracy);
    const bound = runs.length ? runs[0].ml.excessRiskBound?.explicit : undefined;
    const boundText = bound
      ? `${bound.total === null ? 'overflow' : bound.total.toExponential(1)}${bound.vacuous ? ' (vacuous)' : ''}`
      : '-';
    console.log(
      `| ${fit} | ${epsilon} | ${spread(pick((r) => r.ml.trainedOnSynthetic.accuracy))} | ` +
        `${spread(pick((r) => r.ml.trainedOnReal.accuracy))} | ${spread(gap)} | ` +
        `${paper >= 0 ? `${paperAim.accuracy[paper]} (${fixed(paperReal.accuracy - paperAim.accuracy[paper])})` : '-'} | ` +
        `${spread(pick((r) => r.ml.trainedOnSynthetic.rocAuc))} | ${paper >= 0 ? paperAim.rocAuc[paper] : '-'} | ` +
        `${spread(pick((r) => r.ml.trainedOnSynthetic.testLogLoss))} | ${spread(pick((r) => r.ml.trainedOnReal.testLogLoss))} | ` +
        `${paper >= 0 ? paperAim.risk[paper] : '-'} | ${spread(pick((r) => r.ml.excessEmpiricalRisk))} | ${boundText} | ` +
        `${fixed(mean(pick((r) => r.totalSeconds)), 1)} |`,
    );
  }
  const example = rows.find((row) => row.runs.length)?.runs[0]?.ml.excessRiskBound;
  if (example) {
    console.log(
      `\nTheorem 3.2 at the run's parameters (d = ${example.degree}, m = ${example.dimension} one-hot coordinates, ` +
        `n = ${example.records}, tau = the larger model norm, nu/n = the largest 1- or 2-way L1 error of the synthetic data): ` +
        `a bound above 2 tau ||x|| (the largest possible excess risk) is vacuous. The theorems are asymptotic in d and n; ` +
        `at Adult's dimension they do not bind, while the measured excess risk is small.`,
    );
  }
}

if (!flags['skip-head-to-head']) {
  const contenders = [
    { name: 'marginal-lp, tree fit (default)', options: {}, repeat: Math.max(repetitions, 5), wasm: true },
    { name: 'marginal-lp, LP sum of L1 errors', options: { fit: 'lp' }, repeat: 1, wasm: true },
    {
      name: 'marginal-lp, LP max L1 marginal error (Zhou et al. Mechanism 1)',
      options: { fit: 'lp', lpObjective: 'max-marginal-error' },
      repeat: 1,
    },
    { name: 'marginal-lp, LP max cell error', options: { fit: 'lp', lpObjective: 'max-error' }, repeat: 1 },
    {
      name: 'reduced-space-lp, pure eps-DP (issue 3/4 default)',
      options: { mechanism: 'reduced-space-lp', delta: undefined },
      repeat: 1,
    },
  ];
  const results = [];
  for (const contender of contenders) {
    const runs = [];
    for (let seed = 1; seed <= contender.repeat; ++seed) {
      progress(`head-to-head: ${contender.name}, run ${seed}/${contender.repeat} (native)`);
      const options = { mechanism: 'marginal-lp', epsilon: 1, delta: 1e-9, testSeed: seed, ...contender.options };
      if (options.delta === undefined) delete options.delta;
      const run = runNative(adultPgm, options);
      if (run.error) progress(`  failed: ${run.message}`);
      else runs.push(run);
    }
    let wasm;
    if (contender.wasm && !flags['no-wasm']) {
      progress(`head-to-head: ${contender.name} (wasm under Node)`);
      const options = { mechanism: 'marginal-lp', epsilon: 1, delta: 1e-9, testSeed: 1, ...contender.options };
      [wasm] = runWasm(adultPgm, options);
    }
    results.push({ contender, runs, wasm });
  }
  console.log("\n## Head-to-head: private-pgm's discretized Adult (48,842 x 14), eps = 1, delta = 1e-9\n");
  console.log(
    'Mean over all 91 2-way marginals of the TV distance between real and synthetic (docs/spec/algorithms.md §6). ' +
      'Times: whole synthesis (measure, fit, sample; not CSV reading) on one core of this machine; wasm = the npm package ' +
      'under Node, first run in a fresh process (includes CSV parsing and writing). Peers: the reference figures.\n',
  );
  console.log('| mechanism | runs | mean 2-way TV | native seconds | wasm seconds | ');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const { contender, runs, wasm } of results) {
    const tv = runs.map((r) => r.meanTwoWayTV);
    console.log(
      `| ${contender.name} | ${runs.length} | ${runs.length > 1 ? spread(tv) : fixed(tv[0])} | ` +
        `${fixed(mean(runs.map((r) => r.totalSeconds)), 2)} | ${wasm ? (wasm.error ? wasm.error : fixed(wasm.totalSeconds, 2)) : '-'} |`,
    );
  }
  for (const peer of peers) console.log(`| ${peer.name} | 1 | ${fixed(peer.tv)} | ~${peer.seconds} | - |`);
}
