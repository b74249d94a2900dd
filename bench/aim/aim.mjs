// `npm run bench -- aim`: adaptive marginals (AIM on a graphical model) against the reference MST
// and AIM of ryan112358/private-pgm, run side by side on this machine. For each dataset and
// epsilon (delta = 1e-9): the mean and worst total variation over all 2-way marginals, the mean
// over all 3-way marginals, and the wall time, natively, as wasm under Node and in headless
// Chromium; the peers on the integer-coded datasets they read (private-pgm's Adult). Every run of
// privsynth uses a test seed (run r: seed r); the peers seed numpy's generator the same way.
// Asserts nothing.
//
// Usage: npm run bench -- aim [--runs=5] [--epsilons=0.25,1,4] [--datasets=adult-pgm,adult,heart]
//        [--peer-runs=1] [--no-native] [--no-wasm] [--no-chromium] [--no-peers]
// The peers need bench/aim/setup-peers.sh (Debian's Python packages) and a checkout of the
// reference code at its last numpy commit (514dea3) in third_party/private-pgm or at
// $PRIVSYNTH_PRIVATE_PGM; without them the table says so and gives the published figures.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runInChromium } from '../browser/chromium-runner.mjs';
import { nativeBinary, runNative, runWasm } from '../pipeline/runners.mjs';
import { marginalDistances } from './tv.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DATASETS = {
  'adult-pgm': {
    label: "private-pgm's Adult (48,842 x 14, integer codes)",
    schema: `${root}data/adult-pgm/adult.schema.json`,
    csv: `${root}data/adult-pgm/adult.csv`,
    domain: `${root}data/adult-pgm/adult-domain.json`,
  },
  adult: {
    label: 'Adult with its public schema (48,842 x 16, numbers in bins)',
    schema: `${root}data/adult/adult.schema.json`,
    csv: `${root}data/adult/adult.csv`,
  },
  heart: {
    label: 'UCI Heart, Cleveland (303 x 14, numbers in bins)',
    schema: `${root}data/heart/heart_cleveland.schema.json`,
    csv: `${root}data/heart/heart_cleveland.csv`,
  },
};
// Published single runs on private-pgm's Adult at epsilon = 1 (docs/spec/algorithms.md §6).
const PUBLISHED = 'published (private-pgm, eps = 1): MST 0.054 in about 2 min, AIM 0.040 in about 10 min';

const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const runs = Number(flags.runs ?? 5);
const peerRuns = Number(flags['peer-runs'] ?? 1);
const epsilons = String(flags.epsilons ?? '0.25,1,4')
  .split(',')
  .map(Number);
const datasets = String(flags.datasets ?? 'adult-pgm,adult,heart').split(',');
for (const name of datasets) {
  if (!DATASETS[name]) {
    console.error(`unknown dataset "${name}"; choose from ${Object.keys(DATASETS).join(', ')}`);
    process.exit(2);
  }
}
for (const required of [nativeBinary, `${root}web/lib/dist/node.js`]) {
  if (!existsSync(required)) {
    console.error(`${required} is missing: run "bash scripts/build.sh" first`);
    process.exit(2);
  }
}
const checkout = process.env.PRIVSYNTH_PRIVATE_PGM ?? `${root}third_party/private-pgm`;
const peersMissing = flags['no-peers']
  ? 'not run (--no-peers)'
  : !existsSync(`${checkout}/mechanisms/aim.py`)
    ? `not run: no checkout of ryan112358/private-pgm at ${checkout}`
    : (() => {
        try {
          execFileSync('/usr/bin/python3', ['-c', 'import numpy, scipy, pandas, networkx, attr'], { stdio: 'ignore' });
          return null;
        } catch {
          return 'not run: Debian Python packages missing (bash bench/aim/setup-peers.sh)';
        }
      })();

const progress = (text) => process.stderr.write(`${text}\n`);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => (xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1)) : 0);
const fixed = (x, digits = 4) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const spread = (xs, digits = 4) =>
  xs.length === 0
    ? '-'
    : xs.length === 1
      ? fixed(xs[0], digits)
      : `${fixed(mean(xs), digits)} ± ${fixed(sd(xs), digits)}`;

const scratch = mkdtempSync(join(tmpdir(), 'privsynth-aim-'));
const rows = [];
const record = (dataset, epsilon, contender, results) => rows.push({ dataset, epsilon, contender, results });
const options = (epsilon, seed) => ({ mechanism: 'adaptive-marginals', epsilon, delta: 1e-9, testSeed: seed });

try {
  for (const name of datasets) {
    const data = DATASETS[name];
    const realText = readFileSync(data.csv, 'utf8');
    for (const epsilon of epsilons) {
      if (!flags['no-native']) {
        const results = [];
        for (let seed = 1; seed <= runs; ++seed) {
          progress(`${name}, eps = ${epsilon}: native run ${seed}/${runs}`);
          const run = runNative(data, options(epsilon, seed));
          if (run.error) progress(`  failed: ${run.message}`);
          else
            results.push({
              meanTwoWay: run.meanTwoWayTV,
              worstTwoWay: run.worstTwoWayTV,
              threeWaySample: run.meanThreeWaySampleTV,
              seconds: run.totalSeconds,
              rounds: run.parameters.rounds,
            });
        }
        record(name, epsilon, 'privsynth native', results);
      }
      if (!flags['no-wasm']) {
        const results = [];
        for (let seed = 1; seed <= runs; ++seed) {
          progress(`${name}, eps = ${epsilon}: wasm (Node) run ${seed}/${runs}`);
          // Tables of codes are compared cell by cell as the peers are; with numbers drawn inside
          // their bins, the report's distances (over the schema's bins) are the ones that mean something.
          const path = data.domain ? join(scratch, `wasm-${name}-${epsilon}-${seed}.csv`) : undefined;
          const [run] = runWasm(data, options(epsilon, seed), 1, path);
          if (run.error) {
            progress(`  failed: ${run.message}`);
            continue;
          }
          results.push({
            ...(path
              ? marginalDistances(realText, readFileSync(path, 'utf8'))
              : {
                  meanTwoWay: run.meanTwoWayTV,
                  worstTwoWay: run.worstTwoWayTV,
                  threeWaySample: run.meanThreeWaySampleTV,
                }),
            seconds: run.totalSeconds,
          });
        }
        record(name, epsilon, 'privsynth wasm, Node', results);
      }
      if (!flags['no-peers'] && !peersMissing && data.domain) {
        for (const peer of ['mst', 'aim']) {
          const results = [];
          for (let seed = 1; seed <= peerRuns; ++seed) {
            progress(`${name}, eps = ${epsilon}: reference ${peer.toUpperCase()} run ${seed}/${peerRuns}`);
            const path = join(scratch, `${peer}-${name}-${epsilon}-${seed}.csv`);
            try {
              const line = execFileSync(
                '/usr/bin/python3',
                [
                  `${root}bench/aim/peer.py`,
                  peer,
                  checkout,
                  data.csv,
                  data.domain,
                  String(epsilon),
                  '1e-9',
                  String(seed),
                  path,
                ],
                { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] },
              );
              const { seconds } = JSON.parse(line.trim().split('\n').at(-1));
              results.push({ ...marginalDistances(realText, readFileSync(path, 'utf8')), seconds });
            } catch (error) {
              progress(`  failed: ${String(error.message).split('\n')[0]}`);
            }
          }
          record(name, epsilon, `reference ${peer.toUpperCase()} (Python)`, results);
        }
      }
    }
  }
  if (!flags['no-chromium']) {
    const workloads = [];
    for (const name of datasets) {
      for (const epsilon of epsilons) {
        for (let seed = 1; seed <= runs; ++seed) {
          workloads.push({
            name: `${name} eps ${epsilon} #${seed}`,
            dataset: name,
            epsilon,
            options: options(epsilon, seed),
          });
        }
      }
    }
    progress(`headless Chromium: ${workloads.length} runs`);
    const { results } = await runInChromium(workloads);
    for (const name of datasets) {
      for (const epsilon of epsilons) {
        const mine = results.filter((r) => r.workload.dataset === name && r.workload.epsilon === epsilon && r.ok);
        record(
          name,
          epsilon,
          'privsynth wasm, Chromium',
          mine.map((r) => ({
            meanTwoWay: r.marginals.meanTwoWayTV,
            worstTwoWay: r.marginals.worstTwoWayTV,
            threeWaySample: r.marginals.meanThreeWaySampleTV,
            seconds: r.totalMs / 1000,
          })),
        );
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log('\n## Adaptive marginals against MST and AIM (delta = 1e-9)\n');
console.log(
  `privsynth: mechanism "adaptive-marginals" with its defaults, ${runs} runs (test seeds 1..${runs}); reference code: ` +
    `${peersMissing ?? `${peerRuns} run(s) each, ryan112358/private-pgm at ${checkout} with its defaults (AIM: 80 MB model, 1,000 iterations)`}. ` +
    `${PUBLISHED}. 2-way TV: exact over every pair of columns (over the schema's bins for numbers). 3-way TV: over ` +
    "every triple from the CSV (private-pgm's Adult in Node, and the peers), or over the report's sample of triples " +
    '(marked *). Seconds: wall time of one run, CSV ' +
    'parsing and the utility report included for privsynth; the mechanism alone for the peers. Mean ± sd over runs.\n',
);
for (const name of datasets) {
  console.log(`### ${DATASETS[name].label}\n`);
  console.log('| eps | contender | runs | mean 2-way TV | worst 2-way TV | mean 3-way TV | seconds |');
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows.filter((r) => r.dataset === name)) {
    const r = row.results;
    const three = r.some((x) => x.meanThreeWay !== undefined)
      ? spread(r.map((x) => x.meanThreeWay))
      : r.length
        ? `${spread(r.map((x) => x.threeWaySample))}*`
        : '-';
    console.log(
      `| ${row.epsilon} | ${row.contender} | ${r.length} | ${spread(r.map((x) => x.meanTwoWay))} | ` +
        `${spread(
          r.map((x) => x.worstTwoWay),
          3,
        )} | ${three} | ${spread(
          r.map((x) => x.seconds),
          2,
        )} |`,
    );
  }
  console.log('');
}
