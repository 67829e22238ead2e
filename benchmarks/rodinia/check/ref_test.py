"""ctest rodinia.<app>.ref: the kernel's outputs against an independent reference.

    ref_test.py --tool rodinia-check --kernel APP.ll --app DIR [--heldout]
                [--driver-cache DIR]

Runs the app's cases on the cpu target with `rodinia-check --out` (which
dumps every buffer's initial contents and every output), then calls the
app's DIR/gen.py `check(case_name, dump)`, a reference written from the
algorithm in plain Python, on each case. Exit 0 when every case matches.
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import plan  # noqa: E402


def load_gen(app_dir):
    spec = importlib.util.spec_from_file_location("gen", os.path.join(app_dir, "gen.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tool", required=True)
    p.add_argument("--kernel", required=True)
    p.add_argument("--app", required=True)
    p.add_argument("--heldout", action="store_true")
    p.add_argument("--driver-cache", help="where rodinia-check builds C++ drivers")
    a = p.parse_args()
    gen = load_gen(a.app)
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [a.tool, a.kernel, "--tests", os.path.join(a.app, "tests"), "--out", tmp]
        cmd += ["--heldout"] if a.heldout else []
        cmd += ["--driver-cache", a.driver_cache] if a.driver_cache else []
        subprocess.run(cmd, check=True)
        failed = 0
        for name in sorted(os.listdir(tmp)):
            try:
                gen.check(name, plan.Dump(os.path.join(tmp, name)))
                print(f"{name}: matches the reference")
            except AssertionError as e:
                print(f"{name}: MISMATCH {e}")
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
