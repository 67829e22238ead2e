#!/bin/bash
# GEVO on an NVIDIA GPU with small budgets: the bundled stencil and some of
# the Rodinia-style apps, each with `gevo-evolve --target cuda` (cpu gate
# on), then the figures of benchmarks/gpu/README.md (figures.py).
#
# Usage: benchmarks/gpu/evolve-on-gpu.sh BUILD_DIR OUT_DIR [APP...]
#   GEVO_ARCH     the architecture to lower for (default sm_90)
#   GEVO_BUDGET   each app's evolution time budget (default 15s)
#   GEVO_TIMEOUT  the most seconds one app may take, finish included (120)
set -u
Build=${1:?usage: evolve-on-gpu.sh BUILD_DIR OUT_DIR [APP...]}
Out=${2:?usage: evolve-on-gpu.sh BUILD_DIR OUT_DIR [APP...]}
shift 2
Apps=${*:-hotspot lud nw pathfinder srad bfs}
Arch=${GEVO_ARCH:-sm_90}
Here=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$Out"

evolve() { # NAME KERNEL TESTS ARGS...
  local Name=$1 Kernel=$2 Tests=$3
  shift 3
  local Start=$SECONDS
  timeout "${GEVO_TIMEOUT:-120}" "$Build/bin/gevo-evolve" "$Kernel" \
    --tests "$Tests" --target cuda --offload-arch "$Arch" \
    --out "$Out/$Name" -q "$@" >"$Out/$Name.txt" 2>&1
  echo "$Name: exit $? after $((SECONDS - Start)) s"
}

evolve stencil2d "$Build/benchmarks/corpus/stencil2d.ll" \
  "$Here/benchmarks/corpus/tests/stencil2d" --pop 32 --generations 4
for App in $Apps; do
  evolve "$App" "$Build/benchmarks/rodinia/$App.ll" \
    "$Here/benchmarks/rodinia/$App/tests" --pop 16 --generations 0 \
    --time-budget "${GEVO_BUDGET:-15s}" --validate-max 4
done
python3 "$Here/benchmarks/gpu/figures.py" "$Out" | tee "$Out/figures.md"
