// The report's fidelity section after a run on the bundled Adult sample with two numeric columns:
// the compact table has a row per numeric column, the correlation line names the pair, the lost
// categories are stated, and every figure is behind one click (<details>).
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

describe('the fidelity section of the utility report', () => {
  it('compares the real values as read with the synthetic ones, in plain words first', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await page.check(`${byTestId('column-list')} input[value="hours-per-week"]`);
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');

    const section = byTestId('report-fidelity');
    await page.waitForSelector(section);
    const rows = await page.$$eval(`${section} > .table-scroll tbody tr`, (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    expect(rows.map((row) => row[0])).toEqual(['age', 'hours-per-week']);
    // Median "real / synthetic", then the two p5 – p95 ranges, the means and the distance in %.
    for (const row of rows) {
      expect(row[1]).toMatch(/^[\d.,]+ \/ [\d.,]+$/);
      expect(row[2]).toMatch(/^[\d.,]+ – [\d.,]+$/);
      expect(row[5]).toMatch(/^\d+\.\d%$/);
    }
    expect(await page.textContent(byTestId('fidelity-correlation'))).toMatch(
      /^mean \|Δ correlation\| [\d.]+ \(worst: age × hours-per-week [\d.]+\)$/,
    );
    expect(await page.textContent(byTestId('fidelity-categories-lost'))).toMatch(/^Categories lost: /);

    const details = byTestId('fidelity-details');
    expect(await page.$eval(details, (element) => (element as HTMLDetailsElement).open)).toBe(false);
    await page.click(`${details} summary`);
    const captions = await page.$$eval(`${details} caption`, (list) => list.map((c) => c.textContent ?? ''));
    expect(captions).toEqual([
      'Quantiles, mean and standard deviation of each numeric column',
      'How the real cells of each numeric column were read (every row read)',
      'Correlation of each pair of numeric columns (Pearson), largest difference first',
      'Categories the synthetic table never produced',
    ]);
    if (process.env.PRIVSYNTH_SCREENSHOT) {
      await page.locator(section).screenshot({ path: process.env.PRIVSYNTH_SCREENSHOT });
    }
    await page.close();
  });
});
