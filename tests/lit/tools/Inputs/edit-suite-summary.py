#!/usr/bin/env python3
"""Writes a copy of a gevo-suite summary.json with some apps changed, as an
earlier run for --previous: APP=STATUS:SPEEDUP sets an app (SPEEDUP may be
empty), APP= drops it."""
import json
import sys

src, dst, *changes = sys.argv[1:]
summary = json.load(open(src))
apps = {a["app"]: a for a in summary["apps"]}
for change in changes:
    name, _, value = change.partition("=")
    if not value:
        del apps[name]
        continue
    status, _, speedup = value.partition(":")
    apps[name].update(status=status, heldout_speedup=float(speedup) if speedup else None)
summary["apps"] = list(apps.values())
json.dump(summary, open(dst, "w"), indent=1)
