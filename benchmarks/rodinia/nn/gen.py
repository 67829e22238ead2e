"""NN: writes tests/spec.json; check() is the reference for ref_test.py.

A case is a set of parameters: the record count, the grid's x extent, the
query point (lat, lng) and the seed of the records, random (lat, lng) pairs
with latitudes and longitudes both uniform in [0, 90) (one generator fills
the interleaved buffer). The spec derives the blocks of `block` threads, one
thread per record, and the grid's y extent. Outputs are distances of order
10..100, compared by max_rel 1e-5 (a few float ulps). `vary` admits up to
the largest held-out case's records, any block size of whole warps (the
kernel indexes by blockDim), grid widths 1..128 and queries in the records'
square.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403

CASES = {"5000": dict(records=5000, grid_x=8, lat=30.0, lng=90.0, seed=1),
         "3001": dict(records=3001, grid_x=16, lat=45.5, lng=12.25, seed=2)}
HELDOUT = {"60000": dict(records=60000, grid_x=64, lat=10.0, lng=20.0, seed=11),
           "100003": dict(records=100003, grid_x=128, lat=75.0, lng=5.0, seed=12)}
PARAMS = {**CASES["5000"], "block": 256, "blocks": "(records + block - 1) / block"}
# A grid wider than the blocks needed leaves whole blocks idle, which the
# kernel's bounds test covers too.
VARY = {"records": int_range(1, 100003), "block": int_range(32, 1024, 32),
        "grid_x": int_range(1, 128), "lat": {"min": 0.0, "max": 90.0},
        "lng": {"min": 0.0, "max": 90.0}, "seed": int_range(1, 100000)}


def make_case(name, params):
    grid = ["grid_x", "(blocks + grid_x - 1) / grid_x"]
    steps = [launch("euclid", grid, ["block"], ["records", "distances", i32("records"), f32("lat"), f32("lng")])]
    buffers = {"records": buf("f32", "2 * records", rand("seed", 0, 90)),
               "distances": buf("f32", "records")}
    return case(name, buffers, steps, ["distances"], ("max_rel", 1e-5), params)


def build():
    return plan_spec(CASES, HELDOUT, make_case, PARAMS, VARY)


def check(name, dump):
    p = {**CASES, **HELDOUT}[name]
    r = dump.inp("records", "f32")
    want = [math.hypot(p["lat"] - r[2 * i], p["lng"] - r[2 * i + 1]) for i in range(p["records"])]
    expect_close("distances", dump.out("distances", "f32"), want, 1e-6)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
