#!/usr/bin/env bash
# `npm run bench [-- workload...]`: builds what the benchmark needs, then prints its tables.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
bash scripts/build.sh native wasm lib >/dev/null
exec node bench/run.mjs "$@"
