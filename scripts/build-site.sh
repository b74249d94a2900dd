#!/usr/bin/env bash
# `npm run build:site`: the demo as a folder for any static host (site/ at the repository root).
# Its URLs are relative, so it works under any base path (https://example.org/privsynth/ as well
# as a domain's root); everything (engine, worker, samples) is in one script, so it keeps working
# when the network goes away after the page has loaded; a Content-Security-Policy in index.html
# forbids connections to any other origin. tests/e2e/static-site.test.ts checks all three.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh wasm lib app
rm -rf site.tmp
cp -r web/app/dist site.tmp
rm -rf site
mv site.tmp site
printf '\n\033[1m[build:site]\033[0m site/ is ready (%s, %s files). Copy it to any static host, under any path.\n' \
  "$(du -sh site | cut -f1)" "$(find site -type f | wc -l)"
