"""Reading pages against a static file, on the production server, in the same run.

Starts gunicorn (production settings, one worker, one thread) on 127.0.0.1 over a fresh
SQLite database with all content, then asks for each reading page and for the site's CSS
file (served by whitenoise) in interleaved rounds on one keep-alive connection, as a browser
would (Accept-Encoding: gzip, br; no cookies: a first visit). Prints a line per page with its
median and its ratio to the CSS file's median (and, for information, its very first answer,
when the page was not yet cached), and last `pages worst_ratio=<f>`.

    .venv/bin/python scripts/bench_pages.py [--rounds 300] [--warmup 20]
"""

from __future__ import annotations

import argparse
import http.client
import re
import statistics
import tempfile
import time

from loadkit import gunicorn, manage, production_env

PAGES = [
    ("home", "/"),
    ("almanach index", "/almanach/"),
    ("entry zlodej", "/almanach/zlodej/"),
    ("entry nejdelsi cesta", "/almanach/nejdelsi-obchodni-cesta/"),
    ("search results", "/almanach/hledat/?q=zlodej"),
    ("search results 2", "/almanach/hledat/?q=kolik+karet+odhodit"),
    ("example game", "/priklad-hry/"),
    ("game step 3/1", "/priklad-hry/tah/3/krok/1/"),
    ("game step 16/2", "/priklad-hry/tah/16/krok/2/"),
    ("quiz index", "/kvizy/"),
    ("quiz example question", "/kvizy/vesnice/a1/"),
]
HEADERS = {"Accept-Encoding": "gzip, br", "Accept": "text/html,*/*;q=0.8",
           "User-Agent": "bench_pages"}


def _css_path(conn: http.client.HTTPConnection) -> str:
    conn.request("GET", "/", headers=HEADERS)
    response = conn.getresponse()
    body = response.read()
    if response.getheader("Content-Encoding") == "gzip":
        import gzip

        body = gzip.decompress(body)
    match = re.search(rb'href="([^"]+\.css)"', body)
    if not match:
        raise SystemExit("Na úvodní stránce chybí odkaz na CSS.")
    return match.group(1).decode()


def _fetch(conn: http.client.HTTPConnection, path: str) -> float:
    started = time.perf_counter()
    conn.request("GET", path, headers=HEADERS)
    response = conn.getresponse()
    response.read()
    elapsed = time.perf_counter() - started
    if response.status != 200:
        raise SystemExit(f"{path} odpověděla {response.status}")
    return elapsed


def measure(port: int, rounds: int, warmup: int) -> tuple[dict[str, float], dict[str, float]]:
    """(median, first answer) per page, the static file first."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    targets = [("static css", _css_path(conn)), *PAGES]
    times: dict[str, list[float]] = {name: [] for name, _ in targets}
    first: dict[str, float] = {}
    for round_number in range(warmup + rounds):
        for name, path in targets:
            elapsed = _fetch(conn, path)
            first.setdefault(name, elapsed)
            if round_number >= warmup:
                times[name].append(elapsed)
    conn.close()
    return {name: statistics.median(values) for name, values in times.items()}, first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = production_env(tmp, f"sqlite:///{tmp}/bench.sqlite3")
        manage(env, "migrate", "--noinput")
        manage(env, "load_content")
        with gunicorn(env, workers=1, threads=1) as port:
            medians, first = measure(port, args.rounds, args.warmup)
    static = medians.pop("static css")
    print(f"{'static css':24} median={static * 1000:7.3f} ms")
    worst = 0.0
    for name, median in medians.items():
        ratio = median / static
        worst = max(worst, ratio)
        print(f"{name:24} median={median * 1000:7.3f} ms  ratio={ratio:5.2f}"
              f"  first={first[name] * 1000:6.1f} ms")
    print(f"pages worst_ratio={worst:.2f}")


if __name__ == "__main__":
    main()
