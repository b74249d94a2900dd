// The published package in a browser app built with Vite: `npm pack` (tests/consumers/pack.ts),
// `npm install <tarball>` in a fresh folder holding index.html and main.js, `vite build` with the
// repository's Vite, and the built folder served locally and opened in Chromium. The page
// synthesizes an embedded 200-row sample in the package's Web Worker and writes the result into
// the DOM; no request may leave the local server.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { adultSample, SAMPLE_COLUMNS, useConsumer } from '../consumers/consumer';
import { kilobytes, runRepoTool, secondsSince } from '../consumers/pack';
import { launchChromium, serveStatic, type Session, type StaticServer } from './harness';

const indexHtml = `<!doctype html>
<html>
  <head><meta charset="utf-8"><title>privsynth consumer</title></head>
  <body>
    <output id="result">running</output>
    <script type="module" src="/main.js"></script>
  </body>
</html>
`;

function mainJs(): string {
  const { csv, schemaText } = adultSample(200);
  return `import { synthesize } from 'privsynth';

const csv = ${JSON.stringify(csv)};
const schema = ${schemaText.trim()};
const output = document.getElementById('result');
try {
  const result = await synthesize({ csv, schema, columns: ${JSON.stringify(SAMPLE_COLUMNS)}, epsilon: 1 });
  const lines = result.csv.trim().split('\\n');
  output.textContent = JSON.stringify({ rows: result.rows, lines: lines.length, firstLine: lines[0], private: result.receipt.private, epsilonSpent: result.receipt.privacy.epsilonSpent });
  output.dataset.state = 'done';
} catch (error) {
  output.textContent = JSON.stringify({ name: error?.name, code: error?.code, message: String(error?.message ?? error) });
  output.dataset.state = 'error';
}
`;
}

// A plain object: the config needs no import, so nothing has to resolve 'vite' from the folder.
const viteConfig = `export default {
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
};
`;

const project = useConsumer('vite', () => ({
  'index.html': indexHtml,
  'main.js': mainJs(),
  'vite.config.mjs': viteConfig,
}));

let server: StaticServer | undefined;
let session: Session | undefined;
afterAll(async () => {
  await session?.close();
  await server?.close();
});

describe('the packed privsynth in a Vite app', () => {
  it('builds, runs synthesize() in Chromium on the browser build, and requests nothing from other origins', async () => {
    const { dir } = project();
    let start = performance.now();
    await runRepoTool('vite/bin/vite.js', ['build', '--config', 'vite.config.mjs'], dir);
    const dist = join(dir, 'dist');
    const assets = readdirSync(join(dist, 'assets')).map(
      (name) => `${name} ${kilobytes(statSync(join(dist, 'assets', name)).size)}`,
    );
    console.log(`vite build: ${secondsSince(start)}; assets: ${assets.join(', ')}`);

    server = await serveStatic(dist);
    session = await launchChromium();
    const page = await session.context.newPage();
    const requests: string[] = [];
    const workers: string[] = [];
    const problems: string[] = [];
    session.context.on('request', (request) => requests.push(request.url()));
    page.on('websocket', (socket) => requests.push(socket.url()));
    page.on('worker', (worker) => workers.push(worker.url().slice(0, 60)));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });

    start = performance.now();
    await page.goto(server.url);
    await page.waitForSelector('#result[data-state]', { timeout: 60_000 }).catch((error: Error) => {
      throw new Error(`no result in the page: ${error.message}\n${problems.join('\n')}`);
    });
    const text = (await page.textContent('#result')) ?? '';
    expect(await page.getAttribute('#result', 'data-state'), `${text}\n${problems.join('\n')}`).toBe('done');
    console.log(`page load and synthesis in Chromium: ${secondsSince(start)}; ${text}`);
    const result = JSON.parse(text) as {
      rows: number;
      lines: number;
      firstLine: string;
      private: boolean;
      epsilonSpent: number;
    };

    expect(result.firstLine).toBe(SAMPLE_COLUMNS.join(','));
    // The noisy count of 200 records (scale about 5): the synthetic table has about 200 rows.
    expect(result.rows).toBeGreaterThan(150);
    expect(result.rows).toBeLessThan(250);
    expect(result.lines).toBe(result.rows + 1);
    // No test seed and a public schema: a private run, its randomness from the browser's CSPRNG.
    expect(result.private).toBe(true);
    expect(result.epsilonSpent).toBeCloseTo(1, 8);
    // The browser build (not the node one) was bundled: the engine ran in its inlined Web Worker.
    expect(workers.length, 'workers started by the page').toBeGreaterThan(0);

    const origin = new URL(server.url).origin;
    const elsewhere = requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin);
    expect(elsewhere, `requests to other origins:\n${elsewhere.join('\n')}`).toEqual([]);
    expect(
      server.served.filter((path) => path !== '/' && !path.startsWith('/assets/') && path !== '/favicon.ico'),
    ).toEqual([]);
    console.log(`requests: ${requests.map((url) => url.slice(0, 60)).join(', ')}`);
  });
});
