#!/usr/bin/env python3
"""Evolution throughput benchmark: runs gevo-evolve on a kernel for one
generation after the initial one, on the cpu target with the modeled
objective and the default judge, once per JIT tier (--cpu-opt; by default 2,
the tier every variant was compiled at before the tiers, and auto), and
reports evaluations per second, where the time went and the ratios:

- strategy: GEVO's ask/tell (selection, crossover, survival), serial;
- prepare: per candidate, parse the base bitcode, replay the edits, mutate,
  verify, write bitcode and hash it (TBB-parallel over --threads);
- lower: per measured variant, the worker's parse, retarget, instrumentation
  and JIT of the variant (sandboxed workers in parallel);
- run: per measured variant, the kernel's runs on the evaluation cases
  (with the judge's reverse-schedule run);
- engine: the rest of the wall time (cache, logging, checkpoints,
  bookkeeping).

It also reports the CPU utilisation (CPU time of gevo-evolve and its
workers over wall time x cores) and whether the two runs' log.jsonl agree
once timings are left out (a speed change must not change the search).

Kernels: a corpus kernel (default stencil2d_sync, the bundled example), a
Rodinia-style app (e.g. lud) or an ML workload (svm, sgd).

Usage: tests/perf/evolve-throughput.py [--kernel NAME] [--pop N]
           [--generations G] [--threads T] [--workers W] [--tiers 2,auto]
           [--json OUT]
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build", "benchmarks")
SRC = os.path.join(ROOT, "benchmarks")


def kernel_paths(name):
    """The kernel's IR and its tests dir."""
    base = name.replace("_sync", "")
    for ir, tests in (
            (os.path.join(BUILD, "corpus", name + ".ll"),
             os.path.join(SRC, "corpus", "tests", base)),
            (os.path.join(BUILD, "rodinia", name + ".ll"),
             os.path.join(SRC, "rodinia", name, "tests")),
            (os.path.join(BUILD, "ml", name + ".ll"),
             os.path.join(SRC, "ml", name, "tests"))):
        if os.path.exists(ir):
            return ir, tests
    sys.exit("evolve-throughput: no kernel %s under %s (build first)" % (name, BUILD))


def timeless(path):
    """log.jsonl without its timings."""
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items()
                    if k not in ("seconds", "jit_s", "wall_s")}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x
    with open(path) as f:
        return [strip(json.loads(line)) for line in f]


def run(a, kernel, tests, tier, tmp):
    out = os.path.join(tmp, "run-" + tier)
    cmd = [os.path.join(ROOT, "build", "bin", "gevo-evolve"), kernel,
           "--tests", tests, "--objective", "modeled", "--cpu-opt", tier,
           "--pop", str(a.pop), "--generations", str(a.generations),
           "--threads", str(a.threads), "--workers", str(a.workers),
           "--validate-repeat", "1", "--no-minimise", "--out", out, "-q"]
    print("$ " + " ".join(cmd), flush=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = json.load(open(os.path.join(out, "summary.json")))
    config = json.load(open(os.path.join(out, "config.json")))
    t = summary["time_shares"]
    evals = summary["evaluations"]
    w = t["wall_s"]
    # Worker seconds, spread over the workers that ran them in parallel.
    lower_s = t["jit_ms_per_variant"] * evals / 1e3 / a.workers
    run_s = t["kernel_ms_per_variant"] * evals / 1e3 / a.workers
    return {
        "tier": tier, "compiled_at": "O%d" % config["cpu_opt"],
        "evaluations": evals, "cache_hits": summary["cache_hits"],
        "wall_s": w, "evaluations_per_s": t["evaluations_per_s"],
        "prepare_ms_per_candidate": t["prepare_ms_per_candidate"],
        "lower_ms_per_variant": t["jit_ms_per_variant"],
        "run_ms_per_variant": t["kernel_ms_per_variant"],
        "cpu_utilisation": cpu / (wall * os.cpu_count()),
        "shares": {
            "strategy": t["strategy_s"] / w,
            "prepare": t["prepare_s"] / w,
            "lower (in workers)": lower_s / w,
            "run (in workers)": run_s / w,
            "measure, other (dispatch, oracle compare)":
                max(0.0, t["measure_s"] - lower_s - run_s) / w,
            "engine": t["engine_s"] / w,
        },
        "log": timeless(os.path.join(out, "log.jsonl")),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", default="stencil2d_sync",
                    help="corpus kernel, Rodinia-style app or ML workload "
                         "(default stencil2d_sync)")
    ap.add_argument("--pop", type=int, default=128)
    ap.add_argument("--generations", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0, help="0: all cores")
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--tiers", default="2,auto",
                    help="--cpu-opt values to compare, the first the reference")
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()

    kernel, tests = kernel_paths(a.kernel)
    with tempfile.TemporaryDirectory() as tmp:
        runs = [run(a, kernel, tests, tier, tmp) for tier in a.tiers.split(",")]
    ref = runs[0]
    for r in runs:
        print("\n%s, pop %d, --cpu-opt %s (compiled at %s): %d evaluations in "
              "%.1f s: %.1f evaluations/s (%d cache hits), CPU utilisation %.0f%%"
              % (a.kernel, a.pop, r["tier"], r["compiled_at"], r["evaluations"],
                 r["wall_s"], r["evaluations_per_s"], r["cache_hits"],
                 100 * r["cpu_utilisation"]))
        print("prepare %.2f ms per candidate; lower %.1f ms and run %.1f ms per "
              "variant" % (r["prepare_ms_per_candidate"],
                           r["lower_ms_per_variant"], r["run_ms_per_variant"]))
        for name, share in r["shares"].items():
            print("  %-45s %6.2f%%" % (name, 100 * share))
        if r is not ref:
            print("vs --cpu-opt %s: %.2fx evaluations/s, lower %.2fx faster, "
                  "run %.2fx; log.jsonl without timings %s"
                  % (ref["tier"], r["evaluations_per_s"] / ref["evaluations_per_s"],
                     ref["lower_ms_per_variant"] / r["lower_ms_per_variant"],
                     r["run_ms_per_variant"] / ref["run_ms_per_variant"],
                     "identical" if r["log"] == ref["log"] else "DIFFERS"))
    if a.json:
        for r in runs:
            r["log_identical"] = r["log"] == ref["log"]
        for r in runs:
            del r["log"]
        with open(a.json, "w") as f:
            json.dump({"kernel": a.kernel, "pop": a.pop, "runs": runs}, f, indent=2)


main()
