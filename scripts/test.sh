#!/usr/bin/env bash
# Builds gevo and runs every test: GoogleTest units and the lit suite; then
# lists every check that was skipped, with its reason (ctest hides them).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
status=0
ctest --test-dir build --output-on-failure --output-junit Testing/results.xml \
  -j "$(nproc)" || status=$?
python3 scripts/skipped.py build/Testing/results.xml || true
exit "$status"
