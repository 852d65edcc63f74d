"""Load test of Hrát: N games against computer players played at once.

Loopback only, bounded in count and time, stops by itself:

1. a temporary SQLite database (WAL, as in the settings) is migrated, under production
   settings (no debug, collected static files), plain HTTP on loopback, behind a "proxy"
   (DJANGO_BEHIND_PROXY=1) so that every simulated visitor has an address of its own;
2. gunicorn serves ``config.wsgi`` on 127.0.0.1 at a free port;
3. N player threads (http.client, own cookies and CSRF token each) start a 4-player beginner
   game with 1 person, then play: load the game page, think ``--think`` seconds on average
   (as a person does), pick a move from "Co můžu dělat?" (roll, build, robber, discard, end
   the turn), post it and follow the redirect, until the game ends, ``--moves`` moves are
   made or ``--seconds`` pass;
4. each move's server time (the ``Server-Timing`` header: the person's move plus every
   computer player's reply up to the person's next turn) and the time the client waited
   are collected.

The last line is always

    loadtest_play games=<n> moves=<n> p50_ms=<f> p95_ms=<f> errors=<n>

with the server times.

    .venv/bin/python scripts/loadtest_play.py [--games 50] [--moves 60] [--seconds 60]
                                              [--think 1.0] [--workers 4] [--threads 1]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import sys
import tempfile
import threading
import time
import urllib.parse
from html import unescape

from loadkit import gunicorn, manage, percentile, production_env

MAX_GAMES = 200
MAX_SECONDS = 600.0
ACTION = re.compile(r'name="akce" value="([^"]+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
TIMING = re.compile(r"tah;dur=([0-9.]+)")
# What a hurried person does: roll, build what can be built, deal with the robber, end.
PREFERENCE = ("roll_dice", "discard", "move_robber", "build_city", "build_settlement",
              "build_road", "build_neutral_settlement", "build_neutral_road", "decline_trade",
              "give_back", "end_trade", "end_turn")


class Player(threading.Thread):
    def __init__(self, port: int, number: int, args, results: dict, lock: threading.Lock):
        super().__init__(daemon=True)
        self.port, self.number, self.args = port, number, args
        self.results, self.lock = results, lock
        self.cookies: dict[str, str] = {}
        self.address = f"10.{number // 250}.{number % 250}.1"
        self.rng = random.Random(number)

    def request(self, method: str, path: str, body: dict | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"X-Forwarded-For": self.address, "Host": "127.0.0.1",
                   "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        conn.close()
        return response, text

    def run(self) -> None:
        try:
            self.play()
        except Exception as exc:  # noqa: BLE001 — every failure is counted, none stops the run
            self.count("errors", repr(exc))

    def count(self, key: str, value) -> None:
        with self.lock:
            self.results[key].append(value)

    def play(self) -> None:
        response, page = self.request("GET", "/hrat/")
        token = CSRF.search(page)[1]
        response, _ = self.request("POST", "/hrat/", {
            "csrfmiddlewaretoken": token, "hraci": 4, "lide": 1, "plan": "zacatecnici",
            "seed": self.number})
        if response.status != 302:
            self.count("errors", f"start {response.status}")
            return
        game = response.getheader("Location")
        self.count("games", game)
        deadline = time.monotonic() + self.args.seconds
        for _ in range(self.args.moves):
            if time.monotonic() > deadline:
                return
            response, page = self.request("GET", game)
            if response.status != 200:
                self.count("errors", f"page {response.status}")
                return
            if "Konec hry" in page:
                return
            time.sleep(self.args.think * self.rng.uniform(0.5, 1.5))
            body = self.choose(page)
            if body is None:
                self.count("errors", "no move offered")
                return
            started = time.perf_counter()
            response, _ = self.request("POST", game + "tah/", body)
            waited = (time.perf_counter() - started) * 1000
            timing = TIMING.search(response.getheader("Server-Timing") or "")
            if response.status != 302 or not timing:
                self.count("errors", f"move {response.status}")
                continue
            self.count("server_ms", float(timing[1]))
            self.count("client_ms", waited)

    def choose(self, page: str) -> dict | None:
        token = CSRF.search(page)[1]
        found = [json.loads(unescape(a)) for a in ACTION.findall(page)]
        if 'name="druh" value="odhodit"' in page:
            return {"csrfmiddlewaretoken": token, "druh": "odhodit", **self.discard(page)}
        for kind in PREFERENCE:
            for action in found:
                if action["type"] == kind:
                    return {"csrfmiddlewaretoken": token, "akce": json.dumps(action)}
        return None

    @staticmethod
    def discard(page: str) -> dict:
        owed = int(re.search(r"Odhoďte (\d+)", page)[1])
        mine = page.split('aria-label="Karty v ruce', 1)[1].split("</p>", 1)[0]
        counts: dict[str, int] = {}
        for resource in re.findall(r'class="chip r-(\w+)"', mine)[:owed]:
            counts[f"odhodit_{resource}"] = counts.get(f"odhodit_{resource}", 0) + 1
        return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=60, help="moves per game at most")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a person thinks before a move, on average")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    args.games = max(1, min(args.games, MAX_GAMES))
    args.seconds = max(1.0, min(args.seconds, MAX_SECONDS))

    with tempfile.TemporaryDirectory() as tmp:
        env = production_env(tmp, f"sqlite:///{tmp}/load.sqlite3")
        env["DJANGO_BEHIND_PROXY"] = "1"
        manage(env, "migrate", "--noinput")
        results: dict[str, list] = {"games": [], "server_ms": [], "client_ms": [], "errors": []}
        lock = threading.Lock()
        with gunicorn(env, args.workers, args.threads) as port:
            players = [Player(port, n, args, results, lock) for n in range(args.games)]
            started = time.monotonic()
            for player in players:
                player.start()
            for player in players:
                player.join(timeout=args.seconds + 120)
            elapsed = time.monotonic() - started
    server, client, errors = results["server_ms"], results["client_ms"], results["errors"]
    for error in sorted(set(map(str, errors)))[:10]:
        print(f"error: {error}", file=sys.stderr)
    print(f"client_wait p50_ms={percentile(client, 0.5):.1f} p95_ms={percentile(client, 0.95):.1f}"
          f" moves_per_s={len(client) / elapsed:.1f}")
    print(f"loadtest_play games={len(results['games'])} moves={len(server)}"
          f" p50_ms={percentile(server, 0.5):.1f} p95_ms={percentile(server, 0.95):.1f}"
          f" errors={len(errors)}")


if __name__ == "__main__":
    main()
