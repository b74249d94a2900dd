#!/usr/bin/env bash
# Builds every part, in dependency order: native core + tests + bench, the wasm module, the core's
# C++ tests for wasm (tests/cpp/wasm_tests.cmake), the npm package (web/lib), and the demo site
# (web/app). `scripts/build.sh wasm lib` builds only those.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's emscripten needs Debian's acorn (docs/architecture.md §5)

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(native wasm wasm-tests lib app)
for part in "${parts[@]}"; do
  printf '\033[1m[build]\033[0m %s\n' "$part"
  case "$part" in
    # One command per line: under `set -e` a failure on the left of `&&` does not stop the script.
    native)
      cmake --preset native >/dev/null
      cmake --build --preset native
      ;;
    wasm)
      cmake --preset wasm >/dev/null
      cmake --build --preset wasm
      ;;
    wasm-tests)
      cmake --preset wasm >/dev/null
      cmake --build --preset wasm-tests
      ;;
    lib)
      npm run build --silent -w privsynth
      # `npm ci` links the workspace's bin only if dist/cli.js exists, which it does not on a fresh
      # clone: link it now, so that `npx privsynth` works inside the repository.
      npm rebuild privsynth --ignore-scripts --silent >/dev/null
      ;;
    app) npm run build --silent -w privsynth-demo ;;
    *) echo "unknown part: $part (native, wasm, wasm-tests, lib, app)" >&2; exit 2 ;;
  esac
done
