#!/usr/bin/env python3
"""Figures of benchmarks/cluster/README.md from scaling.sh's two runs.

Per evaluation: the MPI path's overhead (the lone run's time per
evaluation against the MPI run's, both with one worker building and
measuring), rank 0's dispatching, and rank 0's costs by kind. Then a model
of one generation (a batch of B candidates) on N ranks of one worker each,
rank 0 only searching: rank 0 does the serial work (ask, tell, cache, log,
checkpoint, dispatch) for each candidate; the ranks build and measure,
ceil(B/N) variants one after another. Batches are synchronous, so
    evaluations/s = B / (T0 + Te),   T0 = B * serial,   Te = ceil(B / N) * t,
with t a worker's seconds per evaluation. Rank 0 is the bottleneck where
T0 > Te."""
import json
import math
import re
import sys

out = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1


def summary(run):
    with open(f"{out}/{run}/summary.json") as f:
        return json.load(f)


def per_eval_ms(s):
    return 1e3 * s["time_shares"]["wall_s"] / s["evaluations"]


def median(xs):
    xs = sorted(xs)
    return (xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2


ta = [per_eval_ms(summary(f"alone{r}")) for r in range(1, rounds + 1)]
tm = [per_eval_ms(summary(f"mpi{r}")) for r in range(1, rounds + 1)]
diffs = [m - a for a, m in zip(ta, tm)]
# Rank 0's own costs, from the last MPI run.
mpi = summary(f"mpi{rounds}")
with open(f"{out}/mpi{rounds}.txt") as f:
    text = f.read()
dispatch_ms = float(re.search(r"([0-9.]+) ms dispatching", text).group(1))
cpu_ms = float(re.search(r"([0-9.]+) ms of CPU in all", text).group(1))
n = mpi["evaluations"]
t = mpi["time_shares"]
prepare_ms = t["prepare_ms_per_candidate"]
serial_ms = 1e3 * (t["strategy_s"] + t["engine_s"] + t["callbacks_s"]) / n
serial_ms += dispatch_ms
worker_s = t["measure_s"] / n  # one worker built and measured everything

print(f"evaluations per run: {n}; {rounds} round(s), medians\n")
print("| per evaluation | ms |\n| --- | ---: |")
print(f"| wall, one process, one worker | {median(ta):.3f} |")
print(f"| wall, 2 ranks (rank 1's one worker) | {median(tm):.3f} |")
print(f"| overhead of the MPI path (difference; rounds: "
      f"{', '.join(f'{d:+.3f}' for d in diffs)}) | {median(diffs):+.3f} |")
print(f"| rank 0 dispatching (encode, send, receive, decode) | {dispatch_ms:.3f} |")
print(f"| a rank building a candidate (thread time) | {prepare_ms:.3f} |")
print(f"| rank 0 serial: ask, tell, cache, log, checkpoint, dispatch | {serial_ms:.3f} |")
print(f"| rank 0 CPU in all while evolving | {cpu_ms:.3f} |")
print(f"| a rank's worker building and measuring a variant (t) | "
      f"{1e3 * worker_s:.3f} |")
print()
print("Model (ranks of one worker, batch = max(64, N), as --pop and "
      "--batch-size would be set):\n")
print("| ranks N | batch B | T0 ms | Te ms | evaluations/s | rank 0 busy |")
print("| ---: | ---: | ---: | ---: | ---: | ---: |")
for ranks in (8, 64, 256, 512):
    b = max(64, ranks)
    t0 = b * serial_ms
    te = math.ceil(b / ranks) * 1e3 * worker_s
    rate = b / ((t0 + te) / 1e3)
    print(f"| {ranks} | {b} | {t0:.1f} | {te:.1f} | {rate:.0f} | "
          f"{100 * t0 / (t0 + te):.0f}% |")
