// The demo site. Everything it needs (the library, its inlined worker and WebAssembly, the bundled
// samples and schemas imported with `?raw`) goes into one script and one stylesheet, so that once
// the page has loaded it never makes another network request (DESIGN §4).
import { fileURLToPath } from 'node:url';

import { defineConfig, type Plugin } from 'vite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The built site's Content-Security-Policy: nothing may be loaded from or sent to another origin.
 * The engine needs 'wasm-unsafe-eval' (WebAssembly compiled from the bundled bytes) and blob: for
 * its inlined worker; plots set inline styles; downloads are blob: links. Only in the build: the
 * dev server injects its own client and connects back over a websocket.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'privsynth-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
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
