#!/usr/bin/env bash
# `npm test`: set up, check formatting and lint (fast, before any build), build everything, and run
# every tier: C++ (Catch2 via CTest, natively and in wasm under Node), the type check, Node tests
# of the built wasm module and library, and browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's time is printed when the next starts, and all of them at the end.
step_name=""
step_started=$SECONDS
timings=()
finish_step() {
  if [ -n "$step_name" ]; then
    timings+=("$(printf '%5d s  %s' $((SECONDS - step_started)) "$step_name")")
    printf '\033[1m[test] %s: %d s\033[0m\n' "$step_name" $((SECONDS - step_started))
  fi
}
step() {
  finish_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n\033[1m[test] %s\033[0m\n' "$*"
}

step "setup"
bash scripts/setup.sh
step "lint (clang-format, Prettier, ESLint; npm run format fixes the formatting)"
bash scripts/lint.sh
step "build"
bash scripts/build.sh
step "C++ tests (Catch2 through CTest)"
ctest --preset native
step "C++ tests in WebAssembly (seven folders' tests under Node, through CTest)"
ctest --preset wasm
step "TypeScript type check"
npx tsc -p tsconfig.json --noEmit
step "API reference (TypeDoc; a warning, such as an exported type left out, fails)"
npx typedoc
step "Node tests (built wasm module and library)"
npx vitest run --config tests/js/vitest.config.ts
step "browser tests (Playwright + Chromium)"
npx vitest run --config tests/e2e/vitest.config.ts
finish_step
printf '\n\033[1m[test] all tiers passed in %d s:\033[0m\n' "$SECONDS"
printf '%s\n' "${timings[@]}"
