"""Particle filter: writes tests/ (spec.json, videos); check() is the reference.

Video (u8, frames x rows x cols): background 100, a disk of radius 5 at 228
that starts at (cols / 3, 3 rows / 4) and moves by (+1, -2) per frame, plus
Gaussian noise (sigma 5) from common/rng.py, clamped to 0..255. Particles
start on the object's first position; per-particle seeds are random u32.
The plan is written in spec parameters (PARAMS; a case sets its video size
and length, particle count and seed), one repeat over the tracked frames with
the frame as counter. Drawn cases (VARY) take any case's video and draw how
many of its frames to track, the particle count and the seed; the videos are
files, so their sizes cannot vary.
Output: the estimate (weighted mean x, y) of every tracked frame, compared
by max_abs 0.25 px. Not the resampled indices or positions: a weight sum
reordered by one rounding step moves a CDF entry across some u[i] often
enough (about 2 eps N^2 chances a frame) that exact indices would reject
sound variants; one moved particle shifts an estimate by about its spread / N.
"""
import bisect
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403
from rng import lcg  # noqa: E402

BLOCK, RADIUS, SCALE = 128, 5, 2000.0
# name (cols x rows): (cols, rows, frames, particles, seed)
CASES = {"64x64": (64, 64, 5, 512, 1), "48x40": (48, 40, 6, 300, 2)}
HELDOUT = {"96x96": (96, 96, 8, 2000, 11), "128x80": (128, 80, 10, 1500, 12)}
OBJXY = [v for dy in range(-RADIUS, RADIUS + 1) for dx in range(-RADIUS, RADIUS + 1)
         if dx * dx + dy * dy <= RADIUS * RADIUS for v in (dx, dy)]


def start(cols, rows):
    return cols // 3, rows * 3 // 4


def truth(cols, rows, frame):
    x0, y0 = start(cols, rows)
    return x0 + frame, y0 - 2 * frame


def video(cols, rows, frames, seed):
    r = lcg(seed)
    out = []
    for f in range(frames):
        ox, oy = truth(cols, rows, f)
        for y in range(rows):
            for x in range(cols):
                base = 228 if (x - ox) ** 2 + (y - oy) ** 2 <= RADIUS * RADIUS else 100
                u, v = 1 - (next(r) >> 7) / float(1 << 24), (next(r) >> 7) / float(1 << 24)
                noise = math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * v)
                out.append(min(max(base + round(5 * noise), 0), 255))
    return out


# Spec-wide parameters; a case sets its own video size, particles and seed.
# frames is the video's (the file's) length; tracked <= frames is how many of
# its frames the plan runs through (frame 0 is the start), so drawn cases may
# track fewer frames of any video. x0, y0: the object's first position.
PARAMS = {"cols": 64, "rows": 64, "frames": 5, "tracked": "frames", "n": 512, "seed": 1,
          "block": BLOCK, "nb": "(n + block - 1) / block", "disk": len(OBJXY) // 2,
          "x0": "cols / 3", "y0": "rows * 3 / 4"}
# Drawn cases: tracked up to the shortest video (64x64's 5 frames); from half
# a block of particles (a partial single block; 64 still track within 0.5 px,
# and f32 matched the float64 track() there) up to the held-out cases' 2000
# (find_index is O(n^2) a frame); any seed of the per-particle streams.
VARY = {"tracked": int_range(2, 5), "n": int_range(64, 2000), "seed": int_range(1, 100000)}


def make_case(name, cols, rows, frames, n, seed):
    body = [launch("likelihood_kernel", ["nb"], ["block"],
                   ["arrayX", "arrayY", "xj", "yj", "objxy", "I", "weights", "partial_sums", "seed",
                    i32("n"), i32("disk"), i32("cols"), i32("rows"), counter("k")]),
            launch("sum_kernel", [1], [1], ["partial_sums", i32("nb")]),
            launch("normalize_weights_kernel", [1], ["block"],
                   ["weights", i32("n"), "partial_sums", "arrayX", "arrayY", "CDF", "u", "seed",
                    "estimate", counter("k")]),
            launch("find_index_kernel", ["nb"], ["block"], ["arrayX", "arrayY", "CDF", "u", "xj", "yj", i32("n")])]
    buffers = {"I": buf("u8", "cols * rows * frames", file(f"{name}.video.u8")),
               "objxy": buf("i32", "2 * disk", values(OBJXY)),
               "seed": buf("u32", "n", rand("seed", 1, 2**31 - 1)),
               "xj": buf("f32", "n", {"fill": "x0"}), "yj": buf("f32", "n", {"fill": "y0"}),
               "arrayX": buf("f32", "n"), "arrayY": buf("f32", "n"), "weights": buf("f32", "n"),
               "partial_sums": buf("f32", "nb"), "CDF": buf("f32", "n"), "u": buf("f32", "n"),
               "estimate": buf("f32", "2 * (tracked - 1)")}
    params = {"cols": cols, "rows": rows, "frames": frames, "n": n, "seed": seed}
    return case(name, buffers, [repeat("tracked - 1", body, "k")], ["estimate"], ("max_abs", 0.25), params)


def build():
    files = {f"{k}.video.u8": pack("u8", video(v[0], v[1], v[2], v[4])) for k, v in {**CASES, **HELDOUT}.items()}
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], files, {"params": PARAMS, "vary": VARY})


class Streams:
    """The kernels' per-particle LCG (u32) and its uniform and normal draws."""

    def __init__(self, seeds):
        self.s = list(seeds)

    def randu(self, i):
        self.s[i] = (self.s[i] * 1103515245 + 12345) % (1 << 32)
        return (self.s[i] >> 8) / float(1 << 24)

    def randn(self, i):
        u = 1 - self.randu(i)
        return math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * self.randu(i))


def track(I, cols, rows, frames, n, seeds, x0, y0):
    """Estimates (x, y) per tracked frame, in float64."""
    rng, xj, yj, est = Streams(seeds), [float(x0)] * n, [float(y0)] * n, []
    offsets = list(zip(OBJXY[0::2], OBJXY[1::2]))
    for k in range(frames - 1):
        base = (k + 1) * cols * rows
        xs, ys, w = [], [], []
        for i in range(n):
            x = xj[i] + 1 + 5 * rng.randn(i)
            y = yj[i] - 2 + 2 * rng.randn(i)
            cx, cy = math.floor(x + 0.5), math.floor(y + 0.5)
            vals = [I[base + min(max(cy + dy, 0), rows - 1) * cols + min(max(cx + dx, 0), cols - 1)]
                    for dx, dy in offsets]
            lk = sum(256 * v - (228 * 228 - 100 * 100) for v in vals) / len(offsets) / SCALE
            xs.append(x)
            ys.append(y)
            w.append(math.exp(lk) / n)
        total = sum(w)
        w = [v / total for v in w]
        est.append((sum(a * b for a, b in zip(w, xs)), sum(a * b for a, b in zip(w, ys))))
        cdf, c = [], 0.0
        for v in w:
            c += v
            cdf.append(c)
        u1 = rng.randu(0) / n
        idx = [min(bisect.bisect_left(cdf, u1 + i / n), n - 1) for i in range(n)]
        xj, yj = [xs[j] for j in idx], [ys[j] for j in idx]
    return est


def check(name, dump):
    cols, rows, frames, n, _ = {**CASES, **HELDOUT}[name]
    x0, y0 = start(cols, rows)
    est = track(dump.inp("I", "u8"), cols, rows, frames, n, dump.inp("seed", "u32"), x0, y0)
    got = dump.out("estimate", "f32")
    expect_close("estimate", got, [v for e in est for v in e], 0, 0.25)
    # The tracker itself works: every estimate within 1 px of the object.
    expect_close("estimate vs the true path", got,
                 [v for k in range(frames - 1) for v in truth(cols, rows, k + 1)], 0, 1.0)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
