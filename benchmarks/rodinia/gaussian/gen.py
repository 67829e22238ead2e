"""Gaussian: writes tests/ (spec.json, matrix files); check() is the reference.

Matrices are diagonally dominant (off-diagonal uniform in [-1, 1), diagonal
n plus the row's absolute sum) so elimination without pivoting is stable;
they come from common/rng.py and are stored as f32 files. b is from the
spec's random generator. The plan repeats Fan1, Fan2 for t = 0 .. n-2.
Outputs a, b, m are compared by max_abs 1e-3 (entries are at most ~2n); the
host zeroes m (Rodinia's InitPerRun), whose upper triangle no kernel writes.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403
from rng import dominant_matrix  # noqa: E402

FAN1_BLOCK = 128
FAN2_BLOCK = 16
# name: (n, seed)
CASES = {"16": (16, 1), "33": (33, 2)}
HELDOUT = {"100": (100, 11), "160": (160, 12)}


def make_case(name, n, seed):
    body = [launch("Fan1", [ceil_div(n, FAN1_BLOCK)], [FAN1_BLOCK], ["m", "a", i32(n), counter("t")]),
            launch("Fan2", [ceil_div(n, FAN2_BLOCK)] * 2, [FAN2_BLOCK, FAN2_BLOCK],
                   ["m", "a", "b", i32(n), counter("t")])]
    buffers = {"a": buf("f32", n * n, file(f"a{n}.f32")),
               "b": buf("f32", n, rand(seed + 100, -10, 10)),
               "m": buf("f32", n * n, fill(0))}
    return case(name, buffers, [repeat(n - 1, body, "t")], ["a", "b", "m"], ("max_abs", 1e-3))


def build():
    every = {**CASES, **HELDOUT}
    files = {f"a{n}.f32": pack("f32", dominant_matrix(n, seed)) for n, seed in every.values()}
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], files)


def check(name, dump):
    n, _ = {**CASES, **HELDOUT}[name]
    a, b, m = dump.inp("a", "f32"), dump.inp("b", "f32"), [0.0] * (n * n)
    for t in range(n - 1):
        for r in range(t + 1, n):
            m[r * n + t] = f = a[r * n + t] / a[t * n + t]
            for c in range(t, n):
                a[r * n + c] -= f * a[t * n + c]
            b[r] -= f * b[t]
    for out, want in (("a", a), ("b", b), ("m", m)):
        expect_close(out, dump.out(out, "f32"), want, 1e-5, 1e-4)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
