"""NN: writes tests/spec.json; check() is the reference for ref_test.py.

Records are random (lat, lng) pairs, latitudes and longitudes both uniform in
[0, 90) (one generator fills the interleaved buffer). Outputs are distances
of order 10..100, compared by max_rel 1e-5 (a few float ulps).
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

BLOCK = 256
# name: (records, grid x, query lat, query lng, seed); grid y = the rest
CASES = {"5000": (5000, 8, 30.0, 90.0, 1), "3001": (3001, 16, 45.5, 12.25, 2)}
HELDOUT = {"60000": (60000, 64, 10.0, 20.0, 11), "100003": (100003, 128, 75.0, 5.0, 12)}


def make_case(name, records, grid_x, lat, lng, seed):
    grid = [grid_x, ceil_div(ceil_div(records, BLOCK), grid_x)]
    steps = [launch("euclid", grid, [BLOCK], ["records", "distances", i32(records), f32(lat), f32(lng)])]
    buffers = {"records": buf("f32", 2 * records, rand(seed, 0, 90)),
               "distances": buf("f32", records)}
    return case(name, buffers, steps, ["distances"], ("max_rel", 1e-5))


def build():
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], {})


def check(name, dump):
    records, _, lat, lng, _ = {**CASES, **HELDOUT}[name]
    r = dump.inp("records", "f32")
    want = [math.hypot(lat - r[2 * i], lng - r[2 * i + 1]) for i in range(records)]
    expect_close("distances", dump.out("distances", "f32"), want, 1e-6)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
