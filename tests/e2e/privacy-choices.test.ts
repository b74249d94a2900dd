// The privacy rule of the demo's choices: a choice that enters a release depends only on public
// inputs (the schema, the options, a number of records the user states as public, a noisy count
// charged to the budget), or the run is labelled not private.
// - The recommended mechanism, the forecast and the planner use the n stated in step 4 (empty at
//   first), never the loaded file's own count: the same for the Adult sample and a 2,000-row copy.
// - The sampler's forecast uses every data row of the file (public under replace-one), not the rows
//   that fit the schema (how many records were invalid is private).
import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, repoFile, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

const DEMO_COLUMNS = ['age', 'workclass', 'education', 'sex', 'race', 'income'];

/** The header and the first `rows` data rows of the bundled Adult sample, with `edit` applied to each data row. */
function adultHead(rows: number, edit: (cells: string[], index: number) => string[] = (cells) => cells): Buffer {
  const [header, ...lines] = readFileSync(repoFile('data/adult/adult.csv'), 'utf8').split('\n').slice(0, rows + 1);
  return Buffer.from([header, ...lines.map((line, i) => edit(line.split(','), i).join(','))].join('\n') + '\n');
}

/** Waits until the forecast of the current settings is on screen (a change marks it busy at once). */
const forecastReady = (page: Page) => page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]`);

/** Uploads `csv` as step 1's file (the Adult schema stays chosen) and waits until the data summary has read its rows. */
async function uploadAdultCopy(page: Page, name: string, csv: Buffer, rowsRead: string): Promise<void> {
  await page.setInputFiles(byTestId('file-input'), { name, mimeType: 'text/csv', buffer: csv });
  await page.waitForSelector(`${byTestId('input-summary')}:has-text("${name}")`);
  await page.waitForSelector(`${byTestId('data-summary')} dt:text-is("Rows read") + dd:text-is("${rowsRead}")`, { timeout: 60_000 });
}

/** Ticks exactly `names` in step 3. */
async function tickOnly(page: Page, names: string[]): Promise<void> {
  await page.click(byTestId('columns-none'));
  for (const name of names) await page.check(`${byTestId('column-list')} input[value="${name}"]`);
}

describe('n: stated as public, never read from the data', () => {
  it('recommends the same mechanism for the Adult sample and a 2,000-row copy, and follows the n stated in step 4', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    const text = () => page.textContent(byTestId('recommendation-text'));
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("903 two-way cells")`);
    const forSample = (await text()) ?? '';

    await uploadAdultCopy(page, 'adult-2000.csv', adultHead(2000), '2,000');
    await tickOnly(page, DEMO_COLUMNS);
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("903 two-way cells")`);
    const forCopy = (await text()) ?? '';
    console.log(`recommendation, sample and copy: ${forCopy}`);
    expect(forCopy).toBe(forSample);
    expect(forCopy).toContain('Recommended here: this mechanism');
    expect(forCopy).not.toMatch(/48,842|2,000/);
    // Without n, the rule that needs it says what it would need.
    expect(forCopy).toContain('Below about 12,642 records at ε = 1 the marginal mechanism would be better');

    // A stated n: few records at ε = 1 favour the marginal mechanism; "Use it" switches to it.
    expect(await page.inputValue(byTestId('stated-rows'))).toBe('');
    await page.fill(byTestId('stated-rows'), '2000');
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("only 2,000 records at ε = 1")`);
    expect(await text()).toContain('Recommended here: Marginal-preserving, MST-style');
    await page.fill(byTestId('stated-rows'), '100000');
    await page.waitForSelector(`${byTestId('recommendation-text')}:not(:has-text("Below about"))`);
    expect(await text()).toContain('Recommended here: this mechanism');
    await page.fill(byTestId('stated-rows'), '2000');
    await page.click(byTestId('use-recommendation'));
    expect(await page.inputValue(byTestId('mechanism'))).toBe('marginal-lp');
  });

  it('forecasts and plans without n until n is stated, for the sample and for an uploaded file', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await forecastReady(page);
    expect(await page.textContent(byTestId('forecast-status'))).toContain('without n');
    expect(await page.textContent(byTestId('forecast-rows-source'))).toContain('Without n');
    expect(await page.textContent(byTestId('forecast-rows-source'))).not.toContain('48,842');
    expect(await page.textContent(byTestId('forecast-memory'))).toContain('needs n');
    expect(await page.getAttribute(`${byTestId('forecast-releases')} tr[data-release="marginals of degree 1..2"] [data-testid="forecast-expected"]`, 'data-tv-typical')).toBeNull();
    await page.click(`${byTestId('planner')} summary`);
    await page.waitForSelector(byTestId('planner-n'));
    expect(await page.textContent(byTestId('planner-n'))).toContain('n not stated');
    expect(await page.textContent(byTestId('planner-result'))).toContain('unknown');

    // An uploaded file: its rows are not used either.
    await uploadAdultCopy(page, 'adult-2000.csv', adultHead(2000), '2,000');
    await tickOnly(page, DEMO_COLUMNS);
    await forecastReady(page);
    expect(await page.textContent(byTestId('forecast-status'))).toContain('without n');
    expect(await page.textContent(byTestId('forecast-rows-source'))).not.toContain('2,000');

    // The stated n feeds the forecast and the planner.
    await page.fill(byTestId('stated-rows'), '30000');
    await page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]:has-text("n = 30,000 records")`);
    expect(await page.textContent(byTestId('forecast-rows-source'))).toContain('n = 30,000: the number of records you stated');
    expect(await page.textContent(byTestId('forecast-memory'))).toMatch(/^about [\d.]+ MB/);
    await page.waitForSelector(`${byTestId('planner-n')}:has-text("n = 30,000")`);
    await page.fill(byTestId('stated-rows'), '');
    await page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]:has-text("without n")`);
  });

  it('gives the sampler’s forecast every data row of the file as its public n, also the rows outside the schema', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    // 2,000 rows, one with a sex outside the schema: the summary keeps 1,999.
    await uploadAdultCopy(page, 'adult-2000-one-invalid.csv', adultHead(2000, (cells, i) => (i === 0 ? cells.map((cell, c) => (c === 9 ? 'X' : cell)) : cells)), '2,000');
    expect(await page.textContent(`${byTestId('data-summary')} dt:text-is("Rows kept") + dd`)).toBe('1,999');
    await tickOnly(page, ['sex', 'race']);
    await page.selectOption(byTestId('mechanism'), 'sampler');
    await page.waitForSelector(`${byTestId('forecast-sampler')} ${byTestId('sampler-records')}`);
    await forecastReady(page);
    expect(await page.getAttribute(`${byTestId('forecast-sampler')} ${byTestId('sampler-records')}`, 'data-value')).toBe('2000');
    const source = (await page.textContent(byTestId('forecast-rows-source'))) ?? '';
    expect(source).toContain('n = 2,000: every data row of your file');
    expect(source).toContain('public');
    // A stated n does not replace the file's rows for the sampler.
    await page.fill(byTestId('stated-rows'), '500');
    await forecastReady(page);
    expect(await page.getAttribute(`${byTestId('forecast-sampler')} ${byTestId('sampler-records')}`, 'data-value')).toBe('2000');
  });
});
