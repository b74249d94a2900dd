// The privacy rule of the demo's choices: a choice that enters a release depends only on public
// inputs (the schema, the options, a number of records the user states as public, a noisy count
// charged to the budget), or the run is labelled not private.
// - The samplers' comparison reads the real data: once it has been shown, any sampler is picked after
//   seeing it (with "Use the best here" or by hand), so every sampler run on those data names that
//   choice in choicesFromData and its receipt is not private, until other data are loaded.
// - The recommended mechanism, the forecast and the planner use the n stated in step 2 (empty at
//   first), never the loaded file's own count: the same for the Adult sample and a 2,000-row copy.
// - The sampler's forecast uses every data row of the file (public under replace-one), not the rows
//   that fit the schema (how many records were invalid is private).
import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  byTestId,
  chooseMethod,
  describeOutcome,
  download,
  repoFile,
  run,
  useAdultSample,
  useDemoEnvironment,
} from './harness';

const demo = useDemoEnvironment();

const SAMPLER_CHOICE = 'the sampler was chosen after its comparison on the real data';
const SAMPLER_REASON = `an option was chosen by looking at the real data without privacy: ${SAMPLER_CHOICE}`;

const DEMO_COLUMNS = ['age', 'workclass', 'education', 'sex', 'race', 'income'];

/** The header and the first `rows` data rows of the bundled Adult sample, with `edit` applied to each data row. */
function adultHead(rows: number, edit: (cells: string[], index: number) => string[] = (cells) => cells): Buffer {
  const [header, ...lines] = readFileSync(repoFile('data/adult/adult.csv'), 'utf8')
    .split('\n')
    .slice(0, rows + 1);
  return Buffer.from([header, ...lines.map((line, i) => edit(line.split(','), i).join(','))].join('\n') + '\n');
}

/** Waits until the forecast of the current settings is on screen (a change marks it busy at once). */
const forecastReady = (page: Page) => page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]`);

/** Uploads `csv` as step 1's file (the Adult schema stays chosen) and waits until the data summary has read its rows. */
async function uploadAdultCopy(page: Page, name: string, csv: Buffer, rowsRead: string): Promise<void> {
  await page.setInputFiles(byTestId('file-input'), { name, mimeType: 'text/csv', buffer: csv });
  await page.waitForSelector(`${byTestId('input-summary')}:has-text("${name}")`);
  await page.waitForSelector(`${byTestId('data-summary')} dt:text-is("Rows read") + dd:text-is("${rowsRead}")`, {
    timeout: 60_000,
  });
}

/** Ticks exactly `names` in step 2. */
async function tickOnly(page: Page, names: string[]): Promise<void> {
  await page.click(byTestId('columns-none'));
  for (const name of names) await page.check(`${byTestId('column-list')} input[value="${name}"]`);
}

/** The Adult sample with only sex and race ticked, the sampler chosen and N = 200 (its best on the data: the Laplace histogram). */
async function samplerSettings(page: Page): Promise<void> {
  await useAdultSample(page);
  await tickOnly(page, ['sex', 'race']);
  await page.selectOption(byTestId('mechanism'), 'sampler');
  await page.fill(byTestId('samples'), '200');
  await page.waitForSelector(
    `${byTestId('forecast-sampler')} ${byTestId('sampler-epsilon-per-sample')}[data-value="0.005"]`,
  );
  await forecastReady(page);
}

/** Compares the four samplers on the loaded data and waits for the comparison. */
async function compareSamplers(page: Page): Promise<void> {
  await page.click(byTestId('sampler-compare'));
  await page.waitForSelector(byTestId('sampler-use-best'), { timeout: 60_000 });
}

/** The sampler settings on the Adult sample, compared on the data. */
async function samplerOnSexAndRace(page: Page): Promise<void> {
  await samplerSettings(page);
  await compareSamplers(page);
}

/** Runs and returns the receipt shown, checking that the receipt view's verdict agrees with it. */
async function runReceipt(page: Page) {
  const outcome = await run(page);
  expect(outcome.kind, describeOutcome(outcome)).toBe('results');
  const receipt = await shownReceipt(page);
  expect(await page.getAttribute(byTestId('receipt-private'), 'data-private')).toBe(String(receipt.private));
  return receipt;
}

/** The receipt shown after a run, as JSON. */
const shownReceipt = async (page: Page) => JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');

describe('choices made from the real data', () => {
  it('a sampler picked with “Use the best here” makes the receipt not private, naming the choice', async () => {
    const page = await demo.open();
    await samplerOnSexAndRace(page);
    await page.click(byTestId('sampler-use-best'));
    expect(await page.inputValue(byTestId('sampler'))).toBe('laplace-histogram');
    await forecastReady(page);
    const picked = await run(page);
    expect(picked.kind, describeOutcome(picked)).toBe('results');
    const receipt = JSON.parse((await download(page, 'download-receipt')).text);
    console.log(
      `receipt after "Use the best here": private ${receipt.private}, reasons ${JSON.stringify(receipt.notPrivateReasons)}`,
    );
    expect(receipt.private).toBe(false);
    expect(receipt.notPrivateReasons).toEqual([SAMPLER_REASON]);
    expect(receipt.parameters.sampler).toBe('laplace-histogram');
    // The receipt view says so, with the reason.
    expect(await page.getAttribute(byTestId('receipt-private'), 'data-private')).toBe('false');
    expect(await page.textContent(byTestId('receipt-private'))).toContain(SAMPLER_REASON);
  });

  it('labels every sampler run on the compared data, a sampler picked by hand included, until other data are loaded', async () => {
    const page = await demo.open();
    await samplerOnSexAndRace(page);
    // The comparison's best, picked by hand: the page cannot tell it from "Use the best here".
    for (const sampler of ['laplace-histogram', 'roo'] as const) {
      await page.selectOption(byTestId('sampler'), sampler);
      expect(await page.isVisible(byTestId('sampler-from-data'))).toBe(true);
      await forecastReady(page);
      const receipt = await runReceipt(page);
      console.log(
        `receipt of ${sampler} picked by hand after the comparison: private ${receipt.private}, reasons ${JSON.stringify(receipt.notPrivateReasons)}`,
      );
      expect(receipt.private).toBe(false);
      expect(receipt.notPrivateReasons).toEqual([SAMPLER_REASON]);
      expect(receipt.parameters.sampler).toBe(sampler);
      expect(await page.textContent(byTestId('receipt-private'))).toContain(SAMPLER_REASON);
    }

    // Other data (a 2,000-row copy of Adult): its sampler runs are private again.
    await uploadAdultCopy(page, 'adult-2000.csv', adultHead(2000), '2,000');
    await tickOnly(page, ['sex', 'race']);
    await page.selectOption(byTestId('mechanism'), 'sampler');
    await page.selectOption(byTestId('sampler'), 'laplace-histogram');
    await page.waitForSelector(`${byTestId('sampler-from-data')}[hidden]`, { state: 'attached' });
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(false);
    await forecastReady(page);
    const other = await runReceipt(page);
    expect(other.private).toBe(true);
    expect(other.notPrivateReasons).toEqual([]);
    expect(other.privacy.publicRecords).toBe(2000);

    // The compared sample loaded again is the same data: the label comes back.
    await useAdultSample(page);
    await tickOnly(page, ['sex', 'race']);
    await page.selectOption(byTestId('mechanism'), 'sampler');
    await page.waitForSelector(`${byTestId('sampler-from-data')}:not([hidden])`);
    await forecastReady(page);
    const again = await runReceipt(page);
    expect(again.private).toBe(false);
    expect(again.notPrivateReasons).toEqual([SAMPLER_REASON]);
  });

  it('says before the comparison that it makes the sampler runs on these data not private, and after it why', async () => {
    const page = await demo.open();
    await samplerSettings(page);
    // Next to the button, before any click.
    expect(await page.textContent(byTestId('sampler-compare-warning'))).toContain(
      'Comparing makes the sampler runs on these data NOT private',
    );
    expect(await page.isVisible(byTestId('sampler-from-data'))).toBe(false);
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(false);
    const before = await runReceipt(page);
    expect(before.private).toBe(true);

    await compareSamplers(page);
    // At once, whatever is picked next: under the sampler, in the banner and in the forecast.
    const notice = (await page.textContent(byTestId('sampler-from-data'))) ?? '';
    expect(notice).toContain('NOT PRIVATE');
    expect(notice).toContain('you compared the samplers on these data');
    expect(notice).toContain('Load other data');
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(true);
    expect(await page.textContent(byTestId('not-private-choices'))).toContain(SAMPLER_CHOICE);
    expect(await page.isVisible(byTestId('not-private-schema'))).toBe(false);
    await forecastReady(page);
    expect(await page.textContent(byTestId('forecast-notes'))).toContain('the output will be NOT PRIVATE');
    expect(await page.textContent(byTestId('sampler-comparison'))).toContain('Whichever sampler you now use');

    // "Use the best here" switches the sampler; the comparison stays, with the chosen one highlighted.
    await page.click(byTestId('sampler-use-best'));
    await page.waitForSelector(
      `${byTestId('sampler-comparison-table')} tr[data-sampler="laplace-histogram"][data-highlighted="true"]`,
    );
    // Back to the sampler chosen before, by hand: still not private.
    await page.selectOption(byTestId('sampler'), 'ds-roo');
    expect(await page.isVisible(byTestId('sampler-from-data'))).toBe(true);
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(true);
    await forecastReady(page);
    const after = await runReceipt(page);
    expect(after.private).toBe(false);
    expect(after.notPrivateReasons).toEqual([SAMPLER_REASON]);
  });
});

describe('n: stated as public, never read from the data', () => {
  it('recommends the same mechanism for the Adult sample and a 2,000-row copy, and follows the n stated in step 2', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    // A method chosen by hand: the recommendation then offers to switch ("auto" would follow it).
    await chooseMethod(page, 'reduced-space-lp');
    const text = () => page.textContent(byTestId('recommendation-text'));
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("6 columns: adaptive marginals")`);
    const forSample = (await text()) ?? '';

    await uploadAdultCopy(page, 'adult-2000.csv', adultHead(2000), '2,000');
    await tickOnly(page, DEMO_COLUMNS);
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("6 columns: adaptive marginals")`);
    const forCopy = (await text()) ?? '';
    console.log(`recommendation, sample and copy: ${forCopy}`);
    expect(forCopy).toBe(forSample);
    expect(forCopy).toContain('Recommended here: Adaptive marginals (AIM)');
    expect(forCopy).not.toMatch(/48,842|2,000/);

    // A stated n leaves it unchanged (adaptive marginals led at every n measured); "Use it" switches.
    expect(await page.inputValue(byTestId('stated-rows'))).toBe('');
    await page.fill(byTestId('stated-rows'), '2000');
    await page.waitForSelector(`${byTestId('recommendation-text')}:has-text("6 columns: adaptive marginals")`);
    expect(await text()).toBe(forSample);
    await page.click(byTestId('use-recommendation'));
    expect(await page.inputValue(byTestId('mechanism'))).toBe('adaptive-marginals');
  });

  it('forecasts and plans without n until n is stated, for the sample and for an uploaded file', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    await forecastReady(page);
    expect(await page.textContent(byTestId('forecast-status'))).toContain('without n');
    expect(await page.textContent(byTestId('forecast-rows-source'))).toContain('Without n');
    expect(await page.textContent(byTestId('forecast-rows-source'))).not.toContain('48,842');
    expect(await page.textContent(byTestId('forecast-memory'))).toContain('needs n');
    expect(
      await page.getAttribute(
        `${byTestId('forecast-releases')} tr[data-release="marginals of degree 1..2"] [data-testid="forecast-expected"]`,
        'data-tv-typical',
      ),
    ).toBeNull();
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
    expect(await page.textContent(byTestId('forecast-rows-source'))).toContain(
      'n = 30,000: the number of records you stated',
    );
    expect(await page.textContent(byTestId('forecast-memory'))).toMatch(/^about [\d.]+ MB/);
    await page.waitForSelector(`${byTestId('planner-n')}:has-text("n = 30,000")`);
    await page.fill(byTestId('stated-rows'), '');
    await page.waitForSelector(`${byTestId('forecast-status')}[data-state="ok"]:has-text("without n")`);
  });

  it('gives the sampler’s forecast every data row of the file as its public n, also the rows outside the schema', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    // 2,000 rows, one with a sex outside the schema: the summary keeps 1,999.
    await uploadAdultCopy(
      page,
      'adult-2000-one-invalid.csv',
      adultHead(2000, (cells, i) => (i === 0 ? cells.map((cell, c) => (c === 9 ? 'X' : cell)) : cells)),
      '2,000',
    );
    expect(await page.textContent(`${byTestId('data-summary')} dt:text-is("Rows kept") + dd`)).toBe('1,999');
    await tickOnly(page, ['sex', 'race']);
    await page.selectOption(byTestId('mechanism'), 'sampler');
    await page.waitForSelector(`${byTestId('forecast-sampler')} ${byTestId('sampler-records')}`);
    await forecastReady(page);
    expect(
      await page.getAttribute(`${byTestId('forecast-sampler')} ${byTestId('sampler-records')}`, 'data-value'),
    ).toBe('2000');
    const source = (await page.textContent(byTestId('forecast-rows-source'))) ?? '';
    expect(source).toContain('n = 2,000: every data row of your file');
    expect(source).toContain('public');
    // A stated n does not replace the file's rows for the sampler.
    await page.fill(byTestId('stated-rows'), '500');
    await forecastReady(page);
    expect(
      await page.getAttribute(`${byTestId('forecast-sampler')} ${byTestId('sampler-records')}`, 'data-value'),
    ).toBe('2000');
  });
});
