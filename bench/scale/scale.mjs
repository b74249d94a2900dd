// `npm run bench -- scale [rows]`: a generated rows x 20 CSV (default 1,000,000 rows, about 80 MB;
// bench/scale/scale-data.mjs) and the same kind of table as Parquet (scale-parquet.mjs) through the
// CLI -- its row engine, and DuckDB computing the count tables (docs/scale.md) -- and through the
// demo app in headless Chromium (its row path, the only one in a tab), with the marginal mechanism
// at epsilon = 1.
// `npm run bench -- scale parquet [rows] [mechanisms...]`: the same table as Parquet written by
// DuckDB (default 100,000,000 rows, about 2 GB; bench/scale/scale-parquet.mjs, kept in build/scale,
// out of git) through `privsynth synth data.parquet --engine duckdb`, every synthetic record
// written, for the marginal mechanism, adaptive marginals and the reduced-space LP (on 6 of the 20
// columns: its LP over all 190 pairs takes more than ten minutes at any n).
// Prints the peak memory (the CLI process's maximum resident set from /usr/bin/time, DuckDB
// included; Chromium's renderer process, which hosts the page and the engine's worker, sampled
// from /proc every 200 ms), the wall time and the longest stall of the page's main thread during
// the run. Asserts nothing about timings; exits 1 if a run fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { serveFolder } from '../browser/static-server.mjs';

import { ensureScaleData } from './scale-data.mjs';
import { ensureScaleParquet } from './scale-parquet.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const parquet = process.argv[2] === 'parquet';
const rows = Number(process.argv[parquet ? 3 : 2] ?? (parquet ? 100_000_000 : 1_000_000));
const csvPath = join(root, `build/scale/scale-${rows}.csv`);
const parquetPath = join(root, `build/scale/scale-${rows}.parquet`);
const schemaPath = join(root, 'build/scale/scale.schema.json');
const cli = join(root, 'web/lib/dist/cli.js');
const appDist = join(root, 'web/app/dist');
const mb = (bytes) => `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;

function runCli(input, mechanism, extra = []) {
  const out = mkdtempSync(join(tmpdir(), 'privsynth-scale-'));
  try {
    const started = performance.now();
    const run = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        'PEAK_RSS_KB=%M',
        process.execPath,
        cli,
        'synth',
        input,
        '--schema',
        schemaPath,
        '--epsilon',
        '1',
        '--mechanism',
        mechanism,
        '--out',
        join(out, 'synthetic.csv'),
        '--receipt',
        join(out, 'receipt.json'),
        '--quiet',
        ...extra,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 24 },
    );
    const stderr = run.stderr ?? '';
    if (run.status !== 0) throw new Error(`privsynth synth exited with ${run.status}: ${stderr.trim()}`);
    const seconds = (performance.now() - started) / 1000;
    const peak = Number(/PEAK_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? NaN) * 1024;
    const receipt = JSON.parse(readFileSync(join(out, 'receipt.json'), 'utf8'));
    const bytes = statSync(join(out, 'synthetic.csv')).size;
    return { seconds, peak, syntheticRows: receipt.output?.rows ?? null, bytes };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Resident memory (VmRSS) of every Chromium renderer process, by pid. */
function rendererMemory() {
  const found = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('chromium') || !command.includes('--type=renderer')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) found.set(pid, Number(rss[1]) * 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

async function runApp(inputPath) {
  const server = await serveFolder(appDist);
  const profile = mkdtempSync(join(tmpdir(), 'privsynth-scale-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  let peak = 0;
  const sampler = setInterval(() => {
    for (const rss of rendererMemory().values()) peak = Math.max(peak, rss);
  }, 200);
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const byTestId = (id) => `[data-testid="${id}"]`;
    await page.setInputFiles(byTestId('schema-file'), schemaPath);
    await page.waitForFunction(() => document.querySelector('[data-testid="schema-select"]')?.value === 'uploaded');
    await page.setInputFiles(byTestId('file-input'), inputPath);
    // The data summary reads the whole file once (streamed) before the run.
    await page.waitForSelector(`${byTestId('data-summary-verdict')}, ${byTestId('data-summary-error')}`, {
      timeout: 600_000,
    });
    const verdict = await page.textContent(byTestId('data-summary-status'));
    if (!verdict?.includes('rows fit the schema')) throw new Error(`the data summary says: ${verdict}`);
    await page.selectOption(byTestId('mechanism'), 'marginal-lp');
    // The longest gap between ticks of a 50 ms timer on the page's main thread during the run.
    await page.evaluate(() => {
      const state = { last: performance.now(), worst: 0 };
      window.__stall = state;
      setInterval(() => {
        const now = performance.now();
        state.worst = Math.max(state.worst, now - state.last - 50);
        state.last = now;
      }, 50);
    });
    const started = performance.now();
    await page.click(byTestId('run'));
    await page.waitForSelector(`${byTestId('results')}:not([hidden]), ${byTestId('error')}:not([hidden])`, {
      timeout: 1_800_000,
    });
    const seconds = (performance.now() - started) / 1000;
    if (await page.isVisible(byTestId('error')))
      throw new Error(`the app failed: ${await page.textContent(byTestId('error'))}`);
    const stall = await page.evaluate(() => window.__stall.worst);
    const summary = (await page.textContent(byTestId('run-summary'))) ?? '';
    return { seconds, peak, stall, summary };
  } finally {
    clearInterval(sampler);
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const cliRow = (label, run) =>
  `| ${label} | ${run.seconds.toFixed(1)} s | ${mb(run.peak)} (process max RSS) | ${run.syntheticRows.toLocaleString('en-US')} (${mb(run.bytes)}) |`;

/** The Parquet runs: each mechanism with its columns. */
const PARQUET_RUNS = {
  'marginal-lp': { label: 'marginal-lp (20 columns)', extra: [] },
  'adaptive-marginals': { label: 'adaptive-marginals (20 columns)', extra: [] },
  'reduced-space-lp': {
    label: 'reduced-space-lp (6 columns: cat1, cat4, cat7, num1, num3, num6)',
    extra: ['--columns', 'cat1,cat4,cat7,num1,num3,num6'],
  },
};

async function benchParquet() {
  const started = performance.now();
  await ensureScaleParquet(parquetPath, schemaPath, rows);
  const made = (performance.now() - started) / 1000;
  console.log(
    `\n## Scale: ${rows.toLocaleString('en-US')} rows x 20 columns as Parquet (${mb(statSync(parquetPath).size)}` +
      `${made > 1 ? `, written by DuckDB in ${made.toFixed(0)} s` : ''}), epsilon = 1, \`--engine duckdb\`\n`,
  );
  console.log('| mechanism | wall time | peak memory | synthetic records written (CSV) |');
  console.log('| --- | ---: | ---: | ---: |');
  let failed = false;
  const mechanisms = process.argv.slice(4);
  for (const mechanism of mechanisms.length ? mechanisms : Object.keys(PARQUET_RUNS)) {
    const { label, extra } = PARQUET_RUNS[mechanism];
    try {
      console.log(cliRow(label, runCli(parquetPath, mechanism, ['--engine', 'duckdb', ...extra])));
    } catch (error) {
      failed = true;
      console.log(`| ${mechanism} | failed: ${error.message.split('\n')[0]} | | |`);
    }
  }
  return failed;
}

async function benchCsv() {
  await ensureScaleData(csvPath, schemaPath, rows);
  await ensureScaleParquet(parquetPath, schemaPath, rows);
  console.log(
    `\n## Scale: ${rows.toLocaleString('en-US')} rows x 20 columns, CSV (${mb(statSync(csvPath).size)}) and ` +
      `Parquet (${mb(statSync(parquetPath).size)}), marginal-lp, epsilon = 1\n`,
  );
  console.log('| path | wall time | peak memory | synthetic records (CSV) / longest main-thread stall |');
  console.log('| --- | ---: | ---: | ---: |');
  let failed = false;
  for (const [label, input, extra] of [
    [`CLI, CSV, row engine (Node ${process.version})`, csvPath, ['--engine', 'rows']],
    ['CLI, CSV, DuckDB counting the tables', csvPath, ['--engine', 'duckdb']],
    ['CLI, Parquet, row engine', parquetPath, ['--engine', 'rows']],
    ['CLI, Parquet, DuckDB counting the tables', parquetPath, ['--engine', 'duckdb']],
  ]) {
    try {
      console.log(cliRow(label, runCli(input, 'marginal-lp', extra)));
    } catch (error) {
      failed = true;
      console.log(`| ${label} | failed: ${error.message.split('\n')[0]} | | |`);
    }
  }
  if (!existsSync(join(appDist, 'index.html'))) {
    console.log('| app | web/app/dist is missing: bash scripts/build.sh app | | |');
    return true;
  }
  const summaries = [];
  for (const [label, input] of [
    ['app in Chromium, CSV (file upload to results)', csvPath],
    ['app in Chromium, Parquet (file upload to results)', parquetPath],
  ]) {
    try {
      const run = await runApp(input);
      console.log(
        `| ${label} | ${run.seconds.toFixed(1)} s | ${mb(run.peak)} (renderer max RSS) | stall ${Math.round(run.stall)} ms |`,
      );
      summaries.push(`${label}: ${run.summary.trim()}`);
    } catch (error) {
      failed = true;
      console.log(`| ${label} | failed: ${error.message.split('\n')[0]} | | |`);
    }
  }
  for (const summary of summaries) console.log(`\n${summary}`);
  return failed;
}

process.exit((await (parquet ? benchParquet() : benchCsv())) ? 1 : 0);
