"""Does the README's test command pass on a fresh clone, every time?

Clones the repository (its committed HEAD) N times into temporary directories and runs
the README's test command (`make test`) in each, as CI does (CI=true), one after another.
Every clone builds its own virtualenv from the hashed lock file; the wheels come from one
shared pip cache, so after the first run an install takes seconds, not minutes. Prints one
line per run and then

    fresh_clone_runs passed=<k> of=<n>

and exits non-zero unless every run passed. Logs of failed runs are kept and named.

    .venv/bin/python scripts/fresh_clone_runs.py [-n 10] [--command "make test"]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CACHE = Path.home() / ".cache" / "katan-fresh-clones" / "pip"
# The caller's virtualenv must not leak into the clone's own.
DROPPED = {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "DJANGO_SETTINGS_MODULE", "DATABASE_URL"}


def run_once(number: int, command: str, cache: Path, keep: Path) -> tuple[bool, float]:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"katan-clone-{number}-") as tmp:
        clone = Path(tmp) / "repo"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        env = {k: v for k, v in os.environ.items() if k not in DROPPED}
        env.update({"CI": "true", "PIP_CACHE_DIR": str(cache)})
        log = Path(tmp) / "run.log"
        with log.open("w") as out:
            result = subprocess.run(command, shell=True, cwd=clone, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        passed = result.returncode == 0
        if not passed:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(log, keep / f"run-{number}.log")
    return passed, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10, help="how many fresh clones (default 10)")
    parser.add_argument("--command", default="make test", help="the README's test command")
    parser.add_argument("--pip-cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--logs", type=Path,
                        default=Path(tempfile.gettempdir()) / "katan-fresh-clone-logs")
    args = parser.parse_args()
    passed = 0
    for number in range(1, args.n + 1):
        ok, seconds = run_once(number, args.command, args.pip_cache, args.logs)
        passed += ok
        verdict = "passed" if ok else f"FAILED (log: {args.logs / f'run-{number}.log'})"
        print(f"run {number}/{args.n}: {verdict} in {seconds:.0f} s", flush=True)
    print(f"fresh_clone_runs passed={passed} of={args.n}")
    sys.exit(0 if passed == args.n else 1)


if __name__ == "__main__":
    main()
