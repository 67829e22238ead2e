#!/usr/bin/env python3
"""Evolution throughput benchmark: runs gevo-evolve on a corpus kernel with a
256-individual population (the paper's default) for one generation after the
initial one, on the cpu target with the modeled objective, and reports
evaluations per second and where the time went:

- strategy: GEVO's ask/tell (selection, crossover, survival), serial;
- prepare: per candidate, parse the base bitcode, replay the edits, mutate,
  verify, write bitcode and hash it (TBB-parallel over --threads);
- lower: per measured variant, the worker's retarget, instrumentation and
  JIT of the variant (the cpu target's lowering; sandboxed workers in
  parallel);
- run: per measured variant, the kernel's runs on the evolution cases;
- engine: the rest of the wall time (cache, logging, checkpoints,
  bookkeeping).

Goals (issue 5): preparation under 20 ms per candidate on average; the
engine's own overhead under 5% of a generation. GEVO's original spent
320-1,200 ms per compiled candidate. Timing is reported, not asserted.

Usage: tests/perf/evolve-throughput.py [--kernel NAME] [--pop N]
           [--generations G] [--threads T] [--workers W] [--json OUT]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", default="stencil2d_sync",
                    help="corpus kernel (default stencil2d_sync)")
    ap.add_argument("--tests", help="its tests dir (default: the corpus's for the kernel)")
    ap.add_argument("--pop", type=int, default=256)
    ap.add_argument("--generations", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0, help="0: all cores")
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()

    kernel = os.path.join(ROOT, "build", "benchmarks", "corpus", a.kernel + ".ll")
    tests = a.tests or os.path.join(ROOT, "benchmarks", "corpus", "tests",
                                    a.kernel.replace("_sync", ""))
    tool = os.path.join(ROOT, "build", "bin", "gevo-evolve")
    for path in (kernel, tests, tool):
        if not os.path.exists(path):
            sys.exit("evolve-throughput: %s not found (build first)" % path)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run")
        cmd = [tool, kernel, "--tests", tests, "--objective", "modeled",
               "--pop", str(a.pop), "--generations", str(a.generations),
               "--threads", str(a.threads), "--workers", str(a.workers),
               "--validate-repeat", "1", "--no-minimise", "--out", out, "-q"]
        print("$ " + " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        summary = json.load(open(os.path.join(out, "summary.json")))
    t = summary["time_shares"]
    wall = t["wall_s"]
    evals = summary["evaluations"]
    # Worker seconds, spread over the workers that ran them in parallel.
    lower_s = t["jit_ms_per_variant"] * evals / 1e3 / a.workers
    run_s = t["kernel_ms_per_variant"] * evals / 1e3 / a.workers
    figures = {
        "kernel": a.kernel, "pop": a.pop, "generations": summary["generations"],
        "evaluations": evals, "cache_hits": summary["cache_hits"],
        "wall_s": wall, "evaluations_per_s": t["evaluations_per_s"],
        "prepare_ms_per_candidate": t["prepare_ms_per_candidate"],
        "lower_ms_per_variant": t["jit_ms_per_variant"],
        "run_ms_per_variant": t["kernel_ms_per_variant"],
        "shares": {
            "strategy": t["strategy_s"] / wall,
            "prepare": t["prepare_s"] / wall,
            "lower (in workers)": lower_s / wall,
            "run (in workers)": run_s / wall,
            "measure, other (dispatch, oracle compare)": max(0.0, t["measure_s"] - lower_s - run_s) / wall,
            "engine": t["engine_s"] / wall,
        },
    }
    print("%s, pop %d: %d evaluations over %d generation(s) in %.1f s: %.1f evaluations/s (%d cache hits)"
          % (a.kernel, a.pop, evals, figures["generations"], wall,
             figures["evaluations_per_s"], figures["cache_hits"]))
    print("prepare %.2f ms per candidate (goal < 20 ms); lower (JIT) %.1f ms and run %.1f ms per variant"
          % (figures["prepare_ms_per_candidate"], figures["lower_ms_per_variant"],
             figures["run_ms_per_variant"]))
    print("share of the wall time:")
    for name, share in figures["shares"].items():
        print("  %-45s %6.2f%%" % (name, 100 * share))
    print("engine overhead %.3f%% (goal < 5%%)" % (100 * figures["shares"]["engine"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(figures, f, indent=2)


main()
