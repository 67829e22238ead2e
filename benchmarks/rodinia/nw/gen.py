"""NW: writes tests/ (spec.json, initial score matrices); check() is the reference.

The similarity matrix `reference` is random in [-4, 11] (a BLOSUM-like
range; row and column 0 are unused) from the `seed` param; the initial
score matrix, stored as an i32 file, has M[i][0] = M[0][i] = -i * penalty
and zeros inside. Each case sets n, penalty and seed; cols = n + 1 and
width = n / block (tiles per side) are derived. The plan launches kernel 1
width times, then kernel 2 width - 1 times (the counter is the launch).
The output matrix is exact.

"vary" draws only the seed: the initial matrix's borders (-i * penalty down
column 0) are no fill, iota or random init, so n and penalty are fixed by
its file; every reference matrix is valid input.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 16
# name: (n, penalty, seed); n % BLOCK == 0
CASES = {"64": (64, 10, 1), "48": (48, 4, 2)}
HELDOUT = {"256": (256, 10, 11), "160": (160, 7, 12)}
PARAMS = {"block": BLOCK, "n": 64, "penalty": 10, "seed": 1,
          "cols": "n + 1", "width": "n / block"}
VARY = {"seed": int_range(1, 100000)}


def initial(n, penalty):
    cols = n + 1
    m = [0] * (cols * cols)
    for i in range(cols):
        m[i] = m[i * cols] = -i * penalty
    return m


def make_case(name, n, penalty, seed):
    # As the original host: one block per tile of the current diagonal.
    args = ["reference", "matrix", i32("cols"), i32("penalty"), counter("step"), i32("width")]
    steps = [repeat("width", [launch("needle_cuda_shared_1", ["step + 1"], ["block"], args)], "step"),
             repeat("width - 1", [launch("needle_cuda_shared_2", ["width - 1 - step"], ["block"], args)],
                    "step")]
    buffers = {"reference": buf("i32", "cols * cols", rand("seed", -4, 11)),
               "matrix": buf("i32", "cols * cols", file(f"m{n}p{penalty}.i32"))}
    return case(name, buffers, steps, ["matrix"],
                params={"n": n, "penalty": penalty, "seed": seed})


def build():
    every = {**CASES, **HELDOUT}
    files = {f"m{n}p{p}.i32": pack("i32", initial(n, p)) for n, p, _ in every.values()}
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], files,
            {"params": PARAMS, "vary": VARY})


def check(name, dump):
    n, p, _ = {**CASES, **HELDOUT}[name]
    cols = n + 1
    ref, m = dump.inp("reference", "i32"), dump.inp("matrix", "i32")
    for i in range(1, cols):
        for j in range(1, cols):
            k = i * cols + j
            m[k] = max(m[k - cols - 1] + ref[k], m[k - 1] - p, m[k - cols] - p)
    expect_equal("matrix", dump.out("matrix", "i32"), m)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
