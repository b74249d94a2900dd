// The built site as a static host would serve it: under a sub-path (/privsynth/), with its
// Content-Security-Policy, and working with the network gone once the page has loaded.
import { describe, expect, it } from 'vitest';

import { launchChromium, openDemo, runAdultAndDownload, serveStatic } from './harness';

describe('the static site', () => {
  it('works under a sub-path and offline after load, and its policy blocks other origins', async () => {
    const server = await serveStatic(undefined, '/privsynth/');
    const session = await launchChromium();
    try {
      const page = await openDemo(session, server.url);
      expect(server.served.every((path) => path.startsWith('/privsynth/')), server.served.join('\n')).toBe(true);

      // The policy is in the page, and a request to another origin is refused by it (not merely
      // unanswered): the browser reports a connect-src violation.
      const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
      expect(policy).toContain("connect-src 'self'");
      const violation = await page.evaluate(async () => {
        const seen = new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true }));
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
});
