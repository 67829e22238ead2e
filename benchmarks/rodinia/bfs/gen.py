"""BFS: writes tests/ (spec.json, graph files); check() is the reference.

Graphs are undirected: a random spanning tree (node i joins a random
earlier node) plus `extra` random edges, from a fixed-seed LCG; each node's
adjacency list is sorted. Files per graph <name>: nodes (i32 pairs: first
edge, edge count), edges (i32), and the initial frontier, visited flags
(u8) and costs (i32, -1 but 0 at the source); the host clears the updating
flags, as Rodinia's does. Each case sets n (nodes) and num_edges (the edge
list's length); the grid is ceil(n / block). The plan repeats both kernels
until no node joins the frontier (at most n times); the output cost is
exact.

The graph, its size and the source are files, so "vary" draws only the
threads per block (32 .. 1024, warp multiples): the kernels index by
blockIdx * blockDim + threadIdx and bound by n, so any block size is
valid, and a variant that assumes 256 fails there.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403
from rng import lcg  # noqa: E402

BLOCK = 256
# name: (nodes, extra edges, source, seed)
CASES = {"g600": (600, 900, 0, 1), "g1000": (1000, 600, 17, 2)}
HELDOUT = {"g4096": (4096, 8000, 5, 11), "g6000": (6000, 6000, 123, 12)}


def graph(n, extra, seed):
    """Sorted adjacency lists of an undirected connected random graph."""
    r = lcg(seed)
    adj = [set() for _ in range(n)]
    for i in range(1, n):
        j = next(r) % i
        adj[i].add(j)
        adj[j].add(i)
    for _ in range(extra):
        a, b = next(r) % n, next(r) % n
        if a != b:
            adj[a].add(b)
            adj[b].add(a)
    return [sorted(s) for s in adj]


def files(name, n, extra, source, seed):
    adj = graph(n, extra, seed)
    nodes, edges = [], []
    for lst in adj:
        nodes += [len(edges), len(lst)]
        edges += lst
    flags = [1 if i == source else 0 for i in range(n)]
    return {f"{name}.nodes.i32": pack("i32", nodes), f"{name}.edges.i32": pack("i32", edges),
            f"{name}.frontier.u8": pack("u8", flags), f"{name}.cost.i32": pack("i32", [0 if f else -1 for f in flags])}, len(edges)


def make_case(name, n, extra, source, seed):
    _, num_edges = files(name, n, extra, source, seed)
    grid = ["(n + block - 1) / block"]
    body = [fill_step("over", 0),
            launch("bfs_kernel", grid, ["block"], ["nodes", "edges", "mask", "updating", "visited", "cost", i32("n")]),
            launch("bfs_kernel2", grid, ["block"], ["mask", "updating", "visited", "over", i32("n")])]
    buffers = {"nodes": buf("i32", "2 * n", file(f"{name}.nodes.i32")),
               "edges": buf("i32", "num_edges", file(f"{name}.edges.i32")),
               "mask": buf("u8", "n", file(f"{name}.frontier.u8")),
               "visited": buf("u8", "n", file(f"{name}.frontier.u8")),
               "updating": buf("u32", "n", fill(0)), "over": buf("u32", 1),
               "cost": buf("i32", "n", file(f"{name}.cost.i32"))}
    return case(name, buffers, [until_zero("over", "n", body)], ["cost"],
                params={"n": n, "num_edges": num_edges})


def build():
    every = {**CASES, **HELDOUT}
    out = {}
    for name, params in every.items():
        out.update(files(name, *params)[0])
    cases = [make_case(k, *v) for k, v in CASES.items()]
    # Spec-wide defaults: the first case's sizes (every case sets its own).
    spec = {"params": {"block": BLOCK, **cases[0]["params"]},
            "vary": {"block": int_range(32, 1024, 32)}}
    return cases, [make_case(k, *v) for k, v in HELDOUT.items()], out, spec


def check(name, dump):
    n = {**CASES, **HELDOUT}[name][0]
    nodes, edges = dump.inp("nodes", "i32"), dump.inp("edges", "i32")
    cost = dump.inp("cost", "i32")
    queue = collections.deque(i for i in range(n) if cost[i] == 0)
    while queue:
        u = queue.popleft()
        for v in edges[nodes[2 * u]:nodes[2 * u] + nodes[2 * u + 1]]:
            if cost[v] < 0:
                cost[v] = cost[u] + 1
                queue.append(v)
    expect_equal("cost", dump.out("cost", "i32"), cost)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
