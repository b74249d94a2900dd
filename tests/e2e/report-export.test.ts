// The utility report as a standalone HTML file. After the default run on the bundled Adult sample:
// the file says it is for the owner's eyes only, names the mechanism and ε, holds the ledger, the
// receipt JSON and an SVG in every plot, no script, nothing that points outside the file and no
// line of the synthetic CSV; opened from disk with the network off it renders without a request.
// With labels full of HTML's special characters, a schema read from the data and the marginal LP
// with a prediction target: every label is escaped, the file says NOT PRIVATE, shows δ and the
// train-on-synthetic section.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  byTestId,
  describeOutcome,
  download,
  openSchemaOptions,
  run,
  useAdultSample,
  useDemoEnvironment,
} from './harness';

const demo = useDemoEnvironment();

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Whether `html` holds `text` (without printing the whole file when it does not). */
function expectIn(html: string, text: string, present = true): void {
  expect(html.includes(text), `${present ? 'missing' : 'present'}: ${text.slice(0, 200)}`).toBe(present);
}

/** Everything in the file that would load or run something, or point outside it. */
function outsideReferences(html: string): string[] {
  const patterns = [
    /<(?:script|iframe|object|embed|img|link|audio|video|source|base)\b[^>]*>/gi,
    /\s(?:src|srcset|href|xlink:href|action|formaction|poster|background)\s*=\s*["']?(?!#)[^\s"'>]*/gi,
    /url\(\s*["']?(?!#)[^)]*\)/gi,
    /@import\b[^;]*/gi,
    /\son[a-z]+\s*=/gi,
  ];
  return patterns.flatMap((pattern) => html.match(pattern) ?? []);
}

interface Opened {
  page: Page;
  /** Requests the page made other than for the file itself. */
  requests: string[];
  /** Console errors (a refused style would show here). */
  errors: string[];
}

/** Opens the saved file from disk in a new page with the network off. */
async function openOffline(html: string): Promise<Opened> {
  const folder = mkdtempSync(join(tmpdir(), 'privsynth-report-'));
  const file = join(folder, 'report.html');
  writeFileSync(file, html);
  const { context } = demo.session;
  await context.setOffline(true);
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  const fileUrl = pathToFileURL(file).href;
  page.on('request', (request) => {
    if (request.url() !== fileUrl) requests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    await page.goto(fileUrl);
    await page.waitForLoadState('load');
  } finally {
    await context.setOffline(false);
    rmSync(folder, { recursive: true, force: true });
  }
  return { page, requests, errors };
}

describe('the utility report as a standalone HTML file', () => {
  it('after the default Adult run: banner, mechanism, ε, ledger, plots as SVG, no script or outside reference, no synthetic rows; renders offline', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    await page.waitForSelector(`${byTestId('one-way-plot')} svg`);
    await page.waitForSelector(`${byTestId('heatmap-plot')} svg`);
    // The plots show what the selectors chose when the file is saved.
    await page.selectOption(byTestId('one-way-column'), 'education');
    await page.waitForSelector(`${byTestId('one-way-plot')} svg[aria-label*="education"]`);
    const plotsOnPage = await page.$$eval(`${byTestId('report')} figure.plot`, (figures) =>
      figures.map((figure) => figure.getAttribute('data-testid')),
    );
    expect(plotsOnPage.length).toBeGreaterThanOrEqual(4);

    const file = await download(page, 'download-report');
    const html = file.text;
    console.log(`report of the default Adult run: ${(html.length / 1024).toFixed(1)} KB`);
    expect(file.name).toBe('adult-report.html');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expectIn(html, 'Computed on your real data: for your eyes only. Do not publish this report.');
    expectIn(html, 'adult.csv (bundled UCI Adult sample)');
    // The rows line counts the distinct synthetic records too.
    expect(/\d[\d,]* synthetic \(\d[\d,]* distinct\), from 48,842 real/.test(html)).toBe(true);

    const receipt = JSON.parse((await download(page, 'download-receipt')).text);
    expectIn(html, escapeHtml(receipt.mechanism.title));
    expectIn(html, 'ε = 1');
    expectIn(html, 'Privacy ledger');
    for (const entry of receipt.ledger) expectIn(html, escapeHtml(entry.release));
    // The whole receipt, in a <details>.
    expect(/<details[^>]*>\s*<summary>Raw receipt \(JSON\)<\/summary>/.test(html)).toBe(true);
    expectIn(html, escapeHtml(JSON.stringify(receipt, null, 2)));
    expectIn(html, 'NOT PRIVATE', false);

    expect(/<script/i.test(html)).toBe(false);
    expect(outsideReferences(html)).toEqual([]);

    // No line of the synthetic CSV (its rows repeat: the distinct ones), as is or escaped.
    const csv = await download(page, 'download-csv');
    const lines = new Set(csv.text.trim().split('\n').slice(1));
    const leaked = [...lines].filter((line) => html.includes(line) || html.includes(escapeHtml(line)));
    expect(leaked).toEqual([]);

    const { page: opened, requests, errors } = await openOffline(html);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    expect(await opened.isVisible(byTestId('export-eyes-only'))).toBe(true);
    expect(await opened.textContent(byTestId('export-eyes-only'))).toContain(
      'for your eyes only. Do not publish this report.',
    );
    expect(await opened.$$eval('script', (scripts) => scripts.length)).toBe(0);
    // Every plot of the page, each with its SVG; the 1-way bars of the column chosen on the page.
    const plots = await opened.$$eval('figure.plot', (figures) =>
      figures.map((figure) => ({
        testId: figure.getAttribute('data-testid'),
        svgs: figure.querySelectorAll('svg').length,
      })),
    );
    expect(plots.map((plot) => plot.testId)).toEqual(plotsOnPage);
    for (const plot of plots) expect(plot.svgs, `${plot.testId}`).toBeGreaterThanOrEqual(1);
    expect(await opened.getAttribute(`${byTestId('one-way-plot')} svg[aria-label]`, 'aria-label')).toContain(
      'education',
    );
    expect(
      await opened.$$eval(`${byTestId('one-way-plot')} g[data-mark="bar"] rect`, (rects) => rects.length),
    ).toBeGreaterThan(10);
    expect(await opened.textContent(`${byTestId('one-way-plot')} .selected`)).toContain('education');
    expect(
      await opened.$$eval(`${byTestId('heatmap-plot')} figure.heatmap svg`, (svgs) => svgs.length),
    ).toBeGreaterThanOrEqual(3);
    // The metrics and the table of marginal distances.
    expect(await opened.textContent(byTestId('report-metrics'))).toContain('mean 2-way TV');
    expect(await opened.$$eval(`${byTestId('marginal-table')} tbody tr`, (rows) => rows.length)).toBe(6 + 15);
    expect(await opened.$$eval(`${byTestId('receipt-ledger')} tbody tr`, (rows) => rows.length)).toBe(
      receipt.ledger.length,
    );
    await opened.close();
  });

  it('escapes labels with HTML special characters; says NOT PRIVATE for a schema read from the data; shows δ and the ML section', async () => {
    const label = `<b>&"x'`;
    const column = `tag<&>'"`;
    const csvField = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const levels = [label, 'plain', 'other'];
    const rows = Array.from(
      { length: 300 },
      (_, i) => `${csvField(levels[i % 3])},${['g1', 'g2'][Math.floor(i / 3) % 2]}`,
    );
    const text = `${csvField(column)},group\n${rows.join('\n')}\n`;

    const page = await demo.open();
    await page.setInputFiles(byTestId('file-input'), {
      name: 'special.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text),
    });
    await page.waitForSelector(`${byTestId('input-summary')}:has-text("special.csv")`);
    await openSchemaOptions(page);
    await page.check(byTestId('infer-ack'));
    await page.click(byTestId('infer-schema'));
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]')?.value === 'inferred',
    );
    await page.waitForSelector(`${byTestId('column-list')} input[value="group"]`);
    // The marginal LP with a prediction target: the report has an ML section, the receipt a δ.
    await page.selectOption(byTestId('mechanism'), 'marginal-lp');
    await page.selectOption(byTestId('ml-target'), 'group');
    const outcome = await run(page);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    await page.waitForSelector(`${byTestId('one-way-plot')} svg`);

    const { name, text: html } = await download(page, 'download-report');
    expect(name).toBe('special-report.html');
    for (const raw of [label, column]) {
      expectIn(html, escapeHtml(raw));
      expectIn(html, raw, false);
    }
    expect(/<b>/i.test(html)).toBe(false);
    expectIn(html, 'NOT PRIVATE');
    expectIn(html, 'δ = 1e-9');
    expect(outsideReferences(html)).toEqual([]);

    const { page: opened, requests } = await openOffline(html);
    expect(requests).toEqual([]);
    expect(await opened.isVisible(byTestId('export-not-private'))).toBe(true);
    expect(await opened.textContent(byTestId('export-not-private'))).toContain('read from the data');
    // The labels read back as they were written, and make no element.
    expect(await opened.$$eval('b', (elements) => elements.length)).toBe(0);
    const texts = await opened.$$eval('svg text, svg title', (nodes) => nodes.map((node) => node.textContent ?? ''));
    expect(texts.some((t) => t.includes(label))).toBe(true);
    expect(await opened.textContent(byTestId('marginal-table'))).toContain(column);
    expect(await opened.textContent(byTestId('ml-report'))).toContain('Predicting “group”');
    await opened.close();
  });
});
