"""HotSpot: writes tests/spec.json; check() is the reference for ref_test.py.

The chip model's constants (silicon, 16 mm die, 0.5 mm thick) give the
per-cell capacitance and resistances; the launch plan repeats `launches`
pyramid launches of `height` time steps each, swapping the two temperature
buffers after each.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 16
AMB = 80.0
# name: (rows, cols, pyramid height, launches, seed)
CASES = {"64x64": (64, 64, 2, 4, 1), "40x72": (40, 72, 1, 6, 2)}
HELDOUT = {"128x128": (128, 128, 2, 10, 11), "150x200": (150, 200, 3, 6, 12)}


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


def make_case(name, rows, cols, height, launches, seed):
    n = rows * cols
    out = BLOCK - 2 * height
    sdc, rxi, ryi, rzi = coefficients(rows, cols)
    body = [launch("calculate_temp", [ceil_div(cols, out), ceil_div(rows, out)], [BLOCK, BLOCK],
                   [i32(height), "power", "src", "dst", i32(cols), i32(rows),
                    f32(sdc), f32(rxi), f32(ryi), f32(rzi), f32(AMB)]),
            swap("src", "dst")]
    buffers = {"power": buf("f32", n, rand(seed, 0, 0.001)),
               "src": buf("f32", n, rand(seed + 100, 320, 345)),
               "dst": buf("f32", n)}
    # After each launch's swap the newest temperatures are in "src".
    return case(name, buffers, [repeat(launches, body)], ["src"], ("max_abs", 1e-3))


def build():
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], {})


def check(name, dump):
    rows, cols, height, launches, _ = {**CASES, **HELDOUT}[name]
    sdc, rxi, ryi, rzi = coefficients(rows, cols)
    p = dump.inp("power", "f32")
    t = dump.inp("src", "f32")
    for _ in range(height * launches):
        nt = [0.0] * (rows * cols)
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                v = t[i]
                nn, ss = t[max(r - 1, 0) * cols + c], t[min(r + 1, rows - 1) * cols + c]
                ww, ee = t[r * cols + max(c - 1, 0)], t[r * cols + min(c + 1, cols - 1)]
                nt[i] = v + sdc * (p[i] + (ss + nn - 2 * v) * ryi + (ee + ww - 2 * v) * rxi + (AMB - v) * rzi)
        t = nt
    expect_close("src", dump.out("src", "f32"), t, 0, 1e-3)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
