// The report's verdict in the demo: a synthetic table that loses categories and breaks a correlation
// is called poor, and says which columns and why — where a TV distance on bins alone could look fine.
// The run is made to fail both on purpose: the reduced-space LP of degree 1 keeps each column alone
// (so x and y, equal in the data, come out independent), and 20 synthetic rows cannot hold 30
// categories of 3.3% each. With 20 independent rows, a correlation above 0.8 (needed to pass) has a
// probability below 1e-4.
import { describe, expect, it } from 'vitest';

import { byTestId, chooseMethod, describeOutcome, openSchemaOptions, run, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

const CATEGORIES = Array.from({ length: 30 }, (_, i) => `c${String(i + 1).padStart(2, '0')}`);
const SCHEMA = JSON.stringify({
  version: 1,
  name: 'verdict test',
  provenance: 'public',
  source: 'made for this test',
  columns: [
    { name: 'x', type: 'numeric', min: 0, max: 100, bins: 10 },
    { name: 'y', type: 'numeric', min: 0, max: 100, bins: 10 },
    { name: 'g', type: 'categorical', categories: CATEGORIES },
  ],
});

/** 3,000 rows: y equals x, and g takes each of its 30 categories equally often. */
function table(): string {
  const lines = ['x,y,g'];
  for (let i = 0; i < 3000; i += 1) {
    const x = (i * 37) % 101;
    lines.push(`${x},${x},${CATEGORIES[i % 30]}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('the verdict of a run', () => {
  it('comes first, calls a table that lost categories and a correlation poor, and names both', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'pairs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(table()),
    });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("pairs.csv")`);
    await openSchemaOptions(page);
    await page.setInputFiles(byTestId('schema-file'), {
      name: 'pairs.schema.json',
      mimeType: 'application/json',
      buffer: Buffer.from(SCHEMA),
    });
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'uploaded',
    );
    await chooseMethod(page, 'reduced-space-lp');
    await page.selectOption(byTestId('degree'), '1');
    await page.click(`${byTestId('advanced')} summary`);
    await page.fill(byTestId('synthetic-rows'), '20');
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');

    // The verdict is the first thing of the results.
    const first = await page.$eval(`${byTestId('results')} .results__body`, (body) =>
      body.querySelector('[data-testid]')?.getAttribute('data-testid'),
    );
    expect(first).toBe('verdict');
    expect(await page.getAttribute(byTestId('verdict-overall'), 'data-grade')).toBe('poor');

    const columns = await page.$$eval(byTestId('verdict-column'), (items) =>
      items.map((item) => ({
        name: item.querySelector('.utility-verdict__column-name')?.textContent ?? '',
        grade: item.getAttribute('data-grade'),
        text: item.textContent ?? '',
      })),
    );
    const g = columns.find((column) => column.name === 'g');
    expect(g?.grade).toBe('poor');
    expect(g?.text).toMatch(/\d+ of its 30 categories never appear in the synthetic table/);
    for (const [name, other] of [
      ['x', 'y'],
      ['y', 'x'],
    ]) {
      const column = columns.find((c) => c.name === name);
      expect(column?.grade, name).not.toBe('good');
      expect(column?.text, name).toContain(`Its correlation with ${other} was 1.00`);
    }
  });
});
