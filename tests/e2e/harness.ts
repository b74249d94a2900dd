// Shared set-up of the browser tests: a tiny static server for web/app/dist (Node's http module,
// no dependency), Debian's Chromium through playwright-core, and the demo page once its engine is
// ready (body[data-ready="true"]).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const distDir = join(repoRoot, 'web/app/dist');

export function repoFile(relative: string): string {
  return join(repoRoot, relative);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.ico': 'image/x-icon',
};

export interface StaticServer {
  url: string;
  /** Every path requested from the server, in order. */
  served: string[];
  close(): Promise<void>;
}

/**
 * Serves `root` on a free localhost port, under `basePath` (e.g. "/privsynth/": as a static host
 * serving the site in a sub-folder; everything outside it is 404).
 */
export async function serveStatic(root = distDir, basePath = '/'): Promise<StaticServer> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: build the site first (bash scripts/build.sh lib app)`);
  }
  const served: string[] = [];
  const server: Server = createServer((request, response) => {
    const requested = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    served.push(requested);
    if (!requested.startsWith(basePath)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const path = `/${requested.slice(basePath.length)}`;
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || !existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Session {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a fresh, throw-away profile. */
export async function launchChromium(): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'privsynth-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the demo and waits until its engine is ready (preload() resolved). */
export async function openDemo(session: Session, url: string): Promise<Page> {
  const page = await session.context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return page;
}

/** The built demo served locally and a fresh Chromium, shared by the tests of one file. */
export interface DemoEnvironment {
  readonly server: StaticServer;
  readonly session: Session;
  /** Opens the demo in a new page and waits until its engine is ready. */
  open(): Promise<Page>;
}

/** Starts the server and Chromium before the file's tests and closes both after them. */
export function useDemoEnvironment(): DemoEnvironment {
  let server: StaticServer | undefined;
  let session: Session | undefined;
  beforeAll(async () => {
    server = await serveStatic();
    session = await launchChromium();
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the demo environment is used outside of its tests');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get session() {
      return started(session);
    },
    open: () => openDemo(started(session), started(server).url),
  };
}

export const byTestId = (id: string): string => `[data-testid="${id}"]`;

/** Loads the bundled Adult sample and waits until its schema is selected and checked. */
export async function useAdultSample(page: Page): Promise<void> {
  await page.click(byTestId('use-sample'));
  await page.waitForFunction(() => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="schema-select"]');
    return (
      select?.value === 'adult' &&
      document.querySelectorAll('[data-testid="column-list"] input[type=checkbox]').length > 0
    );
  });
}

/** Opens the schema step's folded routes (a schema file, the form, reading it from the data). */
export async function openSchemaOptions(page: Page): Promise<void> {
  await page.$eval(byTestId('schema-options'), (details) => ((details as HTMLDetailsElement).open = true));
}

/** Chooses a method by hand (the page starts on "auto", the library's own choice). */
export async function chooseMethod(page: Page, mechanism: string): Promise<void> {
  await page.selectOption(byTestId('mechanism'), mechanism);
}

/** The values of the checked column boxes, in list order. */
export function checkedColumns(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="column-list"] input[type=checkbox]:checked', (boxes) =>
    boxes.map((box) => (box as HTMLInputElement).value),
  );
}

export type Outcome = { kind: 'results'; timings: string } | { kind: 'error'; code: string; message: string };

/** Waits for the run to end: results, or the error panel (whatever comes first). */
export async function waitForOutcome(page: Page, timeout = 200_000): Promise<Outcome> {
  await page.waitForSelector(`${byTestId('results')}:not([hidden]), ${byTestId('error')}:not([hidden])`, { timeout });
  if (await page.isVisible(byTestId('results'))) {
    return { kind: 'results', timings: (await page.textContent(byTestId('run-summary'))) ?? '' };
  }
  return {
    kind: 'error',
    code: (await page.textContent(byTestId('error-code'))) ?? '',
    message: (await page.textContent(byTestId('error-message'))) ?? '',
  };
}

/**
 * Clicks Run and waits for the outcome. A further run on the same file may pass the ε the page
 * allows for it: the test then consents, as a user would (guided-flow.test.ts tests the warning).
 */
export async function run(page: Page): Promise<Outcome> {
  if (await page.isVisible(byTestId('ledger-accept'))) await page.check(byTestId('ledger-accept'));
  await page.click(byTestId('run'));
  return waitForOutcome(page);
}

/** Clicks a download button and returns the saved file's name and text. */
export async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.click(byTestId(testId))]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

/** The bundled Adult sample run with the defaults; its synthetic CSV (checked to start with its header) and receipt. */
export async function runAdultAndDownload(
  page: Page,
): Promise<{ csv: string; receipt: { kind?: string; private?: boolean } }> {
  await useAdultSample(page);
  const outcome = await run(page);
  expect(outcome.kind, describeOutcome(outcome)).toBe('results');
  const csv = await download(page, 'download-csv');
  expect(csv.text.startsWith('age,')).toBe(true);
  return { csv: csv.text, receipt: JSON.parse((await download(page, 'download-receipt')).text) };
}

/** A failed expectation that names the outcome (so that an unexpected error shows its message). */
export function describeOutcome(outcome: Outcome): string {
  return outcome.kind === 'results' ? `results (${outcome.timings})` : `error ${outcome.code}: ${outcome.message}`;
}
