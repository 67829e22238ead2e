#!/usr/bin/env python3
"""Leave-one-family-out choice over the runs CSVs of gevo-tuner-bench families.

    python3 benchmarks/tuners/lofo.py RUNS.csv... [--trials-label 200]

Merges the CSVs (mode,family,file,strategy,seed,frac; a run in several
CSVs counts once, and must have the same fraction in each), and per space
mode:
per family and row the mean over files of the median fraction of the
optimum and the share of runs within 3%; then for each real family F the
row with the best score on the other families (mean median + share within
3%, averaged over them; the synthetic family always trains), and its
figures on F. A row must have runs on every family to be chosen. Rows
that tie (scores within 1e-9, e.g. the same runs under two names) are all
named, with each one's figures, instead of one picked by its name.
"""
import csv
import statistics
import sys
from collections import defaultdict


def main(paths):
    runs = defaultdict(dict)  # (mode, family, file, row) -> {seed: frac}
    for p in paths:
        try:
            with open(p) as f:
                for r in csv.DictReader(f):
                    seeds = runs[(r["mode"], r["family"], r["file"], r["strategy"])]
                    frac = float(r["frac"])
                    if seeds.setdefault(r["seed"], frac) != frac:
                        raise ValueError(f"seed {r['seed']} of {r['strategy']} on {r['file']} "
                                         f"({r['mode']}) differs from an earlier CSV's")
        except KeyError as e:
            sys.exit(f"lofo.py: error: {p}: no column {e} (not a runs CSV of gevo-tuner-bench)")
        except (OSError, ValueError) as e:
            sys.exit(f"lofo.py: error: {p}: {e}")
    runs = {k: list(v.values()) for k, v in runs.items()}
    for mode in sorted({k[0] for k in runs}):
        cells = defaultdict(list)  # (family, row) -> [(median, within)]
        for (m, fam, _, row), fr in runs.items():
            if m == mode:
                within = sum(x >= 0.97 - 1e-12 for x in fr) / len(fr)
                cells[(fam, row)].append((statistics.median(fr), within))
        fams = sorted({f for f, _ in cells})
        rows = sorted({r for _, r in cells})
        rows = [r for r in rows if all((f, r) in cells for f in fams)]

        def cell(f, r):
            c = cells[(f, r)]
            return (sum(x for x, _ in c) / len(c), sum(y for _, y in c) / len(c))

        print(f"\n{mode}: leave one family out\n\n| left out | chosen | on the left-out family | best row on it |")
        print("|---|---|---|---|")
        for out in fams:
            if out == "synthetic":
                continue
            train = [f for f in fams if f != out]
            score = lambda r: sum(sum(cell(f, r)) for f in train) / len(train)
            chosen = tied(rows, score)
            top = tied(rows, lambda r: sum(cell(out, r)))
            figures = lambda r: "{:.3f}, {:.0f}%".format(cell(out, r)[0], 100 * cell(out, r)[1])
            print(f"| {out} | {' = '.join(chosen)} | {' / '.join(map(figures, chosen))} | "
                  f"{' = '.join(top)} ({figures(top[0])}) |")


def tied(rows, score):
    """The rows of the best score, sorted by name (one unless scores tie)."""
    best = max(map(score, rows))
    return [r for r in rows if score(r) >= best - 1e-9]


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("lofo.py: error: usage: lofo.py RUNS.csv...")
    main(sys.argv[1:])
