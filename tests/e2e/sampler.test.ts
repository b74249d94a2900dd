// The private sampler in the demo (Tasnim et al., Reveal-or-Obscure): on the bundled Adult sample
// with the columns sex and race (10 symbols, n = 48,842 public under replace-one), N = 200 at ε = 1.
// The forecast states ε per sample (0.005), ROO's obscuring probability γ and worst-case TV, the
// largest N and the better sampler; "Compare samplers on my data" shows the four samplers' γ and
// exact TV with the best marked, labelled not private; a run's receipt states the sampler, N, ε per
// sample, n and DS-ROO's table, and its report the comparison with the run's sampler highlighted.
// N = 10,000 is refused (at most 4,884 samples): Run waits, its hint and a notice name the limit,
// and the notice switches to the Laplace histogram, which any N suits.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, download, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

/** Waits until the forecast of the current settings is on screen (a change marks it busy at once). */
const forecastReady = (page: Page) => page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]`);

/** The Adult sample with only sex and race ticked, and the sampler chosen. */
async function samplerOnSexAndRace(page: Page): Promise<void> {
  await useAdultSample(page);
  await page.click(byTestId('columns-none'));
  await page.check(`${byTestId('column-list')} input[value="sex"]`);
  await page.check(`${byTestId('column-list')} input[value="race"]`);
  await page.selectOption(byTestId('mechanism'), 'sampler');
}

/** A quantity of the sampler's text (data-testid sampler-<name>) inside `scope`: its text and value. */
async function quantity(page: Page, scope: string, name: string): Promise<{ text: string; value: string }> {
  const selector = `${byTestId(scope)} ${byTestId(`sampler-${name}`)}`;
  return {
    text: (await page.textContent(selector)) ?? '',
    value: (await page.getAttribute(selector, 'data-value')) ?? '',
  };
}

describe('the private sampler in the demo', () => {
  it('forecasts ε per sample and γ, compares the samplers on the data, runs N = 200 and shows the receipt and the report', async () => {
    const page = await demo.open();
    await samplerOnSexAndRace(page);
    expect(await page.textContent(byTestId('mechanism'))).toContain('Private sampler (a few records)');
    expect(await page.textContent(byTestId('mechanism-hint'))).toContain('Each of the N samples costs ε/N');
    expect(await page.textContent(byTestId('columns-note'))).toContain('one alphabet');
    // The sampler's own fields replace the other mechanisms'.
    for (const id of ['sampler', 'samples', 'sampler-compare'])
      expect(await page.isVisible(byTestId(id)), id).toBe(true);
    for (const id of ['delta', 'degree', 'fit', 'partition', 'reference-measure', 'planner', 'sampler-refusal'])
      expect(await page.isVisible(byTestId(id)), id).toBe(false);
    expect(await page.inputValue(byTestId('sampler'))).toBe('ds-roo');
    await page.click(`${byTestId('advanced')} summary`);
    for (const id of ['synthetic-rows', 'reduced-space-size', 'lp-solver'])
      expect(await page.isVisible(byTestId(id)), id).toBe(false);
    expect(await page.isVisible(byTestId('max-obscuring'))).toBe(true);
    expect(await page.textContent(byTestId('lp-settings-note'))).toContain('The sampler solves no linear program');
    // The sampler is never recommended; the line says what it would recommend for a whole table.
    expect(await page.textContent(byTestId('recommendation-text'))).toContain(
      'For a whole synthetic table instead of N samples',
    );

    // The forecast at N = 200, ε = 1, n = 48,842 (every data row of the sample, public under replace-one).
    await page.fill(byTestId('samples'), '200');
    await page.waitForSelector(
      `${byTestId('forecast-sampler')} ${byTestId('sampler-epsilon-per-sample')}[data-value="0.005"]`,
    );
    await forecastReady(page);
    expect(await page.textContent(byTestId('forecast-rows-source'))).toContain(
      'n = 48,842: every data row of the sample',
    );
    const perSample = await quantity(page, 'forecast-sampler', 'epsilon-per-sample');
    const gamma = await quantity(page, 'forecast-sampler', 'gamma');
    const worst = await quantity(page, 'forecast-sampler', 'worst-tv');
    const most = await quantity(page, 'forecast-sampler', 'most-samples');
    const better = await quantity(page, 'forecast-sampler', 'better');
    console.log(
      `sampler forecast: ${perSample.text}, ${gamma.text}, ${worst.text}, ${most.text}, better: ${better.text}`,
    );
    expect(perSample.text).toBe('ε/N = 0.005');
    expect(gamma.text).toMatch(/^γ = 0\.0\d+$/);
    expect(Number(gamma.value)).toBeGreaterThan(0);
    expect(Number(gamma.value)).toBeLessThan(0.5);
    expect(Number(worst.value)).toBeCloseTo(Number(gamma.value) * (1 - 1 / 10), 12);
    expect(most.text).toBe('N ≤ 4,884');
    expect(['reveal-or-obscure', 'laplace-histogram']).toContain(better.value);
    expect(await quantity(page, 'forecast-sampler', 'records')).toEqual({ text: 'n = 48,842', value: '48842' });
    expect(await quantity(page, 'forecast-sampler', 'alphabet')).toEqual({ text: 'k = 10', value: '10' });
    expect(await page.textContent(byTestId('estimate'))).toMatch(
      /2 of 16 columns → draws 200 records of the chosen columns \(their joint alphabet of 10 symbols\), each at ε\/N = 0\.005/,
    );
    expect(await page.textContent(byTestId('forecast-budget'))).toContain('pure ε-DP for replace-one neighbours');
    expect(await page.textContent(byTestId('forecast-expected'))).toContain('worst-case TV');
    expect(await page.textContent(byTestId('forecast'))).not.toMatch(/undefined|NaN/);
    expect(await page.isEnabled(byTestId('run'))).toBe(true);

    // The four samplers on the data (preview: nothing released), labelled not private.
    expect(await page.textContent(byTestId('sampler-compare-notice'))).toContain('NOT PRIVATE');
    await page.click(byTestId('sampler-compare'));
    await page.waitForSelector(`${byTestId('sampler-comparison-table')} tbody tr`, { timeout: 60_000 });
    const compared = await page.$$eval(`${byTestId('sampler-comparison-table')} tbody tr`, (rows) =>
      rows.map((row) => ({
        sampler: row.getAttribute('data-sampler'),
        best: row.getAttribute('data-best') === 'true',
        chosen: row.getAttribute('data-highlighted') === 'true',
        gamma: row.querySelector('[data-gamma]')?.getAttribute('data-gamma') ?? null,
        tv: Number(row.querySelector('[data-tv]')?.getAttribute('data-tv')),
      })),
    );
    console.log(`comparison on the data: ${JSON.stringify(compared)}`);
    expect(compared.map((row) => row.sampler).sort()).toEqual(['ds-roo', 'laplace-histogram', 'roo', 'subsampled-rr']);
    expect(compared.filter((row) => row.best).length).toBe(1);
    expect(compared.filter((row) => row.chosen).map((row) => row.sampler)).toEqual(['ds-roo']);
    const best = compared.find((row) => row.best)!;
    expect(best.tv).toBe(Math.min(...compared.map((row) => row.tv)));
    expect(await page.textContent(`${byTestId('sampler-comparison-table')} ${byTestId('sampler-best')}`)).toBe('best');
    // ROO's γ on the data is the forecast's (public: it depends on n, k and ε/N only); DS-ROO's is at most it.
    const roo = compared.find((row) => row.sampler === 'roo')!;
    expect(Number(roo.gamma)).toBeCloseTo(Number(gamma.value), 12);
    expect(Number(compared.find((row) => row.sampler === 'ds-roo')!.gamma)).toBeLessThanOrEqual(Number(roo.gamma));
    expect(compared.find((row) => row.sampler === 'laplace-histogram')!.gamma).toBeNull();
    expect(await page.textContent(byTestId('sampler-compare-status'))).toMatch(/^Best on your data at N = 200: /);
    // A preview releases nothing: no results, no error.
    expect(await page.isVisible(byTestId('results'))).toBe(false);
    expect(await page.isVisible(byTestId('error'))).toBe(false);
    // "Use the best" switches the sampler; the comparison (of all four) stays and follows the choice.
    expect(best.sampler).toBe('laplace-histogram');
    await page.click(byTestId('sampler-use-best'));
    expect(await page.inputValue(byTestId('sampler'))).toBe('laplace-histogram');
    await page.waitForSelector(
      `${byTestId('sampler-comparison-table')} tr[data-sampler="laplace-histogram"][data-highlighted="true"]`,
    );
    await page.selectOption(byTestId('sampler'), 'ds-roo');
    await page.waitForSelector(
      `${byTestId('sampler-comparison-table')} tr[data-sampler="ds-roo"][data-highlighted="true"]`,
    );
    // Another N is another comparison: the table goes until it is asked for again.
    await page.fill(byTestId('samples'), '201');
    await page.waitForSelector(`${byTestId('sampler-comparison')}[hidden]`, { state: 'attached' });
    expect(await page.textContent(byTestId('sampler-compare-status'))).toContain('The settings changed');
    await page.fill(byTestId('samples'), '200');
    await page.waitForSelector(
      `${byTestId('forecast-sampler')}[data-sampler="ds-roo"] ${byTestId('sampler-epsilon-per-sample')}[data-value="0.005"]`,
    );
    await forecastReady(page);

    // The run: N = 200 by DS-ROO at ε = 1, picked after the comparison on these data, so not private.
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    console.log(`sampler, DS-ROO, sex × race, N = 200 at ε = 1: ${describeOutcome(outcome)}`);
    const receipt = JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');
    expect(receipt.mechanism.name).toBe('sampler');
    expect(receipt.private).toBe(false);
    expect(receipt.notPrivateReasons).toEqual([
      'an option was chosen by looking at the real data without privacy: the sampler was chosen after its comparison on the real data',
    ]);
    expect(receipt.output.rows).toBe(200);
    expect(receipt.parameters.sampler).toBe('ds-roo');
    expect(await quantity(page, 'receipt', 'used')).toEqual({ text: 'DS-ROO', value: 'ds-roo' });
    expect(await quantity(page, 'receipt', 'samples')).toEqual({ text: '200', value: '200' });
    expect((await quantity(page, 'receipt', 'epsilon-per-sample')).text).toBe('ε/N = 0.005');
    expect((await quantity(page, 'receipt', 'records')).value).toBe('48842');
    expect(Number((await quantity(page, 'receipt', 'gamma')).value)).toBe(receipt.parameters.obscuring.rooGamma);
    expect(Number((await quantity(page, 'receipt', 'zero-from')).value)).toBe(receipt.parameters.dsRooTable.zeroFrom);
    expect(await page.textContent(byTestId('receipt'))).toContain('replace one record');

    // The report: the comparison with DS-ROO highlighted as used, the best marked, not private.
    const report = byTestId('report-sampler');
    expect(await page.getAttribute(report, 'data-used')).toBe('ds-roo');
    expect(await page.textContent(`${report} ${byTestId('sampler-notice')}`)).toContain('for your eyes only');
    const used = await page.$$eval(`${byTestId('report-sampler-table')} tbody tr[data-highlighted="true"]`, (rows) =>
      rows.map((row) => row.getAttribute('data-sampler')),
    );
    expect(used).toEqual(['ds-roo']);
    expect(await page.$$eval(`${byTestId('report-sampler-table')} tbody tr`, (rows) => rows.length)).toBe(4);
    expect(
      await page.$$eval(`${byTestId('report-sampler-table')} tbody tr[data-best="true"]`, (rows) => rows.length),
    ).toBe(1);
    expect(await page.textContent(`${byTestId('report-sampler-table')} ${byTestId('sampler-highlighted')}`)).toBe(
      'used in this run',
    );
    expect(await page.isVisible(byTestId('report-released-histogram-tv'))).toBe(false);
    expect(await page.textContent(byTestId('results'))).not.toMatch(/undefined|NaN/);
    const csv = await download(page, 'download-csv');
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('race,sex'); // schema order
    expect(lines.length - 1).toBe(200);
    const exported = await download(page, 'download-report');
    expect(exported.text).toContain('The samplers on your data');
    expect(exported.text).not.toMatch(/undefined|NaN/);
  });

  it('blocks Run for N = 10,000 at ε = 1 with the largest N (4,884), and runs it with the Laplace histogram', async () => {
    const page = await demo.open();
    await samplerOnSexAndRace(page);
    await page.fill(byTestId('samples'), '10000');
    await page.waitForSelector(`${byTestId('sampler-refusal')}:not([hidden])`);
    const notice = (await page.textContent(byTestId('sampler-refusal-text'))) ?? '';
    console.log(`refusal: ${notice}`);
    expect(notice).toContain('draw at most 4,884 samples');
    expect(notice).toContain('Laplace-histogram sampler');
    expect(await page.isDisabled(byTestId('run'))).toBe(true);
    expect(await page.textContent(byTestId('run-hint'))).toContain('draw at most 4,884 samples');
    // The forecast is the core's own check with the data's n: it still shows, with the refusal in its
    // notes and the largest N as a number (no message parsing).
    expect(await page.textContent(byTestId('forecast-notes'))).toContain('the run would refuse');
    expect(await page.getAttribute(byTestId('sampler-most-samples'), 'data-value')).toBe('4884');

    // The histogram: any N from one noisy histogram at ε = 1.
    await page.click(byTestId('use-histogram-sampler'));
    expect(await page.inputValue(byTestId('sampler'))).toBe('laplace-histogram');
    await page.waitForSelector(`${byTestId('sampler-refusal')}[hidden]`, { state: 'attached' });
    await page.waitForSelector(`${byTestId('forecast-sampler')}[data-sampler="laplace-histogram"]`);
    await forecastReady(page);
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
    expect(await page.isVisible(byTestId('max-obscuring'))).toBe(false);
    expect((await quantity(page, 'forecast-sampler', 'better')).value).toBe('laplace-histogram');
    expect(await page.textContent(byTestId('estimate'))).toContain('measures one noisy histogram');
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');
    expect(receipt.parameters.sampler).toBe('laplace-histogram');
    expect(receipt.output.rows).toBe(10_000);
    expect(Number((await quantity(page, 'receipt', 'histogram-scale')).value)).toBe(receipt.parameters.histogram.scale);
    expect(await page.getAttribute(byTestId('report-sampler'), 'data-used')).toBe('laplace-histogram');
    const releasedTv = Number(await page.getAttribute(byTestId('report-released-histogram-tv'), 'data-value'));
    console.log(`laplace-histogram, N = 10,000: released histogram TV ${releasedTv}`);
    expect(releasedTv).toBeGreaterThan(0);
    expect(releasedTv).toBeLessThan(0.01);
  });
});
