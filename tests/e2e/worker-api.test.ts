// The browser build's calls into its Web Worker, without the demo: a page bundled by Vite from
// web/lib/dist/browser.js preloads, calls the core by name, synthesizes with progress, fails in
// the worker and cancels, and writes what it saw into the DOM. Progress must all come before the
// result, the worker's errors must arrive as PrivsynthError with the core's code and message, and
// a cancel must stop the run and leave the next call a working worker.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { synthesize } from 'privsynth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adultSample, SAMPLE_COLUMNS } from '../consumers/consumer';
import { runRepoTool } from '../consumers/pack';
import { launchChromium, repoFile, serveStatic, type Session, type StaticServer } from './harness';

function mainJs(): string {
  const { csv, schemaText } = adultSample(200);
  return `import { CancelledError, coreVersion, InvalidOptionError, PrivsynthError, preload, synthesize } from 'privsynth';

const base = { csv: ${JSON.stringify(csv)}, schema: ${schemaText.trim()}, columns: ${JSON.stringify(SAMPLE_COLUMNS)}, epsilon: 1 };
// The class by instanceof: the page's bundle is minified, class names with it.
const failure = (error) => ({
  classes: Object.entries({ PrivsynthError, InvalidOptionError, CancelledError }).filter(([, type]) => error instanceof type).map(([name]) => name),
  code: error?.code,
  message: String(error?.message ?? error),
});
const seen = {};
const output = document.getElementById('result');
try {
  await preload();
  seen.version = typeof (await coreVersion());

  const phases = [];
  let settled = false;
  let afterResult = 0;
  const result = await synthesize({
    ...base,
    onProgress: (progress) => {
      if (settled) afterResult += 1;
      phases.push(progress.phase);
      throw new Error('a throwing callback is ignored');
    },
  });
  settled = true;
  await new Promise((resolve) => setTimeout(resolve, 300));
  seen.progress = { reports: phases.length, afterResult, last: phases.at(-1), rows: result.rows, firstColumn: result.table[0].values?.constructor.name ?? result.table[0].codes?.constructor.name };

  seen.invalid = await synthesize({ ...base, epsilon: -1 }).then(() => 'resolved', failure);

  const controller = new AbortController();
  seen.cancelled = await synthesize({ ...base, signal: controller.signal, onProgress: () => controller.abort() }).then(() => 'resolved', failure);
  seen.afterCancel = (await synthesize(base)).rows;
  output.dataset.state = 'done';
} catch (error) {
  seen.unexpected = failure(error);
  output.dataset.state = 'error';
}
output.textContent = JSON.stringify(seen);
`;
}

const indexHtml = `<!doctype html>
<html>
  <head><meta charset="utf-8"><title>privsynth worker API</title></head>
  <body><output id="result">running</output><script type="module" src="/main.js"></script></body>
</html>
`;

let dir: string | undefined;
let server: StaticServer | undefined;
let session: Session | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-worker-api-'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, 'main.js'), mainJs());
  // The built browser entry as 'privsynth'; its dependencies resolve from the repository's node_modules.
  const alias = JSON.stringify(repoFile('web/lib/dist/browser.js'));
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    `export default { logLevel: 'warn', resolve: { alias: { privsynth: ${alias} } }, build: { outDir: 'dist', target: 'es2022', chunkSizeWarningLimit: 4096 } };\n`,
  );
  await runRepoTool('vite/bin/vite.js', ['build', '--config', 'vite.config.mjs'], dir);
  server = await serveStatic(join(dir, 'dist'));
  session = await launchChromium();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the browser build's worker calls", () => {
  it('carry progress before the result, the core errors with their code, and cancellation', async () => {
    const page = await session!.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(server!.url);
    await page.waitForSelector('#result[data-state]', { timeout: 120_000 });
    const text = (await page.textContent('#result')) ?? '';
    console.log(text);
    expect(await page.getAttribute('#result', 'data-state'), `${text}\n${problems.join('\n')}`).toBe('done');
    const seen = JSON.parse(text);

    expect(seen.version).toBe('string');
    expect(seen.progress.reports).toBeGreaterThan(1);
    // The last report (the write) reaches the page before the result, and none comes after it.
    expect(seen.progress.last).toBe('write');
    expect(seen.progress.afterResult).toBe(0);
    expect(seen.progress.rows).toBeGreaterThan(0);
    expect(seen.progress.firstColumn).toMatch(/^(Float64Array|Int32Array)$/);
    expect(seen.invalid).toMatchObject({ classes: ['PrivsynthError', 'InvalidOptionError'], code: 'INVALID_ARGUMENT' });
    // The same message as the Node build's, where the core runs in-process.
    const { csv, schemaText } = adultSample(200);
    const inProcess = await synthesize({ csv, schema: schemaText, columns: SAMPLE_COLUMNS, epsilon: -1 }).catch(
      (error: Error) => error.message,
    );
    expect(seen.invalid.message).toBe(inProcess);
    expect(seen.cancelled).toMatchObject({ classes: ['PrivsynthError', 'CancelledError'], code: 'CANCELLED' });
    expect(seen.afterCancel).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
