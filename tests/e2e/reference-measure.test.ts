// The reference measure in the demo: the budget split and the planner are shown before running,
// the KDE is offered only for numeric columns, and a run with the tree states its share in the
// downloaded receipt.
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, download, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

describe('choosing a reference measure in the demo', () => {
  it('shows the split and the planner, and the receipt states the tree and its share', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    // Adult has categorical columns: the KDE cannot be chosen.
    expect(await page.$eval(`${byTestId('reference-measure')} option[value="bernstein-kde"]`, (o) => (o as HTMLOptionElement).disabled)).toBe(true);
    expect(await page.textContent(byTestId('budget-split'))).toContain('for the reference measure (uniform)');

    await page.selectOption(byTestId('reference-measure'), 'tree');
    await page.waitForFunction(() => document.querySelector('[data-testid="budget-split"]')?.textContent?.includes('ε = 0.3 for the reference measure (tree)'));
    await page.fill(byTestId('reference-budget'), '0.4');
    await page.waitForFunction(() => document.querySelector('[data-testid="budget-split"]')?.textContent?.includes('ε = 0.6 for the LP'));

    await page.click(`${byTestId('planner')} summary`);
    await page.waitForSelector(byTestId('planner-result'));
    expect(await page.textContent(byTestId('planner-result'))).toMatch(/needs n ≥/);

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = JSON.parse((await download(page, 'download-receipt')).text);
    expect(receipt.parameters.referenceMeasure.kind).toBe('tree');
    expect(receipt.parameters.budget.referenceMeasure).toBeCloseTo(0.4, 12);
    expect(receipt.ledger.length).toBe(3);
    expect(receipt.privacy.epsilonSpent).toBeCloseTo(1, 12);
  });
});
