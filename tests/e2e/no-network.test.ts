// Test 2: after the page has loaded (engine ready), the whole flow makes no network request of any
// kind: not to the server, not to anywhere else, not even for blob:/data: URLs as seen by
// Playwright, by the Chrome DevTools Protocol's Network domain, and by the static server itself.
import { describe, expect, it } from 'vitest';

import { runAdultAndDownload, useDemoEnvironment } from './harness';

const demo = useDemoEnvironment();

describe('no network request after load', () => {
  it('loads the sample, runs, and downloads the results without a single request', async () => {
    const page = await demo.open();
    const servedAtLoad = demo.server.served.length;

    // Only now (engine ready) start recording.
    const seen: string[] = [];
    const record = (source: string) => (request: { method(): string; url(): string; resourceType(): string }) =>
      seen.push(`${source}: ${request.method()} ${request.url().slice(0, 120)} (${request.resourceType()})`);
    page.on('request', record('page'));
    demo.session.context.on('request', record('context'));
    page.on('websocket', (socket) => seen.push(`page: websocket ${socket.url()}`));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url().slice(0, 80)));
    const cdp = await demo.session.context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event) =>
      seen.push(`cdp: ${event.request.method} ${event.request.url.slice(0, 120)} (${event.type ?? '?'})`),
    );
    cdp.on('Network.webSocketCreated', (event) => seen.push(`cdp: websocket ${event.url}`));

    const { receipt } = await runAdultAndDownload(page);
    expect(receipt.kind).toBe('privsynth privacy receipt');
    // Let any late request (prefetch, favicon, beacon) show up before the verdict.
    await page.waitForTimeout(1000);

    if (workers.length > 0) console.log(`workers started after load (not requests): ${workers.join(', ')}`);
    expect(seen, `requests after load:\n${seen.join('\n')}`).toEqual([]);
    expect(demo.server.served.slice(servedAtLoad), 'paths the server was asked for after load').toEqual([]);

    // Control: the recorders are live, so a request made now is seen by each of them. An image, as
    // the policy's connect-src 'none' refuses a fetch (img-src allows this origin).
    // (An HTML page is no image: the load ends in an error event once the server has answered.)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const probe = new Image();
          probe.onload = probe.onerror = () => resolve();
          probe.src = './index.html?control';
        }),
    );
    await page.waitForTimeout(200);
    for (const source of ['page:', 'context:', 'cdp:'])
      expect(seen.some((line) => line.startsWith(source) && line.includes('/index.html'))).toBe(true);
    expect(demo.server.served.slice(servedAtLoad)).toEqual(['/index.html']);
    await cdp.detach();
  });
});
