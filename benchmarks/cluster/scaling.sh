#!/bin/bash
# What the MPI path costs, and how far rank 0 scales: the bundled stencil
# evolved (modeled objective, same seed) by one process with one worker,
# then by `mpirun -n 2` with rank 0 only searching and rank 1's one worker
# building and measuring, in alternating rounds (this machine's noise is
# larger than the difference); model.py turns the runs' figures into the
# overhead per evaluation and the expected evaluations/s at 8 to 512 ranks.
#
# Usage: benchmarks/cluster/scaling.sh BUILD_DIR OUT_DIR
#   GEVO_POP     population and batch size (default 64)
#   GEVO_GENS    generations (default 5)
#   GEVO_ROUNDS  rounds of the two runs (default 3)
set -u
Build=${1:?usage: scaling.sh BUILD_DIR OUT_DIR}
Out=${2:?usage: scaling.sh BUILD_DIR OUT_DIR}
Here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$Out" && mkdir -p "$Out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
Pop=${GEVO_POP:-64}
Args=("$Build/benchmarks/corpus/stencil2d_sync.ll"
      --tests "$Here/benchmarks/corpus/tests/stencil2d"
      --pop "$Pop" --batch-size "$Pop" --generations "${GEVO_GENS:-5}"
      --seed 1 --workers 1 --threads 1 --no-minimise --validate-max 1 -q)
for Round in $(seq "${GEVO_ROUNDS:-3}"); do
  "$Build/bin/gevo-evolve" "${Args[@]}" --out "$Out/alone$Round" \
    >"$Out/alone$Round.txt" 2>&1 ||
    { echo "the lone run failed: $Out/alone$Round.txt"; exit 1; }
  mpirun --oversubscribe -n 2 "$Build/bin/gevo-evolve" "${Args[@]}" \
    --rank0-search-only --out "$Out/mpi$Round" >"$Out/mpi$Round.txt" 2>&1 ||
    { echo "the MPI run failed: $Out/mpi$Round.txt"; exit 1; }
  cmp -s "$Out/alone$Round/log.jsonl" "$Out/mpi$Round/log.jsonl" &&
    echo "round $Round: log.jsonl byte-identical" ||
    echo "round $Round: log.jsonl DIFFERS"
done
python3 "$Here/benchmarks/cluster/model.py" "$Out" "${GEVO_ROUNDS:-3}" | tee "$Out/figures.md"
