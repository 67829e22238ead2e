#!/usr/bin/env bash
# The main job on a bundled example: installs what is missing, builds gevo,
# then evolves the bundled 2D stencil kernel (written with barriers it does
# not need) against its tests dir on the cpu target, and points at the
# run's report. A few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
kernel=build/benchmarks/corpus/stencil2d_sync.ll
tests=benchmarks/corpus/tests/stencil2d
out=runs/quickstart-$(date +%Y%m%d-%H%M%S)
echo
echo "== the kernel on its tests, unmodified (gevo-run)"
build/bin/gevo-run "$kernel" --tests "$tests" --heldout
echo
echo "== gevo-evolve: 10 generations of 32 variants, modeled cost, cpu target"
build/bin/gevo-evolve "$kernel" --tests "$tests" --objective modeled \
  --pop 32 --generations 10 --seed 1 --out "$out"
echo
echo "== the best variant on the held-out case (gevo-run --edits)"
build/bin/gevo-run "$kernel" --tests "$tests" --heldout --edits "$out/best/kernel.edits" || true
echo
echo "Open $out/report.html in a browser: cost over generations, the Pareto"
echo "front, and the best variant's edits."
