#!/usr/bin/env bash
# The main job on a bundled example: builds gevo, mutates the bundled tiled
# matrix-multiply kernel with every op and shows the statistics, then runs
# the kernel and one mutant of it on its tests dir on the cpu target.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
kernel=build/benchmarks/corpus/matmul_tiled.ll
echo
echo "== gevo-mutate --stats 200 $kernel"
tests/perf/mutation-stats.py --attempts 200 "$kernel"
echo
echo "== gevo-run $kernel on its tests dir (cpu target)"
build/bin/gevo-run "$kernel" --tests benchmarks/corpus/tests/matmul_tiled
echo
echo "== one random mutant of it (gevo-mutate --seed 4, then gevo-run --edits)"
edits=$(mktemp)
build/bin/gevo-mutate --seed 4 "$kernel" -o /dev/null | tee "$edits"
build/bin/gevo-run "$kernel" --tests benchmarks/corpus/tests/matmul_tiled --edits "$edits" || true
rm -f "$edits"
