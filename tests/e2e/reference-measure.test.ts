// The reference measure in the demo: the budget split and the planner are shown before running,
// the KDE is offered only for numeric columns, and a run with the tree states its share in the
// downloaded receipt. The split, "auto"'s choice and the KDE's availability are the core's (the run
// advice), so the page waits for them.
import { describe, expect, it } from 'vitest';

import { byTestId, chooseMethod, describeOutcome, download, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

describe('choosing a reference measure in the demo', () => {
  it('shows the split and the planner, and the receipt states the tree and its share', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    // The split comes from the core's run advice, on the engine's worker: once it is in, Adult's
    // categorical columns have kept the KDE from being chosen.
    await page.waitForSelector(`${byTestId('budget-split')}:has-text("for the reference measure (uniform)")`);
    expect(
      await page.$eval(
        `${byTestId('reference-measure')} option[value="bernstein-kde"]`,
        (o) => (o as HTMLOptionElement).disabled,
      ),
    ).toBe(true);

    await page.selectOption(byTestId('reference-measure'), 'tree');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="budget-split"]')
        ?.textContent?.includes('ε = 0.3 for the reference measure (tree)'),
    );
    await page.fill(byTestId('reference-budget'), '0.4');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="budget-split"]')?.textContent?.includes('ε = 0.6 for the LP'),
    );

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
    // The LP's second stage, on by default: feasible within its tolerance, and shown in the receipt.
    const stage = receipt.parameters.lp.secondStage;
    expect(stage.method).toBe('max-entropy');
    expect(stage.maxError).toBeLessThanOrEqual(stage.tolerance);
    expect(stage.dualityGap).toBeGreaterThan(-1e-9);
    expect(await page.textContent(byTestId('receipt'))).toMatch(/LP second stage.*max-entropy: every statistic within/);
  });

  it('offers the KDE and the KD-tree once the core says the continuous space takes the columns, and drops it when it cannot', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    const kdeDisabled = () =>
      page.$eval(
        `${byTestId('reference-measure')} option[value="bernstein-kde"]`,
        (o) => (o as HTMLOptionElement).disabled,
      );
    await page.click(byTestId('columns-none'));
    for (const name of ['age', 'hours-per-week']) await page.check(`${byTestId('column-list')} input[value="${name}"]`);
    await page.waitForFunction(
      () =>
        !document.querySelector<HTMLOptionElement>('[data-testid="reference-measure"] option[value="bernstein-kde"]')
          ?.disabled,
    );
    await page.selectOption(byTestId('reference-measure'), 'bernstein-kde');
    await page.waitForSelector(
      `${byTestId('budget-split')}:has-text("ε = 0.5 for the reference measure (bernstein-kde)")`,
    );
    expect(await page.getAttribute(byTestId('reference-budget'), 'placeholder')).toBe('default 0.5');
    // The KD-tree density lives in the continuous space too, with its own default share.
    await page.selectOption(byTestId('reference-measure'), 'kd-tree');
    await page.waitForSelector(`${byTestId('budget-split')}:has-text("ε = 0.3 for the reference measure (kd-tree)")`);
    expect(await page.getAttribute(byTestId('reference-budget'), 'placeholder')).toBe('default 0.3');
    // A categorical column: the continuous space cannot take it, so the choice goes back to "auto".
    await page.check(`${byTestId('column-list')} input[value="sex"]`);
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="reference-measure"]')?.value === 'auto',
    );
    await page.waitForSelector(`${byTestId('budget-split')}:has-text("for the reference measure (uniform)")`);
    expect(await kdeDisabled()).toBe(true);
    expect(
      await page.$eval(
        `${byTestId('reference-measure')} option[value="kd-tree"]`,
        (o) => (o as HTMLOptionElement).disabled,
      ),
    ).toBe(true);
  });
});
