// The person with their own table and no schema, in the demo: drop the CSV, "Find the schema
// privately", run with the defaults. The schema comes from a share of the run's epsilon; the
// receipt states the whole release at the epsilon set in step 2 and lists what was found.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, download, repoFile, run, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

describe('a table with no schema in the demo', () => {
  it('gets its schema found privately and one receipt for the whole release', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(repoFile('data/people/people.csv')),
    });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("people.csv")`);
    expect(await page.textContent('#find-hint')).toContain('Uses 30% of the privacy budget you set in step 2');
    await page.click(byTestId('find-schema'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'found-privately',
    );
    expect(await page.textContent(byTestId('schema-discovery-cost'))).toContain(
      'Found privately as the first part of your release',
    );
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = JSON.parse((await download(page, 'download-receipt')).text) as {
      privacy: { epsilonSpent: number; domainDiscovery?: { epsilon: number } };
      schema: { notMeasured: Array<{ name: string }> };
    };
    // The app's default epsilon is 1: the discovery and the run add up to it (in zCDP, or for the
    // page's pure-epsilon mechanism by basic composition with the discovery's own epsilon).
    expect(receipt.privacy.epsilonSpent).toBeCloseTo(1, 6);
    expect(receipt.privacy.domainDiscovery?.epsilon).toBeGreaterThan(0);
    expect(receipt.schema.notMeasured.map((column) => column.name)).toContain('record_id');
    const header = (await download(page, 'download-csv')).text.split('\n')[0];
    expect(header).toBe(
      'record_id,interview_date,last_seen,age,hours_per_week,capital_gain,workclass,job_code,income,notes',
    );
  });

  it('finds the schema of a 48,842-row table in the page (the time is printed, not asserted)', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'adult.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(repoFile('data/adult/adult.csv')),
    });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("adult.csv")`);
    const started = Date.now();
    await page.click(byTestId('find-schema'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'found-privately',
    );
    console.log(
      `schema found privately in Chromium, Adult 48,842 x 16: ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(await page.textContent(byTestId('schema-summary'))).toContain('16 columns');
  });

  it('says clearly, at the schema step, when the table is too small to find anything', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'tiny.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b\n1,x\n2,y\n'),
    });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("tiny.csv")`);
    await page.click(byTestId('find-schema'));
    await page.waitForSelector(`${byTestId('schema-error')}:has-text("too small")`);
    expect(await page.isVisible(byTestId('schema-error'))).toBe(true);
  });
});
