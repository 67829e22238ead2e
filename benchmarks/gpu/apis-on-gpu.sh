#!/bin/bash
# The cpu target's API semantics against a GPU: every self-checking API
# kernel of the lit suite (inline PTX, warp collectives and memory orders,
# misaligned accesses; with NVIDIA's headers: fp16/bf16, cooperative
# groups, CUB, cuRAND) on the cpu target and on the GPU, the misaligned
# ones on the GPU without the cpu gate, cuRAND's outputs compared bit for
# bit, and short GPU evolutions whose variants the gate passed.
#
# Usage: benchmarks/gpu/apis-on-gpu.sh BUILD_DIR OUT_DIR
#   GEVO_ARCH  the architecture to lower for (default sm_90)
#   GEVO_CC    a build dir whose gevo-cc compiles the kernels (default
#              BUILD_DIR; the GPU machine may lack clang: compile elsewhere
#              and pass the .ll files in OUT_DIR/k, then GEVO_CC=none)
set -u
Build=${1:?usage: apis-on-gpu.sh BUILD_DIR OUT_DIR}
Out=${2:?usage: apis-on-gpu.sh BUILD_DIR OUT_DIR}
Arch=${GEVO_ARCH:-sm_90}
Cc=${GEVO_CC:-$Build}
Here=$(cd "$(dirname "$0")/../.." && pwd)
Ptx=$Here/tests/lit/tools/Inputs/ptx Nv=$Here/tests/lit/gevo-cc/Inputs/nvidia
Mis=$Here/tests/lit/tools/Inputs/misaligned
mkdir -p "$Out/k"
if [ "$Cc" != none ]; then
  G="$Cc/bin/gevo-cc"
  "$G" "$Ptx/inline.cu" -o "$Out/k/inline.ll"
  "$G" -D GEVO_MISALIGNED_VECTOR "$Ptx/inline.cu" -o "$Out/k/inline_v2.ll"
  "$G" "$Ptx/sync.cu" -o "$Out/k/sync.ll"
  "$G" "$Mis/kernel.cu" -o "$Out/k/shifted.ll"
  for K in fp16 coop cub curand; do
    "$G" --cuda-headers nvidia "$Nv/$K.cu" -o "$Out/k/$K.ll"
  done
fi
R="$Build/bin/gevo-run" E="$Build/bin/gevo-evolve" A="--offload-arch $Arch"
both() { # NAME TESTS
  for T in cpu cuda; do
    echo "== $1 on $T"
    timeout 120 "$R" "$Out/k/$1.ll" --tests "$2" --target $T $A \
      --oracle-cache "$Out/oracle-$T" 2>&1 | tail -1
  done
}
both inline "$Ptx/ok"
both sync "$Ptx/sync"
for K in fp16 coop cub curand; do both $K "$Nv/$K"; done
for K in shifted:$Mis/bad inline_v2:$Ptx/ok; do
  echo "== ${K%%:*} on cpu, then on cuda without the cpu gate"
  timeout 60 "$R" "$Out/k/${K%%:*}.ll" --tests "${K#*:}" 2>&1 | tail -1
  timeout 60 "$R" "$Out/k/${K%%:*}.ll" --tests "${K#*:}" --target cuda $A \
    --in-process 2>&1 | tail -1
done
python3 "$Here/benchmarks/gpu/compare_oracles.py" "$Out/oracle-cpu" "$Out/oracle-cuda"
for K in inline:$Ptx/ok coop:$Nv/coop fp16:$Nv/fp16; do
  echo "== evolve ${K%%:*} on cuda"
  timeout 200 "$E" "$Out/k/${K%%:*}.ll" --tests "${K#*:}" --target cuda $A \
    --pop 24 --generations 3 --out "$Out/${K%%:*}-run" -q 2>&1 | head -2
done
python3 "$Here/benchmarks/gpu/gate_agreement.py" "$Out"/*-run
