"""PathFinder: writes tests/spec.json; check() is the reference for ref_test.py.

Costs are random integers 0..9. The plan runs (rows - 1) / height pyramid
launches, each advancing `height` rows, swapping the two cost rows after each.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 256
# name: (rows, cols, pyramid height, seed); (rows - 1) % height == 0
CASES = {"9x1000": (9, 1000, 2, 1), "13x700": (13, 700, 4, 2)}
HELDOUT = {"41x5000": (41, 5000, 4, 11), "61x3000": (61, 3000, 6, 12)}


def make_case(name, rows, cols, height, seed):
    out_cols = BLOCK - 2 * height
    body = [launch("dynproc_kernel", [ceil_div(cols, out_cols)], [BLOCK],
                   [i32(height), "wall", "src", "dst", i32(cols), i32(rows), counter("launch")]),
            swap("src", "dst")]
    buffers = {"wall": buf("i32", (rows - 1) * cols, rand(seed, 0, 9)),
               "src": buf("i32", cols, rand(seed + 100, 0, 9)),
               "dst": buf("i32", cols)}
    return case(name, buffers, [repeat((rows - 1) // height, body, "launch")], ["src"])


def build():
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], {})


def check(name, dump):
    rows, cols, _, _ = {**CASES, **HELDOUT}[name]
    wall = dump.inp("wall", "i32")
    cost = dump.inp("src", "i32")
    for r in range(rows - 1):
        cost = [min(cost[max(c - 1, 0)], cost[c], cost[min(c + 1, cols - 1)]) + wall[r * cols + c]
                for c in range(cols)]
    expect_equal("src", dump.out("src", "i32"), cost)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
