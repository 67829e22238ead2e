#!/usr/bin/env python3
"""measure.py - how much real CUDA gevo takes, measured on a corpus of .cu files.

For each .cu file: compile it with nvcc (the reference: what counts as valid
CUDA), with gevo-cc once per header mode (--cuda-headers nvidia, gevo, and
gevo-cc's default), and run every module gevo-cc produced on its tests dir
with gevo-run on the cpu target. Each run is classified:

  ok           every case ran and its outputs were accepted
  status       the base failed a case with a run status (race, timeout,
               trap = a self-check failed, wrong_output, ...): the cpu target
               worked and judged the kernel
  unsupported  gevo-run refused the module cleanly in one line, naming what
               it cannot run: an inline-PTX instruction, an intrinsic, an
               indirect call (the kind is recorded)
  internal     an internal error: the worker or gevo-run died (a signal),
               "LLVM ERROR", JIT symbols not found, gevo-run hung past the
               timeout, or any other unexpected failure

and the two figures issue 25 defines are printed per mode:
  compile  files gevo-cc compiled among those nvcc compiled
  run      compiled modules whose base ran without an internal error
           (ok, status or unsupported), and the stricter figure that also
           counts unsupported as not run

A file's tests dir is <dir>/tests/<stem>/spec.json or <dir>/<stem>/spec.json.
Standard library only.
"""

import argparse
import collections
import concurrent.futures
import csv
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_DIRS = [os.path.join(HERE, "modern"), HERE]
MODES = ("nvidia", "gevo", "default")
RUN_CLASSES = ("ok", "status", "unsupported", "internal")

INTERNAL_MARKS = ("LLVM ERROR", "server died", "server exited", "died by signal",
                  "killed by SIG", "killed by signal", "ymbols not found",
                  "retargeted module is invalid", "Assertion", "Segmentation fault",
                  "Aborted", "core dumped", "stack overflow")
# What the cpu target refuses cleanly, by kind: (kind, a phrase of its message).
UNSUPPORTED_KINDS = (("inline-ptx", "inline PTX the cpu target cannot run"),
                     ("inline-ptx", "inline PTX ("),
                     ("intrinsic", "does not support intrinsic"),
                     ("indirect-call", "function pointer"),
                     ("other", "not supported by the cpu target"),
                     ("other", "unsupported"))


def fail(msg):
    print("measure.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="measure.py",
        description="Compile a corpus of CUDA files with nvcc and gevo-cc "
        "(--cuda-headers nvidia, gevo and the default), run what gevo-cc "
        "compiled on the cpu target with gevo-run, classify every outcome "
        "and print the compile and run figures of issue 25.",
        epilog="example: benchmarks/corpus/measure.py -j2 --out /tmp/m "
        "(defaults: benchmarks/corpus/modern and benchmarks/corpus, tools "
        "from build/bin). Exit status: 0 measured, 2 bad input.")
    p.add_argument("paths", nargs="*",
                   help=".cu files or directories holding them (not recursive; "
                   "default: benchmarks/corpus/modern and benchmarks/corpus)")
    p.add_argument("--bin", default=os.path.join(REPO, "build", "bin"),
                   help="directory holding gevo-cc and gevo-run (default: build/bin)")
    p.add_argument("--nvcc", default=None,
                   help="nvcc to compare with, or 'none' (default: nvcc on PATH, "
                   "else /usr/local/cuda/bin/nvcc)")
    p.add_argument("--modes", default=",".join(MODES),
                   help="gevo-cc header modes, comma-separated from "
                   "nvidia,gevo,default (default: all three)")
    p.add_argument("--arch", default="sm_80", help="GPU architecture for both compilers")
    p.add_argument("--no-run", action="store_true", help="compile only, run nothing")
    p.add_argument("--timeout", type=int, default=300,
                   help="seconds per compile or run before it counts as hung (default 300)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="files measured in parallel")
    p.add_argument("--out", help="write results.csv and results.json into this directory")
    p.add_argument("--quiet", action="store_true", help="print only the figures")
    args = p.parse_args(argv)
    args.modes = [m for m in args.modes.split(",") if m]
    for m in args.modes:
        if m not in MODES:
            fail("unknown mode '%s' in --modes (known: %s)" % (m, ", ".join(MODES)))
    if args.jobs < 1 or args.timeout < 1:
        fail("-j and --timeout must be at least 1")
    return args


def find_tools(args):
    tools = {}
    for name in ("gevo-cc", "gevo-run"):
        path = os.path.join(args.bin, name)
        if not os.access(path, os.X_OK):
            fail("no executable %s in %s (build it, or pass --bin)" % (name, args.bin))
        tools[name] = path
    nvcc = args.nvcc
    if nvcc is None:
        nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
        if not os.access(nvcc, os.X_OK):
            nvcc = "none"
    elif nvcc != "none" and not os.access(nvcc, os.X_OK):
        fail("--nvcc: no executable %s" % nvcc)
    tools["nvcc"] = None if nvcc == "none" else nvcc
    return tools


def collect(paths):
    files = []
    for p in paths or DEFAULT_DIRS:
        if os.path.isdir(p):
            found = sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".cu"))
            if not found:
                fail("no .cu files in directory %s" % p)
            files += found
        elif os.path.isfile(p) and p.endswith(".cu"):
            files.append(p)
        elif os.path.exists(p):
            fail("not a .cu file or a directory: %s" % p)
        else:
            fail("no such file or directory: %s" % p)
    names = collections.Counter(label(f) for f in files)
    dup = [n for n, c in names.items() if c > 1]
    if dup:
        fail("the same file given twice: %s" % dup[0])
    return files


def label(path):
    """The file relative to benchmarks/corpus, else its directory and name."""
    path = os.path.abspath(path)
    rel = os.path.relpath(path, HERE)
    if not rel.startswith(".."):
        return rel
    return os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path))


def tests_dir(path):
    d, stem = os.path.split(os.path.abspath(path))
    stem = stem[:-3]
    for cand in (os.path.join(d, "tests", stem), os.path.join(d, stem)):
        if os.path.isfile(os.path.join(cand, "spec.json")):
            return cand
    return None


def run(cmd, timeout):
    """(returncode or 'timeout', stdout, stderr); a signal is a negative code."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, errors="replace", text=True)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def first_error(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if re.search(r"\berror\b", l):
            return l
    return lines[0] if lines else "(no message)"


def compile_with(cmd, timeout):
    rc, out, err = run(cmd, timeout)
    if rc == 0:
        return {"compiled": True, "error": ""}
    if rc == "timeout":
        return {"compiled": False, "error": "timed out after %ds" % timeout}
    return {"compiled": False, "error": first_error(err + out)}


def classify_run(rc, out, err, timeout):
    """{'class', 'status', 'message'} of one gevo-run."""
    text = err + out
    if rc == "timeout":
        return {"class": "internal", "status": "hang",
                "message": "gevo-run did not finish in %ds" % timeout}
    if rc < 0 or rc >= 128:
        sig = -rc if rc < 0 else rc - 128
        return {"class": "internal", "status": "signal",
                "message": "gevo-run died by signal %d: %s" % (sig, first_error(text))}
    errors = [l[len("gevo-run: error: "):] for l in err.splitlines()
              if l.startswith("gevo-run: error: ")]
    message = re.sub(r"^\S+\.ll: ", "", errors[0]) if errors else ""
    if any(m in text for m in ("LLVM ERROR", "ymbols not found")):
        return {"class": "internal", "status": "llvm",
                "message": message or first_error(text)}
    if rc in (0, 1) and not errors:
        try:
            cases = json.loads(out)["cases"]
        except (ValueError, KeyError, TypeError):
            return {"class": "internal", "status": "output",
                    "message": "gevo-run printed no JSON: " + first_error(text)}
        bad = [c for c in cases if c.get("status") != "ok"]
        if not bad:
            return {"class": "ok", "status": "ok", "message": ""}
        return {"class": "status", "status": bad[0]["status"],
                "message": "case '%s': %s" % (bad[0].get("name"), bad[0].get("message", ""))}
    m = re.search(r"the unmodified kernel fails case '[^']*': (\w+) ?(.*)", message)
    if m:
        status, detail = m.group(1), m.group(2)
        if status == "crash" and "trapped" in detail:
            status = "trap"
        if status == "crash" and any(k in detail for k in INTERNAL_MARKS):
            return {"class": "internal", "status": "crash", "message": message}
        return {"class": "status", "status": status, "message": message}
    if any(k in message for k in INTERNAL_MARKS):
        return {"class": "internal", "status": "died", "message": message}
    for kind, phrase in UNSUPPORTED_KINDS:
        if phrase in message:
            return {"class": "unsupported", "status": kind, "message": message}
    return {"class": "internal", "status": "error",
            "message": message or first_error(text)}


def measure_file(path, args, tools, work):
    name = label(path)
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
    rec = {"file": name, "tests": tests_dir(path), "nvcc": None, "modes": {}}
    if tools["nvcc"]:
        rec["nvcc"] = compile_with(
            [tools["nvcc"], "-arch=" + args.arch, "-c", path,
             "-o", os.path.join(work, stem + ".o")], args.timeout)
    seen = {}  # IR text -> (first mode, run result): identical modules run once
    for mode in args.modes:
        ll = os.path.join(work, "%s.%s.ll" % (stem, mode))
        cmd = [tools["gevo-cc"], "--arch", args.arch, path, "-o", ll]
        if mode != "default":
            cmd[1:1] = ["--cuda-headers", mode]
        res = compile_with(cmd, args.timeout)
        res["run"] = None
        if res["compiled"] and rec["tests"] and not args.no_run:
            with open(ll, errors="replace") as f:
                ir = f.read()
            if ir in seen:
                res["same_ir_as"] = seen[ir][0]
            else:
                rc, out, err = run([tools["gevo-run"], ll, "--tests", rec["tests"],
                                    "--json"], args.timeout)
                seen[ir] = (mode, classify_run(rc, out, err, args.timeout))
            res["run"] = seen[ir][1]
        rec["modes"][mode] = res
    return rec


def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "n/a"


def summarise(records, modes, have_nvcc):
    summary = {}
    for mode in modes:
        base = [r for r in records if not have_nvcc or r["nvcc"]["compiled"]]
        compiled = [r for r in base if r["modes"][mode]["compiled"]]
        extra = [r["file"] for r in records if r["modes"][mode]["compiled"]
                 and have_nvcc and not r["nvcc"]["compiled"]]
        runs = [r["modes"][mode]["run"] for r in records
                if r["modes"][mode]["run"] is not None]
        classes = collections.Counter(x["class"] for x in runs)
        kinds = {c: dict(collections.Counter(x["status"] for x in runs if x["class"] == c))
                 for c in ("status", "unsupported", "internal")}
        summary[mode] = {
            "reference": len(base), "compiled": len(compiled),
            "compiled_not_by_nvcc": extra,
            "compile_pct": 100.0 * len(compiled) / len(base) if base else None,
            "runs": len(runs), "classes": {c: classes.get(c, 0) for c in RUN_CLASSES},
            "statuses": kinds["status"], "unsupported": kinds["unsupported"],
            "internal": kinds["internal"],
            "no_internal_pct": 100.0 * (len(runs) - classes["internal"]) / len(runs) if runs else None,
            "ran_pct": 100.0 * (classes["ok"] + classes["status"]) / len(runs) if runs else None,
            "same_ir": dict(collections.Counter(r["modes"][mode].get("same_ir_as") for r in records
                                                if r["modes"][mode].get("same_ir_as"))),
        }
    return summary


def short(res):
    if not res["compiled"]:
        return "error", "-"
    r = res["run"]
    if r is None:
        return "ok", "-"
    return "ok", r["status"] if r["class"] == "status" else r["class"]


def print_table(records, modes, have_nvcc):
    width = max(len(r["file"]) for r in records) + 2
    cols = [max(len(m) + 4, 12) for m in modes]
    head = "%-*s %-6s" % (width, "file", "nvcc")
    for m, w in zip(modes, cols):
        head += " %-*s %-*s" % (w - 1, "cc:" + m, w, "run:" + m)
    print(head)
    for r in records:
        line = "%-*s %-6s" % (width, r["file"],
                              ("ok" if r["nvcc"]["compiled"] else "error") if have_nvcc else "-")
        for m, w in zip(modes, cols):
            c, x = short(r["modes"][m])
            line += " %-*s %-*s" % (w - 1, c, w, x)
        print(line)


def normalise(msg):
    msg = re.sub(r"^\S+?\.(cu|ll|h|hpp|cuh)[:(]\d+(:\d+)?\)?:?\s*", "", msg)
    msg = re.sub(r"(^|\s)/\S*/", r"\1", msg)  # absolute paths, not '<cuda/array>'
    msg = re.sub(r"^\S+\.ll: ", "", msg)
    msg = re.sub(r"function '[^']*'", "function F", msg)
    msg = re.sub(r"\bU\d+\b", "U#", msg)
    msg = re.sub(r"case '[^']*'", "case C", msg)
    return msg[:200]


def print_failures(records, modes, have_nvcc):
    groups = collections.OrderedDict()
    for r in records:
        if have_nvcc and not r["nvcc"]["compiled"]:
            groups.setdefault(("nvcc rejects", normalise(r["nvcc"]["error"])), []).append(r["file"])
        for m in modes:
            res = r["modes"][m]
            if not res["compiled"]:
                key = ("compile error [%s]" % m, normalise(res["error"]))
            elif res["run"] and res["run"]["class"] != "ok":
                run_ = res["run"]
                key = ("%s [%s]" % (run_["class"] if run_["class"] == "ok"
                                    else run_["class"] + " " + run_["status"], m),
                       normalise(run_["message"]))
            else:
                continue
            groups.setdefault(key, []).append(r["file"])
        if not r["tests"]:
            groups.setdefault(("no tests dir", "nothing to run"), []).append(r["file"])
    if not groups:
        return
    print("\nfailures, grouped by cause:")
    for (kind, msg), files in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        print("  %s (%d): %s" % (kind, len(files), msg))
        print("      " + " ".join(sorted(set(files))))


def print_summary(summary, have_nvcc, total):
    ref = "nvcc compiled" if have_nvcc else "files (no nvcc: gevo-cc only)"
    print("\n%d files; %s" % (total, "nvcc present" if have_nvcc else "nvcc absent"))
    for mode, s in summary.items():
        c = s["classes"]
        print("[%s] compile: gevo-cc compiled %d / %s %d = %s" % (
            mode, s["compiled"], ref, s["reference"], pct(s["compiled"], s["reference"])))
        if s["compiled_not_by_nvcc"]:
            print("[%s]   also compiled what nvcc rejects: %s" % (
                mode, ", ".join(s["compiled_not_by_nvcc"])))
        if s["runs"]:
            print("[%s] run: without internal error %d / %d compiled with tests = %s "
                  "(ok %d, status %d, unsupported %d, internal %d); ran (ok or status) %s" % (
                      mode, s["runs"] - c["internal"], s["runs"],
                      pct(s["runs"] - c["internal"], s["runs"]), c["ok"], c["status"],
                      c["unsupported"], c["internal"], pct(c["ok"] + c["status"], s["runs"])))
            for other, n in s["same_ir"].items():
                print("[%s]   the same IR as [%s] for %d of %d runs" % (mode, other, n, s["runs"]))
            for key in ("statuses", "unsupported", "internal"):
                if s[key]:
                    print("[%s]   %s: %s" % (mode, key, ", ".join(
                        "%s %d" % kv for kv in sorted(s[key].items()))))


def write_out(out, records, summary, meta):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["file", "nvcc", "nvcc_error", "mode", "compiled", "compile_error",
                    "run_class", "run_status", "run_message"])
        for r in records:
            nv = r["nvcc"]
            for m, res in r["modes"].items():
                run_ = res["run"] or {}
                w.writerow([r["file"], "" if nv is None else int(nv["compiled"]),
                            "" if nv is None else nv["error"], m, int(res["compiled"]),
                            res["error"], run_.get("class", ""), run_.get("status", ""),
                            run_.get("message", "")])
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(dict(meta, summary=summary, files=records), f, indent=1)


def main(argv):
    args = parse_args(argv)
    tools = find_tools(args)
    files = collect(args.paths)
    have_nvcc = tools["nvcc"] is not None
    done, lock = [0], threading.Lock()

    def one(path):
        rec = measure_file(path, args, tools, work)
        with lock:
            done[0] += 1
            if not args.quiet:
                print("[%d/%d] %s" % (done[0], len(files), rec["file"]), file=sys.stderr)
        return rec

    with tempfile.TemporaryDirectory(prefix="gevo-measure-") as work:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            records = list(pool.map(one, files))
    summary = summarise(records, args.modes, have_nvcc)
    if not args.quiet:
        print_table(records, args.modes, have_nvcc)
        print_failures(records, args.modes, have_nvcc)
    print_summary(summary, have_nvcc, len(records))
    if args.out:
        meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "command": " ".join(["measure.py"] + argv), "tools": tools,
                "arch": args.arch, "modes": args.modes}
        write_out(args.out, records, summary, meta)
        print("wrote %s and %s" % (os.path.join(args.out, "results.csv"),
                                   os.path.join(args.out, "results.json")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
