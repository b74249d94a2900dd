// An automated accessibility check (axe-core, WCAG 2.x A and AA rules) of the demo in its main
// states: on load, with the Adult sample and its schema chosen, after a run (report, plots,
// receipt), with the marginal mechanism's controls, with space partitioning's controls and results,
// with the private sampler's controls, its comparison on the data (and a sampler picked from it,
// with its not-private notice) and its results, and at a phone's width; and with "Who is a person?"
// open on a table with several rows per person, before and after a run. Serious and critical
// violations fail the test; moderate and minor ones are printed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, repoFile, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function violations(page: Page, state: string): Promise<AxeViolation[]> {
  // Injected through the DevTools protocol's script evaluation, which the page's
  // Content-Security-Policy does not apply to (the built site forbids inline scripts).
  await page.evaluate(axeSource);
  const found = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  })) as AxeViolation[];
  lastFound = found;
  for (const v of found) {
    console.log(
      `[${state}] ${v.impact}: ${v.id} (${v.help}) at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('; ')}`,
    );
  }
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Opens every folded section (details), so that axe checks what they hold too. */
async function openEverything(page: Page): Promise<void> {
  await page.$$eval('details', (all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
}

/** Every violation, whatever its impact, on the page with every section open. */
async function allViolations(page: Page, state: string): Promise<AxeViolation[]> {
  await openEverything(page);
  await violations(page, state);
  return lastFound;
}

let lastFound: AxeViolation[] = [];

const summary = (list: AxeViolation[]) =>
  list.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes)`).join('\n');

describe('accessibility (axe-core)', () => {
  it('has no serious or critical violations on load, after a run, with the marginal mechanism, with space partitioning and with the sampler', async () => {
    const page = await demo.open();
    const onLoad = await violations(page, 'load');
    expect(onLoad, summary(onLoad)).toEqual([]);

    await useAdultSample(page);
    const ready = await violations(page, 'sample chosen');
    expect(ready, summary(ready)).toEqual([]);

    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const results = await violations(page, 'results');
    expect(results, summary(results)).toEqual([]);

    await page.selectOption('[data-testid="mechanism"]', 'marginal-lp');
    const marginal = await violations(page, 'marginal mechanism');
    expect(marginal, summary(marginal)).toEqual([]);

    // Space partitioning's controls (partition, Advanced), then its results (weighted centres, receipt).
    await page.selectOption('[data-testid="mechanism"]', 'space-partition');
    await page.click('[data-testid="advanced"] summary');
    await page.waitForSelector('[data-testid="forecast-partition"]');
    const partition = await violations(page, 'space partitioning');
    expect(partition, summary(partition)).toEqual([]);
    const partitioned = await run(page);
    expect(partitioned.kind, describeOutcome(partitioned)).toBe('results');
    await page.waitForSelector('[data-testid="download-centres"]');
    const partitionResults = await violations(page, 'space-partition results');
    expect(partitionResults, summary(partitionResults)).toEqual([]);

    // The sampler on sex and race: its controls and forecast, its comparison on the data, its results.
    await page.click('[data-testid="columns-none"]');
    await page.check('[data-testid="column-list"] input[value="sex"]');
    await page.check('[data-testid="column-list"] input[value="race"]');
    await page.selectOption('[data-testid="mechanism"]', 'sampler');
    await page.waitForSelector('[data-testid="forecast-sampler"]');
    await page.click('[data-testid="sampler-compare"]');
    await page.waitForSelector('[data-testid="sampler-comparison-table"]');
    const sampler = await violations(page, 'sampler');
    expect(sampler, summary(sampler)).toEqual([]);
    // After the comparison: the not-private notice under the sampler, and the banner; then the best sampler used.
    await page.waitForSelector('[data-testid="sampler-from-data"]:not([hidden])');
    await page.click('[data-testid="sampler-use-best"]');
    const fromData = await violations(page, 'sampler picked after the comparison');
    expect(fromData, summary(fromData)).toEqual([]);
    const sampled = await run(page);
    expect(sampled.kind, describeOutcome(sampled)).toBe('results');
    await page.waitForSelector('[data-testid="report-sampler"]');
    const samplerResults = await violations(page, 'sampler results');
    expect(samplerResults, summary(samplerResults)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    const phone = await violations(page, 'phone width');
    expect(phone, summary(phone)).toEqual([]);
  });

  it('has no violation at all on each step of the guided flow, with every section open, your own file included', async () => {
    const page = await demo.open();
    const landing = await allViolations(page, 'step 1');
    expect(landing, summary(landing)).toEqual([]);
    // Step 2 opened before a table, to describe the columns first.
    await page.click('[data-testid="privacy-step-open"]');
    const early = await allViolations(page, 'step 2 before a table');
    expect(early, summary(early)).toEqual([]);
    // A file that cannot be used: its error at step 1.
    await page.setInputFiles('[data-testid="file-input"]', {
      name: 'empty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(''),
    });
    await page.waitForSelector('[data-testid="input-error"]:not([hidden])');
    const refused = await allViolations(page, 'step 1, a file refused');
    expect(refused, summary(refused)).toEqual([]);
    // Your own table, no schema: step 2 with its kinds found in the run.
    await page.setInputFiles('[data-testid="file-input"]', {
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(new URL('../../data/people/people.csv', import.meta.url)),
    });
    await page.waitForSelector('[data-testid="input-summary"]:has-text("people.csv")');
    const privacy = await allViolations(page, 'step 2');
    expect(privacy, summary(privacy)).toEqual([]);
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    const results = await allViolations(page, 'step 3');
    expect(results, summary(results)).toEqual([]);
    // A second run passes what the file allows: the ledger's warning.
    await page.waitForSelector('[data-testid="ledger-warning"]');
    const warned = await allViolations(page, 'step 2, over the allowance');
    expect(warned, summary(warned)).toEqual([]);
  });

  it('has no violation at all with "Who is a person?" open, a person column chosen, before and after a run', async () => {
    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'visits.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(repoFile('data/visits/visits.csv')),
    });
    await page.waitForSelector(byTestId('schema-in-run'));
    await page.selectOption(byTestId('person-column'), 'patient_id');
    await page.check('#per-person-sex');
    // The person column marked as the same in every row too: its error beside it, and the run blocked.
    await page.selectOption(byTestId('person-column'), 'sex');
    await page.waitForSelector(byTestId('per-person-error'));
    await page.waitForSelector(byTestId('persons-details'));
    const marked = await allViolations(page, 'who is a person, the person column marked');
    expect(marked, summary(marked)).toEqual([]);
    await page.selectOption(byTestId('person-column'), 'patient_id');
    const chosen = await allViolations(page, 'who is a person');
    expect(chosen, summary(chosen)).toEqual([]);
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    await page.waitForSelector(byTestId('report-persons'));
    const results = await allViolations(page, 'results per person');
    expect(results, summary(results)).toEqual([]);
  });
});
