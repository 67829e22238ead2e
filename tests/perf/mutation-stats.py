#!/usr/bin/env python3
"""Mutation statistics benchmark: runs `gevo-mutate --stats` on kernels and
checks the quality goals of the passes (every applied mutation verifies,
lowers to PTX that ptxas accepts and replays identically; at least 95% of
attempts apply). Timing is reported, not asserted: compare it to GEVO's
llvm-mutate (75-90 ms per mutation) and to the 1 ms goal.

Usage: tests/perf/mutation-stats.py [--attempts N] [--no-ptx] [--json OUT] [KERNEL.ll ...]
Without kernels it runs every kernel of build/benchmarks/corpus.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def have_ptxas():
    cuda = os.environ.get("CUDA_PATH") or os.environ.get("CUDA_HOME") or "/usr/local/cuda"
    return os.path.exists(os.path.join(cuda, "bin", "ptxas"))


def run_stats(tool, kernel, attempts, seed, ptx):
    cmd = [tool, "--stats", str(attempts), "--seed", str(seed), kernel]
    if ptx:
        cmd.append("--check-ptx")
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out)


def problems(stats, ptx):
    found = []
    for op, s in stats["ops"].items():
        if s["verified"] != s["applied"]:
            found.append(f"{op}: {s['applied'] - s['verified']} applied mutants do not verify")
        if s["applied"] < 0.95 * s["attempts"]:
            found.append(f"{op}: only {s['applied']}/{s['attempts']} attempts applied")
        if s["replay_identical"] != s["applied"]:
            found.append(f"{op}: {s['applied'] - s['replay_identical']} edits do not replay identically")
        if ptx and s["ptx_ok"] != s["verified"]:
            found.append(f"{op}: {s['verified'] - s['ptx_ok']} verified mutants fail PTX lowering/ptxas")
    return found


def print_table(name, stats, ptx):
    print(f"\n{name}: {stats['instructions']} IR instructions")
    head = f"  {'op':9}{'attempts':>9}{'applied':>9}{'verified':>9}"
    head += f"{'ptx_ok':>8}" if ptx else ""
    print(head + f"{'replay':>8}{'median us':>11}{'p90 us':>9}")
    for op, s in stats["ops"].items():
        row = f"  {op:9}{s['attempts']:>9}{s['applied']:>9}{s['verified']:>9}"
        row += f"{s['ptx_ok']:>8}" if ptx else ""
        print(row + f"{s['replay_identical']:>8}{s['median_us']:>11.1f}{s['p90_us']:>9.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kernels", nargs="*")
    ap.add_argument("--attempts", type=int, default=200, help="mutations per op and kernel (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-ptx", action="store_true", help="skip the PTX/ptxas check")
    ap.add_argument("--json", help="also write all statistics to this file")
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "bin", "gevo-mutate"))
    args = ap.parse_args()
    kernels = args.kernels or sorted(glob.glob(os.path.join(ROOT, "build", "benchmarks", "corpus", "*.ll")))
    if not kernels:
        sys.exit("mutation-stats: no kernels (build first: scripts/build.sh)")
    ptx = not args.no_ptx and have_ptxas()
    if not args.no_ptx and not ptx:
        print("mutation-stats: ptxas not found (set CUDA_PATH): PTX check skipped")
    report, failures = {}, []
    for k in kernels:
        name = os.path.basename(k)
        stats = run_stats(args.tool, k, args.attempts, args.seed, ptx)
        report[name] = stats
        print_table(name, stats, ptx)
        failures += [f"{name}: {p}" for p in problems(stats, ptx)]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
    if failures:
        print("\nFAILED goals:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print(f"\nall goals met on {len(kernels)} kernel(s): verified == applied, applied >= 95% of attempts,"
          f" replay identical{', ptx_ok == verified' if ptx else ''}")


if __name__ == "__main__":
    main()
