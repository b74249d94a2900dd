// A generated 300,000-row x 20-column file (24 MB) through the demo: the worker reads the File in
// several pieces (progress shows rows read growing), the data summary counts every row, and the
// run ends with a synthetic table of about n rows whose CSV downloads whole. The full-size figures
// (1,000,000 rows) come from `npm run bench -- scale`, not from a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureScaleData } from '../../bench/scale/scale-data.mjs';
import { byTestId, describeOutcome, download, useDemoEnvironment, waitForOutcome } from './harness';

const ROWS = 300_000;
const demo = useDemoEnvironment();
let dir: string;
let csvPath: string;
let schemaPath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-large-'));
  csvPath = join(dir, 'wide.csv');
  schemaPath = join(dir, 'wide.schema.json');
  await ensureScaleData(csvPath, schemaPath, ROWS);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a large file in the demo', () => {
  it('is read in pieces by the worker, summarized, and synthesized with marginal-lp', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('schema-file'), schemaPath);
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'uploaded',
    );
    await page.setInputFiles(byTestId('file-input'), csvPath);
    await page.waitForSelector(byTestId('data-summary-verdict'), { timeout: 120_000 });
    expect(await page.textContent(byTestId('data-summary-verdict'))).toBe('All 300,000 rows fit the schema.');

    await page.selectOption(byTestId('mechanism'), 'marginal-lp');
    // Every progress detail shown while the CSV is read.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { parseDetails: string[] }).parseDetails = seen;
      const detail = document.querySelector('[data-testid="progress-detail"]')!;
      new MutationObserver(() => {
        if (/rows read/.test(detail.textContent ?? '')) seen.push(detail.textContent ?? '');
      }).observe(detail, { childList: true, characterData: true, subtree: true });
    });
    await page.click(byTestId('run'));
    const outcome = await waitForOutcome(page, 300_000);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    console.log(`${ROWS} x 20 in Chromium: ${describeOutcome(outcome)}`);

    const details = await page.evaluate(() => (window as unknown as { parseDetails: string[] }).parseDetails);
    const counts = [...new Set(details)].map((text) => Number(text.replace(/\D/g, '')));
    expect(counts.length).toBeGreaterThan(2); // several pieces of 4 Mi characters
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(ROWS);

    const receipt = JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');
    expect(receipt.private).toBe(true);
    expect(Math.abs(receipt.output.rows - ROWS)).toBeLessThan(2000);
    const csv = await download(page, 'download-csv');
    const lines = csv.text.split('\n');
    expect(lines[0]).toBe(
      'cat1,cat2,cat3,cat4,cat5,cat6,cat7,cat8,cat9,cat10,num1,num2,num3,num4,num5,num6,num7,num8,num9,num10',
    );
    expect(lines.length - 1).toBe(receipt.output.rows);
  }, 400_000);
});
