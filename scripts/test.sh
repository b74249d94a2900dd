#!/usr/bin/env bash
# `npm test`: set up, check formatting and lint (fast, before any build), build everything, and run
# every tier: C++ (Catch2 via CTest), the type check, Node tests of the built wasm module and
# library, and browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m[test] %s\033[0m\n' "$*"; }

step "setup"
bash scripts/setup.sh
step "lint (clang-format, Prettier, ESLint; npm run format fixes the formatting)"
bash scripts/lint.sh
step "build"
bash scripts/build.sh
step "C++ tests (Catch2 through CTest)"
ctest --preset native
step "TypeScript type check"
npx tsc -p tsconfig.json --noEmit
step "API reference (TypeDoc; a warning, such as an exported type left out, fails)"
npx typedoc
step "Node tests (built wasm module and library)"
npx vitest run --config tests/js/vitest.config.ts
step "browser tests (Playwright + Chromium)"
npx vitest run --config tests/e2e/vitest.config.ts
step "all tiers passed"
