#!/usr/bin/env bash
# Compiles the bundled kernels (benchmarks/corpus, benchmarks/rodinia) with
# gevo-cc on gevo's and on NVIDIA's CUDA headers and compares them: does
# each compile, are the cpu target's outputs on every test case
# bit-identical (rodinia-check's dumps), how many IR instructions, and the
# cpu target's evaluation time (gevo-run's cpu wall ms, summed over cases)
# and modeled cost. Needs a CUDA toolkit (CUDA_PATH) and a built tree.
#   tools/gevo-cc/compare-headers.sh [BUILD_DIR]   (default: build)
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$src/build}" && pwd)
bin=$build/bin
check=$bin/rodinia-check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

kernels=()
for cu in "$src"/benchmarks/corpus/*.cu; do
  n=$(basename "$cu" .cu)
  kernels+=("$n|$cu|$src/benchmarks/corpus/tests/$n")
done
for d in "$src"/benchmarks/rodinia/*/; do
  [ -f "$d/kernel.cu" ] || continue
  n=$(basename "$d")
  kernels+=("rodinia/$n|$d/kernel.cu|$d/tests")
done

# IR instructions: the lines of function bodies that are not labels.
instructions() {
  awk '/^define/{f=1; next} /^}/{f=0} f && /^  [^ ]/{n++} END{print n+0}' "$1"
}
# Sums gevo-run's per-case cpu wall ms and modeled cost (its table).
evaluate() {
  "$bin/gevo-run" "$1" --tests "$2" --driver-cache "$work/drivers" 2>/dev/null |
    awk '$2 == "ok" {ms += $4; cost += $NF; n++} END{printf "%.1f %d %d", ms, cost, n}'
}

printf '| kernel | compiles (gevo / nvidia) | outputs | IR instructions (gevo / nvidia) | cpu ms (gevo / nvidia) | modeled cost (gevo / nvidia) |\n'
printf '|---|---|---|---|---|---|\n'
for k in "${kernels[@]}"; do
  IFS='|' read -r name cu tests <<< "$k"
  row=()
  for h in gevo nvidia; do
    if "$bin/gevo-cc" --cuda-headers "$h" "$cu" -o "$work/$h.ll" 2> "$work/$h.err"; then
      row+=("yes")
    else
      row+=("no")
    fi
  done
  if [ "${row[0]}" != yes ] || [ "${row[1]}" != yes ]; then
    printf '| %s | %s / %s | | | | |\n' "$name" "${row[0]}" "${row[1]}"
    continue
  fi
  same="differ"
  if "$check" "$work/gevo.ll" --tests "$tests" --out "$work/out-gevo" --driver-cache "$work/drivers" > /dev/null 2>&1 &&
     "$check" "$work/nvidia.ll" --tests "$tests" --out "$work/out-nvidia" --driver-cache "$work/drivers" > /dev/null 2>&1; then
    diff -r -x in "$work/out-gevo" "$work/out-nvidia" > /dev/null && same="bit-identical"
  else
    same="run failed"
  fi
  read -r gms gcost gn <<< "$(evaluate "$work/gevo.ll" "$tests")"
  read -r nms ncost nn <<< "$(evaluate "$work/nvidia.ll" "$tests")"
  printf '| %s | yes / yes | %s (%s cases) | %s / %s | %s / %s | %s / %s |\n' \
    "$name" "$same" "$gn" "$(instructions "$work/gevo.ll")" \
    "$(instructions "$work/nvidia.ll")" "$gms" "$nms" "$gcost" "$ncost"
  rm -rf "$work/out-gevo" "$work/out-nvidia"
done
