"""Deterministic inputs for the gen.py scripts: a 64-bit LCG (Knuth's MMIX
constants) and what the apps build from it. Python standard library only.
"""


def lcg(seed):
    """An endless stream of 31-bit integers."""
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield state >> 33


def uniform(seed, count, lo=-1.0, hi=1.0):
    """count floats uniform in [lo, hi), each exact in f32."""
    r = lcg(seed)
    return [lo + (hi - lo) * (next(r) >> 7) / float(1 << 24) for _ in range(count)]


def dominant_matrix(n, seed):
    """Row-major n x n matrix: off-diagonal uniform in [-1, 1), diagonal n
    plus the row's absolute sum, so elimination without pivoting is stable."""
    a = uniform(seed, n * n)
    for i in range(n):
        a[i * n + i] = n + sum(abs(v) for v in a[i * n:(i + 1) * n])
    return a
