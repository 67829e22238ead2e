#!/usr/bin/env python3
"""Lists every check the last ctest run skipped, with its reason: tests ctest
did not count as run (a GoogleTest GTEST_SKIP, with its message; a test
that exited with its skip code, with its last line of output) and lit tests
lit did not run (the features they require or exclude, as run_lit.py
reports them). ctest hides the output of tests that did not fail; this
reads it back from the JUnit file scripts/test.sh has ctest write.

Usage: scripts/skipped.py [build/Testing/results.xml]"""
import re
import sys
import xml.etree.ElementTree as ET

path = sys.argv[1] if len(sys.argv) > 1 else "build/Testing/results.xml"
try:
    cases = ET.parse(path).getroot().iter("testcase")
except (OSError, ET.ParseError) as e:
    sys.exit("skipped: cannot read %s: %s" % (path, e))


def reason(out):
    """A GTEST_SKIP message, else the output's last line."""
    m = re.search(r": Skipped\n(.*?)\n\[  SKIPPED \]", out, re.S)
    if m:
        return " ".join(m.group(1).split())
    lines = [l.strip() for l in out.splitlines() if l.strip()]
    return lines[-1] if lines else "(no reason given)"


skipped = []  # (check, reason)
for case in cases:
    out = case.findtext("system-out") or ""
    if case.get("status") == "notrun" and case.find("skipped") is not None:
        skipped.append((case.get("name").split("  #")[0], reason(out)))
    for m in re.finditer(r"^run_lit: skipped (\S+): (.*)$", out, re.M):
        skipped.append(("lit " + m.group(1), m.group(2)))

if skipped:
    print("\nSkipped checks (%d), with their reasons:" % len(skipped))
    for check, why in skipped:
        print("  %s: %s" % (check, why))
else:
    print("\nNo check was skipped.")
