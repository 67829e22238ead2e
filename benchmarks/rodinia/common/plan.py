"""Helpers shared by the Rodinia-style apps' gen.py scripts.

Building a tests dir: small constructors for spec.json pieces (buffers,
launches, loops, cases; harness/README.md documents the format) and
write_tests(), which writes spec.json and any binary input files
deterministically. Checking: Dump reads what `rodinia-check --out` wrote
(each buffer's initial contents and each output) for an app's reference,
and expect_equal / expect_close compare with a message naming the buffer.
Python standard library only.
"""
import array
import json
import os
import sys

TYPECODES = {"i8": "b", "u8": "B", "i32": "i", "u32": "I", "i64": "q",
             "u64": "Q", "f32": "f", "f64": "d"}


def pack(type_, values):
    """Raw little-endian bytes of values as elements of type_."""
    a = array.array(TYPECODES[type_], values)
    if sys.byteorder != "little":
        a.byteswap()
    return a.tobytes()


def unpack(type_, data):
    a = array.array(TYPECODES[type_])
    a.frombytes(data)
    if sys.byteorder != "little":
        a.byteswap()
    return a.tolist()


def buf(type_, count, init=None):
    b = {"type": type_, "count": count}
    if init is not None:
        b["init"] = init
    return b


def fill(value):
    """Every element value: what the host writes (a zeroed accumulator, flag
    or state); a buffer without init is undefined, as cudaMalloc leaves it."""
    return {"fill": value}


def rand(seed, lo, hi):
    return {"random": {"seed": seed, "min": lo, "max": hi}}


def dominant(seed):
    """A square matrix dominant on its diagonal (harness/README.md)."""
    return {"dominant": {"seed": seed}}


def values(vs):
    return {"values": list(vs)}


def file(name):
    return {"file": name}


def i32(v):
    """An i32 argument: a number, or an expression (a str) of the case's
    parameters and loop counters (harness/README.md, "Parameters")."""
    return {"i32": v if isinstance(v, str) else int(v)}


def f32(v):
    return {"f32": v if isinstance(v, str) else float(v)}


def counter(name):
    return {"counter": name}


def expr(e):
    """An i32 argument computed from parameters and counters: "2*it+1"."""
    return {"expr": e}


def int_range(lo, hi, step=None):
    """A "vary" range: integers lo, lo+step, ... up to hi."""
    r = {"min": lo, "max": hi}
    if step:
        r["step"] = step
    return r


def launch(kernel, grid, block, args, shared=0):
    step = {"launch": kernel, "grid": grid, "block": block, "args": args}
    if shared:
        step["shared"] = shared
    return step


def repeat(times, steps, counter_name=None):
    step = {"repeat": times, "steps": steps}
    if counter_name:
        step["counter"] = counter_name
    return step


def until_zero(flag, max_times, steps):
    return {"until_zero": flag, "max": max_times, "steps": steps}


def swap(a, b):
    return {"swap": [a, b]}


def fill_step(buffer, value):
    return {"fill": {"buffer": buffer, "value": value}}


def copy(src, dst):
    return {"copy": {"from": src, "to": dst}}


def constant(symbol, buffer):
    return {"constant": {"symbol": symbol, "buffer": buffer}}


def case(name, buffers, steps, outputs, tolerance=None, params=None):
    """A plan case; params override the spec-wide ones for this case."""
    c = {"name": name}
    if params:
        c["params"] = params
    c.update({"buffers": buffers, "steps": steps, "outputs": outputs})
    if tolerance:
        c["tolerance"] = {"metric": tolerance[0], "max": tolerance[1]}
    return c


def ceil_div(a, b):
    return (a + b - 1) // b


def write_tests(out_dir, cases, heldout, files=None, params=None, vary=None):
    """Writes out_dir/spec.json and each binary file (name -> bytes);
    params are the spec-wide parameters, vary their declared ranges."""
    os.makedirs(out_dir, exist_ok=True)
    for name, data in sorted((files or {}).items()):
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
    spec = {}
    if params:
        spec["params"] = params
    if vary:
        spec["vary"] = vary
    spec.update({"cases": cases, "heldout": heldout})
    with open(os.path.join(out_dir, "spec.json"), "w") as f:
        json.dump(spec, f, indent=1)
        f.write("\n")


def plan_spec(cases, heldout, make_case, params, vary, files=None):
    """build()'s answer for the common shape: make_case(name, value) (or
    make_case(name, *value) when the values are tuples) for each case and
    held-out case, the files, and the spec-wide params and ranges."""
    def made(table):
        return [make_case(k, *v) if isinstance(v, tuple) else make_case(k, v)
                for k, v in table.items()]
    return made(cases), made(heldout), files or {}, {"params": params, "vary": vary}


def main_write(default_dir, build):
    """gen.py's entry point: `gen.py [OUT_DIR]` writes the tests dir.
    build() returns (cases, heldout, files), and may add a fourth element,
    {"params": ..., "vary": ...}, for the spec-wide parameters and ranges."""
    out_dir = sys.argv[1] if len(sys.argv) > 1 else default_dir
    cases, heldout, files, *spec = build()
    write_tests(out_dir, cases, heldout, files, **(spec[0] if spec else {}))


class Dump:
    """One case's dump: inp(name, type) / out(name, type) as lists; a driver
    case's outputs are named by index ("0", "1", ...), with params() and
    error() (its scalar, None when it reports none)."""

    def __init__(self, case_dir):
        self.dir = case_dir

    def _read(self, sub, name, type_):
        with open(os.path.join(self.dir, sub, name + ".bin"), "rb") as f:
            return unpack(type_, f.read())

    def inp(self, name, type_):
        return self._read("in", name, type_)

    def out(self, name, type_):
        return self._read("out", name, type_)

    def params(self):
        with open(os.path.join(self.dir, "in", "params.json")) as f:
            return json.load(f)

    def error(self):
        with open(os.path.join(self.dir, "out", "error.txt")) as f:
            text = f.read()
        return None if text == "none" else float(text)


def expect_equal(name, got, want):
    if len(got) != len(want):
        raise AssertionError(f"{name}: {len(got)} elements, expected {len(want)}")
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            raise AssertionError(f"{name}[{i}] = {g}, expected {w}")


def expect_close(name, got, want, rel, abs_=0.0):
    """|got - want| <= abs_ + rel * |want| elementwise; returns the max error."""
    if len(got) != len(want):
        raise AssertionError(f"{name}: {len(got)} elements, expected {len(want)}")
    worst = 0.0
    for i, (g, w) in enumerate(zip(got, want)):
        err = abs(g - w)
        if not err <= abs_ + rel * abs(w):
            raise AssertionError(f"{name}[{i}] = {g}, expected {w}")
        worst = max(worst, err)
    return worst
