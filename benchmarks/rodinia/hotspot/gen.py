"""HotSpot: writes tests/spec.json; check() is the reference for ref_test.py.

A case is a set of parameters: rows, cols, pyramid height, launches and the
seed of the random power and temperatures. The spec derives the rest: the
grid (blocks of 16x16 threads write their central 16 - 2 * height cells),
buffer sizes and the per-cell coefficients of the chip model (silicon, 16
mm die, 0.5 mm thick), which simplify to expressions of rows and cols. The
plan repeats `launches` pyramid launches of `height` time steps each,
swapping the two temperature buffers after each. `vary` admits any chip up
to 128x128, heights 1..4 and 1..6 launches (about the cost of the held-out
cases at the largest).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 16
AMB = 80.0
CASES = {"64x64": dict(rows=64, cols=64, height=2, launches=4, seed=1),
         "40x72": dict(rows=40, cols=72, height=1, launches=6, seed=2)}
HELDOUT = {"128x128": dict(rows=128, cols=128, height=2, launches=10, seed=11),
           "150x200": dict(rows=150, cols=200, height=3, launches=6, seed=12)}
PARAMS = {**CASES["64x64"], "n": "rows * cols", "out": f"{BLOCK} - 2 * height"}
# Any size works (edges are clamped); heights above 4 shrink a block's output
# to under 8x8 cells, which multiplies the blocks past the held-out cost.
VARY = {"rows": int_range(1, 128), "cols": int_range(1, 128), "height": int_range(1, 4),
        "launches": int_range(1, 6), "seed": int_range(1, 100000)}


def coefficients(rows, cols):
    """(step/Cap, 1/Rx, 1/Ry, 1/Rz) of the thermal RC model for one cell."""
    chip, t_chip, heat, k_si, factor, max_pd, precision = 0.016, 0.0005, 1.75e6, 100.0, 0.5, 3.0e6, 0.001
    gw, gh = chip / cols, chip / rows
    cap = factor * heat * t_chip * gw * gh
    rx = gw / (2.0 * k_si * t_chip * gh)
    ry = gh / (2.0 * k_si * t_chip * gw)
    rz = t_chip / (k_si * gh * gw)
    step = precision / (max_pd / (factor * t_chip * heat))
    return step / cap, 1.0 / rx, 1.0 / ry, 1.0 / rz


# coefficients() with the constants folded in (cell width 0.016 / cols,
# height 0.016 / rows); equal to it in f32 for every size below 300x300.
COEFFICIENTS = [f32("rows * cols / 768000.0"), f32("0.1 * cols / rows"),
                f32("0.1 * rows / cols"), f32("51.2 / (rows * cols)")]


def make_case(name, params):
    grid = ["(cols + out - 1) / out", "(rows + out - 1) / out"]
    body = [launch("calculate_temp", grid, [BLOCK, BLOCK],
                   [i32("height"), "power", "src", "dst", i32("cols"), i32("rows"),
                    *COEFFICIENTS, f32(AMB)]),
            swap("src", "dst")]
    buffers = {"power": buf("f32", "n", rand("seed", 0, 0.001)),
               "src": buf("f32", "n", rand("seed + 100", 320, 345)),
               "dst": buf("f32", "n")}
    # After each launch's swap the newest temperatures are in "src".
    return case(name, buffers, [repeat("launches", body)], ["src"], ("max_abs", 1e-3), params)


def build():
    return plan_spec(CASES, HELDOUT, make_case, PARAMS, VARY)


def check(name, dump):
    p = {**CASES, **HELDOUT}[name]
    rows, cols = p["rows"], p["cols"]
    sdc, rxi, ryi, rzi = coefficients(rows, cols)
    pw = dump.inp("power", "f32")
    t = dump.inp("src", "f32")
    for _ in range(p["height"] * p["launches"]):
        nt = [0.0] * (rows * cols)
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                v = t[i]
                nn, ss = t[max(r - 1, 0) * cols + c], t[min(r + 1, rows - 1) * cols + c]
                ww, ee = t[r * cols + max(c - 1, 0)], t[r * cols + min(c + 1, cols - 1)]
                nt[i] = v + sdc * (pw[i] + (ss + nn - 2 * v) * ryi + (ee + ww - 2 * v) * rxi + (AMB - v) * rzi)
        t = nt
    expect_close("src", dump.out("src", "f32"), t, 0, 1e-3)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
