#!/usr/bin/env python3
"""Runs lit and fails when it discovered fewer tests than expected."""
import argparse
import re
import subprocess
import sys

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--lit", required=True, help="path to lit.py")
parser.add_argument("--min-tests", type=int, required=True)
parser.add_argument("suite")
args = parser.parse_args()

proc = subprocess.run([sys.executable, args.lit, "-sv", args.suite],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(proc.stdout)
found = re.search(r"Total Discovered Tests: (\d+)", proc.stdout)
discovered = int(found.group(1)) if found else 0
if discovered < args.min_tests:
    print(f"run_lit: lit discovered {discovered} tests, expected at least {args.min_tests}")
    sys.exit(1)
sys.exit(proc.returncode)
