"""Load test of the whole site under gunicorn, on loopback only.

Starts gunicorn on 127.0.0.1 (a free port) over a fresh SQLite database with all content,
then drives it with N concurrent clients for a bounded time over a mix of Almanach
searches, example-game steps and practice-quiz answers, and prints requests/s and
p50/p95/p99 and errors per route. It stops by itself.

    .venv/bin/python scripts/loadtest_site.py [--clients 50] [--seconds 20] [--warmup 5]
                                              [--workers 2×CPU+1]
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import os
import random
import re
import statistics
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections import defaultdict

from loadkit import gunicorn, manage, percentile, production_env

SEARCHES = ["zlodej", "nejdelsi cesta", "vesnici", "kolik karet odhodit pri sedmicce", "osada",
            "lupič", "přístav", "rytíře", "karta vývoje", "obchod s bankou", "mesto", "hlína"]


class Client:
    """One simulated visitor with its own cookies (a practice quiz keeps state in the session)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[int, str]:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.status, response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str]:
        token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={
            "Referer": self.base + path, "X-CSRFToken": token})
        with self.opener.open(request, timeout=30) as response:
            return response.status, response.read().decode()


def timed_get(client: Client, route: str, path: str) -> list[tuple[str, int, float]]:
    started = time.perf_counter()
    status, _ = client.get(path)
    return [(route, status, time.perf_counter() - started)]


def scenario_search(client: Client, rng: random.Random) -> list[tuple[str, int, float]]:
    query = urllib.parse.quote(rng.choice(SEARCHES))
    return timed_get(client, "almanach hledat", f"/almanach/hledat/?q={query}")


def scenario_search_as_you_type(client: Client, rng: random.Random) -> list[tuple[str, int, float]]:
    query = urllib.parse.quote(rng.choice(SEARCHES))
    return timed_get(client, "almanach api", f"/almanach/api/hledat?q={query}")


def scenario_entry(client: Client, rng: random.Random) -> list[tuple[str, int, float]]:
    slug = rng.choice(["zlodej", "nejdelsi-obchodni-cesta", "vesnice", "akcni-karty", "pristav"])
    return timed_get(client, "almanach heslo", f"/almanach/{slug}/")


def scenario_step(client: Client, rng: random.Random) -> list[tuple[str, int, float]]:
    return timed_get(client, "priklad-hry krok", f"/priklad-hry/tah/{rng.randint(1, 16)}/")


FORM = re.compile(r'<form method="post" action="(?P<action>[^"]+)" class="quiz-answer">')
SELECT = re.compile(r'<select id="pole-[^"]+" name="(?P<name>[^"]+)"[^>]*>(?P<body>.*?)</select>',
                    re.S)
OPTION = re.compile(r'<option value="(?P<value>[^"]+)"')
RADIO = re.compile(r'<input type="radio" name="(?P<name>[^"]+)" value="(?P<value>[^"]+)"')
QUIZ_KINDS = ["sedmicka", "vynosy"]


def scenario_quiz(client: Client, rng: random.Random) -> list[tuple[str, int, float]]:
    """A fresh seeded practice question (a redirect to its variant), then an answer to it."""
    started = time.perf_counter()
    status, html = client.get(f"/kvizy/{rng.choice(QUIZ_KINDS)}/nova/")
    timed = [("kvizy otazka", status, time.perf_counter() - started)]
    form = FORM.search(html)
    if status != 200 or not form:
        return timed + [("kvizy odpoved", 599, 0.0)]
    choices: dict[str, list[str]] = defaultdict(list)
    for m in SELECT.finditer(html):
        choices[m["name"]] += OPTION.findall(m["body"])
    for m in RADIO.finditer(html):
        choices[m["name"]].append(m["value"])
    data = {name: rng.choice(values) for name, values in choices.items()}
    started = time.perf_counter()
    status, html = client.post(form["action"].replace("&amp;", "&"), data)
    # The answer redirects to its explanation; urllib follows, so this times both requests.
    ok = status == 200 and "quiz-feedback" in html
    return timed + [("kvizy odpoved", status if ok else 599, time.perf_counter() - started)]


SCENARIOS = [(scenario_search, 3), (scenario_search_as_you_type, 2), (scenario_entry, 2),
             (scenario_step, 4), (scenario_quiz, 2)]


def run_load(base: str, clients: int, seconds: float, warmup: float) -> None:
    timings: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    lock = threading.Lock()
    # The first seconds warm every worker (search index, replay) and are not counted.
    measure_from = time.monotonic() + warmup
    deadline = measure_from + seconds
    weights = [w for _, w in SCENARIOS]

    def worker(number: int) -> None:
        rng = random.Random(number)
        client = Client(base)
        # Every scenario once first, so that even a short run on a busy machine covers every
        # route; then the weighted mix until the deadline.
        first_round = [s for s, _ in SCENARIOS]
        while first_round or time.monotonic() < deadline:
            if first_round:
                scenario = first_round.pop(0)
            else:
                scenario = rng.choices([s for s, _ in SCENARIOS], weights)[0]
            counted = time.monotonic() >= measure_from  # begun after the warm-up
            try:
                results = scenario(client, rng)
            except (OSError, http.client.HTTPException) as error:
                results = [(scenario.__name__, getattr(error, "code", 0) or 599, 0.0)]
            if not counted:
                continue
            with lock:
                for route, status, seconds in results:
                    timings[route].append(seconds * 1000)
                    if status >= 400:
                        errors[route] += 1

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - measure_from

    total = sum(len(v) for v in timings.values())
    print(f"{clients} klientů, {os.cpu_count()} CPU, {wall:.1f} s měřeno"
          f" (po {warmup:.0f} s zahřátí), {total} požadavků, {total / wall:.0f} req/s")
    print(f"{'route':<18}{'n':>7}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    everything: list[float] = []
    for route in sorted(timings):
        values = timings[route]
        everything += values
        print(f"{route:<18}{len(values):>7}{len(values) / wall:>8.0f}"
              f"{statistics.median(values):>9.1f}{percentile(values, .95):>9.1f}"
              f"{percentile(values, .99):>9.1f}{errors[route]:>8}")
    print(f"loadtest requests={total} rps={total / wall:.0f}"
          f" p50_ms={statistics.median(everything):.1f}"
          f" p95_ms={percentile(everything, .95):.1f}"
          f" p99_ms={percentile(everything, .99):.1f} errors={sum(errors.values())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) * 2 + 1)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    seconds = min(args.seconds, 300.0)

    with tempfile.TemporaryDirectory(prefix="loadtest-site-") as tmp:
        env = production_env(tmp, f"sqlite:///{tmp}/load.sqlite3")
        manage(env, "migrate", "--noinput")
        manage(env, "load_content")
        with gunicorn(env, args.workers, args.threads) as port:
            run_load(f"http://127.0.0.1:{port}", min(args.clients, 200), seconds,
                     min(args.warmup, 60.0))

if __name__ == "__main__":
    main()
