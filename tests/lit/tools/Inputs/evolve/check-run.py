#!/usr/bin/env python3
"""check-run.py RUN_DIR [--improved]: checks that a finished gevo-evolve run
directory is complete and consistent: every file DESIGN.md lists, one log
line per evaluation numbered in order, a generations.csv row per generation,
the summary's best edits in best/kernel.edits, and with --improved a best
variant cheaper than the base that passed held-out validation. Prints what
it checked; exits 1 with the first inconsistency."""
import csv
import json
import os
import sys


def fail(msg):
    print("check-run: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    run = sys.argv[1]
    improved = "--improved" in sys.argv[2:]
    path = lambda *p: os.path.join(run, *p)
    for f in ["config.json", "base.ll", "log.jsonl", "generations.csv",
              "pareto.json", "checkpoint", "summary.json", "report.html"]:
        if not os.path.isfile(path(f)):
            fail("missing " + f)
    config = json.load(open(path("config.json")))
    summary = json.load(open(path("summary.json")))
    log = [json.loads(line) for line in open(path("log.jsonl"))]
    if [e["i"] for e in log] != list(range(len(log))):
        fail("log.jsonl is not numbered 0..n-1")
    if len(log) != summary["evaluations"]:
        fail("%d log lines but %d evaluations" % (len(log), summary["evaluations"]))
    rows = list(csv.DictReader(open(path("generations.csv"))))
    if len(rows) != summary["generations"] + 1:
        fail("%d generation rows for %d generations" % (len(rows), summary["generations"]))
    if config["generations"] and summary["generations"] != config["generations"]:
        fail("ran %d of %d generations" % (summary["generations"], config["generations"]))
    evals = [int(r["evaluations"]) for r in rows]
    if evals != sorted(evals) or evals[-1] > len(log):
        fail("generation rows' evaluation counts are not cumulative")
    if "best" not in summary:
        if improved:
            fail("no best variant")
        print("run ok: %d evaluations, no variant better than the base" % summary["evaluations"])
        return
    for f in ["best/kernel.ll", "best/kernel.edits", "best/kernel.diff"]:
        if not os.path.isfile(path(f)):
            fail("missing " + f)
    edits = [l for l in open(path("best/kernel.edits")).read().splitlines() if l]
    if edits != summary["best"]["edits"]:
        fail("best/kernel.edits differs from summary.json's best edits")
    base = summary["base"]["objectives"][0]
    best = summary["best"]["objectives"][0]
    if improved and not (best < base and summary["heldout"]["status"] == "ok"):
        fail("no improvement that passed held-out validation: base %g, best %g, held-out %s"
             % (base, best, summary["heldout"]["status"]))
    print("run ok: %d evaluations, %d generations, base %g, best %g, held-out %s"
          % (len(log), len(rows) - 1, base, best, summary["heldout"]["status"]))


main()
