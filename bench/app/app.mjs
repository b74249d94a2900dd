// `npm run bench -- app [loads] [site]`: the demo site's weight and start-up. Prints markdown tables:
// every file of the site (web/app/dist, or the built site folder `site`, e.g. an older build to
// compare with) with its size and gzip size; the time to interactive in headless Chromium (Debian's,
// through playwright-core, with the flags of tests/e2e/harness.ts), from navigation start to
// body[data-ready="true"] (the engine is ready), and DOMContentLoaded, median and min over `loads`
// fresh page loads (default 5); what a first-time user meets (the words before the first control and
// all the words shown on load, the page's height on load and after a run of the bundled sample with
// the defaults, on a laptop's and a phone's width); and the line count of the app's source
// (web/app/src) by file type. Asserts nothing about the figures.
//
// Every load gets a fresh profile (no HTTP cache, no V8 code cache) and a new page, like a first
// visit. The site is served from localhost by a static server in this file, so network time is
// nearly nil: the times are parsing, compiling and starting the engine.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';

import { serveFolder } from '../browser/static-server.mjs';

import { CHROMIUM, CHROMIUM_ARGS, chromiumVersion } from '../browser/chromium-runner.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const appDist = process.argv[3] ? resolve(process.argv[3]) : join(root, 'web/app/dist');
const appSrc = join(root, 'web/app/src');
const loads = Number(process.argv[2] ?? 5);
if (!Number.isInteger(loads) || loads < 1) {
  console.error(`usage: node bench/app/app.mjs [loads] [site]   (loads: a positive integer, got ${process.argv[2]})`);
  process.exit(2);
}
for (const [required, hint] of [
  [join(appDist, 'index.html'), ': run "bash scripts/build.sh wasm lib app" first'],
  [CHROMIUM, ''],
]) {
  if (!existsSync(required)) {
    console.error(`${required} is missing${hint}`);
    process.exit(2);
  }
}

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

const bytes = (n) => n.toLocaleString('en-US');
const kb = (n) => `${(n / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KiB`;
const ms = (x) => `${x.toFixed(0)} ms`;

// ---------------------------------------------------------------------------------------------
// The bundle.
const sizes = filesUnder(appDist).map((file) => {
  const content = readFileSync(join(appDist, file));
  return { file, size: content.length, gzip: gzipSync(content).length };
});
console.log(`\n## The demo site (${relative(root, appDist) || appDist})\n`);
console.log('| file | bytes | gzip bytes |');
console.log('| --- | ---: | ---: |');
for (const { file, size, gzip } of sizes) console.log(`| ${file} | ${bytes(size)} | ${bytes(gzip)} |`);
const total = (key) => sizes.reduce((sum, entry) => sum + entry[key], 0);
console.log(
  `| **total** (${sizes.length} files) | ${bytes(total('size'))} (${kb(total('size'))}) | ` +
    `${bytes(total('gzip'))} (${kb(total('gzip'))}) |`,
);
console.log('\ngzip: zlib at its default level, each file on its own.');

// ---------------------------------------------------------------------------------------------
// Time to interactive.
// Runs in the page before its own scripts: notes performance.now() (milliseconds since navigation
// start) when body[data-ready] becomes "true".
function watchReady() {
  const ready = () => document.body?.dataset.ready === 'true';
  const note = () => {
    if (window.__readyAt === undefined && ready()) window.__readyAt = performance.now();
  };
  new MutationObserver(note).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  document.addEventListener('DOMContentLoaded', note);
}

/** One first visit: a fresh profile, a new page; the times in milliseconds since navigation start. */
async function loadOnce(url) {
  const profile = mkdtempSync(join(tmpdir(), 'privsynth-bench-app-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(watchReady);
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    await page.waitForFunction(() => window.__readyAt !== undefined);
    const times = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return { ready: window.__readyAt, domContentLoaded: navigation.domContentLoadedEventStart };
    });
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
    return times;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const server = await serveFolder(appDist);
const runs = [];
try {
  for (let i = 0; i < loads; ++i) {
    process.stderr.write(`page load ${i + 1} of ${loads}...\n`);
    runs.push(await loadOnce(server.url));
  }
} finally {
  await server.close();
}
console.log(`\n## Time to interactive: ${loads} fresh page loads from localhost, ${chromiumVersion()} (headless)\n`);
console.log('| from navigation start to | median | min | every load |');
console.log('| --- | ---: | ---: | --- |');
for (const [label, key] of [
  ['DOMContentLoaded', 'domContentLoaded'],
  ['body[data-ready="true"] (engine ready)', 'ready'],
]) {
  const values = runs.map((run) => run[key]);
  console.log(
    `| ${label} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${values.map((v) => v.toFixed(0)).join(', ')} |`,
  );
}

// ---------------------------------------------------------------------------------------------
// What a first-time user meets.

/** The words of the page's visible text before its first visible control, in document order. */
function wordsBeforeFirstControl() {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const words = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      const element = node;
      const visible = element.getClientRects().length > 0;
      if (visible && element.matches('button, input:not([type=file]), select, textarea, label[for]')) break;
      continue;
    }
    const parent = node.parentElement;
    if (
      !parent ||
      parent.closest('script, style, noscript, [hidden], .skip-link') ||
      parent.getClientRects().length === 0
    )
      continue;
    words.push(...node.textContent.split(/\s+/).filter(Boolean));
  }
  return words.length;
}

/** The words of all the page's visible text (folded sections' contents are not visible). */
function visibleWords() {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let words = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, [hidden]') || parent.getClientRects().length === 0)
      continue;
    if (parent.closest('details:not([open]) > :not(summary)')) continue;
    words += node.textContent.split(/\s+/).filter(Boolean).length;
  }
  return words;
}

/** The path of a first-time user on the bundled sample, at one window size. */
async function firstTimePath(url, viewport) {
  const profile = mkdtempSync(join(tmpdir(), 'privsynth-bench-app-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    const words = await page.evaluate(wordsBeforeFirstControl);
    const wordsOnLoad = await page.evaluate(visibleWords);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const onLoad = await height();
    await page.click('[data-testid="use-sample"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="run"]')?.disabled, null, {
      timeout: 60_000,
    });
    await page.click('[data-testid="run"]');
    await page.waitForSelector('[data-testid="results"]:not([hidden]), [data-testid="error"]:not([hidden])', {
      timeout: 300_000,
    });
    return { words, wordsOnLoad, onLoad, afterRun: await height() };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const site = await serveFolder(appDist);
const paths = [];
try {
  for (const [label, viewport] of [
    ['laptop, 1280 × 900', { width: 1280, height: 900 }],
    ['phone, 390 × 844', { width: 390, height: 844 }],
  ]) {
    process.stderr.write(`first-time path on a ${label}...\n`);
    paths.push({ label, ...(await firstTimePath(site.url, viewport)) });
  }
} finally {
  await site.close();
}
console.log('\n## What a first-time user meets: the bundled sample run with the defaults\n');
console.log(
  '| window | words before the first control | words shown on load | page height on load | page height after the run |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const { label, words, wordsOnLoad, onLoad, afterRun } of paths) {
  console.log(`| ${label} | ${bytes(words)} | ${bytes(wordsOnLoad)} | ${bytes(onLoad)} px | ${bytes(afterRun)} px |`);
}

// ---------------------------------------------------------------------------------------------
// The source.
const byType = new Map([
  ['ts', { files: 0, lines: 0 }],
  ['tsx', { files: 0, lines: 0 }],
  ['css', { files: 0, lines: 0 }],
]);
for (const file of filesUnder(appSrc)) {
  const type = extname(file).slice(1) || '(none)';
  const text = readFileSync(join(appSrc, file), 'utf8');
  const lines = text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const entry = byType.get(type) ?? { files: 0, lines: 0 };
  entry.files += 1;
  entry.lines += lines;
  byType.set(type, entry);
}
console.log('\n## The app source (web/app/src)\n');
console.log('| file type | files | lines |');
console.log('| --- | ---: | ---: |');
for (const [type, { files, lines }] of byType) console.log(`| ${type} | ${files} | ${bytes(lines)} |`);
const sum = (key) => [...byType.values()].reduce((acc, entry) => acc + entry[key], 0);
console.log(`| **total** | ${sum('files')} | ${bytes(sum('lines'))} |`);
