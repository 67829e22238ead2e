#!/usr/bin/env python3
"""How often the GPU disagreed with the cpu gate: per run directory, the
variants the gate rejected (by status) and, of those it passed, the
statuses the GPU gave them.

Usage: gate_agreement.py RUN_DIR...
"""
import collections
import json
import os
import sys


def main(dirs):
    if not dirs:
        sys.exit("usage: gate_agreement.py RUN_DIR...")
    for d in dirs:
        log = os.path.join(d, "log.jsonl")
        if not os.path.exists(log):
            print(f"{d}: no log.jsonl")
            continue
        gate, gpu = collections.Counter(), collections.Counter()
        with open(log) as f:
            for line in f:
                entry = json.loads(line)
                if entry.get("cached"):
                    continue
                gated = (entry.get("detail") or {}).get("gated")
                (gate if gated else gpu)[entry["status"]] += 1
        failed = sum(n for s, n in gpu.items() if s != "ok")
        print(f"{os.path.basename(d.rstrip('/'))}: {sum(gate.values())} "
              f"rejected by the cpu gate {dict(gate)}; {sum(gpu.values())} "
              f"run on the GPU {dict(gpu)}: {failed} failed there")


if __name__ == "__main__":
    main(sys.argv[1:])
