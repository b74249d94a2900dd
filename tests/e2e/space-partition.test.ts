// Space partitioning in the demo (Kreačić et al.): on Balog's 2-D Gaussian mixture its own controls
// replace the LPs' (no δ, degree, reference measure, planner or LP settings), the forecast states
// the KD-tree's s1, s2, τ and t and the grid's w and t, and a run at ε = 1 gives a receipt with the
// partition and weighted centres whose CSV has one row per released bin. A nullable numeric column
// runs: its missing values are a bin of their own.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, download, repoFile, run, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

const MIXTURE = 'data/mixture-of-gaussians/mixture_of_Gaussians_N100000_D2';

/** Waits until the forecast of the current settings is on screen (a change marks it busy at once). */
const forecastReady = (page: Page) => page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]`);

/** A symbol of the forecast's partition (s1, s2, tau, w, t): its text and its value. */
async function forecastSymbol(page: Page, name: string): Promise<{ text: string; value: number }> {
  const selector = `${byTestId('forecast-partition')} ${byTestId(`partition-${name}`)}`;
  return {
    text: (await page.textContent(selector)) ?? '',
    value: Number(await page.getAttribute(selector, 'data-value')),
  };
}

/** The demo with an uploaded schema and CSV (the schema first, so that the file is read against it). */
async function openWith(
  page: Page,
  schema: { name: string; buffer: Buffer } | string,
  csv: { name: string; buffer: Buffer } | string,
): Promise<void> {
  await page.setInputFiles(
    byTestId('schema-file'),
    typeof schema === 'string' ? schema : { ...schema, mimeType: 'application/json' },
  );
  await page.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'uploaded',
  );
  await page.setInputFiles(byTestId('file-input'), typeof csv === 'string' ? csv : { ...csv, mimeType: 'text/csv' });
  await page.waitForSelector(byTestId('data-summary-verdict'), { timeout: 60_000 });
}

describe('space partitioning in the demo', () => {
  it('forecasts the KD-tree’s and the grid’s parameters, runs at ε = 1 and downloads the weighted centres', async () => {
    const page = await demo.open();
    await openWith(page, repoFile(`${MIXTURE}.schema.json`), repoFile(`${MIXTURE}.csv`));
    await page.selectOption(byTestId('mechanism'), 'space-partition');
    expect(await page.textContent(byTestId('mechanism-hint'))).toContain('Made for numeric columns');
    expect(await page.isVisible(byTestId('partition'))).toBe(true);
    expect(await page.inputValue(byTestId('partition'))).toBe('kd-tree');
    for (const id of ['delta', 'degree', 'fit', 'reference-measure', 'budget-split', 'planner', 'partition-nullable'])
      expect(await page.isVisible(byTestId(id)), id).toBe(false);
    await page.click(`${byTestId('advanced')} summary`);
    for (const id of ['reduced-space-size', 'lp-solver', 'lp-time-limit', 'grid-cells'])
      expect(await page.isVisible(byTestId(id)), id).toBe(false);
    expect(await page.isVisible(byTestId('partition-threshold'))).toBe(true);
    expect(await page.textContent(byTestId('lp-settings-note'))).toContain('solves no linear program');

    // The KD-tree: s1 > s2, τ and t, for the 100,000 records stated as public n (the file's own
    // count is never used).
    await page.fill(byTestId('stated-rows'), '100000');
    await page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]:has-text("n = 100,000 records")`);
    await page.waitForSelector(`${byTestId('forecast-partition')}[data-partition="kd-tree"]`);
    expect(await page.textContent(byTestId('forecast-rows-source'))).toContain(
      'n = 100,000: the number of records you stated in step 2',
    );
    const s1 = await forecastSymbol(page, 's1');
    const s2 = await forecastSymbol(page, 's2');
    const tau = await forecastSymbol(page, 'tau');
    const kdThreshold = await forecastSymbol(page, 't');
    console.log(`KD-tree forecast: ${s1.text}, ${s2.text}, ${tau.text}, ${kdThreshold.text}`);
    expect(s1.text).toMatch(/^s1 = [\d.]+$/);
    expect(s2.text).toMatch(/^s2 = [\d.]+$/);
    expect(tau.text).toMatch(/^τ = [\d.]+$/);
    expect(kdThreshold.text).toMatch(/^t = \d+$/);
    expect(s2.value).toBeLessThan(s1.value);
    expect(tau.value).toBeGreaterThan(0);
    expect(await page.textContent(byTestId('estimate'))).toContain('noisy split decisions of a KD-tree');
    expect(await page.textContent(byTestId('forecast-budget'))).toContain('pure ε-DP');
    expect(await page.textContent(byTestId('forecast-partition'))).not.toMatch(/undefined|NaN/);

    // The grid: w = 1 / cells per axis, and a threshold t; 40 cells per axis under Advanced.
    await page.selectOption(byTestId('partition'), 'grid');
    await page.waitForSelector(`${byTestId('forecast-partition')}[data-partition="grid"]`);
    await forecastReady(page);
    const w = await forecastSymbol(page, 'w');
    const gridThreshold = await forecastSymbol(page, 't');
    console.log(`grid forecast: ${w.text}, ${gridThreshold.text}`);
    expect(w.text).toMatch(/^w = [\d.]+$/);
    expect(gridThreshold.text).toMatch(/^t = \d+$/);
    expect(await page.isVisible(byTestId('grid-cells'))).toBe(true);
    await page.fill(byTestId('grid-cells'), '40');
    await page.waitForSelector(`${byTestId('forecast-partition')} ${byTestId('partition-w')}[data-value="0.025"]`);
    await forecastReady(page);
    expect(await page.textContent(byTestId('estimate-bins'))).toBe('1,600');

    // A run with the KD-tree at ε = 1.
    await page.selectOption(byTestId('partition'), 'kd-tree');
    await forecastReady(page);
    expect(await page.inputValue(byTestId('epsilon'))).toBe('1');
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    console.log(`space-partition, KD-tree, 2-D mixture at ε = 1: ${describeOutcome(outcome)}`);

    const receiptFile = await download(page, 'download-receipt');
    const receipt = JSON.parse(receiptFile.text);
    expect(receipt.mechanism.name).toBe('space-partition');
    expect(receipt.private).toBe(true);
    expect(receipt.privacy.delta).toBe(0);
    expect(receipt.parameters.partition).toBe('kd-tree');
    const bins: number = receipt.released.releasedBins;
    expect(bins).toBeGreaterThan(0);

    const centres = await download(page, 'download-centres');
    expect(centres.name).toBe('mixture_of_Gaussians_N100000_D2-centres.csv');
    const lines = centres.text.trim().split('\n');
    expect(lines[0]).toBe('x0,x1,weight');
    expect(lines.length - 1).toBe(bins);
    const weight = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
    expect(weight).toBe(receipt.released.releasedWeight);
    expect(await page.textContent(byTestId('centres-note'))).toContain('no extra privacy');

    // The receipt card states the run's partition, with the values of the receipt's JSON.
    const receiptCard = byTestId('receipt');
    expect(Number(await page.getAttribute(`${receiptCard} ${byTestId('partition-s1')}`, 'data-value'))).toBe(
      receipt.parameters.maxEdge,
    );
    expect(Number(await page.getAttribute(`${receiptCard} ${byTestId('partition-tau')}`, 'data-value'))).toBe(
      receipt.parameters.tau,
    );
    expect(await page.textContent(byTestId('receipt-released-bins'))).toContain(bins.toLocaleString('en-US'));
    expect(await page.textContent(byTestId('results'))).not.toMatch(/undefined|NaN/);
    // The report states Kreačić et al.'s kernel distances (2 numeric columns: MMD and the KDE gap).
    const metrics = await page.textContent(byTestId('report-metrics'));
    expect(metrics).toMatch(/0\.\d+ ± 0\.\d+MMD \(Gaussian kernel\)/);
    expect(metrics).toContain('max KDE difference');
    const report = await download(page, 'download-report');
    expect(report.text).toContain('Space partitioning');
    expect(report.text).not.toMatch(/undefined|NaN/);
  });

  it('runs with a nullable numeric column: its missing values are a bin of their own', async () => {
    const page = await demo.open();
    // "age" is numeric and nullable (a presence axis beside its range); "sex" categorical and nullable.
    const schema = JSON.stringify({
      version: 1,
      name: 'nullable',
      missing: ['?', ''],
      columns: [
        { name: 'age', type: 'numeric', min: 17, max: 90, integer: true, nullable: true },
        { name: 'hours', type: 'numeric', min: 1, max: 99, integer: true },
        { name: 'sex', type: 'categorical', categories: ['Female', 'Male'], nullable: true },
      ],
    });
    // A tenth of the ages missing.
    const rows = Array.from(
      { length: 2000 },
      (_, i) =>
        `${i % 10 === 0 ? '?' : 20 + (i % 50)},${30 + (i % 30)},${i % 7 === 0 ? '?' : i % 2 ? 'Male' : 'Female'}`,
    );
    await openWith(
      page,
      { name: 'nullable.schema.json', buffer: Buffer.from(schema) },
      { name: 'nullable.csv', buffer: Buffer.from(`age,hours,sex\n${rows.join('\n')}\n`) },
    );
    await page.selectOption(byTestId('mechanism'), 'space-partition');
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
    await forecastReady(page);
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    expect(JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}').output.columns).toBe(3);
    const synthetic = (await download(page, 'download-csv')).text.trimEnd().split('\n').slice(1);
    const missing = synthetic.filter((line) => line.startsWith('?,')).length / synthetic.length;
    // About a tenth (the bin of missing ages holds 200 records at epsilon 1).
    expect(missing).toBeGreaterThan(0.05);
    expect(missing).toBeLessThan(0.15);
  });
});
