// The LP's second stage on Adult's workloads (part of `npm run bench -- lp`): the reduced-space
// LP with `lpStage2: "none"` (the first stage's vertex) and with the default second stage, natively,
// test seeds 1..runs. Per workload: mean and worst 2-way TV, max statistic error of the rows,
// distinct synthetic records, LP time. Prints a table; asserts nothing.
import { fileURLToPath } from 'node:url';

import { runNative } from '../pipeline/runners.mjs';
import { demoColumns, tenColumns } from '../pipeline/adult-columns.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const adult = { schema: `${root}data/adult/adult.schema.json`, csv: `${root}data/adult/adult.csv` };
const heart = {
  schema: `${root}data/heart/heart_cleveland.schema.json`,
  csv: `${root}data/heart/heart_cleveland.csv`,
};

const workloads = [
  { label: 'Adult, 6 demo columns, degree 2', data: adult, options: { columns: demoColumns } },
  { label: 'Adult, 10 columns, degree 2', data: adult, options: { columns: tenColumns } },
  { label: 'Adult, all 16 columns, degree 2', data: adult, options: {} },
  { label: 'UCI Heart, all 14 columns, degree 2', data: heart, options: {} },
];
const stages = [
  ['none', { lpStage2: 'none' }],
  ['default (max-entropy, slack 1, weight 0.1)', {}],
];

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const sd = (values) => Math.sqrt(mean(values.map((v) => (v - mean(values)) ** 2)));
const show = (values, digits) => `${mean(values).toFixed(digits)} ± ${sd(values).toFixed(digits)}`;

export function runSecondStage(runs = 3) {
  const lines = [];
  for (const { label, data, options } of workloads) {
    for (const [stage, extra] of stages) {
      const results = [];
      for (let seed = 1; seed <= runs; ++seed) {
        process.stderr.write(`second stage: ${label}, ${stage}, run ${seed}/${runs}\n`);
        const run = runNative(data, {
          mechanism: 'reduced-space-lp',
          epsilon: 1,
          testSeed: seed,
          ...options,
          ...extra,
        });
        if (run.error) {
          process.stderr.write(`  failed: ${run.message}\n`);
          continue;
        }
        results.push(run);
      }
      if (!results.length) continue;
      const pick = (key) => results.map(key);
      const second = results[0].parameters.lp?.secondStage ?? {};
      lines.push(
        `| ${label} | ${stage} | ${results.length} | ${show(
          pick((r) => r.meanTwoWayTV),
          4,
        )} | ` +
          `${show(
            pick((r) => r.worstTwoWayTV),
            3,
          )} | ${show(
            pick((r) => r.maxStatisticError),
            4,
          )} | ` +
          `${Math.round(mean(pick((r) => r.distinctRecords)))} | ${show(
            pick((r) => r.phaseSeconds.lp ?? 0),
            2,
          )} | ` +
          `${second.method === 'max-entropy' ? `${second.sweeps} sweeps, mix ${second.firstStageMix.toFixed(2)}` : '-'} |`,
      );
    }
  }
  console.log("\n## The LP's second stage (reduced-space-lp, epsilon = 1, native; mean ± sd over test seeds)\n");
  console.log(
    '| workload | second stage | runs | mean 2-way TV | worst 2-way TV | max statistic error | distinct records | LP seconds | seed 1 |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const line of lines) console.log(line);
  console.log(
    '\n"mix": the share of the first stage\'s vertex mixed into the second stage\'s h so that every statistic is within ' +
      'the tolerance (0 when the dual iterate already is).',
  );
}
