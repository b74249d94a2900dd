// `npm run bench -- reference`: Bojkovic & Loh, Appendix C-C (Figs. 1-2). Algorithm 1 with a
// uniform reference measure mu (Theorem B.1) against a perturbed-histogram mu
// (Corollary III.1.1), at the sizes n, k, m that the theorems require (privsynth's planner).
// Setting: X uniform on {0,1}^p, all marginals of degree <= 2, eps = 0.2, delta = 0.5,
// gamma = 0.25. The work is done by the native program
// build/native/bench/privsynth_reference_comparison (bench/reference/reference_comparison.cpp);
// this script prints its tables. Asserts nothing.
// Usage: npm run bench -- reference [--p-min=4] [--p-max=14] [--seeds=3] [--raw-max-points=1000000]
//        node bench/reference/comparison.mjs [same flags] [--binary=path/to/privsynth_reference_comparison]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const defaultBinary = `${root}build/native/bench/privsynth_reference_comparison`;

const flagOptions = {
  'p-min': 'pMin',
  'p-max': 'pMax',
  seeds: 'seeds',
  'raw-max-points': 'rawMaxPoints',
  'raw-time-limit': 'rawTimeLimitSeconds',
  'lp-time-limit': 'lpTimeLimitSeconds',
  'direct-draw-limit': 'directDrawLimit',
};

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
const fixed = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const count = (x) => (x >= 1e7 ? x.toExponential(2) : Math.round(x).toLocaleString('en-US'));

function summarize(row) {
  const ok = row.runs.filter((run) => !run.error);
  const raw = ok.filter((run) => run.raw && !run.raw.error);
  const of = (pick) => mean(ok.map(pick));
  return {
    errors: row.runs.filter((run) => run.error).map((run) => run.error),
    distinct: of((run) => run.distinctPoints),
    countsBy: [...new Set(row.runs.map((run) => run.countsBy))].join('/'),
    reference: of((run) => run.seconds.reference),
    lp: of((run) => run.seconds.lp),
    sample: of((run) => run.seconds.sample),
    total: of((run) => run.seconds.total),
    raw: raw.length ? mean(raw.map((run) => run.raw.seconds)) : (ok.find((run) => run.raw)?.raw.error ?? 'not run'),
    rawMatches: raw.every((run) => Math.abs(run.raw.tStar - run.tStar) <= 1e-7),
    tStar: of((run) => run.tStar),
    noise: of((run) => run.maxErrorNoise),
    solution: of((run) => run.maxErrorSolution),
    rows: of((run) => run.maxError),
    conjunctions: of((run) => run.maxErrorConjunctions),
    support: of((run) => run.support),
    stageSeconds: of((run) => run.secondStage?.seconds),
    stageSupport: of((run) => run.secondStage?.support),
    stageSolution: of((run) => run.secondStage?.maxErrorSolution),
    stageRows: of((run) => run.secondStage?.maxError),
  };
}

function printTables(result) {
  const { settings, rows } = result;
  const byP = new Map();
  for (const row of rows) {
    if (!byP.has(row.p)) byP.set(row.p, {});
    byP.get(row.p)[row.mu] = { ...row, summary: summarize(row) };
  }
  const seconds = (x) => (typeof x === 'number' ? fixed(x, 3) : x);

  console.log(`\n## Reference measure: uniform (Theorem B.1) vs perturbed histogram (Corollary III.1.1)\n`);
  console.log(
    `X uniform on {0,1}^p, F = marginals of degree <= 2, eps = ${settings.epsilon}, delta = ${settings.delta}, ` +
      `gamma = ${settings.gamma}; n, k, m at the theorems' lower bounds (docs/planner.md); ${settings.seeds} seed(s), means shown.\n`,
  );

  console.log('### Sizes (planner)\n');
  console.log(
    '| p | \\|Omega\\| | \\|F\\| (paper) | cells in LP | B.1: n | k | m | distinct of m | III.1.1: n (counts by) | k | m | K | distinct of m |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [p, { uniform: u, histogram: h }] of byP) {
    console.log(
      `| ${p} | ${count(u.domain)} | ${u.paperStatistics} | ${u.workloadStatistics} | ${count(u.n)} | ${u.k} | ` +
        `${count(u.m)} | ${fixed(u.summary.distinct, 0)} | ${count(h.n)} (${h.summary.countsBy}) | ${h.k} | ${count(h.m)} | ` +
        `${fixed(h.K, 4)} | ${fixed(h.summary.distinct, 0)} |`,
    );
  }

  console.log(
    '\n### Time in seconds (reference = draw m points from mu [+ release the histogram] + deduplicate; LP = exact row generation over the distinct points; sample = k rows)\n',
  );
  console.log(
    '| p | uniform: reference | LP | sample | total | histogram: reference | LP | sample | total | total uniform / histogram | LP over all m, uniform | LP over all m, histogram |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [p, { uniform: u, histogram: h }] of byP) {
    const a = u.summary,
      b = h.summary;
    console.log(
      `| ${p} | ${seconds(a.reference)} | ${seconds(a.lp)} | ${seconds(a.sample)} | ${seconds(a.total)} | ` +
        `${seconds(b.reference)} | ${seconds(b.lp)} | ${seconds(b.sample)} | ${seconds(b.total)} | ${fixed(a.total / b.total, 1)} | ` +
        `${seconds(a.raw)}${a.rawMatches ? '' : ' (t* differs!)'} | ${seconds(b.raw)}${b.rawMatches ? '' : ' (t* differs!)'} |`,
    );
  }

  console.log('\n### Accuracy (max |synthetic - data| frequency; LP t* is against the noisy targets)\n');
  console.log(
    '| p | max Laplace noise | uniform: t* | h* error | k-row error (all cells) | k-row error (conjunctions) | histogram: t* | h* error | k-row error (all cells) | k-row error (conjunctions) |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [p, { uniform: u, histogram: h }] of byP) {
    const a = u.summary,
      b = h.summary;
    console.log(
      `| ${p} | ${fixed(mean([a.noise, b.noise]))} | ${fixed(a.tStar)} | ${fixed(a.solution)} | ${fixed(a.rows)} | ` +
        `${fixed(a.conjunctions)} | ${fixed(b.tStar)} | ${fixed(b.solution)} | ${fixed(b.rows)} | ${fixed(b.conjunctions)} |`,
    );
  }
  console.log(
    "\n### The LP's second stage (reduced-space-lp's default) on the same points and targets: h and k-row error (all cells), points with weight, LP seconds with it\n",
  );
  console.log(
    '| p | uniform: vertex h* error | second stage h error | k-row error | points with weight (vertex / second stage) | LP s | histogram: vertex h* error | second stage h error | k-row error | points with weight | LP s |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [p, { uniform: u, histogram: h }] of byP) {
    const a = u.summary,
      b = h.summary;
    console.log(
      `| ${p} | ${fixed(a.solution)} | ${fixed(a.stageSolution)} | ${fixed(a.stageRows)} | ${fixed(a.support, 0)} / ${fixed(a.stageSupport, 0)} | ` +
        `${seconds(a.stageSeconds)} | ${fixed(b.solution)} | ${fixed(b.stageSolution)} | ${fixed(b.stageRows)} | ` +
        `${fixed(b.support, 0)} / ${fixed(b.stageSupport, 0)} | ${seconds(b.stageSeconds)} |`,
    );
  }
  const failures = rows.flatMap((row) => summarize(row).errors.map((e) => `p = ${row.p}, ${row.mu}: ${e}`));
  for (const failure of failures) console.log(`\nFAILED ${failure}`);

  console.log(`
Notes and caps:
- Counts, not rows: the data enter only through the full-domain cell counts. These are n uniform draws when
  n <= ${count(settings.directDrawLimit)}, and an exact multinomial (sequential binomials) above that. Corollary
  III.1.1's n (~8|Omega|^3) is therefore used uncapped.
- LP over distinct points: duplicate points give identical LP columns, so the optimum and the synthetic
  distribution are unchanged. "LP over all m" solves the LP with duplicates when m <= ${count(settings.rawMaxPoints)}
  (time cap ${settings.rawTimeLimitSeconds} s). It is skipped above that ("not run"), or it is refused by the library's
  40M cell-index limit (DOMAIN_TOO_LARGE).
- Workload: every cell of every 1- and 2-way marginal. The paper's |F| (conjunctions) sets the theorem sizes.
  Laplace(sigma = delta / log(|F|/gamma)) noise goes on each cell's frequency. The error is also reported on the
  conjunctions x_i = 1 and x_i = x_j = 1.
- The perturbed histogram uses discrete Laplace of scale 1/eps (add/remove neighbours); the paper's Algorithm 2
  uses scale 2/eps (replace-one).
- At delta = 0.5 and gamma = 0.25 the theorems promise nothing: 8 delta = 4 >= 2 and 1 - 4 gamma = 0
  (docs/planner.md).`);
}

export function runReferenceComparison(argv) {
  const flags = Object.fromEntries(argv.filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')));
  const binary = flags.binary ?? defaultBinary;
  const options = { pMin: 4, pMax: 14, seeds: 3, rawMaxPoints: 1000000 };
  for (const [flag, value] of Object.entries(flags)) {
    if (flag === 'binary') continue;
    if (!flagOptions[flag] || !Number.isFinite(Number(value))) {
      console.error(
        `unknown or malformed flag --${flag}; flags: ${Object.keys(flagOptions)
          .map((f) => `--${f}=N`)
          .join(' ')}`,
      );
      process.exit(2);
    }
    options[flagOptions[flag]] = Number(value);
  }
  if (!existsSync(binary)) {
    console.error(`${binary} is missing: run "bash scripts/build.sh native" first`);
    process.exit(2);
  }
  process.stderr.write(`running ${binary} ${JSON.stringify(options)}...\n`);
  const output = execFileSync(binary, [JSON.stringify(options)], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  printTables(JSON.parse(output));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  runReferenceComparison(process.argv.slice(2));
