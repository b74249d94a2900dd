#!/usr/bin/env bash
# Installs everything privsynth needs on a Debian bookworm machine, idempotently:
#   1. Debian packages (Emscripten, CMake, Eigen, nlohmann/json, Catch2, libcsv, Chromium, clang-format,
#      PostgreSQL for the engine tests);
#   2. the GLPK 5.0 source from Debian's source package, checksum-verified, into third_party/;
#   3. npm packages (npm ci), only when package-lock.json changed.
# Every step is skipped when already done, so `npm start` and `npm test` can call it each time.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[setup] error:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"
  fi
}

# --- 1. Debian packages -------------------------------------------------------------------------
# postgresql: the engine tests run the count query on a throwaway server (tests/js/postgres-server.ts).
packages=(build-essential cmake emscripten libeigen3-dev nlohmann-json3-dev catch2 libcsv-dev chromium
          clang-format ca-certificates debian-archive-keyring postgresql)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  say "Debian packages present"
fi

# --- 2. Node.js -----------------------------------------------------------------------------------
command -v node >/dev/null 2>&1 || die "Node.js >= 20.19 is required (node not found)"
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || die "Node.js >= 20.19 is required (found $(node --version)); Vite 8 needs it"

# --- 3. GLPK 5.0 source -----------------------------------------------------------------------------
# The upstream tarball inside Debian's glpk 5.0-1 source package, pinned by checksum. Debian's own
# patches (which unbundle zlib and SuiteSparse) are not applied: the wasm build has no system
# libraries, and both builds must compile the same code.
glpk_dir="$root/third_party/glpk-5.0"
glpk_tarball="glpk_5.0.orig.tar.gz"
glpk_sha256="4a1013eebb50f728fc601bdd833b0b2870333c3b3e5a816eeba921d95bec6f15"
if [ -f "$glpk_dir/.verified-$glpk_sha256" ]; then
  say "GLPK 5.0 source present"
else
  say "fetching GLPK 5.0 from Debian's source package"
  download="$root/third_party/.download"
  mkdir -p "$download/lists/partial" "$download/archives/partial"
  # A private apt configuration with a deb-src line, so the system's sources are left untouched.
  cat > "$download/sources.list" <<'SOURCES'
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
SOURCES
  apt_options=(-o "Dir::Etc::SourceList=$download/sources.list" -o "Dir::Etc::SourceParts=-"
               -o "Dir::State::Lists=$download/lists" -o "Dir::Cache::Archives=$download/archives"
               -o "APT::Sandbox::User=root")
  apt-get "${apt_options[@]}" update -q >/dev/null
  (cd "$download" && apt-get "${apt_options[@]}" source --download-only -q glpk=5.0-1 >/dev/null)
  echo "$glpk_sha256  $download/$glpk_tarball" | sha256sum -c --quiet - \
    || die "checksum mismatch for $glpk_tarball"
  rm -rf "$glpk_dir"
  tar -xzf "$download/$glpk_tarball" -C "$root/third_party"
  touch "$glpk_dir/.verified-$glpk_sha256"
  rm -rf "$download"
fi

# --- 4. npm packages --------------------------------------------------------------------------------
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp="node_modules/.privsynth-lock-$lock_hash"
if [ -f "$stamp" ]; then
  say "npm packages present"
else
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
  touch "$stamp"
fi
say "done"
