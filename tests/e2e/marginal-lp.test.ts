// The marginal LP in the demo: its own controls (δ, fit; the forecast's zCDP split) replace the reduced-space
// LP's, a run with a prediction target shows the train-on-synthetic / test-on-real report and a
// receipt with δ and the zCDP ledger, an invalid δ blocks Run, and the LP settings are sent only
// with the LP fit (the core would reject them with the tree, and "auto" would switch to the LP).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, chooseMethod, describeOutcome, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

async function chooseMarginalLp(page: Page): Promise<void> {
  await useAdultSample(page);
  await page.selectOption(byTestId('mechanism'), 'marginal-lp');
  await page.waitForSelector(`${byTestId('forecast-budget')}:has-text("ρ/3")`);
}

const receiptJson = async (page: Page) => JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');

/** "80.6%" -> 0.806. */
const share = (text: string | null) => Number((text ?? '').replace('%', '')) / 100;

describe('the marginal LP in the demo', () => {
  it('runs with the target "income" and shows the ML report, δ and the zCDP ledger', async () => {
    const page = await demo.open();
    await chooseMarginalLp(page);
    for (const id of ['degree', 'reference-measure', 'budget-split', 'planner'])
      expect(await page.isVisible(byTestId(id)), id).toBe(false);
    expect(await page.inputValue(byTestId('delta'))).toBe('1e-9');
    expect(await page.textContent(byTestId('estimate'))).toContain('tree of 5 two-way marginals');
    // The categorical columns of 2 to 32 levels among the six default ones, in schema order.
    const targets = await page.$$eval(`${byTestId('ml-target')} option`, (options) =>
      options.map((o) => (o as HTMLOptionElement).value),
    );
    expect(targets).toEqual(['', 'workclass', 'education', 'race', 'sex', 'income']);
    await page.selectOption(byTestId('ml-target'), 'income');

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    console.log(`marginal-lp, target income: ${describeOutcome(outcome)}`);

    await page.waitForSelector(byTestId('ml-report'));
    expect(await page.isVisible(byTestId('ml-error'))).toBe(false);
    const synthetic = share(await page.textContent(byTestId('ml-accuracy-synthetic')));
    const real = share(await page.textContent(byTestId('ml-accuracy-real')));
    console.log(`accuracy trained on synthetic ${synthetic}, on real ${real}`);
    expect(synthetic).toBeGreaterThan(0.5);
    expect(synthetic).toBeLessThanOrEqual(1);
    expect(real).toBeGreaterThan(0.5);
    expect(await page.textContent(byTestId('ml-accuracy-gap'))).toContain('percentage points');
    expect(await page.textContent(byTestId('ml-bound'))).toContain('Theorem 3.2');

    const receipt = await receiptJson(page);
    expect(receipt.mechanism.name).toBe('marginal-lp');
    expect(receipt.privacy.delta).toBe(1e-9);
    expect(receipt.parameters.fit).toBe('target-tree');
    expect(receipt.parameters.mlHoldout.testFraction).toBeCloseTo(0.2, 12);
    expect(receipt.private).toBe(true);
    if (receipt.privacy.rhoBudget === undefined) throw new Error('the receipt has no zCDP budget');
    // The forecast before the run (the core's forecastRun) agrees with the run's budget.
    expect(await page.textContent(byTestId('forecast-budget'))).toContain(
      `ρ = ${Number(receipt.privacy.rhoBudget.toPrecision(3))}`,
    );
    expect(await page.textContent(byTestId('receipt'))).toContain('δ = 1e-9');
    const ledger = (await page.textContent(byTestId('receipt-ledger'))) ?? '';
    expect(ledger).toContain('ρ = ');
    expect(ledger).toContain('exponential mechanism');
    expect(ledger).toContain('discrete Gaussian');
  });

  it('shows an inline error for an invalid δ and keeps Run disabled, and resets a deselected target', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    expect(await page.isVisible(byTestId('delta'))).toBe(false);
    await page.selectOption(byTestId('mechanism'), 'marginal-lp');
    expect(await page.isEnabled(byTestId('run'))).toBe(true);

    for (const bad of ['0', '2']) {
      await page.fill(byTestId('delta'), bad);
      await page.waitForSelector(`${byTestId('delta-error')}:not([hidden])`);
      expect(await page.textContent(byTestId('delta-error'))).toContain('strictly between 0 and 1');
      expect(await page.getAttribute(byTestId('delta'), 'aria-invalid')).toBe('true');
      expect(await page.isDisabled(byTestId('run'))).toBe(true);
      expect(await page.textContent(byTestId('run-hint'))).toContain('fix the parameters marked in step 2');
    }
    await page.fill(byTestId('delta'), '1e-6');
    await page.waitForSelector(`${byTestId('delta-error')}[hidden]`, { state: 'attached' });
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
    await page.waitForSelector(`${byTestId('forecast-budget')}:has-text("δ = 0.000001")`);

    // A target whose column is deselected becomes none.
    await page.selectOption(byTestId('ml-target'), 'income');
    await page.uncheck(`${byTestId('column-list')} input[value="income"]`);
    expect(await page.inputValue(byTestId('ml-target'))).toBe('');
    await page.check(`${byTestId('column-list')} input[value="income"]`);
    expect(await page.inputValue(byTestId('ml-target'))).toBe('');
  });

  it('sends the LP settings only with the LP fit', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    // Set under the reduced-space LP, then left behind: with "auto" it would switch the fit to the LP.
    await page.click(`${byTestId('advanced')} summary`);
    await page.fill(byTestId('lp-iteration-limit'), '1000000');
    await page.selectOption(byTestId('mechanism'), 'marginal-lp');
    await page.waitForSelector(`${byTestId('forecast-budget')}:has-text("ρ/3")`);
    expect(await page.isVisible(byTestId('lp-iteration-limit'))).toBe(false);
    expect(await page.isVisible(byTestId('lp-settings-note'))).toBe(true);

    const tree = await run(page);
    expect(tree.kind, describeOutcome(tree)).toBe('results');
    expect((await receiptJson(page)).parameters.fit).toBe('tree');
    expect(await page.isVisible(byTestId('ml-report'))).toBe(false);

    await page.selectOption(byTestId('fit'), 'lp');
    expect(await page.isVisible(byTestId('lp-iteration-limit'))).toBe(true);
    expect(await page.isDisabled(`${byTestId('lp-solver')} option[value="mirror-prox"]`)).toBe(true);
    const lp = await run(page);
    console.log(`marginal-lp with the LP fit: ${describeOutcome(lp)}`);
    expect(lp.kind, describeOutcome(lp)).toBe('results');
    const receipt = await receiptJson(page);
    expect(receipt.parameters.fit).toBe('lp');
    expect(receipt.parameters.lp.solver).toBe('row-generation');
  });
});
