#!/usr/bin/env bash
# `npm run lint`: checks that the core's includes run down the layer order of core/layers.json
# (scripts/check-layers.mjs), that the C++ is formatted as .clang-format says (clang-format 14, Debian
# bookworm's), that the TypeScript, JavaScript, CSS and JSON are formatted as .prettierrc.json says,
# and ESLint (eslint.config.js). Runs all four, fails if any finds something; changes no file.
# `npm run format` (this script with --fix) formats everything in place: clang-format -i and
# prettier --write (ESLint's findings are left to fix by hand).
# Needs `npm run setup` (clang-format and the npm devDependencies) first.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m[lint]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[lint] error:\033[0m %s\n' "$*" >&2; exit 1; }

fix=false
case "${1:-}" in
  '') ;;
  --fix) fix=true ;;
  *) echo "usage: scripts/lint.sh [--fix]" >&2; exit 2 ;;
esac

command -v clang-format >/dev/null 2>&1 || die "clang-format not found: run npm run setup"
for tool in prettier eslint; do
  [ -x "node_modules/.bin/$tool" ] || die "$tool not found in node_modules: run npm run setup"
done
clang_version=$(clang-format --version | sed -nE 's/.*version ([0-9]+).*/\1/p')
[ "$clang_version" = 14 ] \
  || echo "[lint] warning: clang-format $clang_version; CI uses Debian bookworm's 14, whose output may differ" >&2

# The C++ of the core, its tests, the benches and the wasm bindings: every file git knows of (tracked,
# or new and not ignored) that is still on disk.
cpp_files=()
while IFS= read -r -d '' file; do
  if [ -f "$file" ]; then cpp_files+=("$file"); fi
done < <(git ls-files -z --cached --others --exclude-standard -- core tests/cpp bench wasm \
           | grep -zE '\.(c|cc|cpp|h|hpp)$' | sort -zu)
[ ${#cpp_files[@]} -gt 0 ] || die "no C++ files found: run this in a git checkout of privsynth"

if $fix; then
  say "clang-format -i: ${#cpp_files[@]} C++ files"
  clang-format -i "${cpp_files[@]}"
  say "prettier --write"
  node_modules/.bin/prettier --write --log-level warn .
  say "formatted; ESLint is not run by --fix: npm run lint"
else
  failed=()
  say "layers: every include of the core runs down core/layers.json's order"
  node scripts/check-layers.mjs || failed+=("layers (includes above; docs/architecture.md §1)")
  say "clang-format: ${#cpp_files[@]} C++ files"
  # One finding per file (--ferror-limit=1): the file names are what matters.
  clang-format --dry-run --Werror --ferror-limit=1 "${cpp_files[@]}" || failed+=("clang-format (C++ files above)")
  say "prettier --check (all files but those in .prettierignore)"
  node_modules/.bin/prettier --check --cache --log-level warn . || failed+=("prettier (files above)")
  say "eslint"
  node_modules/.bin/eslint --max-warnings 0 --cache --cache-location node_modules/.cache/eslint/ . \
    || failed+=("eslint (problems above)")
  if [ ${#failed[@]} -gt 0 ]; then
    die "$(printf '%s; ' "${failed[@]}")npm run format fixes the formatting, ESLint's findings are fixed by hand"
  fi
  say "clean"
fi
