#!/usr/bin/env python3
"""Compares the base outputs two oracle caches hold (gevo-run
--oracle-cache, one per target) for the kernels both ran: per output
buffer, how many elements differ and by how much.

Usage: compare_oracles.py CPU_CACHE_DIR GPU_CACHE_DIR
"""
import glob
import os
import struct
import sys

# Spec.h's ElemType, in order, with their struct formats.
TYPES = {0: ("i8", "b"), 1: ("u8", "B"), 2: ("i32", "i"), 3: ("u32", "I"),
         4: ("i64", "q"), 5: ("u64", "Q"), 6: ("f32", "f"), 7: ("f64", "d")}


def read_outputs(path):
    """The outputs (type code, bytes) of each case in an oracle file,
    written as gevo-oracle-4 (harness/sandbox/OracleCache.cpp)."""
    data = open(path, "rb").read()
    at = 0

    def u64():
        nonlocal at
        value = struct.unpack_from("<Q", data, at)[0]
        at += 8
        return value

    magic = data[at + 8:at + 8 + u64()]
    at += len(magic)
    if magic != b"gevo-oracle-4":
        return None
    cases = []
    for _ in range(u64()):
        u64(), u64(), u64()  # modeled cost, has error, error
        outputs = []
        for _ in range(u64()):
            kind = u64()
            size = u64()
            outputs.append((kind, data[at:at + size]))
            at += size
        cases.append(outputs)
    return cases


def main(cpu_dir, gpu_dir):
    def load(d):
        found = {}
        for p in glob.glob(os.path.join(d, "*.oracle")):
            outs = read_outputs(p)
            if outs is not None:
                found[p] = outs
        return found

    cpu, gpu = load(cpu_dir), load(gpu_dir)
    # The GPU's cache also holds its cpu gate's oracles: the same files.
    gpu_only = {p: o for p, o in gpu.items()
                if os.path.basename(p) not in {os.path.basename(c) for c in cpu}}
    for cp, co in cpu.items():
        shape = [[(k, len(b)) for k, b in case] for case in co]
        match = [o for o in gpu_only.values()
                 if [[(k, len(b)) for k, b in case] for case in o] == shape]
        if len(match) != 1:
            continue
        for ci, (cc, gc) in enumerate(zip(co, match[0])):
            for bi, ((kind, a), (_, b)) in enumerate(zip(cc, gc)):
                name, fmt = TYPES.get(kind, (str(kind), "B"))
                n = len(a) // struct.calcsize(fmt)
                x = struct.unpack(f"<{n}{fmt}", a[:n * struct.calcsize(fmt)])
                y = struct.unpack(f"<{n}{fmt}", b[:n * struct.calcsize(fmt)])
                diff = [abs(p - q) for p, q in zip(x, y) if p != q]
                print(f"{os.path.basename(cp)[:12]} case {ci} output {bi} "
                      f"({name}, {n}): "
                      + ("bit-identical" if not diff else
                         f"{len(diff)} differ, at most {max(diff):.3g}"))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
