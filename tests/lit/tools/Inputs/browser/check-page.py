#!/usr/bin/env python3
"""Loads gevo's HTML pages in headless Chromium and checks what it drew.

For each page: Chromium runs its scripts (virtual time, so it waits for
nothing real) and dumps the DOM. The page must have run its drawing script
(body data-charts="drawn"), recorded no script error (body data-errors,
#gevo-errors) and logged nothing to the console; every chart container
must hold as many points as gevo gave it (data-drawn == data-points > 0).
Prints a line per chart ("chart 'TITLE': N points") and one per page;
exits 1 at the first page that fails, saying why."""
import argparse
import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile


class Dom(html.parser.HTMLParser):
    """The body's attributes, each chart's attributes and spec, the errors."""

    def __init__(self):
        super().__init__()
        self.body = {}
        self.charts = []  # [attrs, spec text]
        self.errors = ""
        self._in = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body":
            self.body = a
        elif tag == "div" and "gevo-chart" in a.get("class", "").split():
            self.charts.append([a, ""])
        elif tag == "script" and a.get("type") == "application/json" and self.charts:
            self._in = "spec"
        elif tag == "pre" and a.get("id") == "gevo-errors":
            self._in = "errors"

    def handle_endtag(self, tag):
        if tag in ("script", "pre"):
            self._in = None

    def handle_data(self, data):
        if self._in == "spec":
            self.charts[-1][1] += data
        elif self._in == "errors":
            self.errors += data


def load(chromium, page, profile):
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
           "--no-first-run", "--user-data-dir=" + profile,
           "--enable-logging=stderr", "--v=0",
           "--virtual-time-budget=10000", "--dump-dom",
           "file://" + os.path.abspath(page)]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=120)
    # Console messages, e.g. [..:INFO:CONSOLE(3)] "Uncaught ...", source: ...
    console = [l for l in proc.stderr.splitlines() if ":CONSOLE(" in l]
    return proc.returncode, proc.stdout, console


def check(chromium, page, profile):
    rc, dom, console = load(chromium, page, profile)
    name = os.path.basename(page)
    if rc != 0 or not dom:
        return f"{name}: chromium exited {rc} without a DOM"
    if console:
        return f"{name}: console: {console[0]}"
    d = Dom()
    d.feed(dom)
    if d.body.get("data-errors") or d.errors.strip():
        return f"{name}: script errors: {d.errors.strip()}"
    if d.body.get("data-charts") != "drawn":
        return f"{name}: the charts were not drawn (is Chart.js inlined?)"
    if not d.charts:
        return f"{name}: no charts"
    for attrs, spec in d.charts:
        title = json.loads(spec)["options"]["plugins"]["title"]["text"]
        want, got = attrs.get("data-points"), attrs.get("data-drawn")
        if got is None or got != want or int(want) == 0:
            return f"{name}: chart '{title}': {got} points drawn of {want}"
        print(f"chart '{title}': {got} points")
    print(f"{name}: {len(d.charts)} charts drawn, no errors")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("chromium")
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as profile:
        for page in args.pages:
            why = check(args.chromium, page, profile)
            if why:
                print("check-page: " + why)
                sys.exit(1)


if __name__ == "__main__":
    main()
