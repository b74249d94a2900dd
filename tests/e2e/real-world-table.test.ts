// The bundled people table (data/people) in the demo: its schema file (an identifier, free text, a
// date, a UTC date-time, numbers with missing values and common values, a 720-level job code with
// a hierarchy) and its CSV dropped on the page, run with the defaults. The synthetic CSV holds fresh
// identifiers, the placeholder, dates and times in their format and the common values as spikes;
// the report charts the date column by its bins and the common value as a bar of its own.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, download, repoFile, run, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

describe('a table with every kind of real-world column in the demo', () => {
  it('is synthesized with the defaults, and its output and report show each kind as it is', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('schema-file'), {
      name: 'people.schema.json',
      mimeType: 'application/json',
      buffer: readFileSync(repoFile('data/people/people.schema.json')),
    });
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'uploaded',
    );
    await page.setInputFiles(byTestId('file-input'), {
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(repoFile('data/people/people.csv')),
    });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("people.csv")`);
    await page.waitForSelector(`${byTestId('data-summary-verdict')}:has-text("12,211")`);
    expect(await page.textContent(byTestId('data-summary-verdict'))).toBe('All 12,211 rows fit the schema.');

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');

    // The report's bar charts: the date column by its 24 bins of days, hours with "= 40" a bar of its own.
    await page.waitForSelector(`${byTestId('one-way-plot')} svg`);
    const chart = async (column: string) => {
      await page.selectOption(byTestId('one-way-column'), column);
      await page.waitForSelector(`${byTestId('one-way-plot')} svg[aria-label*="${column}"]`);
      return page.$eval(`${byTestId('one-way-plot')} svg[aria-label]`, (svg) => ({
        bars: svg.querySelectorAll('g[data-mark="bar"] rect').length,
        ticks: [...svg.querySelectorAll('g[data-mark="fx-axis tick label"] text')].map(
          (text) => text.textContent ?? '',
        ),
      }));
    };
    const dates = await chart('interview_date');
    expect(dates.bars).toBe(48); // 24 bins, real and synthetic
    expect(dates.ticks[0]).toBe('2018-01-01–31'); // the first 30 days, the shared year and month written once
    expect(dates.ticks.at(-1)).toMatch(/^2019-12-\d\d–31$/);
    const hours = await chart('hours_per_week');
    expect(hours.ticks).toContain('= 40');
    expect(hours.ticks).toContain('missing');

    const lines = (await download(page, 'download-csv')).text.trimEnd().split('\n');
    const receipt = JSON.parse((await download(page, 'download-receipt')).text) as {
      mechanism: { name: string };
      schema: { notMeasured: Array<{ name: string }> };
    };
    expect(receipt.schema.notMeasured.map((column) => column.name)).toEqual(['record_id', 'notes']);
    expect(lines[0]).toBe(
      'record_id,interview_date,last_seen,age,hours_per_week,capital_gain,workclass,job_code,income,notes',
    );
    expect(Math.abs(lines.length - 1 - 12_211)).toBeLessThan(200);
    let forty = 0;
    let present = 0;
    for (const [index, line] of lines.slice(1).entries()) {
      const cells = line.split(',');
      expect(cells[0]).toBe(`R${index + 1}`);
      expect(cells[1]).toMatch(/^201[89]-\d\d-\d\d$/);
      expect(cells[2]).toMatch(/^2020-\d\d-\d\dT\d\d:\d\dZ$/);
      expect(cells[4]).toMatch(/^(\d{1,2}|)$/);
      expect(cells[7]).toMatch(/^[A-Za-z-]+\/[\w-]+\/(junior|mid|senior)$/);
      expect(cells.at(-1)).toBe('(free text removed)');
      if (cells[4] === '40') forty += 1;
      if (cells[4] !== '') present += 1;
    }
    // 40 hours a week: 47% of the records that have hours in the data, kept as a spike; spread over
    // its bin (37 to 42) it would be about 8%. The page's default mechanism is the reduced-space LP
    // (0.39 and 0.41 measured; adaptive marginals give 0.47) and its run is not seeded: a loose bound.
    console.log(
      `people in the demo, ${receipt.mechanism.name}: 40 hours ${(forty / present).toFixed(3)} of the records with hours (real 0.470)`,
    );
    expect(forty / present).toBeGreaterThan(0.3);
  }, 180_000);
});
