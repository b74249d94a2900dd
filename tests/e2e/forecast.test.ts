// The forecast before running (forecast-view.ts, the core's forecastRun): on the Adult sample, with
// its documented 48,842 records stated as public n in step 2 (the file's own count is never used),
// it shows the reduced-space LP's releases, memory and runtime and follows ε; with the marginal LP the
// 1-way marginals, the tree's selection and edges with σ; the noise it shows is the noise the run's
// receipt then reports in its ledger; an impossible setting shows the core's error inline, and the
// app stays usable once it is fixed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, chooseMethod, describeOutcome, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

/** Waits until the forecast of the current settings is on screen (a change marks it busy at once). */
const forecastReady = (page: Page) => page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]`);

const releaseNames = (page: Page) =>
  page.$$eval(`${byTestId('forecast-releases')} tbody tr`, (rows) =>
    rows.map((row) => (row as HTMLElement).dataset.release),
  );

const release = (name: string) => `${byTestId('forecast-releases')} tr[data-release="${name}"]`;

/** The forecast's noise per value (σ or Laplace scale b) of every release that adds noise, in order. */
const forecastNoise = (page: Page) =>
  page.$$eval(`${byTestId('forecast-releases')} [data-testid="forecast-noise"]`, (cells) =>
    cells
      .map((cell) => (cell as HTMLElement).dataset.std ?? (cell as HTMLElement).dataset.scale)
      .filter((x) => x !== undefined)
      .map(Number),
  );

interface LedgerEntry {
  release: string;
  mechanism: string;
  noiseStd?: number;
  noiseScale?: number;
  epsilon?: number;
}

const ledgerOf = async (page: Page): Promise<LedgerEntry[]> =>
  JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}').ledger;

/** The ledger's noise per value (noiseStd or noiseScale) of every entry that adds noise, in order. */
const ledgerNoise = (ledger: LedgerEntry[]) =>
  ledger.map((entry) => entry.noiseStd ?? entry.noiseScale).filter((x) => x !== undefined);

const typicalTv = async (page: Page, name: string) =>
  Number(await page.getAttribute(`${release(name)} [data-testid="forecast-expected"]`, 'data-tv-typical'));

describe('the forecast before running', () => {
  it('shows the reduced-space LP’s releases, memory and runtime, follows ε, and forecasts the ledger’s noise', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    await page.fill(byTestId('stated-rows'), '48842');
    await page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]:has-text("n = 48,842 records")`);
    expect(await releaseNames(page)).toEqual(['record count', 'marginals of degree 1..2']);
    expect(await page.textContent(byTestId('estimate-marginals'))).toBe('21');
    expect(await page.textContent(byTestId('estimate-statistics'))).toBe('953');
    expect(await page.textContent(byTestId('forecast-rows-source'))).toContain(
      'n = 48,842: the number of records you stated in step 2',
    );
    expect(await page.textContent(`${release('record count')} [data-testid="forecast-noise"]`)).toMatch(
      /^discrete Laplace, scale b = [\d.]+$/,
    );
    expect(await page.textContent(byTestId('forecast-budget'))).toMatch(
      /ε = 0\.179 for the record count \+ ε = 0\.821 for the marginals/,
    );
    expect(await page.textContent(byTestId('forecast-memory'))).toMatch(/^about [\d.]+ MB \(table [\d.]+ MB, /);
    const runtime = (await page.textContent(byTestId('forecast-runtime'))) ?? '';
    console.log(`forecast runtime: ${runtime}`);
    expect(runtime).toMatch(/^about [\d.]+ (s|min) in your browser \([\d.]+ (s|min) – [\d.]+ (s|min)\)$/);
    expect(await page.textContent(byTestId('forecast-error-label'))).toContain(
      'before consistency and the fit (usually lower after)',
    );

    // 21 marginals: the table is collapsed; opened, it lists them all and draws their bars.
    const details = byTestId('forecast-marginals');
    expect(await page.getAttribute(details, 'open')).toBeNull();
    await page.focus(`${details} summary`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${byTestId('forecast-plot')} svg`);
    expect(await page.$$eval(`${byTestId('forecast-marginals-table')} tbody tr`, (rows) => rows.length)).toBe(21);

    // A larger ε: less noise, smaller expected errors.
    const tvAtOne = await typicalTv(page, 'marginals of degree 1..2');
    await page.fill(byTestId('epsilon'), '2');
    await forecastReady(page);
    const tvAtTwo = await typicalTv(page, 'marginals of degree 1..2');
    console.log(`typical expected TV of the marginals: ${tvAtOne} at ε = 1, ${tvAtTwo} at ε = 2`);
    expect(tvAtTwo).toBeLessThan(tvAtOne);
    expect(await page.textContent(byTestId('forecast-budget'))).toContain('Budget: ε = 2,');

    const forecast = await forecastNoise(page);
    expect(forecast.length).toBe(2);
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    expect(ledgerNoise(await ledgerOf(page))).toEqual(forecast);
  });

  it('shows the marginal LP’s 1-way marginals, tree selection and tree edges, with the σ the receipt reports', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await page.selectOption(byTestId('mechanism'), 'marginal-lp');
    await page.waitForSelector(`${byTestId('forecast-budget')}:has-text("ρ/3")`);
    await forecastReady(page);
    expect(await releaseNames(page)).toEqual(['1-way marginals', 'tree selection', 'tree edges (2-way marginals)']);
    expect(await page.textContent(`${release('1-way marginals')} [data-testid="forecast-noise"]`)).toMatch(
      /^discrete Gaussian, σ = [\d.]+$/,
    );
    expect(await page.textContent(`${release('tree edges (2-way marginals)')} [data-testid="forecast-noise"]`)).toMatch(
      /^discrete Gaussian, σ = [\d.]+$/,
    );
    expect(await page.textContent(`${release('tree selection')} [data-testid="forecast-noise"]`)).toMatch(
      /^exponential mechanism: 5 selections, ε = [\d.]+ each$/,
    );
    expect(await page.textContent(byTestId('estimate'))).toContain(
      '6 one-way marginals and a tree of 5 two-way marginals',
    );
    // Six 1-way marginals are known before the run (open: a short list); the tree's edges are not.
    expect(await page.getAttribute(byTestId('forecast-marginals'), 'open')).not.toBeNull();
    const known = await page.$$eval(`${byTestId('forecast-marginals-table')} tbody tr`, (rows) =>
      rows.map((row) => (row as HTMLElement).dataset.release),
    );
    expect(known).toEqual(Array(6).fill('1-way marginals'));
    expect(await page.textContent(byTestId('forecast-later'))).toContain(
      'Plus 5 tree edges (2-way marginals) chosen privately during the run',
    );

    const forecast = await forecastNoise(page);
    const shown = await page.$$eval(`${byTestId('forecast-releases')} [data-testid="forecast-noise"]`, (cells) =>
      cells.map((cell) => cell.textContent ?? ''),
    );
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const ledger = await ledgerOf(page);
    // The σ of the 1-way marginals and of the tree's edges, exactly, and as the receipt writes them.
    expect(ledgerNoise(ledger)).toEqual(forecast);
    const ledgerText = (await page.textContent(byTestId('receipt-ledger'))) ?? '';
    for (const text of shown) {
      const noise = /(σ = [\d.]+)|(ε = [\d.]+)/.exec(text)![0];
      expect(ledgerText, text).toContain(noise);
    }
    expect(ledger.filter((entry) => entry.mechanism === 'exponential mechanism').length).toBe(5);
  });

  it('shows an impossible setting’s error inline, and the app stays usable once it is fixed', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    await forecastReady(page);

    // Degree 3 with two columns.
    await page.selectOption(byTestId('degree'), '3');
    for (const column of ['workclass', 'education', 'race', 'income'])
      await page.uncheck(`${byTestId('column-list')} input[value="${column}"]`);
    await page.waitForSelector(byTestId('forecast-error'));
    expect(await page.textContent(byTestId('forecast-error-code'))).toBe('INVALID_ARGUMENT');
    expect(await page.textContent(byTestId('forecast-error'))).toContain(
      'degree 3 needs at least 3 columns, but only 2 were chosen',
    );
    expect(await page.isDisabled(byTestId('run'))).toBe(true);

    await page.selectOption(byTestId('degree'), '2');
    await forecastReady(page);
    expect(await page.isVisible(byTestId('forecast-error'))).toBe(false);
    expect(await page.textContent(byTestId('estimate-marginals'))).toBe('3');
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');

    // A domain too large for the perturbed histogram: Run does not know it, the forecast does.
    await page.click(byTestId('columns-all'));
    await page.selectOption(byTestId('reference-measure'), 'histogram');
    await page.waitForSelector(byTestId('forecast-error'));
    expect(await page.textContent(byTestId('forecast-error-code'))).toBe('DOMAIN_TOO_LARGE');
    expect(await page.textContent(byTestId('forecast-error'))).toContain('perturbed histogram');
    // A second run on the file passes the ε allowed for it: once consented, Run is open.
    await page.check(byTestId('ledger-accept'));
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
    await page.selectOption(byTestId('reference-measure'), 'tree');
    await forecastReady(page);
    expect(await releaseNames(page)).toContain('reference measure: tree');
  });
});

describe('the recommended mechanism', () => {
  it('recommends adaptive marginals (what "auto" runs) to a user who chose a method by hand, and switches on request', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    const text = () => page.textContent(byTestId('recommendation-text'));
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("6 columns: adaptive marginals")`);
    expect(await text()).toContain(
      'Recommended here: Adaptive marginals (AIM) — 6 columns: adaptive marginals measure',
    );
    await page.click(byTestId('use-recommendation'));
    expect(await page.inputValue(byTestId('mechanism'))).toBe('adaptive-marginals');
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("this mechanism")`);
    expect(await page.isVisible(byTestId('use-recommendation'))).toBe(false);

    await page.click(byTestId('columns-all'));
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("16 columns")`);
    expect(await text()).toContain('Recommended here: this mechanism — 16 columns: adaptive marginals measure');
    await page.selectOption(byTestId('ml-target'), 'income');
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("a prediction target is set")`);
    expect(await text()).toContain('adaptive marginals weight the marginals with “income” up');
  });
});
