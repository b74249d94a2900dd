// The plots of the utility report after the default run on the bundled Adult sample: the 1-way
// bars follow the column selector (also from the keyboard), the three heatmaps follow the pair
// selector, the 1-way error plot has a bar per column, the section says it is for the owner's eyes
// only, and at a phone's width the page does not scroll sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { byTestId, describeOutcome, run, useAdultSample, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

/** What a plot's SVG shows: its accessible name, the number of marks of a kind and some tick labels. */
async function plotSummary(page: Page, figure: string, mark: string, ticks: string) {
  return page.$eval(
    `${byTestId(figure)} svg[aria-label]`,
    (svg, [mark, ticks]) => ({
      label: svg.getAttribute('aria-label') ?? '',
      marks: svg.querySelectorAll(`g[data-mark="${mark}"] rect`).length,
      ticks: [...svg.querySelectorAll(`g[data-mark="${ticks}"] text`)].map((text) => text.textContent ?? ''),
    }),
    [mark, ticks] as const,
  );
}

const oneWay = (page: Page) => plotSummary(page, 'one-way-plot', 'bar', 'fx-axis tick label');

/** The three heatmaps: accessible name and number of cells of each. */
function heatmaps(page: Page) {
  return page.$$eval(`${byTestId('heatmap-plot')} figure.heatmap`, (figures) =>
    figures.map((figure) => {
      const svg = figure.querySelector('svg[aria-label]');
      return {
        testId: figure.getAttribute('data-testid'),
        label: svg?.getAttribute('aria-label') ?? '',
        cells: svg?.querySelectorAll('g[data-mark="cell"] rect').length ?? 0,
      };
    }),
  );
}

const pairOptions = (page: Page) =>
  page.$$eval(`${byTestId('two-way-pair')} option`, (options) =>
    options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? '' })),
  );

const tvOf = (text: string) => Number(/TV ([\d.]+)/.exec(text)?.[1]);

async function noHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page ${scrollWidth} px wide in a ${clientWidth} px viewport`).toBeLessThanOrEqual(clientWidth);
}

async function runDefault(page: Page): Promise<void> {
  await useAdultSample(page);
  const outcome = await run(page);
  expect(outcome.kind, describeOutcome(outcome)).toBe('results');
  await page.waitForSelector(`${byTestId('one-way-plot')} svg`);
}

describe('the plots of the utility report', () => {
  it('draws the 1-way bars, the heatmaps of the worst pairs and the error bars, and follows the selectors', async () => {
    const page = await demo.open();
    await runDefault(page);

    // Labelled as computed on the real data.
    const notice = await page.textContent(`${byTestId('report-plots')} ${byTestId('plots-notice')}`);
    expect(notice).toContain('Computed on your real data: for your eyes only');

    // 1-way: a labelled column selector; a real and a synthetic bar per level of the column.
    expect(await page.textContent('label[for="one-way-column"]')).toBe('Column');
    const columns = await page.$$eval(`${byTestId('one-way-column')} option`, (options) =>
      options.map((option) => (option as HTMLOptionElement).value),
    );
    expect([...columns].sort()).toEqual(['age', 'education', 'income', 'race', 'sex', 'workclass']);
    const first = await oneWay(page);
    expect(first.label).toContain(columns[0]);
    expect(first.ticks.length).toBeGreaterThan(1);
    expect(first.marks).toBe(2 * first.ticks.length);

    await page.selectOption(byTestId('one-way-column'), 'education');
    const education = await oneWay(page);
    expect(education.label).toContain('education');
    expect(education.ticks).toContain('Bachelors');
    expect(education.ticks).toHaveLength(16);
    expect(education.marks).toBe(32);

    // The selector works from the keyboard.
    await page.focus(byTestId('one-way-column'));
    await page.keyboard.press('Home');
    expect(await page.inputValue(byTestId('one-way-column'))).toBe(columns[0]);
    expect((await oneWay(page)).label).toContain(columns[0]);

    // 2-way: the pairs worst first, the worst selected, and its three heatmaps.
    const pairs = await pairOptions(page);
    expect(pairs.length).toBeGreaterThan(1);
    const tvs = pairs.map((pair) => tvOf(pair.text));
    expect(tvs.every(Number.isFinite)).toBe(true);
    expect(tvs).toEqual([...tvs].sort((a, b) => b - a));
    expect(await page.inputValue(byTestId('two-way-pair'))).toBe(pairs[0].value);
    const worst = await heatmaps(page);
    expect(worst.map((map) => map.testId)).toEqual(['heatmap-real', 'heatmap-synthetic', 'heatmap-difference']);
    const [rows, cols] = pairs[0].text.split(' (TV')[0].split(' × ');
    for (const map of worst) {
      expect(map.label).toContain(`${rows} (rows) by ${cols} (columns)`);
      expect(map.cells).toBeGreaterThan(1);
      expect(map.cells).toBe(worst[0].cells);
    }
    // Each heatmap has a colour legend.
    expect(
      await page.$$eval(`${byTestId('heatmap-plot')} figure.heatmap`, (figures) =>
        figures.map((figure) => figure.querySelectorAll('svg').length),
      ),
    ).toEqual([2, 2, 2]);

    await page.selectOption(byTestId('two-way-pair'), pairs[1].value);
    const second = await heatmaps(page);
    const [rows2, cols2] = pairs[1].text.split(' (TV')[0].split(' × ');
    expect(second).toHaveLength(3);
    for (const map of second) expect(map.label).toContain(`${rows2} (rows) by ${cols2} (columns)`);

    // Error bars: one bar per column for the 1-way marginals, and the 2-way pairs.
    const errors = await plotSummary(page, 'error-bars-one-way', 'bar', 'y-axis tick label');
    expect(errors.marks).toBe(columns.length);
    expect([...errors.ticks].sort()).toEqual([...columns].sort());
    expect(errors.label).toContain('mean');
    const pairErrors = await plotSummary(page, 'error-bars-two-way', 'bar', 'y-axis tick label');
    expect(pairErrors.marks).toBe(15);

    // Every plot is a figure named by its caption, with a sentence on what to look for.
    const figures = await page.$$eval(`${byTestId('report-plots')} figure.plot`, (elements) =>
      elements.map((figure) => ({
        caption: figure.querySelector(':scope > figcaption')?.textContent ?? '',
        note: figure.querySelector('.plot__note')?.textContent ?? '',
      })),
    );
    expect(figures).toHaveLength(4);
    for (const figure of figures) {
      expect(figure.caption.length).toBeGreaterThan(10);
      expect(figure.note.length).toBeGreaterThan(20);
    }

    // Narrowed to a phone's width, the plots scale down or scroll inside their cards.
    await page.setViewportSize({ width: 360, height: 800 });
    await noHorizontalOverflow(page);
  });

  it('keeps the page from scrolling sideways when the run is made at a phone width', async () => {
    const page = await demo.open();
    await page.setViewportSize({ width: 360, height: 800 });
    await runDefault(page);
    for (const id of ['one-way-plot', 'heatmap-plot', 'error-bars-one-way', 'error-bars-two-way']) {
      expect(await page.$$eval(`${byTestId(id)} svg`, (svgs) => svgs.length), id).toBeGreaterThan(0);
    }
    await noHorizontalOverflow(page);
    // The 15 age bins do not fit 360 px: the 1-way plot scrolls inside its own box.
    const host = await page.$eval(`${byTestId('one-way-plot')} .plot__host`, (element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(host.scroll).toBeGreaterThan(host.client);
  });
});
