#!/usr/bin/env bash
# Installs every Debian package gevo needs (chromium only checks the HTML reports in a test). Idempotent: does nothing (quickly) when all are present.
set -euo pipefail
packages=(
  cmake ninja-build g++ python3
  llvm-19-dev llvm-19-tools clang-19 lld-19
  libtbb-dev libboost-program-options-dev libboost-context-dev
  libgtest-dev nlohmann-json3-dev libeigen3-dev libxgboost-dev
  zlib1g-dev dataset-fashion-mnist libsvm-tools
  libopenmpi-dev openmpi-bin
  libdtl-dev libjs-chart.js chromium
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi
echo "setup: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
