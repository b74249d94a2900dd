// A Parquet file dropped on the demo page is read and synthesized inside the tab: the engine's
// worker reads it a row group at a time with the library's Parquet reader (pure JavaScript, part
// of the page), so the page makes no request, just as for a CSV (no-network.test.ts). The page
// shows its columns from the file's footer, summarizes it against the schema, releases it, and can
// infer a schema from it (not private).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { duckdb } from '../js/duckdb-sql';
import {
  byTestId,
  checkedColumns,
  describeOutcome,
  download,
  openSchemaOptions,
  repoFile,
  run,
  useDemoEnvironment,
} from './harness';

const demo = useDemoEnvironment();
let dir: string;

/** `csv` written as Parquet by DuckDB (typed columns, zstd, row groups of 10,000 rows). */
async function parquetOf(csv: string, name: string): Promise<Buffer> {
  const path = join(dir, name);
  await duckdb(
    `COPY (SELECT * FROM read_csv('${csv}', header = true)) TO '${path}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 10000)`,
  );
  return readFileSync(path);
}

let adultParquet: Buffer;
let heartParquet: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-parquet-e2e-'));
  adultParquet = await parquetOf(repoFile('data/adult/adult.csv'), 'adult.parquet');
  heartParquet = await parquetOf(repoFile('data/heart/heart_cleveland.csv'), 'heart.parquet');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Drops `bytes` on the drop zone as a file named `name`, as a user dragging it from their desktop. */
async function drop(page: Page, bytes: Buffer, name: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ base64, fileName }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], fileName));
      return data;
    },
    { base64: bytes.toString('base64'), fileName: name },
  );
  await page.dispatchEvent(byTestId('drop-zone'), 'drop', { dataTransfer: transfer });
}

describe('a Parquet file in the demo', () => {
  it('is dropped, summarized and synthesized in the tab without a single request', async () => {
    const page = await demo.open();
    const servedAtLoad = demo.server.served.length;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url().slice(0, 120)}`));

    await drop(page, adultParquet, 'adult.parquet');
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("adult.parquet (Parquet)")`);
    await page.selectOption(byTestId('schema-select'), 'adult');
    const csvColumns = readFileSync(repoFile('data/adult/adult.csv'), 'utf8').split('\n')[0].split(',').length;
    expect(await page.textContent(byTestId('input-summary'))).toContain(`${csvColumns} columns`); // read from the footer
    await page.waitForSelector(byTestId('data-summary-verdict'), { timeout: 60_000 });
    expect(await page.textContent(byTestId('data-summary-verdict'))).toContain('48,842');

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const csv = await download(page, 'download-csv');
    const lines = csv.text.trimEnd().split('\n');
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['age', 'workclass', 'income']));
    // About n records (the release's own count is noisy): far more than a sample, not double.
    expect(lines.length - 1).toBeGreaterThan(40_000);
    expect(lines.length - 1).toBeLessThan(60_000);
    const receipt = JSON.parse((await download(page, 'download-receipt')).text) as { private?: boolean };
    expect(receipt.private).toBe(true);

    expect(requests, 'requests after load').toEqual([]);
    expect(demo.server.served.slice(servedAtLoad), 'paths the server was asked for after load').toEqual([]);
  }, 300_000);

  it('gives a schema inferred from its rows (labelled not private)', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), { name: 'heart.parquet', mimeType: '', buffer: heartParquet });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("heart.parquet (Parquet)")`);
    await openSchemaOptions(page);
    await page.check(byTestId('infer-ack'));
    await page.click(byTestId('infer-schema'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'inferred',
    );
    await page.waitForSelector(`${byTestId('column-list')} input[value="num"]`);
    expect(await checkedColumns(page)).toEqual(expect.arrayContaining(['age', 'sex', 'num']));
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(true);
  }, 120_000);
});
