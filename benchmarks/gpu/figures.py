#!/usr/bin/env python3
"""The figures of GEVO runs on a GPU (gevo-evolve --target cuda|hip).

Usage: figures.py OUT_DIR   (every run directory under it)

Prints a Markdown table: per run, the device, evaluations per second, the
share of variants the cpu gate rejected, the base's measured time per case
with its timed runs and 95% CI, the held-out speedup (and whether every
interleaved validation round agrees), and the Spearman rank correlation
between the cpu target's modeled time and the GPU time over every variant
timed on the GPU.
"""
import json
import os
import sys


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(xs, ys):
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else None


def heldout(held):
    """The held-out result: the final variant's, else the best tried."""
    noise = lambda h: " (beyond noise)" if h.get("outside_noise") else ""
    if "speedup" in held:
        return "%s %.3fx%s" % (held["status"], held["speedup"], noise(held))
    best = held.get("best")
    if not best:
        return held.get("status", "?")
    return "%s (best tried: %s, %.3fx%s)" % (held.get("status", "?"),
                                             best["status"], best["speedup"],
                                             noise(best))


def run_figures(path):
    summary = json.load(open(os.path.join(path, "summary.json")))
    modeled, measured, gated, fresh = [], [], 0, 0
    for line in open(os.path.join(path, "log.jsonl")):
        e = json.loads(line)
        if e.get("cached"):
            continue
        fresh += 1
        d = e.get("detail", {})
        gated += bool(d.get("gated"))
        cases = d.get("cases", [])
        if e["status"] != "ok" or not all("time_ms" in c and "modeled_ms" in c
                                          for c in cases):
            continue
        modeled.append(sum(c["modeled_ms"] for c in cases))
        measured.append(sum(c["time_ms"] for c in cases))
    on = summary.get("measured_on", {})
    held = summary.get("heldout", {})
    base = "; ".join("%s %.4g ms (%d runs, +-%.2f%%)" %
                     (c["name"], c["time_ms"], c["runs"], c["ci_pct"])
                     for c in on.get("base_cases", []))
    rho = spearman(modeled, measured)
    return {
        "run": os.path.basename(path),
        "device": on.get("gpu", on.get("target", "?")),
        "evals": summary.get("evaluations", 0),
        "evals_per_s": summary.get("time_shares", {}).get("evaluations_per_s", 0),
        "gated": gated / fresh if fresh else 0,
        "base": base,
        "heldout": heldout(held),
        "timed": len(measured),
        "spearman": "n/a" if rho is None else "%.3f" % rho,
    }


def main():
    out = sys.argv[1]
    rows = []
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name)
        if os.path.isfile(os.path.join(path, "summary.json")):
            rows.append(run_figures(path))
        elif os.path.isfile(os.path.join(path, "config.json")):
            rows.append({"run": name, "device": "(no summary: the run did "
                         "not finish)"})
    keys = ["run", "device", "evals", "evals_per_s", "gated", "timed",
            "spearman", "heldout", "base"]
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for r in rows:
        cells = []
        for k in keys:
            v = r.get(k, "")
            cells.append("%.1f" % v if k == "evals_per_s" and v != "" else
                         "%.0f%%" % (100 * v) if k == "gated" and v != "" else
                         str(v))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
