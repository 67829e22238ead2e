#!/usr/bin/env python3
"""Measures a kernel's whole tunable space on an NVIDIA GPU and writes it as
a Kernel Tuner cache file (the format `gevo-tune --objective replay:FILE`
and `gevo-tuner-bench families` read).

    measure.py KERNEL OUT.json.gz [--size S] [--seconds N] [--jobs N] [--iterations N]

KERNEL is `dedisperse`, `stencil3d` or `nbody` (the .cu files beside this
script).
Every config of the space that passes the kernel's restrictions is compiled
(NVRTC through CuPy, --jobs processes in parallel), run once to warm up,
then timed --iterations times by CUDA events; its output is checked against
a reference computed on the host. A config that does not compile, does not
launch or gives a wrong output is written with Kernel Tuner's failure
strings. Configs go in a random order (seed 0), so a run cut short by
--seconds measures a random sample of the space, and says so.

Needs CuPy and a GPU; nothing in gevo's build or tests runs it.
"""
import argparse
import gzip
import itertools
import json
import multiprocessing as mp
import os
import random
import sys
import time

try:
    import numpy as np
except ImportError:  # main says what is missing
    np = None

HERE = os.path.dirname(os.path.abspath(__file__))


def product(params):
    keys = list(params)
    for values in itertools.product(*(params[k] for k in keys)):
        yield dict(zip(keys, values))


def satisfies(restrictions, c):
    """Whether config c passes every restriction: a Python expression over
    the parameters, as Kernel Tuner writes them (and the output file keeps)."""
    return all(eval(r, {"__builtins__": {}}, dict(c)) for r in restrictions)


class Dedisperse:
    name = "dedisperse"
    params = {
        "BX": [1, 2, 4, 8, 16, 32, 64, 128, 256],
        "BY": [1, 2, 4, 8, 16, 32],
        "TX": [1, 2, 4, 8],
        "TY": [1, 2, 4, 8],
        "SX": [0, 1],
        "SY": [0, 1],
        "UNROLL": [0, 1, 4],
    }
    restrictions = ["32 <= BX*BY <= 1024", "TX*TY <= 32"]
    sizes = {"512ch": (512, 4096, 256), "1024ch": (1024, 8192, 128)}
    atol = rtol = 1e-5

    def __init__(self, size):
        self.nchan, self.nsamp, self.ndm = self.sizes[size]
        self.problem_size = [self.nchan, self.nsamp, self.ndm]

    def setup(self, cp):
        rng = np.random.default_rng(0)
        # Delays of a 1.2-1.5 GHz band, in samples, per unit DM step.
        freq = np.linspace(1.5, 1.2, self.nchan)
        per = (freq ** -2 - 1.5 ** -2) / (1.2 ** -2 - 1.5 ** -2)
        shifts = np.rint(np.outer(np.arange(self.ndm) * 2.0, per)).astype(np.int32)
        nin = self.nsamp + int(shifts.max())
        data = rng.standard_normal((self.nchan, nin), dtype=np.float32)
        ref = np.zeros((self.ndm, self.nsamp), dtype=np.float32)
        for dm in range(self.ndm):
            for ch in range(self.nchan):
                s = shifts[dm, ch]
                ref[dm] += data[ch, s:s + self.nsamp]
        self.ref = cp.asarray(ref)
        self.dev = [cp.asarray(data), cp.asarray(shifts), cp.zeros_like(cp.asarray(ref))]
        self.args = (self.dev[0], self.dev[1], self.dev[2], np.int32(nin),
                     np.int32(self.nsamp), np.int32(self.nchan), np.int32(self.ndm))
        self.out = self.dev[2]

    def grid(self, c):
        return (-(-self.nsamp // (c["BX"] * c["TX"])), -(-self.ndm // (c["BY"] * c["TY"])), 1)

    def block(self, c):
        return (c["BX"], c["BY"], 1)


class Stencil3d:
    name = "stencil3d"
    params = {
        "BX": [16, 32, 64, 128, 256],
        "BY": [1, 2, 4, 8, 16],
        "TY": [1, 2, 4, 8],
        "TZ": [1, 2, 4, 8, 16, 32, 64],
        "ZREG": [0, 1],
        "UNROLL": [0, 1, 2, 4],
    }
    restrictions = ["32 <= BX*BY <= 1024", "UNROLL <= TZ"]
    sizes = {"512x512x256": (512, 512, 256), "128x1024x512": (128, 1024, 512)}
    atol = rtol = 1e-5

    def __init__(self, size):
        self.nx, self.ny, self.nz = self.sizes[size]
        self.problem_size = [self.nx, self.ny, self.nz]

    def setup(self, cp):
        rng = np.random.default_rng(0)
        a = rng.standard_normal((self.nz, self.ny, self.nx), dtype=np.float32)
        p = np.pad(a, 1)
        ref = (np.float32(0.4) * a + np.float32(0.1) * (
            ((p[1:-1, 1:-1, :-2] + p[1:-1, 1:-1, 2:]) + (p[1:-1, :-2, 1:-1] + p[1:-1, 2:, 1:-1]))
            + (p[:-2, 1:-1, 1:-1] + p[2:, 1:-1, 1:-1])))
        self.ref = cp.asarray(ref)
        self.dev = [cp.asarray(a), cp.zeros_like(cp.asarray(a))]
        self.args = (self.dev[0], self.dev[1], np.int32(self.nx), np.int32(self.ny),
                     np.int32(self.nz))
        self.out = self.dev[1]

    def grid(self, c):
        return (-(-self.nx // c["BX"]), -(-self.ny // (c["BY"] * c["TY"])), -(-self.nz // c["TZ"]))

    def block(self, c):
        return (c["BX"], c["BY"], 1)


class Nbody:
    name = "nbody"
    params = {
        "BLOCK": [32, 64, 128, 256, 512, 1024],
        "ILP": [1, 2, 4, 8],
        "TILE": [32, 64, 128, 256, 512, 1024],
        "SHARED": [0, 1],
        "SOA": [0, 1],
        "UNROLL": [0, 1, 2, 4, 8, 16, 32],
    }
    restrictions = ["BLOCK*ILP <= 2048", "SHARED == 0 or TILE % BLOCK == 0"]
    sizes = {"8k": 8192, "32k": 32768}
    rtol = 1e-3  # float sums of n terms against a float64 reference;
    # atol: 1e-3 of the largest acceleration (setup)

    def __init__(self, size):
        self.n = self.sizes[size]
        self.problem_size = [self.n]

    def setup(self, cp):
        rng = np.random.default_rng(0)
        pos = np.empty((self.n, 4), dtype=np.float32)
        pos[:, :3] = rng.uniform(-1, 1, (self.n, 3))
        pos[:, 3] = rng.uniform(0.5, 1.5, self.n) / self.n
        eps2 = np.float32(1e-2)
        # The reference in float64 on the GPU, 512 bodies i at a time.
        p = cp.asarray(pos, dtype=cp.float64)
        ref = cp.zeros((self.n, 4))
        for i in range(0, self.n, 512):
            d = p[None, :, :3] - p[i:i + 512, None, :3]
            r2 = (d * d).sum(axis=2) + float(eps2)
            ref[i:i + 512, :3] = ((p[None, :, 3] * r2 ** -1.5)[:, :, None] * d).sum(axis=1)
        self.ref = ref
        self.atol = 1e-3 * float(cp.abs(ref).max())
        self.dev = [cp.asarray(pos)] + [cp.asarray(np.ascontiguousarray(pos[:, k])) for k in range(4)]
        self.out = cp.zeros((self.n, 4), dtype=cp.float32)
        self.args = tuple(self.dev) + (self.out, np.int32(self.n), eps2)

    def grid(self, c):
        return (-(-self.n // (c["BLOCK"] * c["ILP"])), 1, 1)

    def block(self, c):
        return (c["BLOCK"], 1, 1)


KERNELS = {k.name: k for k in (Dedisperse, Stencil3d, Nbody)}


def options(c):
    return tuple("-D%s=%d" % kv for kv in c.items())


def source(kernel):
    with open(os.path.join(HERE, kernel + ".cu")) as f:
        return f.read()


def compile_one(job):
    """In a worker: compiles one config into CuPy's disk cache."""
    kernel, c = job
    import cupy as cp
    t = time.perf_counter()
    try:
        cp.RawModule(code=source(kernel), options=options(c)).get_function(kernel)
        return c, None, time.perf_counter() - t
    except Exception as e:  # a config that does not compile
        return c, str(e).splitlines()[0][:200] if str(e) else type(e).__name__, 0.0


def cache_key(c):
    """A config's key in a Kernel Tuner cache: its values in parameter order."""
    return ",".join(str(v) for v in c.values())


def measure(c, mod_fn, k, cp, iterations):
    k.out.fill(0)
    grid, block = k.grid(c), k.block(c)
    mod_fn(grid, block, k.args)  # warm-up
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(iterations):
        a, b = cp.cuda.Event(), cp.cuda.Event()
        a.record()
        mod_fn(grid, block, k.args)
        b.record()
        b.synchronize()
        times.append(cp.cuda.get_elapsed_time(a, b))
    good = bool(cp.all(cp.abs(k.out - k.ref) <= k.atol + k.rtol * cp.abs(k.ref)))
    return times, good


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernel", choices=sorted(KERNELS))
    ap.add_argument("out")
    ap.add_argument("--size", help="the problem size, one of the kernel's presets "
                    "(default: its first)")
    ap.add_argument("--merge", metavar="OLD.json.gz",
                    help="a file of this kernel and size cut short: measure only the "
                    "configs it lacks and write them together")
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--iterations", type=int, default=7)
    a = ap.parse_args()
    try:
        import cupy as cp
    except ImportError:
        sys.exit("measure.py: needs %sCuPy, and a GPU" % ("numpy, " if np is None else ""))
    K = KERNELS[a.kernel]
    size = a.size or next(iter(K.sizes))
    if size not in K.sizes:
        sys.exit("measure.py: %s has no size '%s' (it has %s)" % (a.kernel, size, ", ".join(K.sizes)))
    k = K(size)
    start = time.time()
    k.setup(cp)
    configs = [c for c in product(k.params) if satisfies(k.restrictions, c)]
    random.Random(0).shuffle(configs)
    cache, parts = {}, 1
    if a.merge:
        with gzip.open(a.merge, "rt") as f:
            old = json.load(f)
        if old["kernel_name"] != a.kernel or old.get("problem", size) != size:
            sys.exit("measure.py: %s is not %s %s" % (a.merge, a.kernel, size))
        cache = old["cache"]
        parts = old.get("parts", 1) + 1
        configs = [c for c in configs if cache_key(c) not in cache]
    dev = cp.cuda.runtime.getDeviceProperties(0)
    name = dev["name"].decode() if isinstance(dev["name"], bytes) else dev["name"]
    print("%s %s: %d configs of %d, on %s" % (a.kernel, size, len(configs),
                                          len(list(product(k.params))), name), flush=True)
    counts = {"ok": 0, "compile": 0, "runtime": 0, "wrong": 0}
    src = source(a.kernel)
    cut = False
    with mp.get_context("spawn").Pool(a.jobs) as pool:
        for i, (c, err, ctime) in enumerate(pool.imap(compile_one, [(a.kernel, c) for c in configs],
                                                      chunksize=4)):
            if time.time() - start > a.seconds:
                cut = True
                pool.terminate()
                break
            key = cache_key(c)
            row = dict(c)
            if err:
                row["time"] = "CompilationFailedConfig"
                counts["compile"] += 1
            else:
                try:
                    fn = cp.RawModule(code=src, options=options(c)).get_function(a.kernel)
                    times, good = measure(c, fn, k, cp, a.iterations)
                    if good:
                        row["time"] = float(np.mean(times))
                        row["times"] = times
                        counts["ok"] += 1
                    else:
                        row["time"] = "RuntimeFailedConfig"
                        row["error"] = "wrong output"
                        counts["wrong"] += 1
                except Exception as e:  # a config that does not launch or run
                    row["time"] = "RuntimeFailedConfig"
                    row["error"] = str(e)[:200]
                    counts["runtime"] += 1
                    try:
                        cp.cuda.Device().synchronize()
                    except Exception as sticky:  # the context is lost: stop here
                        print("stopping at a sticky error: %s" % sticky, flush=True)
                        cache[key] = row
                        cut = True
                        break
            row["compile_time"] = ctime * 1000
            cache[key] = row
            if (i + 1) % 500 == 0:
                print("  %d/%d in %.0f s: %s" % (i + 1, len(configs), time.time() - start, counts),
                      flush=True)
    best = min((r["time"] for r in cache.values() if isinstance(r["time"], float)), default=None)
    doc = {
        "device_name": name,
        "kernel_name": a.kernel,
        "problem": size,
        "problem_size": k.problem_size,
        "tune_params_keys": list(k.params),
        "tune_params": k.params,
        "restrictions": k.restrictions,
        "objective": "time",
        "measured_by": "benchmarks/tuners/measured/measure.py",
        "complete": not cut,
        "parts": parts,
        "cache": cache,
    }
    with gzip.open(a.out, "wt") as f:
        json.dump(doc, f)
    print("%s: %d of %d configs measured in %.0f s%s: %s; best %.4f ms" % (
        a.kernel, len(cache), len(cache) - sum(counts.values()) + len(configs),
        time.time() - start, " (cut short)" if cut else "",
        counts, best or float("nan")), flush=True)


if __name__ == "__main__":
    main()
