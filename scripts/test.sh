#!/usr/bin/env bash
# `npm test`: set up, check formatting and lint (fast, before any build), build everything, and run
# every tier: C++ (Catch2 via CTest, natively and in wasm under Node), the type check, Node tests
# of the built wasm module and library, and browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's time is printed when the next starts, and all of them at the end: wall time, and
# the CPU time (user + system) of the processes it ran, about twice the wall time when a step keeps
# both cores busy (less when it leaves one idle, or when other work shares the machine).
clock_ticks=$(getconf CLK_TCK)
children_cpu_ticks() {
  local stat
  read -r stat </proc/$$/stat
  # Fields 16 and 17 of /proc/<pid>/stat (cutime, cstime), counted after the "(comm)" field.
  set -- ${stat##*) }
  echo $((${14} + ${15}))
}
step_name=""
step_started=$SECONDS
step_cpu_started=$(children_cpu_ticks)
timings=()
finish_step() {
  if [ -n "$step_name" ]; then
    local wall=$((SECONDS - step_started))
    local cpu=$((($(children_cpu_ticks) - step_cpu_started) / clock_ticks))
    timings+=("$(printf '%5d s  %5d s CPU  %s' "$wall" "$cpu" "$step_name")")
    printf '\033[1m[test] %s: %d s (%d s CPU)\033[0m\n' "$step_name" "$wall" "$cpu"
  fi
}
step() {
  finish_step
  step_name="$*"
  step_started=$SECONDS
  step_cpu_started=$(children_cpu_ticks)
  printf '\n\033[1m[test] %s\033[0m\n' "$*"
}

step "setup"
bash scripts/setup.sh
step "lint (clang-format, Prettier, ESLint, the layer check; npm run format fixes the formatting)"
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
printf '\n\033[1m[test] all tiers passed in %d s (wall, CPU, tier):\033[0m\n' "$SECONDS"
printf '%s\n' "${timings[@]}"
