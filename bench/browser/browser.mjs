// The reduced-space LP (and the default, "auto") in headless Chromium on Adult at epsilon = 1,
// phase by phase (bench/browser/chromium-runner.mjs runs them). Prints markdown tables; asserts
// nothing about timings (exit status 1 only when a page or its worker crashes, or the browser
// cannot be started).
// Usage: node bench/browser/browser.mjs [workload names...]   (default: all workloads below)
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import {
  CHROMIUM,
  CHROMIUM_ARGS,
  DATASETS,
  PHASES,
  chromiumVersion,
  libDist,
  papaparseFile,
  phaseSeconds,
  runInChromium,
} from './chromium-runner.mjs';
import { demoColumns } from '../pipeline/adult-columns.mjs';

const SEED = 20221121;
const LP = { mechanism: 'reduced-space-lp' };
const workloads = [
  { name: 'all-d2-m20k', options: { ...LP, degree: 2, reducedSpaceSize: 20_000, lpRelativeGap: 0.01, testSeed: SEED } },
  {
    name: 'all-d2-m20k-exact',
    options: { ...LP, degree: 2, reducedSpaceSize: 20_000, lpRelativeGap: 0, testSeed: SEED },
  },
  {
    name: 'all-d2-m100k',
    options: { ...LP, degree: 2, reducedSpaceSize: 100_000, lpRelativeGap: 0.01, testSeed: SEED },
  },
  { name: 'lp-default', options: { ...LP, testSeed: SEED } },
  { name: 'lp-demo-6col', options: { ...LP, columns: demoColumns, testSeed: SEED } },
  // The same without the LP's second stage: its cost and gain side by side.
  { name: 'lp-demo-6col-vertex', options: { ...LP, columns: demoColumns, lpStage2: 'none', testSeed: SEED } },
  { name: 'lp-default-unseeded', options: { ...LP }, repeat: 3 },
  { name: 'auto-default', options: { testSeed: SEED } },
  { name: 'auto-demo-6col', options: { columns: demoColumns, testSeed: SEED } },
];

const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !workloads.some((w) => w.name === name));
const chosen = selected.length ? workloads.filter((w) => selected.includes(w.name)) : workloads;
if (unknown.length > 0) {
  console.error(`unknown workload ${unknown.join(', ')}; choose from: ${workloads.map((w) => w.name).join(', ')}`);
  process.exit(2);
}
for (const required of [
  join(libDist, 'browser.js'),
  papaparseFile,
  DATASETS.adult.csv,
  DATASETS.adult.schema,
  CHROMIUM,
]) {
  if (!existsSync(required)) {
    console.error(
      `${required} is missing${required.startsWith(libDist) ? ': run "bash scripts/build.sh wasm lib" first' : ''}`,
    );
    process.exit(2);
  }
}

const fixed = (x, digits = 2) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const exp = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toExponential(digits) : '-');
const megabytes = (r) =>
  `${fixed((r.memoryBefore ?? NaN) / 2 ** 20, 0)} / ${fixed((r.memoryPeak ?? NaN) / 2 ** 20, 0)}`;
const int = (x) => (typeof x === 'number' ? x.toLocaleString('en-US') : '-');

let results = [];
let userAgent = '';
try {
  ({ results, userAgent } = await runInChromium(chosen));
} catch (error) {
  console.error(`the bench could not run: ${error?.stack ?? error}`);
  process.exitCode = 1;
}

console.log(`\n## Reduced-space LP and the default in headless Chromium: Adult (48,842 rows), epsilon = 1\n`);
console.log(
  `Browser: ${chromiumVersion()}${userAgent ? ` (user agent: ${userAgent})` : ''}; flags: ${CHROMIUM_ARGS.join(' ')}`,
);
console.log(
  `Library: web/lib/dist/browser.js (wasm in a Web Worker); one fresh page per run; testSeed ${SEED} unless "unseeded".\n`,
);
console.log(
  '| workload | m | statistics | LP rows x cols solved | active statistics | LP s | total s | lpObjective | lpLowerBound | certified rel. gap | mean 2-way TV | support size |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  if (r.crashed || !r.ok) {
    console.log(
      `| ${r.label} | ${r.crashed ? `CRASH: ${r.crashed}` : `${r.code}: ${r.message}`} (after ${fixed((r.totalMs ?? NaN) / 1000)} s) |||||||||||`,
    );
    continue;
  }
  const p = r.receipt.parameters;
  const released = r.receipt.released;
  const seconds = phaseSeconds(r.transitions, r.totalMs);
  const upper = released.lpObjective;
  const lower = released.lpLowerBound;
  const gap = typeof upper === 'number' && typeof lower === 'number' ? (upper - lower) / lower : undefined;
  console.log(
    `| ${r.label} | ${int(p.reducedSpace?.size)} | ${int(p.statistics)} | ${int(p.lp?.rows)} x ${int(p.lp?.columns)} | ` +
      `${int(p.lp?.activeStatistics)} | ${fixed(seconds.lp)} | ${fixed(r.totalMs / 1000)} | ${fixed(upper, 6)} | ${fixed(lower, 6)} | ` +
      `${exp(gap, 2)} | ${fixed(r.marginals.meanTwoWayTV, 4)} | ${int(released.supportSize)} |`,
  );
}

console.log('\n### Details: time per phase (seconds), LP solve, memory\n');
console.log(
  `| workload | engine load (preload) | start | ${PHASES.join(' | ')} | solver | gap target | rounds (points per round) | LP iterations | non-zeros | synthetic rows (CSV lines) | browser anon RSS MB before / peak |`,
);
console.log(
  `| --- | ---: | ---: | ${PHASES.map(() => '---:').join(' | ')} | --- | ---: | --- | ---: | ---: | ---: | ---: |`,
);
for (const r of results) {
  if (r.crashed || !r.ok) {
    const blanks = Array(PHASES.length + 6)
      .fill('')
      .join(' | ');
    console.log(
      `| ${r.label} | ${fixed((r.engineLoadMs ?? NaN) / 1000)} | failed: ${r.crashed ?? r.code} | ${blanks} | ${megabytes(r)} |`,
    );
    continue;
  }
  const p = r.receipt.parameters;
  const seconds = phaseSeconds(r.transitions, r.totalMs);
  const rounds = p.reducedSpace?.rounds ?? [];
  const roundText = rounds.length ? `${rounds.length} (${rounds.map((round) => int(round.points)).join(', ')})` : '-';
  const rowsText = `${int(p.syntheticRows ?? r.receipt.output?.rows)} (${int(r.csvRows)})`;
  console.log(
    `| ${r.label} | ${fixed(r.engineLoadMs / 1000)} | ${fixed(seconds.start)} | ${PHASES.map((phase) => fixed(seconds[phase])).join(' | ')} | ` +
      `${p.lp?.solver ?? r.receipt.software?.lpSolver ?? '-'} | ${p.lp?.relativeGapTarget ?? '-'} | ${roundText} | ${int(p.lp?.iterations)} | ` +
      `${int(p.lp?.nonzeros)} | ${rowsText} | ${megabytes(r)} |`,
  );
}
console.log(
  '\n"start": from the synthesize() call to the first progress event (request posted to the worker, schema check). ' +
    'Totals exclude page load, engine preload and fetching the CSV; they include CSV parsing (PapaParse, in the worker), CSV writing and ' +
    'the transfer of the result to the page. Certified rel. gap = (lpObjective - lpLowerBound) / lpLowerBound.',
);

const crashes = results.filter((r) => r.crashed);
if (crashes.length > 0) {
  console.error(`\n${crashes.length} run(s) crashed: ${crashes.map((r) => `${r.label} (${r.crashed})`).join('; ')}`);
  process.exitCode = 1;
}
