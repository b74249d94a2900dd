// The reduced-space LP at scale in Chromium: every 2-way marginal of all 16 Adult columns with a
// fixed reduced space of m = 20,000 points and a 1 % certified gap. The demo cannot pass
// lpRelativeGap, so this drives the built library (web/lib/dist/browser.js: the wasm core in a Web
// Worker) from a small page of its own: the harness's static server serves a temporary folder
// holding that page, a PapaParse shim and an import map for the library's dependencies (PapaParse;
// hyparquet and its decompressors, which the main thread imports for Parquet files), and links to
// web/lib/dist, the dependencies' packages and data/adult. No timing is asserted.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Schema } from '../../web/lib/src/generated/contract-types';
import type { PrivacyReceipt } from '../../web/lib/src/types';
import { firstValueOutsideDomain, parseCsvRecords } from './domain';
import { launchChromium, repoFile, serveStatic, type Session, type StaticServer } from './harness';

const SEED = 20221121;
const adultSchema = JSON.parse(readFileSync(repoFile('data/adult/adult.schema.json'), 'utf8')) as Schema;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>privsynth LP scale</title>
<script type="importmap">{ "imports": {
  "papaparse": "./papaparse-shim.js",
  "hyparquet": "./modules/hyparquet/src/index.js",
  "hyparquet-compressors": "./modules/hyparquet-compressors/src/index.js",
  "fzstd": "./modules/fzstd/esm/index.mjs",
  "hysnappy": "./modules/hysnappy/js/index.js"
} }</script>
<script src="./papaparse/papaparse.min.js"></script>
</head>
<body>
<script type="module">
import { preload, synthesize } from './lib/browser.js';

window.runAdult = async (options) => {
  const [csv, schema] = await Promise.all([
    fetch('./adult/adult.csv').then((response) => response.text()),
    fetch('./adult/adult.schema.json').then((response) => response.text()),
  ]);
  const phases = [];
  const start = performance.now();
  try {
    const result = await synthesize({ csv, schema, ...options, onProgress: ({ phase }) => {
      if (phases.at(-1) !== phase) phases.push(phase);
    } });
    return { ok: true, seconds: (performance.now() - start) / 1000, phases, csv: result.csv, rows: result.rows, columns: result.columns, receipt: result.receipt };
  } catch (error) {
    return { ok: false, seconds: (performance.now() - start) / 1000, phases, code: error?.code, message: String(error?.message ?? error) };
  }
};
preload().then(() => { document.body.dataset.ready = 'true'; }, (error) => { document.body.dataset.ready = 'failed: ' + error; });
</script>
</body>
</html>
`;

type RunOutcome =
  | {
      ok: true;
      seconds: number;
      phases: string[];
      csv: string;
      rows: number;
      columns: string[];
      receipt: PrivacyReceipt;
    }
  | { ok: false; seconds: number; phases: string[]; code?: string; message: string };

interface LpParameters {
  statistics: number;
  syntheticRows: number;
  reducedSpace: { size: number; rounds: unknown[] };
  lp: {
    solver: string;
    rows: number;
    columns: number;
    activeStatistics: number;
    iterations: number;
    relativeGapTarget: number;
  };
}

let site: string | undefined;
let server: StaticServer | undefined;
let session: Session | undefined;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'privsynth-lp-scale-'));
  writeFileSync(join(site, 'index.html'), PAGE);
  writeFileSync(join(site, 'papaparse-shim.js'), 'export default globalThis.Papa;\n');
  symlinkSync(repoFile('web/lib/dist'), join(site, 'lib'));
  symlinkSync(dirname(createRequire(repoFile('web/lib/package.json')).resolve('papaparse')), join(site, 'papaparse'));
  symlinkSync(repoFile('data/adult'), join(site, 'adult'));
  symlinkSync(repoFile('node_modules'), join(site, 'modules'));
  server = await serveStatic(site);
  session = await launchChromium();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

describe('the reduced-space LP at scale', () => {
  it('fits all 2-way marginals of the 16 Adult columns with m = 20,000 to a certified 1 % gap', async () => {
    if (!session || !server) throw new Error('the server or Chromium did not start');
    const page = await session.context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 60_000 });
    expect(await page.getAttribute('body', 'data-ready')).toBe('true');

    const options = {
      mechanism: 'reduced-space-lp',
      epsilon: 1,
      degree: 2,
      reducedSpaceSize: 20_000,
      lpRelativeGap: 0.01,
      testSeed: SEED,
    };
    const outcome = (await page.evaluate(
      (runOptions) => (window as unknown as { runAdult(o: unknown): Promise<unknown> }).runAdult(runOptions),
      options,
    )) as RunOutcome;
    if (!outcome.ok)
      throw new Error(`synthesize() failed after ${outcome.seconds.toFixed(1)} s: ${outcome.code}: ${outcome.message}`);

    const receipt = outcome.receipt;
    const parameters = receipt.parameters as unknown as LpParameters;
    const released = receipt.released as { lpObjective: number; lpLowerBound: number; supportSize: number };
    console.log(
      `all 16 Adult columns, degree 2, m = ${parameters.reducedSpace.size}: ${outcome.seconds.toFixed(1)} s in Chromium; ` +
        `${parameters.statistics} statistics, LP ${parameters.lp.rows} x ${parameters.lp.columns} (${parameters.lp.activeStatistics} active), ` +
        `max error ${released.lpObjective} >= optimum >= ${released.lpLowerBound}, support ${released.supportSize}; phases ${outcome.phases.join(' > ')}`,
    );

    expect(parameters.reducedSpace.size).toBeGreaterThanOrEqual(20_000);
    expect(parameters.statistics).toBeGreaterThanOrEqual(20_000);
    expect(parameters.lp.relativeGapTarget).toBe(0.01);
    expect(released.lpLowerBound).toBeGreaterThan(0);
    expect(released.lpObjective).toBeGreaterThanOrEqual(released.lpLowerBound);
    expect(released.lpObjective - released.lpLowerBound).toBeLessThanOrEqual(0.01 * released.lpLowerBound + 1e-12);

    const expectedHeader = adultSchema.columns.map((column) => column.name);
    const { header, rows, errors } = parseCsvRecords(outcome.csv);
    expect(errors).toEqual([]);
    expect(header).toEqual(expectedHeader);
    expect(outcome.columns).toEqual(expectedHeader);
    expect(rows.length).toBe(parameters.syntheticRows);
    expect(outcome.rows).toBe(parameters.syntheticRows);
    expect(firstValueOutsideDomain(rows, adultSchema)).toBeNull();
    await page.close();
  }, 180_000);
});
