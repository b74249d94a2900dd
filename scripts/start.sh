#!/usr/bin/env bash
# `npm start`: set up, build the wasm module, the library and the demo site, then serve the demo
# (with the bundled Adult sample) at http://localhost:5173/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh wasm lib app
port="${PORT:-5173}"
printf '\n\033[1m[start]\033[0m serving the demo at http://localhost:%s/ (Ctrl-C to stop)\n' "$port"
cd web/app
exec npx vite preview --host 127.0.0.1 --port "$port" --strictPort
