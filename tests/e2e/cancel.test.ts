// Test 4: Cancel during the LP phase stops the run within 2 s (CancelledError, code CANCELLED), and
// the next run with the defaults succeeds (on a fresh worker: cancelling terminates the old one).
import { describe, expect, it } from 'vitest';

import {
  byTestId,
  chooseMethod,
  describeOutcome,
  run,
  useAdultSample,
  useDemoEnvironment,
  waitForOutcome,
} from './harness';

const demo = useDemoEnvironment();

describe('cancelling a run', () => {
  it('stops a long LP within 2 s, and the page can run again', async () => {
    const page = await demo.open();
    await useAdultSample(page);
    await chooseMethod(page, 'reduced-space-lp');
    // Degree 3 on the six default columns (8,764 statistics) solved as one whole LP by the simplex:
    // minutes (row generation would take about a second, too short to cancel reliably).
    await page.selectOption(byTestId('degree'), '3');
    await page.click(`${byTestId('advanced')} summary`);
    await page.selectOption(byTestId('lp-solver'), 'simplex');

    await page.click(byTestId('run'));
    await page.waitForSelector(`${byTestId('progress-phase')}[data-phase="lp"]`, { timeout: 60_000 });
    expect(await page.isDisabled(byTestId('run'))).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.getAttribute(byTestId('progress-phase'), 'data-phase')).toBe('lp');
    const clicked = Date.now();
    await page.click(byTestId('cancel'));
    const cancelled = await waitForOutcome(page, 2_000);
    const stopMs = Date.now() - clicked;
    console.log(`cancel took effect after ${stopMs} ms`);
    expect(cancelled, describeOutcome(cancelled)).toMatchObject({ kind: 'error', code: 'CANCELLED' });
    expect(stopMs).toBeLessThan(2_000);
    expect(await page.isVisible(byTestId('progress'))).toBe(false);
    expect(await page.isEnabled(byTestId('run'))).toBe(true);

    // Cancelling terminated the worker, so the next run starts a fresh one from the bundle's blob:
    // URL. Playwright reports that load as a request, but a blob: URL is read from this page's own
    // memory: the server must see nothing, and no request may use a network scheme.
    const requests: string[] = [];
    demo.session.context.on('request', (request) =>
      requests.push(`${request.method()} ${request.url()} (${request.resourceType()})`),
    );
    const servedBefore = demo.server.served.length;
    await page.selectOption(byTestId('degree'), '2');
    await page.selectOption(byTestId('lp-solver'), 'row-generation');
    const outcome = await run(page);
    console.log(`run after cancel (fresh worker): ${describeOutcome(outcome)}`);
    if (requests.length > 0)
      console.log(`in-memory loads reported as requests after the cancel:\n${requests.join('\n')}`);
    const origin = new URL(demo.server.url).origin;
    expect(
      requests.filter((line) => !line.startsWith(`GET blob:${origin}/`)),
      requests.join('\n'),
    ).toEqual([]);
    expect(demo.server.served.slice(servedBefore)).toEqual([]);
    expect(outcome.kind, describeOutcome(outcome)).toBe('results');
    expect(await page.isVisible(byTestId('error'))).toBe(false);
    expect(await page.getAttribute(byTestId('receipt-private'), 'data-private')).toBe('true');
  });
});
