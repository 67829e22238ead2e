#!/usr/bin/env bash
# Builds gevo and runs every test: GoogleTest units and the lit suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
