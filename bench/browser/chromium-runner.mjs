// One synthesize() call per run in headless Chromium, through the built npm package's browser
// entry (web/lib/dist/browser.js, which runs the wasm core in a Web Worker), for the benches
// (bench/browser/browser.mjs, bench/aim/aim.mjs). Asserts nothing.
//
// Set-up: a static server (Node's http module) serves a small page from memory, the package's
// dist/ files, PapaParse (the package's one dependency, loaded as a classic script and exposed to
// the ES module through an import map) and the bundled datasets. Chromium is Debian's, driven by
// playwright-core with the flags of tests/e2e/harness.ts. Every run gets a fresh page, so the
// worker, its V8 isolate and its WebAssembly instance start cold, like a user's new tab. The page
// preloads the engine (as the demo does) before the run; the CSV and schema are fetched before the
// clock starts. Times come from performance.now() in the page at each progress event.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const libDist = join(root, 'web/lib/dist');
export const papaparseFile = join(
  dirname(createRequire(join(root, 'web/lib/package.json')).resolve('papaparse')),
  'papaparse.min.js',
);
/** The datasets a page can fetch, by name: /data/<name>.csv and /data/<name>.schema.json. */
export const DATASETS = {
  adult: { csv: join(root, 'data/adult/adult.csv'), schema: join(root, 'data/adult/adult.schema.json') },
  'adult-pgm': { csv: join(root, 'data/adult-pgm/adult.csv'), schema: join(root, 'data/adult-pgm/adult.schema.json') },
  heart: {
    csv: join(root, 'data/heart/heart_cleveland.csv'),
    schema: join(root, 'data/heart/heart_cleveland.schema.json'),
  },
};
export const CHROMIUM = '/usr/bin/chromium';
// The flags of tests/e2e/harness.ts (CHROMIUM_ARGS).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const RUN_TIMEOUT_MS = 30 * 60_000;

// ---------------------------------------------------------------------------------------------
// The page, served from memory. window.bench.run(options, dataset) fetches a dataset, then times one
// synthesize() call; it returns a summary (not the synthetic CSV itself, which stays in the page).
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>privsynth browser bench</title>
<script type="importmap">{ "imports": { "papaparse": "/papaparse-shim.js" } }</script>
<script src="/vendor/papaparse.min.js"></script>
</head>
<body>
<script type="module">
import { preload, synthesize } from '/lib/browser.js';

async function run(options, dataset) {
  const [csv, schema] = await Promise.all([
    fetch('/data/' + dataset + '.csv').then((response) => response.text()),
    fetch('/data/' + dataset + '.schema.json').then((response) => response.text()),
  ]);
  const transitions = [];
  let lastPhase = '';
  let events = 0;
  const start = performance.now();
  const onProgress = ({ phase }) => {
    ++events;
    if (phase !== lastPhase) {
      transitions.push({ phase, ms: performance.now() - start });
      lastPhase = phase;
    }
  };
  try {
    const result = await synthesize({ csv, schema, epsilon: 1, ...options, onProgress });
    const totalMs = performance.now() - start;
    const lines = result.csv.split('\\n');
    if (lines.at(-1) === '') lines.pop();
    return {
      ok: true,
      transitions,
      events,
      totalMs,
      receipt: result.receipt,
      marginals: {
        meanOneWayTV: result.report.marginals?.meanOneWayTV,
        meanTwoWayTV: result.report.marginals?.meanTwoWayTV,
        worstTwoWayTV: Math.max(0, ...(result.report.marginals?.twoWay ?? []).map((d) => d.tv)),
        meanThreeWaySampleTV: result.report.marginals?.meanThreeWaySampleTV,
      },
      columns: result.columns,
      header: lines[0],
      csvRows: lines.length - 1,
      rows: result.rows,
    };
  } catch (error) {
    return { ok: false, transitions, events, totalMs: performance.now() - start, code: error?.code ?? 'UNKNOWN', message: String(error?.message ?? error) };
  }
}

window.bench = { run };
const loadStart = performance.now();
preload().then(
  () => {
    window.bench.engineLoadMs = performance.now() - loadStart;
    document.body.dataset.ready = 'true';
  },
  (error) => {
    window.bench.loadError = String(error?.message ?? error);
    document.body.dataset.ready = 'failed';
  },
);
</script>
</body>
</html>
`;
const PAPAPARSE_SHIM = 'export default globalThis.Papa;\n';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.wasm': 'application/wasm',
};

function startServer() {
  const fromMemory = new Map([
    ['/', { type: CONTENT_TYPES['.html'], body: PAGE }],
    ['/index.html', { type: CONTENT_TYPES['.html'], body: PAGE }],
    ['/papaparse-shim.js', { type: CONTENT_TYPES['.js'], body: PAPAPARSE_SHIM }],
  ]);
  const files = new Map([['/vendor/papaparse.min.js', papaparseFile]]);
  for (const [name, data] of Object.entries(DATASETS)) {
    files.set(`/data/${name}.csv`, data.csv);
    files.set(`/data/${name}.schema.json`, data.schema);
  }
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const headers = (type) => ({ 'content-type': type, 'cache-control': 'no-store' });
    const inMemory = fromMemory.get(path);
    if (inMemory) {
      response.writeHead(200, headers(inMemory.type)).end(inMemory.body);
      return;
    }
    let file = files.get(path);
    if (!file && path.startsWith('/lib/')) {
      const candidate = normalize(join(libDist, path.slice('/lib/'.length)));
      if (candidate.startsWith(libDist + sep)) file = candidate;
    }
    if (!file || !existsSync(file)) {
      response.writeHead(404, headers('text/plain')).end('not found');
      return;
    }
    response
      .writeHead(200, headers(CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'))
      .end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Memory of the whole browser: anonymous resident memory (RssAnon: heaps, the WebAssembly memory;
// not the shared libraries, which a sum of RSS would count once per process) summed over every
// process under the one started with our profile. /proc/<pid>/status is cheap to read (no page
// table walk, unlike smaps), so sampling it every 200 ms does not slow the run down; null where
// /proc is not readable.
function browserProcesses(profile) {
  const parent = new Map();
  const tree = new Set();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(profile)) tree.add(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, ppid] of parent) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grown = true;
      }
    }
  }
  return [...tree];
}

function browserMemoryBytes(pids) {
  let total = 0;
  let seen = 0;
  for (const pid of pids) {
    try {
      const match = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) {
        total += Number(match[1]) * 1024;
        ++seen;
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return seen > 0 ? total : null;
}

function watchMemory(profile) {
  let pids = [];
  try {
    pids = browserProcesses(profile);
  } catch {
    // no /proc: no figures
  }
  const before = browserMemoryBytes(pids);
  let peak = before;
  const sample = () => {
    const bytes = browserMemoryBytes(pids);
    if (bytes !== null && (peak === null || bytes > peak)) peak = bytes;
  };
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    return { before, peak };
  };
}

// ---------------------------------------------------------------------------------------------
export const PHASES = ['parse', 'encode', 'measure', 'lp', 'fit', 'sample', 'evaluate', 'write'];

/** Seconds per phase from the transitions: each phase lasts until the next one starts. */
export function phaseSeconds(transitions, totalMs) {
  const seconds = {};
  transitions.forEach(({ phase, ms }, i) => {
    const end = i + 1 < transitions.length ? transitions[i + 1].ms : totalMs;
    seconds[phase] = (seconds[phase] ?? 0) + (end - ms) / 1000;
  });
  // Before the first event: posting the request to the worker and checking the schema.
  seconds.start = (transitions[0]?.ms ?? totalMs) / 1000;
  return seconds;
}

async function runOnce(context, server, profile, workload, run) {
  const label = workload.repeat ? `${workload.name} #${run + 1}` : workload.name;
  process.stderr.write(`running ${label}...\n`);
  const page = await context.newPage();
  let crashed = null;
  page.on('crash', () => {
    crashed = 'the page crashed';
  });
  page.on('pageerror', (error) => process.stderr.write(`  page error: ${error.message}\n`));
  try {
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 120_000 });
    const loaded = await page.evaluate(() => ({ ms: window.bench.engineLoadMs, error: window.bench.loadError }));
    if (loaded.error) return { label, crashed: `engine failed to load: ${loaded.error}` };
    const stopWatching = watchMemory(profile);
    let outcome;
    try {
      let timer;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(
          () =>
            resolve({
              ok: false,
              code: 'TIMEOUT',
              message: `no result after ${RUN_TIMEOUT_MS / 1000} s`,
              totalMs: RUN_TIMEOUT_MS,
            }),
          RUN_TIMEOUT_MS,
        );
      });
      outcome = await Promise.race([
        page.evaluate(
          ([options, dataset]) => window.bench.run(options, dataset),
          [workload.options, workload.dataset ?? 'adult'],
        ),
        timeout,
      ]);
      clearTimeout(timer);
    } finally {
      const memory = stopWatching();
      outcome = { ...outcome, memoryBefore: memory.before, memoryPeak: memory.peak };
    }
    if (!outcome.ok && outcome.code === 'WORKER_FAILED') crashed = `${outcome.code}: ${outcome.message}`;
    return { label, engineLoadMs: loaded.ms, ...outcome, crashed };
  } catch (error) {
    return { label, crashed: crashed ?? String(error?.message ?? error).split('\n')[0] };
  } finally {
    await page.close().catch(() => {});
  }
}

export function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Runs each workload ({ name, options, dataset = "adult", repeat = 1 }) in a fresh page of one
 * headless Chromium; returns one result per run ({ workload, label, ok, totalMs, transitions,
 * receipt, marginals, ... } or { crashed }) and the browser's user agent.
 */
export async function runInChromium(workloads) {
  const server = await startServer();
  const profile = mkdtempSync(join(tmpdir(), 'privsynth-bench-'));
  let context;
  const results = [];
  let userAgent = '';
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
    });
    for (const workload of workloads) {
      for (let run = 0; run < (workload.repeat ?? 1); ++run) {
        const result = await runOnce(context, server, profile, workload, run);
        if (!userAgent && result.engineLoadMs !== undefined) {
          const page = await context.newPage();
          userAgent = await page.evaluate(() => navigator.userAgent).catch(() => '');
          await page.close();
        }
        results.push({ workload, ...result });
        const summary = result.crashed
          ? `CRASH ${result.crashed}`
          : result.ok
            ? `${(result.totalMs / 1000).toFixed(2)} s`
            : `${result.code}: ${result.message}`;
        process.stderr.write(`  ${summary}\n`);
      }
    }
  } finally {
    await context?.close().catch(() => {});
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return { results, userAgent };
}
