// Test 1: the bundled Adult sample with the defaults; the downloaded synthetic CSV fits the schema
// and the downloaded receipt says private.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import type { Schema } from '../../web/lib/src/generated/contract-types';
import { firstValueOutsideDomain, parseCsvRecords } from './domain';
import {
  byTestId,
  checkedColumns,
  chooseMethod,
  describeOutcome,
  download,
  repoFile,
  run,
  useAdultSample,
  useDemoEnvironment,
} from './harness';

const ADULT_DEFAULT_COLUMNS = ['age', 'workclass', 'education', 'sex', 'race', 'income'];
const adultSchema = JSON.parse(readFileSync(repoFile('data/adult/adult.schema.json'), 'utf8')) as Schema;

const demo = useDemoEnvironment();

describe('the bundled Adult sample with the default settings', () => {
  it('downloads a synthetic CSV inside the schema domain and a private receipt', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    // The reduced-space LP, whose figures this test pins (the page starts on "auto").
    await chooseMethod(page, 'reduced-space-lp');
    // The six default columns, listed (and sent to the engine) in the schema's order.
    const chosen = await checkedColumns(page);
    expect([...chosen].sort()).toEqual([...ADULT_DEFAULT_COLUMNS].sort());
    expect(await page.inputValue(byTestId('epsilon'))).toBe('1');
    expect(await page.inputValue(byTestId('degree'))).toBe('2');
    expect(await page.textContent(byTestId('estimate-statistics'))).toBe('953');

    const started = Date.now();
    const outcome = await run(page);
    console.log(
      `default Adult run in Chromium: ${((Date.now() - started) / 1000).toFixed(1)} s; ${describeOutcome(outcome)}`,
    );
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    expect(await page.getAttribute(byTestId('receipt-private'), 'data-private')).toBe('true');

    const csv = await download(page, 'download-csv');
    expect(csv.name).toBe('adult-synthetic.csv');
    const { header, rows, errors } = parseCsvRecords(csv.text);
    expect(errors).toEqual([]);
    expect(header).toEqual(chosen);

    const receiptFile = await download(page, 'download-receipt');
    expect(receiptFile.name).toBe('adult-receipt.json');
    const receipt = JSON.parse(receiptFile.text);
    expect(receipt.kind).toBe('privsynth privacy receipt');
    expect(receipt.private).toBe(true);
    expect(receipt.privacy.epsilonSpent).toBeCloseTo(1, 9);
    expect(receipt.parameters.statistics).toBe(953);
    expect(rows.length).toBe(receipt.output.rows);
    expect(rows.length).toBeGreaterThan(47_000);
    expect(firstValueOutsideDomain(rows, adultSchema)).toBeNull();
  });
});
