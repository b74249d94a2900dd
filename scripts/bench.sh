#!/usr/bin/env bash
# `npm run bench [-- workload...]`: builds what the benchmark needs, then prints its tables.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
case "${1:-}" in
  scale) bash scripts/build.sh native wasm lib app >/dev/null ;;  # the scale benchmark also runs the demo app
  app) bash scripts/build.sh wasm lib app >/dev/null ;;           # the demo app alone: no native build
  persons) bash scripts/build.sh wasm lib >/dev/null ;;           # the library on data/visits: no native build
  *) bash scripts/build.sh native wasm lib >/dev/null ;;
esac
exec node bench/run.mjs "$@"
