// The demo site. Everything it needs (the library, its inlined worker and WebAssembly, the bundled
// samples and schemas imported with `?raw`) goes into one script and one stylesheet, so that once
// the page has loaded it never makes another network request (docs/architecture.md §4).
import { fileURLToPath } from 'node:url';

import { defineConfig, type Plugin } from 'vite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The built site's Content-Security-Policy: nothing may be loaded from or sent to another origin,
 * and no script may connect anywhere, not even to this origin (connect-src 'none'): once loaded,
 * the page and its worker need no fetch, XMLHttpRequest, WebSocket or beacon. The engine needs
 * 'wasm-unsafe-eval' (WebAssembly compiled from the bundled bytes) and blob: in script-src and
 * worker-src for its inlined worker (a module script in a blob: URL, which inherits this policy);
 * plots set inline styles; downloads are blob: links (navigations, not connections). Neither data:
 * nor blob: is needed in connect-src: the WebAssembly is embedded in the worker as a base64 data:
 * URL, which Emscripten's glue (3.1.6, getBinaryPromise) first tries to fetch(); the policy refuses
 * that fetch (it fails at once, no request is made) and the glue then decodes the same base64
 * itself (tryParseAsDataURI), so the engine starts all the same (tests/e2e/static-site.test.ts).
 * Only in the build: the dev server injects its own client and connects back over a websocket.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'privsynth-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  // Relative URLs: the folder works from any static host under any base path (e.g. /privsynth/).
  base: './',
  plugins: [contentSecurityPolicy()],
  server: {
    // The samples live in the repository's data/ folder, outside this package.
    fs: { allow: [repoRoot] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Inline every asset (no file is fetched on demand) ...
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    cssCodeSplit: false,
    modulePreload: false,
    // ... and keep all code in a single chunk: no lazily loaded chunks.
    rolldownOptions: { output: { codeSplitting: false } },
    // The bundle holds the 5.5 MB Adult sample and the WebAssembly core; that is expected.
    chunkSizeWarningLimit: 10_000,
  },
  worker: { format: 'es' },
});
