"""Load test of Hrát with friends: G games, each with P people on their own phones (and
computer players in the other seats), played to the end or the time limit; how soon a move
reaches the other phones.

Loopback only, bounded in count and time, stops by itself:

1. a temporary SQLite database (WAL, as in the settings) is migrated, under production
   settings (no debug, collected static files), plain HTTP on loopback;
2. gunicorn serves ``config.wsgi`` on 127.0.0.1 at a free port (``make serve``'s gthread
   workers);
3. for each game a host phone opens 'Hra s přáteli', P-1 friends join with its code and a
   nickname, the host starts (everything over HTTP, as the pages do without JavaScript);
4. every phone (its own thread, keep-alive connection, cookies, CSRF token) polls the game's
   status every ``--poll`` seconds as the page does (``/hrat/<id>/stav/?v=<version>``, 204
   while nothing changed); when a poll brings a page on which it must act, it thinks
   ``--think`` seconds and plays a move (a roll, a build, the robber, declining offers, the
   end of its turn, a discard), then loads the page again;
5. the script prints errors, p50/p95/p99 response times per kind of request, and how soon
   each move reached each other phone: from the moment the server answered the move's POST
   to the moment that phone's poll brought the changed table, p50/p95/max over every move
   and phone (``friends_follow_p95_s``).

    .venv/bin/python scripts/loadtest_friends.py [--games 5] [--people 3] [--think 0.3]
                                                 [--poll 0.8] [--seconds 120]

With ``--base-url http://127.0.0.1:8001 http://127.0.0.1:8002`` it starts no server and uses
those (their database must be the same): the phones of each game are spread over them, so
a move made through one server reaches phones polling the other (scripts/two_servers.sh
--friends).
"""

from __future__ import annotations

import argparse
import html
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadkit import manage, percentile, production_env, spawn_gunicorn, stop  # noqa: E402
from loadtest_quiz import Browser, Stats  # noqa: E402

MAX_GAMES = 50
MAX_SECONDS = 900.0
COLOURS = ("orange", "blue", "white", "red")
VERSION = re.compile(r"/stav/\?v=([0-9]+\.[0-9]+)")
ACTION = re.compile(r'name="akce" value="([^"]+)"')
CHIP = re.compile(r'class="chip r-(\w+)[^"]*" data-count="(\d+)"')
# A player in a hurry, by the action's type.
PREFERENCE = ("roll_dice", "build_settlement", "build_city", "build_road", "move_robber",
              "robber_to_desert", "give_back", "decline_trade", "build_neutral_settlement",
              "build_neutral_road", "end_trade", "end_turn")


class Game:
    """One game's phones and the moves they made, for the follow times."""

    def __init__(self, game_id: str) -> None:
        self.id = game_id
        self.lock = threading.Lock()
        self.moves: list[tuple[int, float, int]] = []  # (moves after, answered at, by phone)
        self.follow: list[float] = []
        self.over = False


def version_of(page: str) -> str | None:
    found = VERSION.search(page)
    return found[1] if found else None


def moves_of(version: str | None) -> int:
    return int(version.split(".")[0]) if version else -1


def choose(page: str) -> dict | None:
    """The move to post from a page on which this phone must act (None: nothing to do)."""
    if 'name="druh" value="odhodit"' in page:
        owed = re.search(r"Odhoďte (\d+)", page)
        hand = [r for r, n in CHIP.findall(page) for _ in range(int(n))]
        counts: dict[str, int] = defaultdict(int)
        for resource in hand[:int(owed[1]) if owed else 0]:
            counts[resource] += 1
        return {"druh": "odhodit", **{f"odhodit_{r}": str(n) for r, n in counts.items()}}
    offered = [json.loads(html.unescape(raw)) for raw in ACTION.findall(page)]
    for wanted in PREFERENCE:
        for action in offered:
            if action.get("type") == wanted:
                return {"akce": json.dumps(action)}
    return {"akce": json.dumps(offered[0])} if offered else None


def start_game(ports: list[int], stats: Stats, people: int, number: int) -> tuple[Game, list]:
    """The host creates a game, the friends join, the host starts: the phones, host first."""
    phones = [Browser(ports[i % len(ports):] + ports[:i % len(ports)], stats)
              for i in range(people)]
    host = phones[0]
    host.request("friends_form", "GET", "/hrat/s-prateli/")
    seats = {f"misto_{c}": ("clovek" if i < people else "silny") for i, c in enumerate(COLOURS)}
    _, location, _ = host.request("friends_new", "POST", "/hrat/s-prateli/", {
        "hraci": 4, "plan": "zacatecnici", "prezdivka": f"Host{number}", "barva": "orange",
        "cas": 0, **seats}, expect=(302,))
    path = urllib.parse.urlsplit(location).path
    _, _, room = host.request("room", "GET", path)
    code = re.search(r'class="[^"]*play-code[^"]*">([A-Z0-9]+)<', room)[1]
    for index, phone in enumerate(phones[1:], start=1):
        phone.request("join_form", "GET", f"/hrat/pripojit/?kod={code}")
        phone.request("join", "POST", "/hrat/pripojit/",
                      {"kod": code, "prezdivka": f"Hráč{number}x{index}",
                       "barva": COLOURS[index]}, expect=(302,))
    host.request("start", "POST", path + "zacit/", {}, expect=(302,))
    return Game(path.strip("/").split("/")[-1]), phones


def phone_run(game: Game, phone: Browser, number: int, args, deadline: float,
              start: threading.Barrier) -> None:
    rng = random.Random(number)
    base = f"/hrat/{game.id}/"
    _, _, page = phone.request("page", "GET", base)
    version = version_of(page)
    seen = moves_of(version)
    start.wait()
    while time.monotonic() < deadline and not game.over:
        if "Konec hry" in page[:5000] and "<h1>Konec hry" in page:
            game.over = True
            break
        if "Hrajete vy" in page:
            time.sleep(args.think * rng.uniform(0.5, 1.5))
            data = choose(page)
            if data is None:
                break
            phone.request("move", "POST", base + "tah/", {"stav": str(seen), **data},
                          expect=(302,))
            answered = time.monotonic()
            _, _, page = phone.request("page", "GET", base)
            version = version_of(page) or version
            seen = moves_of(version)
            with game.lock:
                game.moves.append((seen, answered, number))
            continue
        time.sleep(args.poll)
        status, _, text = phone.request("poll", "GET", f"{base}stav/?v={version}", htmx=True,
                                        expect=(200, 204))
        if status != 200:
            phone.stats.relabel_last("poll", "poll 204")
            continue
        phone.stats.relabel_last("poll", "poll změna")
        now = time.monotonic()
        page = text
        version = version_of(page) or version
        reached = moves_of(version)
        with game.lock:
            game.follow += [now - at for after, at, by in game.moves
                            if seen < after <= reached and by != number]
        seen = reached


@contextmanager
def servers(args, env) -> list[int]:
    if args.base_url:
        ports = [urllib.parse.urlsplit(url).port for url in args.base_url]
        if None in ports:
            raise SystemExit("--base-url: jen http://127.0.0.1:<port>")
        yield ports
        return
    server, port = spawn_gunicorn(env, args.workers, args.threads)
    try:
        yield [port]
    finally:
        stop(server)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--people", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--think", type=float, default=0.3,
                        help="seconds a player thinks before each move")
    parser.add_argument("--poll", type=float, default=0.8,
                        help="seconds between polls (the pages: LESSONS_POLL_MS)")
    parser.add_argument("--seconds", type=float, default=120.0, help="time limit")
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) + 1)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--base-url", nargs="+", default=[])
    args = parser.parse_args()
    args.games = max(1, min(args.games, MAX_GAMES))
    seconds = max(5.0, min(args.seconds, MAX_SECONDS))
    with tempfile.TemporaryDirectory(prefix="loadtest-friends-") as tmp:
        env = (dict(os.environ) if args.base_url
               else production_env(tmp, f"sqlite:///{tmp}/friends.sqlite3"))
        if not args.base_url:
            manage(env, "migrate")
        with servers(args, env) as ports:
            stats = Stats()
            tables = [start_game(ports, stats, args.people, n) for n in range(args.games)]
            deadline = time.monotonic() + seconds
            barrier = threading.Barrier(args.games * args.people + 1)
            threads = [threading.Thread(target=phone_run, daemon=True,
                                        args=(game, phone, g * 10 + i, args, deadline, barrier))
                       for g, (game, phones) in enumerate(tables)
                       for i, phone in enumerate(phones)]
            for thread in threads:
                thread.start()
            barrier.wait()
            started = time.monotonic()
            for thread in threads:
                thread.join(timeout=max(0.1, deadline + 30 - time.monotonic()))
            wall = time.monotonic() - started
    return report(stats, [game for game, _ in tables], args, wall)


def report(stats: Stats, games: list[Game], args, wall: float) -> int:
    print(f"Hrát s přáteli: {args.games} her po {args.people} telefonech, pauza {args.think} s,"
          f" dotaz na změnu po {args.poll} s, {wall:.0f} s")
    for route, times in sorted(stats.timings.items()):
        print(f"  {route:13} {len(times):6}×  p50 {percentile(times, 0.5):7.1f} ms"
              f"  p95 {percentile(times, 0.95):7.1f} ms  p99 {percentile(times, 0.99):7.1f} ms")
    follow = [f for game in games for f in game.follow]
    moves = sum(len(game.moves) for game in games)
    finished = sum(game.over for game in games)
    errors = [e for found in stats.errors.values() for e in found]
    for error in errors[:10]:
        print("  chyba:", error)
    p95 = percentile(follow, 0.95)
    print(f"  tah → ostatní telefony: {len(follow)}× p50 {percentile(follow, 0.5):.2f} s,"
          f" p95 {p95:.2f} s, max {max(follow, default=0):.2f} s")
    ok = not errors and bool(follow)
    print(f"friends games={args.games} phones={args.games * args.people} moves={moves}"
          f" finished={finished} follow_p95_s={p95:.2f} errors={len(errors)}"
          f" ok={'yes' if ok else 'no'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
