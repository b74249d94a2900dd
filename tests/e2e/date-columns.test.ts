// Date and datetime columns in the demo (docs/schema.md): the schema form offers both types, typed
// as public ISO 8601 bounds with a granularity, time zone and format, or discovered privately in a
// rough range; the run releases them and the synthetic CSV writes them in the column's format.
import type { Page } from 'playwright-core';
import type { Schema } from 'privsynth';
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, download, openSchemaOptions, run, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();
const field = (column: string, key: string) => byTestId(`sf-${column}-${key}`);

/** 1,500 visits: an admission date (day/month/year), a UTC time seen, a ward. */
function visitsCsv(): string {
  const lines = ['admitted,seen,ward'];
  for (let i = 0; i < 1500; ++i) {
    const day = new Date(Date.UTC(2019, 0, 1) + ((i * 7919) % 1095) * 86_400_000);
    const seen = new Date(Date.UTC(2020, 0, 1) + ((i * 104_729) % (366 * 1440)) * 60_000);
    const dayText = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    lines.push(`${dayText},${seen.toISOString().slice(0, 16)}Z,${['A', 'B', 'C'][i % 3]}`);
  }
  return `${lines.join('\n')}\n`;
}

async function openForm(page: Page): Promise<void> {
  await page.setInputFiles(byTestId('file-input'), {
    name: 'visits.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(visitsCsv()),
  });
  await page.waitForSelector(`${byTestId('input-summary')}:has-text("visits.csv")`);
  await openSchemaOptions(page);
  await page.click(byTestId('schema-form-toggle'));
  await page.click(byTestId('sf-start-header'));
  await page.waitForSelector(`${byTestId('sf-status')}:has-text("Started from the CSV header")`);
}

const selectedSchema = async (page: Page): Promise<Schema> =>
  JSON.parse((await page.textContent(`${byTestId('schema-summary')} pre`)) ?? '{}');

describe('date and datetime columns in the demo', () => {
  it('are typed in the schema form, released, and written in their format', async () => {
    const page = await demo.open();
    await openForm(page);
    await page.selectOption(field('admitted', 'type'), 'date');
    await page.fill(field('admitted', 'min'), '2019-01-01');
    await page.fill(field('admitted', 'max'), '2021-12-31');
    await page.fill(field('admitted', 'format'), 'DD/MM/YYYY');
    await page.fill(field('admitted', 'bins'), '12');
    await page.selectOption(field('seen', 'type'), 'datetime');
    await page.fill(field('seen', 'min'), '2020-01-01T00:00Z');
    await page.fill(field('seen', 'max'), '2020-12-31T23:59Z');
    await page.selectOption(field('seen', 'granularity'), 'minute');
    await page.selectOption(field('seen', 'timezone'), 'utc');
    await page.selectOption(field('ward', 'type'), 'categorical');
    await page.fill(field('ward', 'categories'), 'A\nB\nC');
    // A slip is named at once, under its field.
    await page.fill(field('admitted', 'max'), '31/12/2021');
    expect(await page.textContent(field('admitted', 'max-error'))).toContain('an ISO 8601 date, e.g. 2019-01-31');
    await page.fill(field('admitted', 'max'), '2021-12-31');
    expect(await page.textContent(field('admitted', 'max-error'))).toBe('');

    await page.click(byTestId('sf-use'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'form',
    );
    const schema = await selectedSchema(page);
    expect(schema.columns[0]).toMatchObject({
      type: 'date',
      min: '2019-01-01',
      max: '2021-12-31',
      format: 'DD/MM/YYYY',
      bins: 12,
    });
    expect(schema.columns[1]).toMatchObject({
      type: 'datetime',
      granularity: 'minute',
      timezone: 'utc',
      max: '2020-12-31T23:59Z',
    });
    await page.waitForSelector(byTestId('data-summary-verdict'));
    expect(await page.textContent(byTestId('data-summary-verdict'))).toBe('All 1,500 rows fit the schema.');

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    // The report's bar chart of the date column: real and synthetic shares per bin, named by dates.
    await page.waitForSelector(`${byTestId('one-way-plot')} svg`);
    await page.selectOption(byTestId('one-way-column'), 'admitted');
    const chart = await page.$eval(`${byTestId('one-way-plot')} svg[aria-label]`, (svg) => ({
      label: svg.getAttribute('aria-label') ?? '',
      bars: svg.querySelectorAll('g[data-mark="bar"] rect').length,
      ticks: [...svg.querySelectorAll('g[data-mark="fx-axis tick label"] text')].map((text) => text.textContent ?? ''),
    }));
    expect(chart.label).toContain('admitted');
    expect(chart.bars).toBe(24); // 12 bins, real and synthetic
    expect(chart.ticks[0]).toMatch(/^2019-01-01–0\d-\d\d$/);
    expect(chart.ticks.at(-1)).toMatch(/^2021-\d\d-\d\d–12-31$/);
    const rows = (await download(page, 'download-csv')).text.trimEnd().split('\n');
    expect(rows[0]).toBe('admitted,seen,ward');
    for (const row of rows.slice(1, 300)) {
      expect(row).toMatch(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/20(19|20|21),2020-\d\d-\d\dT\d\d:\d\dZ,[ABC]$/);
    }
  }, 120_000);

  it('discovers the bounds of a date column privately in a rough range', async () => {
    const page = await demo.open();
    await openForm(page);
    await page.selectOption(field('admitted', 'type'), 'date');
    await page.check(field('admitted', 'discover'));
    await page.fill(field('admitted', 'min'), '2000-01-01');
    await page.fill(field('admitted', 'max'), '2030-12-31');
    await page.fill(field('admitted', 'format'), 'DD/MM/YYYY');
    await page.selectOption(field('ward', 'type'), 'categorical');
    await page.fill(field('ward', 'categories'), 'A\nB\nC');
    await page.fill(byTestId('sf-epsilon'), '4');
    await page.click(byTestId('sf-discover'));
    await page.waitForSelector(`${byTestId('sf-discovery-result')}:not([hidden])`, { timeout: 60_000 });
    // Inside the rough range and around the data's 2019-01-01 to 2021-12-31 (1,500 records: the
    // private quantiles may land some way out into the empty years).
    const found = /Found privately: (\d{4}-\d\d-\d\d) – (\d{4}-\d\d-\d\d), by day/.exec(
      (await page.textContent(field('admitted', 'found'))) ?? '',
    );
    expect(found).not.toBeNull();
    expect(found![1] >= '2000-01-01' && found![1] <= '2019-02-01').toBe(true);
    expect(found![2] >= '2021-11-30' && found![2] <= '2030-12-31').toBe(true);
    await page.click(byTestId('sf-use'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'form',
    );
    const schema = await selectedSchema(page);
    expect(schema.provenance).toBe('dp-discovered');
    expect(schema.columns[0]).toMatchObject({ type: 'date', format: 'DD/MM/YYYY' });
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
  }, 120_000);
});
