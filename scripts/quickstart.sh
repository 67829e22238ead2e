#!/usr/bin/env bash
# The main job on a bundled example: builds gevo, then mutates the bundled
# tiled matrix-multiply kernel with every op and shows the statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
kernel=build/benchmarks/corpus/matmul_tiled.ll
echo
echo "== gevo-mutate --stats 200 $kernel"
tests/perf/mutation-stats.py --attempts 200 "$kernel"
