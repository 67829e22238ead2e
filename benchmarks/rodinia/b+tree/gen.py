"""B+tree: writes tests/ (spec.json, tree and query files); check() is the reference.

Keys are distinct sorted random integers (common/rng.py); record i holds
key i, and record values come from the spec's random generator. The tree
is bulk-loaded bottom-up, every node filled to FILL slots, and laid out
top-down with the root at node 0: each node is 3 + 2 (ORDER + 1) i32
(location, indices, keys, is_leaf, num_keys). An internal node's keys are
its children's smallest keys, the first INT_MIN. Queries: point keys
(mostly present, some absent) and ranges between two present keys. Outputs
are exact. The host zeroes the walk's state (every query starts at the
root, node 0) and the answers, as Rodinia's does, so absent keys leave 0.

Spec-wide params: the kernel's ORDER (order, node_ints derived), and per
case the record and query counts, the tree's node count and height, and
record_seed, the seed of the record values. The tree and queries are files
(bulk-loaded from the keys), so their sizes cannot vary; drawn cases
("vary") take other record_seed values, i.e. other record values behind
the same keys.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403
from rng import lcg  # noqa: E402

ORDER, FILL = 32, 24
INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1
# name: (records, queries, seed)
CASES = {"r2000": (2000, 64, 1), "r700": (700, 40, 2)}
HELDOUT = {"r20000": (20000, 500, 11), "r9000": (9000, 300, 12)}
# Any seed gives valid record values (i32 in [0, 1e6]); the lookups do not
# depend on them.
VARY = {"record_seed": int_range(1, 100000)}


def keys_of(records, seed):
    r = lcg(seed)
    return sorted({next(r) % (records * 8) for _ in range(records * 2)})[:records]


def build_tree(keys):
    """(nodes as int lists, height), root first."""
    leaves = [list(range(i, min(i + FILL, len(keys)))) for i in range(0, len(keys), FILL)]
    levels = [[("leaf", ids, [keys[i] for i in ids]) for ids in leaves]]
    while len(levels[-1]) > 1:  # (kind, children or records, smallest keys)
        below = list(range(len(levels[-1])))
        levels.append([("inner", below[i:i + FILL], [levels[-1][c][2][0] for c in below[i:i + FILL]])
                       for i in range(0, len(below), FILL)])
    levels.reverse()
    first = [sum(len(lv) for lv in levels[:d]) for d in range(len(levels))]
    nodes = []
    for d, level in enumerate(levels):
        for kind, items, ks in level:
            leaf = kind == "leaf"
            indices = items if leaf else [first[d + 1] + c for c in items]
            node_keys = ks if leaf else [INT_MIN] + ks[1:]
            pad = ORDER + 1 - len(items)
            nodes.append([len(nodes)] + indices + [1 << 30] * pad + node_keys + [INT_MAX] * pad +
                         [int(leaf), len(items)])
    return nodes, len(levels) - 1


def queries(keys, count, seed):
    r = lcg(seed + 1000)
    point = [keys[next(r) % len(keys)] if k % 5 else next(r) % (len(keys) * 8) for k in range(count)]
    lo = [next(r) % len(keys) for _ in range(count)]
    hi = [min(a + next(r) % 50, len(keys) - 1) for a in lo]
    return point, [keys[a] for a in lo], [keys[b] for b in hi]


def files(name, records, count, seed):
    keys = keys_of(records, seed)
    nodes, height = build_tree(keys)
    point, start, end = queries(keys, count, seed)
    return {f"{name}.tree.i32": pack("i32", [v for n in nodes for v in n]),
            f"{name}.keys.i32": pack("i32", point), f"{name}.start.i32": pack("i32", start),
            f"{name}.end.i32": pack("i32", end)}, len(nodes), height


def make_case(name, records, count, seed):
    q = lambda: buf("i32", "queries")  # noqa: E731
    z = lambda: buf("i32", "queries", fill(0))  # noqa: E731
    grid, block = ["queries"], ["order"]
    steps = [launch("findK", grid, block, [i32("height"), "knodes", i32("nodes"), "records",
                                           "curr", "offset", "keys", "ans"]),
             launch("findRangeK", grid, block, [i32("height"), "knodes", i32("nodes"), "curr2",
                                                "offset2", "last", "offset3", "start", "end",
                                                "recstart", "reclength"])]
    buffers = {"knodes": buf("i32", "nodes * node_ints", file(f"{name}.tree.i32")),
               "records": buf("i32", "records", rand("record_seed", 0, 1000000)),
               "keys": buf("i32", "queries", file(f"{name}.keys.i32")),
               "start": buf("i32", "queries", file(f"{name}.start.i32")),
               "end": buf("i32", "queries", file(f"{name}.end.i32")),
               "curr": z(), "offset": z(), "ans": z(), "curr2": z(), "offset2": z(), "last": z(),
               "offset3": z(), "recstart": q(), "reclength": q()}
    return case(name, buffers, steps, ["ans", "recstart", "reclength"],
                params=case_params(name, records, count, seed))


def case_params(name, records, count, seed):
    _, num_nodes, height = files(name, records, count, seed)
    return {"records": records, "queries": count, "nodes": num_nodes, "height": height,
            "record_seed": seed}


def build():
    out = {}
    for name, params in {**CASES, **HELDOUT}.items():
        out.update(files(name, *params)[0])
    # Each case sets its own; the spec-wide defaults are the first case's.
    first, values = next(iter(CASES.items()))
    params = {"order": ORDER, "node_ints": "3 + 2 * (order + 1)", **case_params(first, *values)}
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], out,
            {"params": params, "vary": VARY})


def check(name, dump):
    records, _, seed = {**CASES, **HELDOUT}[name]
    where = {k: i for i, k in enumerate(keys_of(records, seed))}
    values = dump.inp("records", "i32")
    ans = [values[where[k]] if k in where else 0 for k in dump.inp("keys", "i32")]
    start = [where.get(k, 0) for k in dump.inp("start", "i32")]
    length = [where[e] - s + 1 for e, s in zip(dump.inp("end", "i32"), start)]
    expect_equal("ans", dump.out("ans", "i32"), ans)
    expect_equal("recstart", dump.out("recstart", "i32"), start)
    expect_equal("reclength", dump.out("reclength", "i32"), length)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
