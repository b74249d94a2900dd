// Test 5: bad input. A malformed CSV is reported as INVALID_CSV; a schema inferred from the data
// (only after the acknowledgement) keeps the not-private banner up and yields a not-private receipt.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import {
  byTestId,
  checkedColumns,
  describeOutcome,
  openSchemaOptions,
  repoFile,
  run,
  useDemoEnvironment,
} from './harness';

const demo = useDemoEnvironment();

/** A small CSV: four columns of the Heart data (303 rows). */
function smallCsv(): string {
  const lines = readFileSync(repoFile('data/heart/heart_cleveland.csv'), 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  const keep = ['sex', 'cp', 'fbs', 'num'].map((name) => header.indexOf(name));
  return `${lines.map((line) => keep.map((i) => line.split(',')[i]).join(',')).join('\n')}\n`;
}

describe('bad input', () => {
  it('shows a malformed CSV’s problem where the file was given, and never marks it loaded', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('age,sex\n"63,1\n'),
    });
    await page.waitForSelector(`${byTestId('input-error')}:not([hidden])`);
    const error = (await page.textContent(byTestId('input-error'))) ?? '';
    expect(error).toContain('"broken.csv" cannot be used');
    expect(error).toContain('quotes are closed');
    expect(await page.textContent(byTestId('input-summary'))).not.toContain('✓');
    expect(await page.isDisabled(byTestId('run'))).toBe(true);
  });

  it('shows a schema error that names the column, and checks a dropped CSV against the schema', async () => {
    const page = await demo.open();
    const badSchema = '{"version":1,"columns":[{"name":"age","type":"numeric","min":5,"max":1}]}';
    await page.setInputFiles(byTestId('schema-file'), {
      name: 'bad.schema.json',
      mimeType: 'application/json',
      buffer: Buffer.from(badSchema),
    });
    await page.waitForSelector(`${byTestId('schema-error')}:not([hidden])`);
    const schemaError = (await page.textContent(byTestId('schema-error'))) ?? '';
    expect(schemaError).toContain('INVALID_SCHEMA');
    expect(schemaError).toContain('"age"');
    expect(await page.isDisabled(byTestId('run'))).toBe(true);

    // Drop a CSV that lacks most Heart columns on the drop zone, then pick the Heart schema.
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
      return data;
    }, smallCsv());
    await page.dispatchEvent(byTestId('drop-zone'), 'drop', { dataTransfer: transfer });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("dropped.csv")`);
    await page.selectOption(byTestId('schema-select'), 'heart');
    await page.waitForSelector(`${byTestId('column-mismatch')}:not([hidden])`);
    expect(await page.textContent(byTestId('column-mismatch'))).toContain('"thal"');
    expect(await page.isVisible(byTestId('schema-error'))).toBe(false);
  });

  it('infers a schema only after the acknowledgement, and the receipt says not private', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'small.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(smallCsv()),
    });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("small.csv")`);

    expect(await page.isDisabled(byTestId('infer-schema'))).toBe(true);
    expect(await page.textContent(byTestId('infer-warning'))).toContain('Not private');
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(false);
    await openSchemaOptions(page);
    await page.check(byTestId('infer-ack'));
    await page.click(byTestId('infer-schema'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'inferred',
    );
    await page.waitForSelector(`${byTestId('column-list')} input[value="num"]`);
    expect(await checkedColumns(page)).toEqual(['sex', 'cp', 'fbs', 'num']);
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(true);

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(true);
    expect(await page.getAttribute(byTestId('receipt-private'), 'data-private')).toBe('false');
    // A receipt of a release that is not private never calls it safe to publish.
    expect(await page.textContent(byTestId('receipt-lead'))).not.toContain('Safe to publish');
    expect(await page.textContent(byTestId('receipt-lead'))).toContain('not private');
    const verdict = (await page.textContent(byTestId('receipt-private'))) ?? '';
    expect(verdict).toContain('not private');
    expect(verdict).toContain('read from the data');
  });
});
