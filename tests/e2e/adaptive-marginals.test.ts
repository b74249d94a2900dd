// Adaptive marginals in the demo: chosen from the recommendation, a run on all 16 Adult columns
// reports each round (the marginal it measured, the budget spent) as progress, ends with a receipt
// that lists the rounds, and can be cancelled inside the rounds; the next run works.
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, run, useAdultSample, useDemoEnvironment, waitForOutcome } from './harness';

const demo = useDemoEnvironment();

describe('adaptive marginals in the demo', () => {
  it('runs on all columns with progress per round, and the receipt lists the rounds', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await page.click(byTestId('columns-all'));
    await page.selectOption(byTestId('mechanism'), 'adaptive-marginals');
    await page.waitForSelector(`${byTestId('estimate')}:has-text("one-way marginals")`);
    expect(await page.textContent(byTestId('estimate'))).toContain('16');
    expect(await page.inputValue(byTestId('delta'))).toBe('1e-9');

    const details = new Set<string>();
    await page.exposeFunction('recordDetail', (text: string) => details.add(text));
    await page.evaluate(() => {
      const target = document.querySelector('[data-testid="progress-detail"]')!;
      new MutationObserver(() =>
        (window as unknown as { recordDetail(text: string): void }).recordDetail(target.textContent ?? ''),
      ).observe(target, { childList: true, characterData: true, subtree: true });
    });
    const started = Date.now();
    const outcome = await run(page);
    console.log(`adaptive marginals, all 16 Adult columns: ${describeOutcome(outcome)} (${Date.now() - started} ms)`);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const rounds = [...details].filter((text) =>
      /^round \d+: .+ \(the model was off by about [0-9.e-]+ in TV on it\), \d+% of the budget spent$/.test(text),
    );
    console.log(`progress details: ${rounds.length} rounds seen, e.g. ${rounds.slice(0, 2).join(' | ')}`);
    expect(rounds.length).toBeGreaterThan(3);

    const receipt = JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');
    expect(receipt.mechanism.name).toBe('adaptive-marginals');
    expect(receipt.privacy.accounting).toBe('zcdp');
    expect(receipt.parameters.selected.length).toBe(receipt.parameters.rounds);
    expect(receipt.private).toBe(true);
    expect(await page.textContent(byTestId('receipt'))).toContain('Marginals measured in the rounds');
    expect(receipt.parameters.modelCells).toBeLessThanOrEqual(100_000);
  });

  it('stops inside the rounds when cancelled, and runs again afterwards', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await page.click(byTestId('columns-all'));
    await page.selectOption(byTestId('mechanism'), 'adaptive-marginals');
    // Every 3-way marginal of 16 columns: 560 more candidates to score each round, a run of tens of seconds.
    await page.selectOption(byTestId('adaptive-workload'), 'all-3-way');
    await page.waitForSelector(`${byTestId('estimate')}:has-text("one-way marginals")`);
    await page.click(byTestId('run'));
    await page.waitForSelector(`${byTestId('progress-detail')}:has-text("round ")`, { timeout: 60_000 });
    const clicked = Date.now();
    await page.click(byTestId('cancel'));
    const cancelled = await waitForOutcome(page, 2_000);
    console.log(`cancel inside the rounds took effect after ${Date.now() - clicked} ms`);
    expect(cancelled, describeOutcome(cancelled)).toMatchObject({ kind: 'error', code: 'CANCELLED' });
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
    await page.click(byTestId('columns-none'));
    for (const name of ['age', 'sex', 'race', 'income']) {
      await page.check(`${byTestId('column-list')} input[value="${name}"]`);
    }
    const again = await run(page);
    expect(again.kind, describeOutcome(again)).toBe('results');
  });
});
