"""LUD: writes tests/spec.json; check() is the reference.

Matrices are the spec's diagonally dominant ones (`dominant`, with the
case's seed), so elimination without pivoting is stable. The spec-wide
params are the tile size, dim and the seed, with tiles = dim / block
derived; each case sets its dim and seed. The plan repeats diagonal,
perimeter, internal for steps 0 .. tiles - 2 (the counter is the step),
then factors the last diagonal tile. The output is the packed L\\U matrix,
compared by max_abs 1e-3. `vary` draws dim (multiples of the tile, up to
the largest held-out case) and the seed.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 16
# name: (dim, seed); dim % BLOCK == 0
CASES = {"32": (32, 1), "48": (48, 2)}
HELDOUT = {"96": (96, 11), "128": (128, 12)}
PARAMS = {"block": BLOCK, "dim": 32, "seed": 1, "tiles": "dim / block"}
# At least two tiles: the loop's perimeter and internal grids have tiles - 1
# blocks.
VARY = {"dim": int_range(2 * BLOCK, 128, BLOCK), "seed": int_range(1, 100000)}


def make_case(name, dim, seed):
    # As the original host: the grids shrink with the trailing matrix.
    args = ["m", i32("dim"), counter("step")]
    trailing = "tiles - 1 - step"
    body = [launch("lud_diagonal", [1], ["block"], args),
            launch("lud_perimeter", [trailing], ["2 * block"], args),
            launch("lud_internal", [trailing, trailing], ["block", "block"], args)]
    steps = [repeat("tiles - 1", body, "step"),
             launch("lud_diagonal", [1], ["block"], ["m", i32("dim"), i32("tiles - 1")])]
    buffers = {"m": buf("f32", "dim * dim", dominant("seed"))}
    return case(name, buffers, steps, ["m"], ("max_abs", 1e-3),
                params={"dim": dim, "seed": seed})


def build():
    return plan_spec(CASES, HELDOUT, make_case, PARAMS, VARY)


def check(name, dump):
    n, _ = {**CASES, **HELDOUT}[name]
    a = dump.inp("m", "f32")
    for k in range(n):  # unblocked Doolittle, in place
        for i in range(k + 1, n):
            a[i * n + k] /= a[k * n + k]
            f = a[i * n + k]
            for j in range(k + 1, n):
                a[i * n + j] -= f * a[k * n + j]
    expect_close("m", dump.out("m", "f32"), a, 1e-5, 1e-4)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
