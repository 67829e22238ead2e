"""ctest rodinia.suite: gevo-suite over every app, one cheap generation each.

    suite_test.py --suite gevo-suite --ir-dir DIR --out DIR SUITE_DIR APP...

Runs gevo-suite on SUITE_DIR (one generation of 4, one attempt per child,
one held-out round: about 40 s on 2 cores) into a fresh --out and checks
that the suite exits 0, that every APP (and no other) reached status ok
after one generation, and that summary.md, summary.csv and summary.html
each have its row. Exit 0 when all hold.
"""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time

CHEAP = ["--generations", "1", "--pop", "4", "--objective", "modeled", "--jobs", "1",
         "--evolve-arg=--max-retries=0", "--evolve-arg=--init-dist=1",
         "--evolve-arg=--validate-repeat=1", "--evolve-arg=--validate-max=1",
         "--evolve-arg=--validate-variants=1"]


def problems(out, apps):
    summary = json.load(open(os.path.join(out, "summary.json")))
    found = [a["app"] for a in summary["apps"]]
    if sorted(found) != sorted(apps):
        yield f"apps in summary.json: {found}, expected {sorted(apps)}"
    for a in summary["apps"]:
        if a["status"] != "ok" or a["generations"] != 1:
            yield f"{a['app']}: status {a['status']} after {a['generations']} generations: {a['message']}"
    md = open(os.path.join(out, "summary.md")).read()
    rows = {r["app"]: r for r in csv.DictReader(open(os.path.join(out, "summary.csv")))}
    html = open(os.path.join(out, "summary.html")).read()
    # The bar chart's categories, from its Chart.js spec in the page.
    bars = set()
    for spec in re.findall(r'<script type="application/json">(.*?)</script>', html):
        bars.update(json.loads(spec)["data"].get("labels", []))
    for app in apps:
        if f"\n| {app} | " not in md:
            yield f"{app}: no row in summary.md"
        if rows.get(app, {}).get("status") != "ok":
            yield f"{app}: not ok in summary.csv"
        if app not in bars or f">{app}</a></td>" not in html:
            yield f"{app}: no bar or no row in summary.html"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--suite", required=True)
    p.add_argument("--ir-dir", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("suite_dir")
    p.add_argument("apps", nargs="+")
    a = p.parse_args()
    shutil.rmtree(a.out, ignore_errors=True)
    start = time.monotonic()
    run = subprocess.run([a.suite, a.suite_dir, "--ir-dir", a.ir_dir, "--out", a.out] + CHEAP,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(run.stdout)
    print(f"suite_test: gevo-suite took {time.monotonic() - start:.1f} s")
    if run.returncode != 0:
        print(f"suite_test: gevo-suite exited {run.returncode}")
        return 1
    found = list(problems(a.out, a.apps))
    for line in found:
        print("suite_test:", line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
