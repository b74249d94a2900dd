// The built site as a static host would serve it: under a sub-path (/privsynth/), with its
// Content-Security-Policy, and working with the network gone once the page has loaded. The policy
// allows no connection at all (connect-src 'none'): not to another origin, not to this one, not to
// a data: URL in a worker; the engine, whose glue first tries to fetch its embedded WebAssembly as
// a data: URL, starts and runs all the same.
import { describe, expect, it } from 'vitest';

import { launchChromium, openDemo, runAdultAndDownload, serveStatic } from './harness';

describe('the static site', () => {
  it('works under a sub-path and offline after load, and its policy blocks other origins', async () => {
    const server = await serveStatic(undefined, '/privsynth/');
    const session = await launchChromium();
    try {
      const page = await openDemo(session, server.url);
      expect(
        server.served.every((path) => path.startsWith('/privsynth/')),
        server.served.join('\n'),
      ).toBe(true);

      // The policy is in the page, and a request to another origin is refused by it (not merely
      // unanswered): the browser reports a connect-src violation.
      const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
      expect(policy).toContain("connect-src 'none'");
      const violation = await page.evaluate(async () => {
        const seen = new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
            once: true,
          }),
        );
        await fetch('http://127.0.0.2:9/leak', { method: 'POST', body: 'x' }).catch(() => undefined);
        return Promise.race([seen, new Promise<string>((resolve) => setTimeout(() => resolve('none'), 2000))]);
      });
      expect(violation).toBe('connect-src');

      // Network off: the whole workflow still runs, and the downloads are made in the page.
      await session.context.setOffline(true);
      const { receipt } = await runAdultAndDownload(page);
      expect(receipt.private).toBe(true);
    } finally {
      await session.close();
      await server.close();
    }
  });

  it('refuses every connection, to this origin and to data: URLs in a worker too, and the engine still runs', async () => {
    const server = await serveStatic();
    const session = await launchChromium();
    try {
      const page = await openDemo(session, server.url);
      const policy = (await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content')) ?? '';
      const connect = policy
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('connect-src'));
      expect(connect).toBe("connect-src 'none'");

      // A fetch of this very origin is refused by the policy (a connect-src violation), not answered.
      const servedBefore = server.served.length;
      const sameOrigin = await page.evaluate(async () => {
        const seen = new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
            once: true,
          });
          setTimeout(() => resolve('none'), 2000);
        });
        const outcome = await fetch('./index.html', { cache: 'no-store' }).then(
          (response) => `answered ${response.status}`,
          () => 'refused',
        );
        return { outcome, directive: await seen };
      });
      expect(sameOrigin).toEqual({ outcome: 'refused', directive: 'connect-src' });
      expect(server.served.slice(servedBefore)).toEqual([]);

      // A worker of the page (a blob: module, as the engine's) inherits the policy: its fetch of a
      // data: URL, which is how the engine's glue first tries to read its WebAssembly, is refused.
      const inWorker = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const source =
              "fetch('data:application/octet-stream;base64,AAEC').then((r) => r.arrayBuffer()).then((b) => postMessage('fetched ' + b.byteLength), () => postMessage('refused'))";
            const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), {
              type: 'module',
            });
            worker.onmessage = (event) => resolve(String(event.data));
          }),
      );
      expect(inWorker).toBe('refused');

      // The engine started under this policy: a whole run and its downloads work.
      const { receipt } = await runAdultAndDownload(page);
      expect(receipt.private).toBe(true);
    } finally {
      await session.close();
      await server.close();
    }
  });
});
