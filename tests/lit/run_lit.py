#!/usr/bin/env python3
"""Runs lit and fails when it discovered fewer tests than expected. Each test
lit did not run (UNSUPPORTED) is named on a line of its own with the
directive that excluded it ("run_lit: skipped tools/x.test: REQUIRES:
ptxas"), for scripts/skipped.py."""
import argparse
import os
import re
import subprocess
import sys

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--lit", required=True, help="path to lit.py")
parser.add_argument("--min-tests", type=int, required=True)
parser.add_argument("suite")
args = parser.parse_args()

proc = subprocess.run([sys.executable, args.lit, "-sv", "--show-unsupported",
                       args.suite],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(proc.stdout)
listed = re.search(r"^Unsupported Tests \(\d+\):\n((?:  \S+ :: \S+\n)+)",
                   proc.stdout, re.M)
for name in re.findall(r":: (\S+)", listed.group(1) if listed else ""):
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
    try:
        lines = open(source, errors="replace").read().splitlines()
    except OSError:
        lines = []
    why = [re.sub(r"^[;#/ ]*", "", l).strip() for l in lines
           if re.search(r"\b(REQUIRES|UNSUPPORTED):", l)]
    print("run_lit: skipped %s: %s" % (name, "; ".join(why) or "unsupported"))
found = re.search(r"Total Discovered Tests: (\d+)", proc.stdout)
discovered = int(found.group(1)) if found else 0
if discovered < args.min_tests:
    print(f"run_lit: lit discovered {discovered} tests, expected at least {args.min_tests}")
    sys.exit(1)
sys.exit(proc.returncode)
