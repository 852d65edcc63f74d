"""Memory of a gunicorn worker under random "Zkus sám" requests, on loopback only.

Starts one gunicorn worker (production settings, a fresh SQLite database) and sends it
N requests to /kvizy/zkus/ with random parameters: a random 3.8 KB parameter next to a
real position, random values of the real parameters, and toggles of made-up places. Prints
the worker's resident memory (RSS) after a warm-up that opens every real position once and
after the run; it stops by itself.

    .venv/bin/python scripts/memory_try_it.py [--requests 3000] [--seed 10]
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import string
import tempfile
import time
import urllib.parse
from pathlib import Path

from loadkit import gunicorn, manage, production_env

KINDS = ["vesnice", "silnice", "vynosy", "sedmicka", "nejdelsi-cesta", "zamori", "stavba",
         "vitez"]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit(f"no VmRSS for {pid}")


def worker_pid(master: int) -> int:
    """The one worker gunicorn forked (its child process)."""
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if f"\nPPid:\t{master}\n" in text:
            return int(status.parent.name)
    raise SystemExit("gunicorn worker not found")


def random_query(rng: random.Random) -> str:
    junk = "".join(rng.choices(string.ascii_letters + string.digits, k=3800))
    base = {"tah": str(rng.randint(1, 16)), "krok": str(rng.randint(1, 4)),
            "druh": rng.choice(KINDS)}
    choice = rng.randrange(5)
    if choice == 4:  # a real position, marking a made-up place in the page (htmx)
        base.update(tah=str(rng.randint(1, 3)), krok="1", druh="vesnice", prepnout=junk[:3800])
    elif choice == 0:  # an unknown parameter
        base[junk[:12]] = junk[12:]
    elif choice == 1:  # a real parameter with a random value
        base[rng.choice(["hrac", "co", "surovina", "hod", "druh"])] = junk[:3800]
    elif choice == 2:  # a toggle of a made-up place
        base["prepnout"] = junk[:3800]
    else:  # the same parameter twice
        return urllib.parse.urlencode(base) + "&tah=" + junk[:3700]
    return urllib.parse.urlencode(base)


def warm_up(port: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for turn in range(1, 17):
        for step in range(1, 7):
            for kind in KINDS:
                query = urllib.parse.urlencode({"tah": turn, "krok": step, "druh": kind})
                conn.request("GET", f"/kvizy/zkus/?{query}")
                conn.getresponse().read()
    conn.close()


def drive(port: int, count: int, rng: random.Random) -> dict[int, int]:
    statuses: dict[int, int] = {}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(count):
        conn.request("GET", "/kvizy/zkus/?" + random_query(rng), headers={"HX-Request": "true"})
        response = conn.getresponse()
        response.read()
        statuses[response.status] = statuses.get(response.status, 0) + 1
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.close()
    return statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        env = production_env(tmp, f"sqlite:///{tmp}/db.sqlite3")
        manage(env, "migrate", "--noinput")
        with gunicorn(env, workers=1, threads=4) as port:
            master = _master_pid(port)
            worker = worker_pid(master)
            # Warm-up: every real position once, so that the bounded caches (one board per
            # position) are as full as real use makes them; then only growth is left to see.
            warm_up(port)
            before = rss_kb(worker)
            started = time.perf_counter()
            statuses = drive(port, args.requests, rng)
            seconds = time.perf_counter() - started
            after = rss_kb(worker)
    codes = " ".join(f"{code}:{n}" for code, n in sorted(statuses.items()))
    print(f"requests={args.requests} seconds={seconds:.1f} statuses {codes}")
    print(f"worker_rss_before_mb={before / 1024:.1f} worker_rss_after_mb={after / 1024:.1f} "
          f"growth_mb={(after - before) / 1024:.1f}")


def _master_pid(port: int) -> int:
    """gunicorn's master: the gunicorn on this port whose parent is this script."""
    me = os.getpid()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
            cmdline = (status.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if f"\nPPid:\t{me}\n" in text and b"gunicorn" in cmdline and str(port).encode() in cmdline:
            return int(status.parent.name)
    raise SystemExit("gunicorn master not found")


if __name__ == "__main__":
    main()
