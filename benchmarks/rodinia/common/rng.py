"""Deterministic inputs for the gen.py scripts: a 64-bit LCG (Knuth's MMIX
constants). Python standard library only.
"""


def lcg(seed):
    """An endless stream of 31-bit integers."""
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield state >> 33

