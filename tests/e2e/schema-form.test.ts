// Step 2's schema form: domains typed as public knowledge give a "public" schema whose run says so;
// domains discovered privately give a "dp-discovered" schema whose cost is part of the headline ε
// and δ of every run's receipt (which states the run's part and the discovery's);
// an invalid field shows an inline, linked error and the schema is refused; a discovery that finds
// nothing shows the library's message, counts as spent, and leaves the app usable.
import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { discoverSchema } from 'privsynth';
import type { CategoricalColumn, Schema, SchemaColumn } from 'privsynth';
import { describe, expect, it } from 'vitest';

import {
  byTestId,
  checkedColumns,
  chooseMethod,
  describeOutcome,
  download,
  openSchemaOptions,
  repoFile,
  run,
  useAdultSample,
  useDemoEnvironment,
} from './harness';

const demo = useDemoEnvironment();

/** The bundled Adult schema: its domains come from adult.names, so they are public knowledge. */
const adult = JSON.parse(readFileSync(repoFile('data/adult/adult.schema.json'), 'utf8')) as Schema;
const adultColumn = (name: string): SchemaColumn => adult.columns.find((column) => column.name === name)!;

const field = (column: string, key: string) => byTestId(`sf-${column}-${key}`);

/** The demo with the Adult sample, its schema form open and started from the CSV header (every column left out). */
async function openFormFromHeader(): Promise<Page> {
  const page = await demo.open();
  await useAdultSample(page);
  await openSchemaOptions(page);
  await page.click(byTestId('schema-form-toggle'));
  await page.click(byTestId('sf-start-header'));
  await page.waitForSelector(`${byTestId('sf-status')}:has-text("Started from the CSV header")`);
  return page;
}

/** Gives a column a type and marks it to be discovered privately. */
async function markForDiscovery(page: Page, name: string, type: SchemaColumn['type']): Promise<void> {
  await page.selectOption(field(name, 'type'), type);
  await page.check(field(name, 'discover'));
}

/** Types a column's domain into its card. */
async function typeDomain(page: Page, column: SchemaColumn): Promise<void> {
  await page.selectOption(field(column.name, 'type'), column.type);
  if (column.type === 'categorical') {
    await page.fill(field(column.name, 'categories'), column.categories.join('\n'));
  } else {
    if (column.type !== 'numeric') throw new Error('the form test types numeric and categorical columns only');
    await page.fill(field(column.name, 'min'), String(column.min));
    await page.fill(field(column.name, 'max'), String(column.max));
    await page.setChecked(field(column.name, 'integer'), Boolean(column.integer));
    await page.fill(field(column.name, 'bins'), column.bins === undefined ? '' : String(column.bins));
  }
  await page.setChecked(field(column.name, 'nullable'), Boolean(column.nullable));
}

/** The schema selected in step 2, as the app shows it (normalized by the library). */
const selectedSchema = async (page: Page): Promise<Schema> =>
  JSON.parse((await page.textContent(`${byTestId('schema-summary')} pre`)) ?? '{}');

const receiptJson = async (page: Page) => JSON.parse((await page.textContent(byTestId('receipt-json'))) ?? '{}');

const waitForFormSchema = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'form',
  );

describe('the schema form', () => {
  it('makes a public schema from five typed domains, and the run says the schema is public', async () => {
    const page = await openFormFromHeader();
    expect(await page.textContent(byTestId('sf-public-note'))).toContain('public knowledge');
    expect(await page.$$eval(`${byTestId('sf-rows')} fieldset`, (rows) => rows.length)).toBe(16);

    await typeDomain(page, { ...adultColumn('age'), bins: 8 } as SchemaColumn);
    await typeDomain(page, adultColumn('race'));
    await typeDomain(page, adultColumn('sex'));
    await typeDomain(page, adultColumn('hours-per-week'));
    // A common value (40 hours a week): a slip is named under its field, then the value is kept.
    await page.fill(field('hours-per-week', 'common'), '40, 140');
    expect(await page.textContent(field('hours-per-week', 'common-error'))).toBe(
      'Common values: 140 is not a whole number between the minimum and the maximum.',
    );
    await page.fill(field('hours-per-week', 'common'), '40');
    await typeDomain(page, adultColumn('income'));
    await page.click(byTestId('sf-use'));
    await waitForFormSchema(page);
    expect(await page.textContent(byTestId('sf-status'))).toContain('provenance “public”');
    expect(await page.isVisible(byTestId('sf-error'))).toBe(false);
    expect(await page.textContent(byTestId('schema-summary'))).toContain('public domain');
    const selected = await selectedSchema(page);
    expect(selected.provenance).toBe('public');
    expect(selected.missing).toEqual(['', '?']);
    expect(selected.columns.find((column) => column.name === 'sex')).toMatchObject({
      type: 'categorical',
      categories: ['Female', 'Male'],
    });
    expect(selected.columns.find((column) => column.name === 'hours-per-week')).toMatchObject({ commonValues: [40] });
    expect(selected.columns.find((column) => column.name === 'age')).toMatchObject({
      type: 'numeric',
      min: 17,
      max: 90,
      integer: true,
      bins: 8,
    });
    // Every column of the schema is selected for the run, in the CSV's order.
    expect(await checkedColumns(page)).toEqual(['age', 'race', 'sex', 'hours-per-week', 'income']);

    const saved = await download(page, 'sf-download');
    expect(saved.name).toBe('adult.schema.json');
    const file = JSON.parse(saved.text) as Schema;
    expect(file.provenance).toBe('public');
    expect(file.columns.map((column) => column.name)).toEqual(['age', 'race', 'sex', 'hours-per-week', 'income']);

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = await receiptJson(page);
    expect(receipt.schema.provenance).toBe('public');
    expect(receipt.private).toBe(true);
    // No discovery: the headline is the run's alone, with no split.
    expect(receipt.privacy.domainDiscovery).toBeUndefined();
    expect(receipt.privacy.thisRun).toBeUndefined();
    expect(await page.isVisible(byTestId('receipt-split'))).toBe(false);
    expect(receipt.schema.columns.map((column: { name: string }) => column.name)).toEqual([
      'age',
      'race',
      'sex',
      'hours-per-week',
      'income',
    ]);
  });

  it('discovers domains privately, and the receipt of a run states ε and δ with the discovery, and how they split', async () => {
    const page = await openFormFromHeader();

    await markForDiscovery(page, 'age', 'numeric');
    expect(await page.textContent(`label[for="${await page.getAttribute(field('age', 'min'), 'id')}"]`)).toBe(
      'Lowest (rough)',
    );
    await page.fill(field('age', 'min'), '0');
    await page.fill(field('age', 'max'), '150');
    await page.check(field('age', 'integer'));
    await page.fill(field('age', 'bins'), '8');
    for (const name of ['workclass', 'sex']) await markForDiscovery(page, name, 'categorical');
    await page.check(field('workclass', 'nullable'));
    await typeDomain(page, adultColumn('income'));
    expect(await page.textContent(field('sex', 'found'))).toContain('Not discovered yet');

    // Using the schema before the discovery is refused.
    await page.click(byTestId('sf-use'));
    await page.waitForSelector(`${byTestId('sf-error')}:not([hidden])`);
    expect(await page.textContent(byTestId('sf-error'))).toContain('Discover “age”, “workclass” and “sex” first');

    await page.fill(byTestId('sf-epsilon'), '1');
    await page.fill(byTestId('sf-delta'), '1e-6');
    const split = (await page.textContent(byTestId('sf-split'))) ?? '';
    expect(split).toContain('ε/p per column (p = 3: ε/3 = 0.3333 each)');
    expect(split).toContain('δ/c per categorical column (c = 2: δ/2 = 5e-7 each)');

    await page.click(byTestId('sf-discover'));
    await page.waitForSelector(`${byTestId('sf-discovery-result')}:not([hidden])`, { timeout: 60_000 });
    expect(await page.isVisible(byTestId('sf-discovery-error'))).toBe(false);
    const found = (await page.textContent(byTestId('sf-found'))) ?? '';
    expect(found).toContain('Male');
    expect(found).toContain('Female');
    expect(await page.textContent(field('sex', 'found'))).toMatch(/Found privately: (Female, Male|Male, Female)/);
    expect(await page.textContent(byTestId('sf-discovery-cost'))).toContain('ε = 1, δ = 0.000001');
    expect(await page.textContent(byTestId('sf-spent'))).toContain('privacy.thisRun');
    const discoveryReceipt = JSON.parse((await page.textContent(byTestId('sf-discovery-receipt'))) ?? '{}');
    expect(discoveryReceipt.release).toBe('schema discovery');
    // One entry per numeric bound (age's lower and upper quantile, each charged on its own) and one
    // per categorical column (workclass, sex).
    expect(discoveryReceipt.ledger.map((entry: { release: string }) => entry.release)).toHaveLength(4);
    expect(discoveryReceipt.privacy.epsilonSpent).toBeCloseTo(1, 12);
    expect(discoveryReceipt.privacy.delta).toBeCloseTo(1e-6, 15);

    // The merged schema (discovered and typed columns) is selected at once.
    await waitForFormSchema(page);
    const schema = await selectedSchema(page);
    expect(schema.provenance).toBe('dp-discovered');
    expect(schema.discovery).toEqual({ epsilon: 1, delta: 1e-6 });
    expect(schema.columns.map((column) => column.name)).toEqual(['age', 'workclass', 'sex', 'income']);
    const [age, workclass, sex, income] = schema.columns;
    if (
      age.type !== 'numeric' ||
      workclass.type !== 'categorical' ||
      sex.type !== 'categorical' ||
      income.type !== 'categorical'
    ) {
      throw new Error(`unexpected column types: ${JSON.stringify(schema.columns)}`);
    }
    console.log(`discovered age ${age.min}..${age.max}, workclass ${workclass.categories.join(' ')}`);
    expect(age.min).toBeGreaterThanOrEqual(14);
    expect(age.min).toBeLessThanOrEqual(22);
    expect(age.max).toBeGreaterThanOrEqual(65);
    expect(age.max).toBeLessThanOrEqual(95);
    expect(age.integer).toBe(true);
    expect(age.bins).toBe(8);
    expect(workclass.nullable).toBe(true);
    expect(workclass.categories).toContain('Private');
    expect([...sex.categories].sort()).toEqual(['Female', 'Male']);
    expect(income.categories).toEqual(['<=50K', '>50K']);
    expect(await page.textContent(byTestId('schema-discovery-cost'))).toContain('ε = 1, δ = 0.000001');

    // The reduced-space LP (pure ε-DP), whose split with the discovery this test pins.
    await chooseMethod(page, 'reduced-space-lp');
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = await receiptJson(page);
    expect(receipt.schema.provenance).toBe('discovered with differential privacy');
    // The headline is the whole release's: the run's ε = 1 (its budget) and the discovery's (1, 1e-6).
    expect(receipt.private).toBe(true);
    expect(receipt.privacy.epsilonBudget).toBe(1);
    expect(receipt.privacy.epsilonSpent).toBeCloseTo(2, 12);
    expect(receipt.privacy.delta).toBeCloseTo(1e-6, 15);
    expect(receipt.privacy.definition).toContain("this run and the schema's private discovery together");
    expect(receipt.privacy.thisRun).toMatchObject({ epsilonSpent: 1, delta: 0 });
    expect(receipt.privacy.domainDiscovery).toMatchObject({ epsilon: 1, delta: 1e-6 });
    expect(receipt.privacy).not.toHaveProperty('total');
    // The verdict states the whole release's figures, and how they split.
    const guarantee = (await page.textContent(byTestId('receipt-guarantee'))) ?? '';
    expect(guarantee).toContain('ε = 2 and δ = 0.000001');
    const parts = (await page.textContent(byTestId('receipt-split'))) ?? '';
    expect(parts).toContain('this run, ε = 1');
    expect(parts).toContain('discovery of the schema’s domains on the same data, ε = 1 and δ = 0.000001');
    // So does the exported report.
    const report = (await download(page, 'download-report')).text;
    expect(report).toContain(
      'ε = 2, δ = 0.000001 ((epsilon, delta)-differential privacy, this run and the schema&#39;s private discovery together; ' +
        'this run ε = 1, the schema’s private discovery ε = 1, δ = 0.000001)',
    );

    // A changed rough range makes the found bounds stale: using the schema is refused until rediscovered.
    await page.fill(field('age', 'max'), '120');
    expect(await page.textContent(field('age', 'found'))).toContain('Changed since the discovery');
    await page.click(byTestId('sf-use'));
    await page.waitForSelector(`${byTestId('sf-error')}:not([hidden])`);
    expect(await page.textContent(byTestId('sf-error'))).toContain('Discover “age” first');
  });

  it('shows an inline error for min >= max, linked to the field, and refuses the schema', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    // Keyboard: the other ways, then the form, open from their summaries; it starts from the chosen (bundled) schema.
    await page.focus(byTestId('schema-options-toggle'));
    await page.keyboard.press('Enter');
    await page.focus(byTestId('schema-form-toggle'));
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${byTestId('sf-status')}:has-text("Started from UCI Adult")`);
    expect(await page.inputValue(field('age', 'min'))).toBe('17');
    const unlabelled = await page.$$eval(`${byTestId('schema-form')} :is(input, select, textarea)`, (controls) =>
      controls.filter((control) => !(control as HTMLInputElement).labels?.length).map((control) => control.id),
    );
    expect(unlabelled).toEqual([]);

    const below = () => page.$eval(field('age', 'integer'), (box) => box.getBoundingClientRect().top + window.scrollY);
    const before = await below();
    await page.fill(field('age', 'min'), '95');
    await page.waitForSelector(`${field('age', 'range-error')}:has-text("The minimum must be less than the maximum")`);
    expect(await page.getAttribute(field('age', 'min'), 'aria-invalid')).toBe('true');
    expect(await page.getAttribute(field('age', 'max'), 'aria-invalid')).toBe('true');
    const rangeErrorId = await page.getAttribute(field('age', 'range-error'), 'id');
    expect((await page.getAttribute(field('age', 'min'), 'aria-describedby'))?.split(' ')).toContain(rangeErrorId);
    expect(await page.getAttribute(field('age', 'range-error'), 'aria-live')).toBe('polite');
    // The error line keeps its place: the fields below do not move when it appears.
    expect(await below()).toBe(before);

    await page.click(byTestId('sf-use'));
    await page.waitForSelector(`${byTestId('sf-error')}:not([hidden])`);
    expect(await page.textContent(byTestId('sf-error'))).toContain('Fix the fields marked in “age”');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sf-age-min');
    expect(await page.inputValue(byTestId('schema-select'))).toBe('adult');

    // Other inline errors: bins out of range, no categories, a category that is a missing token.
    await page.fill(field('hours-per-week', 'bins'), '0');
    expect(await page.textContent(field('hours-per-week', 'bins-error'))).toContain('1 to 100000');
    await page.fill(field('sex', 'categories'), '');
    expect(await page.textContent(field('sex', 'categories-error'))).toContain('at least one category');
    await page.fill(field('race', 'categories'), 'White\n?');
    expect(await page.textContent(field('race', 'categories-error'))).toContain('also a missing-value token');

    // Fixed, the schema is accepted.
    await page.fill(field('age', 'min'), '17');
    expect(await page.textContent(field('age', 'range-error'))).toBe('');
    await page.fill(field('hours-per-week', 'bins'), '20');
    await page.fill(field('sex', 'categories'), 'Female\nMale');
    await page.fill(field('race', 'categories'), (adultColumn('race') as CategoricalColumn).categories.join('\n'));
    await page.click(byTestId('sf-use'));
    await waitForFormSchema(page);
    expect(await page.isVisible(byTestId('sf-error'))).toBe(false);
    expect((await selectedSchema(page)).provenance).toBe('public');

    // Readable at 360 px: nothing is wider than the screen.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('refuses a CSV whose header repeats a name where the file is given, before any schema is made', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'twice.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('code,code\nA,B\n'),
    });
    await page.waitForSelector(`${byTestId('input-error')}:not([hidden])`);
    expect(await page.textContent(byTestId('input-error'))).toContain('Two columns are both named "code"');
    expect(await page.textContent(byTestId('input-summary'))).not.toContain('twice.csv');
    // No table, so step 2 waits, and opened, the form has no header to start from.
    await page.click(byTestId('privacy-step-open'));
    await openSchemaOptions(page);
    await page.click(byTestId('schema-form-toggle'));
    expect(await page.isDisabled(byTestId('sf-start-header'))).toBe(true);
  });

  it('shows the library’s message when nothing is frequent enough, counts the attempt, and stays usable', async () => {
    const page = await openFormFromHeader();
    await markForDiscovery(page, 'sex', 'categorical');
    await page.fill(byTestId('sf-epsilon'), '0.0001');
    await page.click(byTestId('sf-discover'));
    await page.waitForSelector(`${byTestId('sf-discovery-error')}:not([hidden])`, { timeout: 60_000 });
    expect(await page.textContent(byTestId('sf-discovery-error-code'))).toBe('EMPTY_DATA');
    const message = (await page.textContent(byTestId('sf-discovery-error'))) ?? '';
    expect(message).toContain('frequent enough');
    expect(message).toContain('still counts as spent');
    expect(await page.textContent(byTestId('sf-spent'))).toContain('ε = 0.0001');
    expect(await page.isEnabled(byTestId('sf-discover'))).toBe(true);

    // Starting again and typing the domain instead gives a schema that still carries the attempt.
    await page.click(byTestId('sf-start-header'));
    expect(await page.textContent(byTestId('sf-spent'))).toContain('ε = 0.0001');
    await typeDomain(page, adultColumn('sex'));
    await page.click(byTestId('sf-use'));
    await waitForFormSchema(page);
    const schema = await selectedSchema(page);
    expect(schema.provenance).toBe('dp-discovered');
    expect(schema.discovery).toEqual({ epsilon: 0.0001, delta: 1e-6 });
  });

  it('keeps a seeded discovery’s reasons not to be private in the schemas it makes, and the run is not private', async () => {
    // `privsynth discover --seed` (discoverSchema with testSeed) makes such a schema: its discovery
    // names the fixed seed, and every receipt built on it must be not private (review finding M3).
    const csv = readFileSync(repoFile('data/adult/adult.csv'), 'utf8').split('\n').slice(0, 2001).join('\n');
    const { schema: seeded } = await discoverSchema({
      csv,
      epsilon: 1,
      delta: 1e-6,
      columns: [
        { name: 'sex', type: 'categorical' },
        { name: 'race', type: 'categorical' },
      ],
      name: 'seeded',
      testSeed: 7,
    });
    const reasons = seeded.discovery?.notPrivateReasons ?? [];
    expect(reasons).toEqual(['a fixed test seed replaced the secure random number generator']);

    const page = await demo.open();
    await useAdultSample(page);
    await page.setInputFiles(byTestId('schema-file'), {
      name: 'seeded.schema.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(seeded)),
    });
    await page.waitForSelector(`${byTestId('schema-discovery-not-private')}:has-text("${reasons[0]}")`);
    expect(await page.textContent(byTestId('not-private-discovery'))).toContain(reasons[0]);
    expect(await page.isVisible(byTestId('not-private-banner'))).toBe(true);

    // The form starts from the chosen schema, and says that what it makes is not private.
    await openSchemaOptions(page);
    await page.click(byTestId('schema-form-toggle'));
    await page.waitForSelector(`${byTestId('sf-status')}:has-text("Started from")`);
    expect(await page.isVisible(byTestId('sf-not-private'))).toBe(true);
    expect(await page.textContent(byTestId('sf-not-private'))).toContain(reasons[0]);
    await page.click(byTestId('sf-use'));
    await waitForFormSchema(page);
    expect(await page.textContent(byTestId('sf-status'))).toContain('NOT PRIVATE');
    const made = await selectedSchema(page);
    expect(made.provenance).toBe('dp-discovered');
    expect(made.discovery).toEqual({ epsilon: 1, delta: 1e-6, notPrivateReasons: reasons });
    expect(await page.textContent(byTestId('not-private-discovery'))).toContain(reasons[0]);

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = await receiptJson(page);
    console.log(
      `receipt on a schema made from a seeded discovery: private ${receipt.private}, reasons ${JSON.stringify(receipt.notPrivateReasons)}`,
    );
    expect(receipt.private).toBe(false);
    expect(receipt.notPrivateReasons).toEqual([`the schema's private discovery was not private: ${reasons[0]}`]);
    expect(await page.getAttribute(byTestId('receipt-private'), 'data-private')).toBe('false');
    expect(await page.textContent(byTestId('receipt-private'))).toContain(reasons[0]);
  });
});
