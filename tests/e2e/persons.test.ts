// A table with several rows per person in the demo: a hospital analyst's visits table with no
// schema and the page's defaults, where "Who is a person?" names patient_id and the columns that are
// the same in every row of a patient. The receipt is then per person with k chosen privately, and
// the synthetic table holds synthetic patients of at most k rows whose per-person columns agree in
// all of them.
// The sampler cannot protect a person and is blocked with the reason; the bundled visits sample
// runs person-level in two clicks.
import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  byTestId,
  chooseMethod,
  describeOutcome,
  download,
  openSchemaOptions,
  repoFile,
  run,
  useDemoEnvironment,
} from './harness';

const demo = useDemoEnvironment();

const PER_PERSON = ['sex', 'birth_year', 'blood_group'];

interface PersonReceipt {
  private: boolean;
  privacy: {
    epsilonSpent: number;
    neighbours: string;
    protects?: string;
    privacyUnit?: { column: string; rowsPerPerson: number };
  };
}

/** Gives the page the bundled visits table as the user's own file (no schema). */
async function giveVisitsFile(page: Page): Promise<void> {
  await page.setInputFiles(byTestId('file-input'), {
    name: 'visits.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(repoFile('data/visits/visits.csv')),
  });
  await page.waitForSelector(`${byTestId('input-summary')}:has-text("visits.csv")`);
  await page.waitForSelector(`${byTestId('schema-in-run')}`);
}

/** The synthetic CSV's rows by person: each person's rows as records of the header's names. */
function rowsByPerson(csv: string, personColumn: string): Map<string, Array<Record<string, string>>> {
  const [header, ...lines] = csv.trim().split('\n');
  const names = header.split(',');
  expect(names).toContain(personColumn);
  const people = new Map<string, Array<Record<string, string>>>();
  for (const line of lines) {
    const cells = line.split(',');
    expect(cells.length).toBe(names.length);
    const row = Object.fromEntries(names.map((name, i) => [name, cells[i]]));
    const rows = people.get(row[personColumn]) ?? [];
    rows.push(row);
    people.set(row[personColumn], rows);
  }
  return people;
}

describe('a table with several rows per person', () => {
  it('protects each patient with all their visits when the analyst says who is a person, with no schema and the defaults', async () => {
    const page = await demo.open();
    await giveVisitsFile(page);
    // The default: each row is a different person.
    expect(await page.inputValue(byTestId('person-column'))).toBe('');
    await page.selectOption(byTestId('person-column'), 'patient_id');
    expect(await page.textContent(byTestId('person-column-hint'))).toContain(
      'Each person is protected with all their rows',
    );
    // k blank: chosen privately at the run.
    expect(await page.inputValue(byTestId('rows-per-person'))).toBe('');
    for (const name of PER_PERSON) await page.check(`#per-person-${name}`);
    // patient_id is kept, fixed, among the columns: it holds the synthetic patients' numbers.
    const personBox = page.locator('[data-testid="column-list"] input[value="patient_id"]');
    expect(await personBox.isChecked()).toBe(true);
    expect(await personBox.isDisabled()).toBe(true);
    expect(await page.textContent(byTestId('run-hint'))).toContain('Ready');

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = JSON.parse((await download(page, 'download-receipt')).text) as PersonReceipt;
    // Chosen privately near the 75th percentile of visits per patient (2 or 3 on this table).
    const k = receipt.privacy.privacyUnit!.rowsPerPerson;
    expect([2, 3]).toContain(k);
    expect(await page.textContent(byTestId('receipt-protects'))).toBe(
      `Protects each person with all their rows: the rows with the same “patient_id” (at most ${k} rows kept per person).`,
    );
    expect(await page.textContent(byTestId('csv-cost'))).toContain('per person');
    // The owner-only figures on people, in the report.
    // The schema found privately may leave a few rows out (a rare category it did not find): read the figures.
    const lines = await page.locator(byTestId('report-persons-line')).allTextContents();
    const kept = new RegExp(
      `^([\\d,]+) people in ([\\d,]+) rows\\. Each person kept at most ${k} rows: ([\\d,]+) rows were used and ([\\d,]+) rows left out\\.$`,
    ).exec(lines[0]);
    expect(kept, lines[0]).not.toBeNull();
    const [persons, rows, used, left] = kept!.slice(1).map((text) => Number(text.replaceAll(',', '')));
    expect(persons).toBeGreaterThan(5000);
    expect(persons).toBeLessThanOrEqual(6106);
    expect(rows).toBeLessThanOrEqual(21072);
    expect(used + left).toBe(rows);
    expect(used).toBeLessThanOrEqual(k * persons);
    expect(lines[1]).toMatch(
      new RegExp(
        `^[\\d,]+ people had more than ${k} rows \\(the most: \\d+\\); the rows they kept were picked at random\\.$`,
      ),
    );
    expect(await page.textContent(byTestId('report-persons-same'))).toBe(
      '“birth_year”, “blood_group” and “sex” had one value in all the rows of each person.',
    );

    expect(receipt.private).toBe(true);
    expect(receipt.privacy.privacyUnit).toMatchObject({ column: 'patient_id', rowsPerPerson: k });
    expect(receipt.privacy.protects).toBe(
      `one person: every row with the same "patient_id", at most ${k} of them kept per person`,
    );
    expect(receipt.privacy.neighbours).toContain('add or remove one person with all their rows');
    expect(receipt.privacy.epsilonSpent).toBeCloseTo(1, 6);

    const csv = (await download(page, 'download-csv')).text;
    const people = rowsByPerson(csv, 'patient_id');
    expect(people.size).toBeGreaterThan(1000);
    let inconsistent = 0;
    let mostRows = 0;
    for (const rows of people.values()) {
      mostRows = Math.max(mostRows, rows.length);
      for (const name of PER_PERSON) if (new Set(rows.map((row) => row[name])).size !== 1) inconsistent += 1;
    }
    expect(inconsistent).toBe(0);
    expect(mostRows).toBeLessThanOrEqual(k);
    expect(mostRows).toBeGreaterThan(1);
  });

  it('blocks the sampler with a person column, and says why in plain words', async () => {
    const page = await demo.open();
    await giveVisitsFile(page);
    await chooseMethod(page, 'sampler');
    await page.selectOption(byTestId('person-column'), 'patient_id');
    expect(await page.isDisabled(byTestId('run'))).toBe(true);
    expect(await page.textContent(byTestId('run-hint'))).toContain(
      'the sampler cannot protect a person with several rows: it protects one row among a number of rows that is made public, ' +
        'while a person’s rows come and go together. Choose another method, or “Each row is a different person” (step 2)',
    );
    // Each row a different person again: that reason goes.
    await page.selectOption(byTestId('person-column'), '');
    expect(await page.textContent(byTestId('run-hint'))).not.toContain('cannot protect a person');
  });

  it('runs the bundled visits sample per patient in two clicks', async () => {
    const page = await demo.open();
    await page.click(byTestId('use-visits-sample'));
    // The sample's schema names patient_id as its privacy unit: the control shows it.
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="person-column"]')?.value === 'patient_id',
    );
    // The forecast says its figures are per row, within the person's budget.
    await page.waitForSelector(byTestId('forecast-persons'));
    expect(await page.textContent(byTestId('forecast-persons'))).toContain(
      'A person is all the rows with the same “patient_id”. The most rows each person keeps is chosen when you run, privately',
    );
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    expect(await page.textContent(byTestId('receipt-protects'))).toContain(
      'Protects each person with all their rows: the rows with the same “patient_id”',
    );
    const receipt = JSON.parse((await download(page, 'download-receipt')).text) as PersonReceipt;
    expect(receipt.privacy.privacyUnit?.column).toBe('patient_id');
    expect(receipt.privacy.protects).toContain('one person');
    const people = rowsByPerson((await download(page, 'download-csv')).text, 'patient_id');
    expect([...people.keys()].every((id) => id.startsWith('P'))).toBe(true);
  });

  it('writes the person column into a schema that names none, for the run and for making it again', async () => {
    const page = await demo.open();
    await giveVisitsFile(page);
    const schema = JSON.parse(readFileSync(repoFile('data/visits/visits.schema.json'), 'utf8')) as {
      privacyUnit?: string;
      columns: Array<{ name: string; perPerson?: boolean }>;
    };
    delete schema.privacyUnit;
    for (const column of schema.columns) delete column.perPerson;
    await openSchemaOptions(page);
    await page.setInputFiles(byTestId('schema-file'), {
      name: 'visits-rows.schema.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(schema)),
    });
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'uploaded',
    );
    // A schema without a unit: each row is a different person until the user says otherwise.
    expect(await page.inputValue(byTestId('person-column'))).toBe('');
    await page.selectOption(byTestId('person-column'), 'patient_id');
    await page.check('#per-person-sex');
    await page.fill(byTestId('rows-per-person'), '2');
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = JSON.parse((await download(page, 'download-receipt')).text) as PersonReceipt;
    expect(receipt.privacy.privacyUnit).toMatchObject({ column: 'patient_id', rowsPerPerson: 2 });
    const people = rowsByPerson((await download(page, 'download-csv')).text, 'patient_id');
    expect(Math.max(...[...people.values()].map((rows) => rows.length))).toBeLessThanOrEqual(2);
    // "Make this run again" gives the schema the run used, with the person column in it.
    await page.$eval(byTestId('reproduce'), (details) => ((details as HTMLDetailsElement).open = true));
    const used = JSON.parse((await download(page, 'download-schema')).text) as typeof schema;
    expect(used.privacyUnit).toBe('patient_id');
    expect(used.columns.filter((column) => column.perPerson).map((column) => column.name)).toEqual(['sex']);
    expect(await page.textContent(byTestId('reproduce-cli'))).toContain('"rowsPerPerson":2');
  });

  it('finds the columns’ kinds reading one row per person, and asks to find them again for another person column', async () => {
    const page = await demo.open();
    await giveVisitsFile(page);
    await page.selectOption(byTestId('person-column'), 'patient_id');
    await page.check('#per-person-birth_year');
    await page.click(byTestId('find-schema'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'found-privately',
    );
    // The schema found names the person column and its mark: the control still shows them.
    expect(await page.inputValue(byTestId('person-column'))).toBe('patient_id');
    expect(await page.isChecked('#per-person-birth_year')).toBe(true);
    expect(await page.textContent(byTestId('run-hint'))).toContain('Ready');
    // Found for patients, run per row: the discovery's ε was not counted for that.
    await page.selectOption(byTestId('person-column'), '');
    expect(await page.isDisabled(byTestId('run'))).toBe(true);
    expect(await page.textContent(byTestId('run-hint'))).toContain(
      'the column kinds were found privately for another choice of who is a person',
    );
    await page.selectOption(byTestId('person-column'), 'patient_id');
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const receipt = JSON.parse((await download(page, 'download-receipt')).text) as PersonReceipt;
    expect(receipt.privacy.privacyUnit?.column).toBe('patient_id');
    expect(receipt.privacy.epsilonSpent).toBeCloseTo(1, 6);
  });
});
