#!/usr/bin/env bash
# The peers of `npm run bench -- aim`: Debian's Python packages that the reference MST and AIM
# (ryan112358/private-pgm, numpy version) need, installed when missing. The reference code itself
# is not on Debian's or npm's registries: put a checkout of its commit 514dea3 (the last before it
# moved to JAX) in third_party/private-pgm, or point PRIVSYNTH_PRIVATE_PGM at one.
set -euo pipefail
packages=(python3-numpy python3-scipy python3-pandas python3-networkx python3-attr)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  runner=()
  [ "$(id -u)" -eq 0 ] || runner=(sudo)
  "${runner[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
echo "[setup-peers] Debian Python packages present"
