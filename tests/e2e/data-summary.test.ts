// The data against the schema before anything is spent (summarizeData() in the worker): rows read,
// kept and rejected, the CSV columns the schema ignores, and per column the missing and
// out-of-domain values; it follows the out-of-domain policy of step 2, and a library error (a column
// the CSV lacks) shows its message at once while the page stays usable.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

const summary = byTestId('data-summary');

/** A public schema for the small CSVs below: an integer age in [17, 90] and a sex. */
const SMALL_SCHEMA = JSON.stringify({
  version: 1,
  name: 'small',
  columns: [
    { name: 'age', type: 'numeric', min: 17, max: 90, integer: true, bins: 8 },
    { name: 'sex', type: 'categorical', categories: ['Female', 'Male'] },
  ],
});

/** Waits until the summary has settled on an answer (a verdict or an error) that contains `text`. */
async function waitForSummary(page: Page, text: string): Promise<string> {
  const status = byTestId('data-summary-status');
  await page.waitForSelector(
    `${status}:is([data-state="ok"], [data-state="warning"], [data-state="error"]):has-text(${JSON.stringify(text)})`,
    { timeout: 60_000 },
  );
  return (await page.textContent(status)) ?? '';
}

/** The value next to a term of the summary's facts ("Rows read", ...). */
async function fact(page: Page, term: string): Promise<string> {
  return (await page.textContent(`${summary} dt:text-is(${JSON.stringify(term)}) + dd`)) ?? '';
}

/** A cell of one column's row in the summary's table: its missing values, or what becomes of its values outside the domain. */
async function cell(page: Page, column: string, which: 'missing' | 'outside'): Promise<string> {
  const row = `${byTestId('data-summary-table')} tr[data-column="${column}"]`;
  return (
    (await page.textContent(which === 'missing' ? `${row} td[data-count="missing"]` : `${row} td:last-child`)) ?? ''
  );
}

/** Rows read, kept and rejected, as the summary shows them. */
async function rowCounts(page: Page): Promise<string[]> {
  return Promise.all(['Rows read', 'Rows kept', 'Rows rejected'].map((term) => fact(page, term)));
}

/** The demo with the small schema uploaded in step 2 and `text` as the CSV of step 1. */
async function openWithSmallSchema(csvName: string, text: string): Promise<Page> {
  const page = await demo.open();
  await page.setInputFiles(byTestId('schema-file'), {
    name: 'small.schema.json',
    mimeType: 'application/json',
    buffer: Buffer.from(SMALL_SCHEMA),
  });
  await page.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'uploaded',
  );
  await page.setInputFiles(byTestId('file-input'), { name: csvName, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.waitForSelector(`${byTestId('input-summary')}:has-text("${csvName}")`);
  // A schema that does not fit a new file gives way to finding its kinds in the run: choose it again.
  await page.selectOption(byTestId('schema-select'), 'uploaded');
  return page;
}

describe('the data against the schema', () => {
  it('reads the bundled Adult sample: every row kept, and the "?" cells of workclass counted as missing', async () => {
    const page = await demo.open();
    expect(await page.textContent(byTestId('data-summary-status'))).toContain('Choose the data');

    await useAdultSample(page);
    expect(await waitForSummary(page, 'All 48,842 rows fit the schema.')).toBe('All 48,842 rows fit the schema.');
    expect(await page.textContent(summary)).toContain('Computed on your real data: for your eyes only.');
    expect(await rowCounts(page)).toEqual(['48,842', '48,842', '0']);
    expect(await fact(page, 'CSV columns the schema ignores')).toBe('none');
    expect(await cell(page, 'workclass', 'missing')).toBe('2,799');
    expect(await cell(page, 'workclass', 'outside')).toBe('none');
    expect(await cell(page, 'age', 'missing')).toBe('0');
    expect(await page.$$eval(`${byTestId('data-summary-table')} .data-summary__problem`, (rows) => rows.length)).toBe(
      0,
    );

    // A proper table: a caption, column headers and a row header per column.
    const table = byTestId('data-summary-table');
    expect(await page.textContent(`${table} caption`)).toContain('Per column');
    expect(await page.$$eval(`${table} thead th`, (cells) => cells.map((cell) => cell.getAttribute('scope')))).toEqual([
      'col',
      'col',
      'col',
    ]);
    expect(await page.getAttribute(`${table} tr[data-column="workclass"] th`, 'scope')).toBe('row');
    expect(await page.getAttribute(byTestId('data-summary-status'), 'aria-live')).toBe('polite');
    // Nothing was run, so nothing failed.
    expect(await page.isVisible(byTestId('error'))).toBe(false);
  });

  it('counts a clamped value and an ignored column, and follows the out-of-domain policy', async () => {
    const page = await openWithSmallSchema(
      'small.csv',
      'age,sex,note\n30,Male,first\n200,Female,second\n45,Male,third\n',
    );

    const clamped = await waitForSummary(page, 'outside');
    expect(clamped).toBe('1 value is outside the schema’s domain: it will be clamped (see the table).');
    expect(await rowCounts(page)).toEqual(['3', '3', '0']);
    expect(await fact(page, 'CSV columns the schema ignores')).toBe('note');
    expect(await cell(page, 'age', 'outside')).toBe('1 clamped');
    expect(await cell(page, 'sex', 'outside')).toBe('none');
    expect(await page.getAttribute(`${byTestId('data-summary-table')} tr[data-column="age"]`, 'class')).toContain(
      'data-summary__problem',
    );
    expect(await page.getAttribute(`${byTestId('data-summary-table')} tr[data-column="sex"]`, 'class')).toBeNull();

    // Step 4: reject the rows with values outside the schema.
    await page.click(`${byTestId('advanced')} summary`);
    await page.selectOption(byTestId('out-of-domain'), 'reject');
    expect(await waitForSummary(page, 'left out')).toContain('1 row will be left out');
    expect(await rowCounts(page)).toEqual(['3', '2', '1']);
    expect(await cell(page, 'age', 'outside')).toBe('1 row rejected');

    // "Stop with an error": the library's message names the cell.
    await page.selectOption(byTestId('out-of-domain'), 'error');
    expect(await waitForSummary(page, 'INVALID_DATA')).toContain('column "age": 200 is outside [17, 90]');
  });

  it('shows the library error for a CSV that lacks a schema column, and recovers with the bundled sample', async () => {
    const page = await openWithSmallSchema('no-sex.csv', 'age,income\n30,<=50K\n41,>50K\n');

    const status = await waitForSummary(page, 'INVALID_DATA');
    expect(status).toContain('the CSV has no column "sex"');
    expect(await page.textContent(byTestId('data-summary-error'))).toContain('"sex"');
    expect(await page.$$(byTestId('data-summary-table'))).toHaveLength(0);
    // Shown before any run: the run's error panel stays hidden.
    expect(await page.isVisible(byTestId('error'))).toBe(false);

    // The page stays usable: the bundled sample and its schema bring the summary back.
    await useAdultSample(page);
    await waitForSummary(page, 'All 48,842 rows fit the schema.');
    expect(await rowCounts(page)).toEqual(['48,842', '48,842', '0']);
    expect(await page.$$(byTestId('data-summary-error'))).toHaveLength(0);
    expect(await page.isEnabled(byTestId('run'))).toBe(true);
  });
});
