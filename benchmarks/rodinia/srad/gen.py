"""SRAD: writes tests/spec.json; check() is the reference for ref_test.py.

The image is random in [1, 3) (positive, as J = exp(image) is in the
original) from the `seed` param. Each case sets rows, cols, iters, lambda,
the region of interest (r1, r2, c1, c2) and seed; each iteration runs
srad_stats over the region of interest, then srad_cuda_1 and srad_cuda_2
over the whole image (grids of cols / block x rows / block tiles). Output
J, compared by max_abs 1e-3 (pixel values stay in [1, 3]).

"vary" draws rows, cols (multiples of the 16x16 tile) and the seed. The
plan clamps the region of interest into the image (r1 <= rows / 2,
r2 <= rows - 1, likewise for columns), which leaves the cases' regions as
given and a drawn small image a region of at least 8 x 8 pixels. Sizes
stop at 128 x 160 so a drawn case costs at most ~1.25x the largest
held-out case (128x128, 10 iterations).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 16
STATS_THREADS = 256
# name: (rows, cols, iterations, lambda, roi (r1, r2, c1, c2), seed)
CASES = {"32x48": (32, 48, 2, 0.5, (0, 15, 0, 15), 1), "48x32": (48, 32, 3, 0.25, (4, 30, 2, 20), 2)}
HELDOUT = {"128x128": (128, 128, 10, 0.5, (0, 63, 0, 63), 11), "96x160": (96, 160, 6, 0.3, (10, 80, 20, 150), 12)}
DIRS = ["E_C", "W_C", "N_C", "S_C"]
PARAMS = {"block": BLOCK, "stats_threads": STATS_THREADS,
          "rows": 32, "cols": 48, "iters": 2, "lambda": 0.5,
          "r1": 0, "r2": 15, "c1": 0, "c2": 15, "seed": 1,
          "n": "rows * cols",
          # The region of interest clamped into the image (drawn sizes).
          "roi_r1": "min(r1, rows / 2)", "roi_r2": "min(r2, rows - 1)",
          "roi_c1": "min(c1, cols / 2)", "roi_c2": "min(c2, cols - 1)"}
VARY = {"rows": int_range(BLOCK, 128, BLOCK), "cols": int_range(BLOCK, 160, BLOCK),
        "seed": int_range(1, 100000)}


def make_case(name, rows, cols, iters, lam, roi, seed):
    grid, block = ["cols / block", "rows / block"], ["block", "block"]
    stats = ["J", "q0sqr", i32("cols")] + [i32(v) for v in ("roi_r1", "roi_r2", "roi_c1", "roi_c2")]
    body = [launch("srad_stats", [1], ["stats_threads"], stats),
            launch("srad_cuda_1", grid, block, DIRS + ["J", "C", i32("cols"), i32("rows"), "q0sqr"]),
            launch("srad_cuda_2", grid, block, DIRS + ["J", "C", i32("cols"), i32("rows"), f32("lambda")])]
    buffers = {"J": buf("f32", "n", rand("seed", 1, 3)), "C": buf("f32", "n"), "q0sqr": buf("f32", 1)}
    buffers.update({d: buf("f32", "n") for d in DIRS})
    r1, r2, c1, c2 = roi
    params = {"rows": rows, "cols": cols, "iters": iters, "lambda": lam,
              "r1": r1, "r2": r2, "c1": c1, "c2": c2, "seed": seed}
    return case(name, buffers, [repeat("iters", body)], ["J"], ("max_abs", 1e-3), params)


def build():
    return plan_spec(CASES, HELDOUT, make_case, PARAMS, VARY)


def srad_step(J, rows, cols, lam, roi):
    r1, r2, c1, c2 = roi
    vals = [J[r * cols + c] for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
    mean = sum(vals) / len(vals)
    q0 = (sum(v * v for v in vals) / len(vals) - mean * mean) / (mean * mean)
    at = lambda r, c: J[min(max(r, 0), rows - 1) * cols + min(max(c, 0), cols - 1)]  # noqa: E731
    d, C = [], []
    for r in range(rows):
        for c in range(cols):
            jc = at(r, c)
            n, s, w, e = at(r - 1, c) - jc, at(r + 1, c) - jc, at(r, c - 1) - jc, at(r, c + 1) - jc
            g2 = (n * n + s * s + w * w + e * e) / (jc * jc)
            lap = (n + s + w + e) / jc
            q = (0.5 * g2 - lap * lap / 16) / (1 + 0.25 * lap) ** 2
            cc = 1 / (1 + (q - q0) / (q0 * (1 + q0)))
            C.append(min(max(cc, 0.0), 1.0))
            d.append((n, s, w, e))
    out = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            n, s, w, e = d[i]
            cs, ce = C[min(r + 1, rows - 1) * cols + c], C[r * cols + min(c + 1, cols - 1)]
            out.append(J[i] + 0.25 * lam * (C[i] * n + cs * s + C[i] * w + ce * e))
    return out


def check(name, dump):
    rows, cols, iters, lam, (r1, r2, c1, c2), _ = {**CASES, **HELDOUT}[name]
    roi = min(r1, rows // 2), min(r2, rows - 1), min(c1, cols // 2), min(c2, cols - 1)  # as the plan clamps it
    J = dump.inp("J", "f32")
    for _ in range(iters):
        J = srad_step(J, rows, cols, lam, roi)
    expect_close("J", dump.out("J", "f32"), J, 0, 1e-4)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
