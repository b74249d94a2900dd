// Test 3: an LP failure (iteration limit 1) shows LP_LIMIT_REACHED in the error panel, and the page
// stays usable: with the limit cleared, the next run succeeds.
import { describe, expect, it } from 'vitest';

import { byTestId, chooseMethod, describeOutcome, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

describe('an LP failure', () => {
  it('is reported with its code, and a new run works afterwards', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    await page.click(`${byTestId('advanced')} summary`);
    await page.fill(byTestId('lp-iteration-limit'), '1');

    const failed = await run(page);
    expect(failed, describeOutcome(failed)).toMatchObject({ kind: 'error', code: 'LP_LIMIT_REACHED' });
    expect(await page.getAttribute(byTestId('error'), 'role')).toBe('alert');
    // It failed on the noisy measurements, so it spent its budget: the file's ledger counts it, and a
    // new run past the ε allowed for the file waits for consent.
    expect(await page.textContent(byTestId('ledger-entry'))).toContain('stopped after measuring (LP_LIMIT_REACHED)');
    expect(await page.isDisabled(byTestId('run'))).toBe(true);
    await page.check(byTestId('ledger-accept'));
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
    expect(await page.isVisible(byTestId('results'))).toBe(false);

    await page.fill(byTestId('lp-iteration-limit'), '');
    const succeeded = await run(page);
    console.log(`run after the LP failure (same worker, warm): ${describeOutcome(succeeded)}`);
    expect(succeeded.kind, describeOutcome(succeeded)).toBe('results');
    expect(await page.isVisible(byTestId('error'))).toBe(false);
    const receipt = JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');
    expect(receipt.parameters).not.toHaveProperty('lpIterationLimit');
    expect(receipt.private).toBe(true);
  });
});
