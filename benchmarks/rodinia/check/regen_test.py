"""ctest rodinia.generators: every gen.py reproduces its stored tests dir.

    regen_test.py APP_DIR...

Runs each APP_DIR/gen.py into a temporary dir and checks that it writes
exactly the files in APP_DIR/tests, byte for byte, besides hand-written C++
drivers (*.cpp), which gen.py does not write.
"""
import filecmp
import os
import subprocess
import sys
import tempfile


def check_app(app_dir):
    stored = os.path.join(app_dir, "tests")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(app_dir, "gen.py"), tmp], check=True)
        made = sorted(os.listdir(tmp))
        kept = sorted(f for f in os.listdir(stored) if not f.endswith(".cpp"))
        if made != kept:
            return f"{app_dir}: gen.py writes {made}, tests/ holds {kept}"
        for name in made:
            if not filecmp.cmp(os.path.join(tmp, name), os.path.join(stored, name), shallow=False):
                return f"{app_dir}: tests/{name} differs from what gen.py writes"
    return None


def main():
    errors = [e for e in map(check_app, sys.argv[1:]) if e]
    for e in errors:
        print(e)
    print(f"{len(sys.argv) - 1 - len(errors)} of {len(sys.argv) - 1} generators reproduce their files")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
