"""Streamcluster: writes tests/spec.json (driver cases); check() is the reference.

The cases run the C++ driver tests/driver.cpp (hand-written, not
generated): online k-median clustering of a generated stream with
pgain_kernel inside the host local search. Each case's params give the
stream (n points of dim coordinates in blobs around `clusters` centres,
drawn with data_seed), the chunk size, kmin..kmax and the search seed.
The metric is the driver's scalar: the final clustering's cost over the
cost of the generating centres, accepted up to the base's plus 0.01
(different but equally good clusterings pass; exact centres would reject
any variant that reorders a float sum, since one flipped pgain decision
changes the rest of the search).

Spec-wide params: the varied ones, n, dim, data_seed and seed (defaults:
the first case's). Each case still sets all of its params (kmin = the
blob count, kmax and chunk are its own), so drawn cases ("vary") keep a
case's chunk size, blob count, spread and kmin..kmax and take another n
(the driver splits the stream into ceil(n / chunk) equal chunks), dim and
seeds. The bounds: n and dim up to the largest held-out case's (a drawn
case then costs about as much as it), down to n 200 and dim 2, the
smallest tried (blobs overlap most in 2 dimensions).

check() regenerates the stream independently and requires of the
driver's outputs: between kmin and kmax centres, weights that add up to
n, the reported error equal to the recomputed cost ratio, and a
clustering within 10% of the generating centres' cost.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403
from rng import lcg  # noqa: E402

# name: (n, dim, chunk, kmin, kmax, clusters, spread, data_seed, seed)
CASES = {"n600d4": (600, 4, 200, 4, 6, 4, 0.05, 1, 11),
         "n384d6": (384, 6, 128, 5, 8, 5, 0.04, 2, 12)}
HELDOUT = {"n2400d8": (2400, 8, 800, 8, 14, 8, 0.05, 21, 31),
           "n2000d5": (2000, 5, 500, 6, 12, 6, 0.06, 22, 32)}
KEYS = ("n", "dim", "chunk", "kmin", "kmax", "clusters", "spread", "data_seed", "seed")
# The base kernel's search ends with kmin..kmax centres (status ok) on every
# case at the corners n 200 / 2400 x dim 2 / 8, and on 80 random draws.
VARY = {"n": int_range(200, 2400), "dim": int_range(2, 8),
        "data_seed": int_range(1, 100000), "seed": int_range(1, 100000)}
TOLERANCE = 0.01
QUALITY = 1.10


def make_case(name, values):
    return {"name": name, "driver": "driver.cpp", "params": dict(zip(KEYS, values)),
            "tolerance": {"metric": "driver", "max": TOLERANCE}}


def build():
    # A case's own params win over the spec-wide ones, so those only give
    # the varied names their defaults.
    first = dict(zip(KEYS, next(iter(CASES.values()))))
    params = {k: first[k] for k in VARY}
    return ([make_case(k, v) for k, v in CASES.items()],
            [make_case(k, v) for k, v in HELDOUT.items()], {},
            {"params": params, "vary": VARY})


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def stream(p):
    """The driver's points (f32 values) and generating centres (float64)."""
    r = lcg(p["data_seed"])

    def uniform():
        return next(r) / 2147483648.0

    dim, clusters = p["dim"], p["clusters"]
    truth = [uniform() for _ in range(clusters * dim)]
    points = []
    for _ in range(p["n"]):
        c = next(r) % clusters
        for d in range(dim):
            u = uniform() + uniform() + uniform() + uniform()
            points.append(f32(truth[c * dim + d] + p["spread"] * (u - 2)))
    return points, truth


def cost_to(points, centres, dim):
    total = 0.0
    for i in range(0, len(points), dim):
        best = float("inf")
        for c in range(0, len(centres), dim):
            s = 0.0
            for d in range(dim):
                diff = points[i + d] - centres[c + d]
                s += diff * diff
            best = min(best, s)
        total += best
    return total


def check(name, dump):
    p = dump.params()
    dim = p["dim"]
    points, truth = stream(p)
    centres, weights = dump.out("0", "f32"), dump.out("1", "f32")
    k = len(weights)
    assert len(centres) == k * dim, f"{len(centres)} coordinates for {k} centres"
    assert p["kmin"] <= k <= p["kmax"], f"{k} centres, not in [{p['kmin']}, {p['kmax']}]"
    assert sum(weights) == p["n"], f"weights add up to {sum(weights)}, not {p['n']}"
    ratio = cost_to(points, centres, dim) / cost_to(points, truth, dim)
    err = dump.error()
    assert abs(ratio - err) <= 1e-9 * ratio, f"error {err}, recomputed {ratio}"
    assert ratio <= QUALITY, f"cost {ratio:.4f} x the generating centres'"


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
