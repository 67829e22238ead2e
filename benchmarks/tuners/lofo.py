#!/usr/bin/env python3
"""Leave-one-family-out choice over the runs CSVs of gevo-tuner-bench families.

    python3 benchmarks/tuners/lofo.py [--joint] RUNS.csv...

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

With --joint one row is chosen per left-out family for both space modes
at once (its score averaged over the other families in both modes: one
default serves both), and its figures on F are given in each mode.
"""
import csv
import statistics
import sys
from collections import defaultdict


def load(paths):
    """{(mode, family, file, row): [frac per seed]} from the runs CSVs."""
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
    return {k: list(v.values()) for k, v in runs.items()}


def cells_of(runs, mode):
    """{(family, row): (mean over files of the median, of the share within 3%)}."""
    per_file = defaultdict(list)
    for (m, fam, _, row), fr in runs.items():
        if m == mode:
            within = sum(x >= 0.97 - 1e-12 for x in fr) / len(fr)
            per_file[(fam, row)].append((statistics.median(fr), within))
    return {k: (sum(x for x, _ in c) / len(c), sum(y for _, y in c) / len(c))
            for k, c in per_file.items()}


def main(paths, joint):
    runs = load(paths)
    modes = sorted({k[0] for k in runs})
    cells = {m: cells_of(runs, m) for m in modes}
    # Each table: the modes its choice is scored on.
    tables = [modes] if joint else [[m] for m in modes]
    for ms in tables:
        fams = sorted({f for m in ms for f, _ in cells[m]})
        rows = sorted({r for m in ms for _, r in cells[m]})
        rows = [r for r in rows if all((f, r) in cells[m] for f in fams for m in ms)]
        figures = lambda m, f, r: "{:.3f}, {:.0f}%".format(cells[m][(f, r)][0],
                                                          100 * cells[m][(f, r)][1])
        if joint:
            print(f"\n{' and '.join(ms)}, one row for both: leave one family out\n")
            print("| left out | chosen | " + " | ".join(f"{m} on the left-out family" for m in ms)
                  + " |")
            print("|---|---|" + "---|" * len(ms))
        else:
            print(f"\n{ms[0]}: leave one family out\n\n"
                  "| left out | chosen | on the left-out family | best row on it |")
            print("|---|---|---|---|")
        for out in fams:
            if out == "synthetic":
                continue
            train = [f for f in fams if f != out]
            score = lambda r: sum(sum(cells[m][(f, r)]) for f in train for m in ms) / (
                len(train) * len(ms))
            chosen = tied(rows, score)
            if joint:
                print(f"| {out} | {' = '.join(chosen)} | " + " | ".join(
                    ' / '.join(figures(m, out, r) for r in chosen) for m in ms) + " |")
                continue
            m = ms[0]
            top = tied(rows, lambda r: sum(cells[m][(out, r)]))
            print(f"| {out} | {' = '.join(chosen)} | "
                  f"{' / '.join(figures(m, out, r) for r in chosen)} | "
                  f"{' = '.join(top)} ({figures(m, out, top[0])}) |")


def tied(rows, score):
    """The rows of the best score, sorted by name (one unless scores tie)."""
    best = max(map(score, rows))
    return [r for r in rows if score(r) >= best - 1e-9]


if __name__ == "__main__":
    args = sys.argv[1:]
    joint = "--joint" in args
    paths = [a for a in args if a != "--joint"]
    if not paths:
        sys.exit("lofo.py: error: usage: lofo.py [--joint] RUNS.csv...")
    main(paths, joint)
