#!/usr/bin/env bash
# `npm run bench [-- workload...]`: builds what the benchmark needs, then prints its tables.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
if [ "${1:-}" = scale ]; then
  bash scripts/build.sh native wasm lib app >/dev/null  # the scale benchmark also runs the demo app
else
  bash scripts/build.sh native wasm lib >/dev/null
fi
exec node bench/run.mjs "$@"
