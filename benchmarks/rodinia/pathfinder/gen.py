"""PathFinder: writes tests/spec.json; check() is the reference for ref_test.py.

A case is a set of parameters: cols, pyramid height, launches and the seed
of the random costs (integers 0..9); the grid has launches * height + 1
rows, so every launch advances `height` rows. The spec derives the rest:
buffer sizes, the grid (blocks of 256 threads write their central
256 - 2 * height columns); the plan repeats the pyramid launch (its counter
is the launch index, from which the kernel finds its first row), swapping
the two cost rows after each. `vary` admits 1..3000 columns, heights 1..8
and 1..8 launches (about the cost of the held-out cases at the largest).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 256
# Named rows x cols, as the grids are.
CASES = {"9x1000": dict(cols=1000, height=2, launches=4, seed=1),
         "13x700": dict(cols=700, height=4, launches=3, seed=2)}
HELDOUT = {"41x5000": dict(cols=5000, height=4, launches=10, seed=11),
           "61x3000": dict(cols=3000, height=6, launches=10, seed=12)}
PARAMS = {**CASES["9x1000"], "rows": "launches * height + 1", "out": f"{BLOCK} - 2 * height"}
# Any width works (edges are clamped) and any height below 128; the bounds
# keep a drawn case within the held-out cases' blocks x launches x height.
VARY = {"cols": int_range(1, 3000), "height": int_range(1, 8), "launches": int_range(1, 8),
        "seed": int_range(1, 100000)}


def make_case(name, params):
    body = [launch("dynproc_kernel", ["(cols + out - 1) / out"], [BLOCK],
                   [i32("height"), "wall", "src", "dst", i32("cols"), i32("rows"), counter("launch")]),
            swap("src", "dst")]
    buffers = {"wall": buf("i32", "(rows - 1) * cols", rand("seed", 0, 9)),
               "src": buf("i32", "cols", rand("seed + 100", 0, 9)),
               "dst": buf("i32", "cols")}
    return case(name, buffers, [repeat("launches", body, "launch")], ["src"], params=params)


def build():
    return plan_spec(CASES, HELDOUT, make_case, PARAMS, VARY)


def check(name, dump):
    p = {**CASES, **HELDOUT}[name]
    rows, cols = p["launches"] * p["height"] + 1, p["cols"]
    wall = dump.inp("wall", "i32")
    cost = dump.inp("src", "i32")
    for r in range(rows - 1):
        cost = [min(cost[max(c - 1, 0)], cost[c], cost[min(c + 1, cols - 1)]) + wall[r * cols + c]
                for c in range(cols)]
    expect_equal("src", dump.out("src", "i32"), cost)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
