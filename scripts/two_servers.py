"""Two servers, one school: two gunicorn instances on one PostgreSQL database and one Redis
cache, as the README's operations section offers for more than one server.

Run it through ``scripts/two_servers.sh``, which starts PostgreSQL and Redis on loopback and
sets DATABASE_URL and DJANGO_CACHE_URL. Loopback only, bounded in time, stops by itself:

1. under production settings (one secret key for both, behind a "proxy" so that a request
   can name its client's address), the database is migrated and two gunicorn instances,
   A and B, are started on free ports (``make serve``'s gthread workers);
2. a class lesson: ``scripts/loadtest_quiz.py --base-url A B`` spreads the pupils over both;
   once a third of the answers are in, B is killed with SIGKILL (master and workers at
   once) and started again on its port; the lesson's browsers send again to A meanwhile;
   then every answer must be stored exactly once; the lesson prints how soon each phone
   followed the teacher's clicks (also across the outage) and the CPU per pupil-minute of
   both gunicorns and of PostgreSQL and Redis;
3. a teacher's sign-in: wrong passwords through A until the limit, then the right one
   through B is refused too; a browser of the teacher's that signed in before gets in;
4. join codes: a guesser's unknown codes through A up to the limit, then B refuses;
5. a Hrát game: every move is chosen on a page from one instance and sent to the other;
   the game's record is then the same from both.

The last line is

    two_servers answers=<n> expected=<n> once=<yes|no> follow_p95_s=<s>
                cpu_ms_per_pupil_minute=<ms> signin_held=<yes|no> guessing_held=<yes|no>
                game_moves=<n> game_same=<yes|no> ok=<yes|no>

    scripts/two_servers.sh [--pupils 100] [--think 1.0] [--workers 2] [--threads 4]
                           [--poll 0.8]
    scripts/two_servers.sh --friends [--games 5] [--friends-seconds 60]

``--friends`` runs only games with friends (scripts/loadtest_friends.py) with each game's
phones spread over A and B and B killed and started again mid-game; its last line is
``two_servers_friends games=<n> moves=<n> follow_p95_s=<s> restarted=yes ok=<yes|no>``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from loadkit import ROOT, manage, production_env, spawn_gunicorn, stop

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
QUIZ_LINE = re.compile(r"^loadtest_quiz .*$", re.M)
FRIENDS_LINE = re.compile(r"^friends .*$", re.M)


class Visitor:
    """One browser (cookies) at one address, sending each request to the instance asked."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.cookies: dict[str, str] = {}

    def request(self, port: int, method: str, path: str, data: dict | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"X-Forwarded-For": self.address,
                   "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if data is not None:
            body = urllib.parse.urlencode(
                {**data, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        conn.close()
        return response, text


class Instance:
    """One gunicorn: can be killed whole with SIGKILL and started again on its port."""

    def __init__(self, name: str, env: dict[str, str], workers: int, threads: int) -> None:
        self.name, self.env, self.workers, self.threads = name, env, workers, threads
        self.server, self.port = spawn_gunicorn(env, workers, threads, own_group=True)

    def kill(self) -> None:
        os.killpg(self.server.pid, signal.SIGKILL)
        self.server.wait()

    def start_again(self) -> None:
        for _ in range(20):  # the port is free once the killed workers are gone
            try:
                self.server, _ = spawn_gunicorn(self.env, self.workers, self.threads, self.port,
                                                own_group=True)
                return
            except SystemExit:
                time.sleep(0.5)
        raise SystemExit(f"{self.name} se znovu nespustil")

    def stop(self) -> None:
        stop(self.server)


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def answers_stored() -> int:
    from django.db import connection

    from tutorial.lessons.models import Answer

    connection.close()
    return Answer.objects.count()


def class_lesson(a: Instance, b: Instance, args) -> dict:
    """The lesson over both instances, B killed and started again when a third is in."""
    command = [sys.executable, "scripts/loadtest_quiz.py", "--pupils", str(args.pupils),
               "--think", str(args.think), "--workers", str(args.workers),
               *(["--poll", str(args.poll)] if args.poll else []),
               "--base-url", f"http://127.0.0.1:{a.port}", f"http://127.0.0.1:{b.port}"]
    lesson = subprocess.Popen(command, cwd=ROOT, env=a.env, stdout=subprocess.PIPE, text=True)
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(lesson.stdout), daemon=True)
    reader.start()
    expected = args.pupils * 10
    outage = {}
    deadline = time.monotonic() + 600
    while lesson.poll() is None and time.monotonic() < deadline:
        if "killed" not in outage and answers_stored() >= expected // 3:
            outage["at_answers"] = answers_stored()
            started = time.monotonic()
            b.kill()
            outage["killed"] = True
            time.sleep(args.outage)
            b.start_again()
            outage["seconds"] = time.monotonic() - started
        time.sleep(0.2)
    if lesson.poll() is None:
        lesson.kill()
    lesson.wait()
    reader.join(timeout=10)
    text = "".join(output)
    print(text, end="")
    figures = dict(pair.split("=", 1) for pair in QUIZ_LINE.search(text).group(0).split()[1:]) \
        if QUIZ_LINE.search(text) else {}
    return {"text": text, "figures": figures, "outage": outage, "returncode": lesson.returncode}


def signin_limit(a: Instance, b: Instance) -> bool:
    """Wrong passwords through A up to the limit; through B the right one is refused, except
    for the teacher's own browser that signed in before (device cookie)."""
    from django.conf import settings
    from django.contrib.auth import get_user_model

    password = secrets.token_urlsafe(16)
    get_user_model().objects.create_user("dvoje-ucitel", password=password)
    school = "10.20.30.40"
    teachers_pc = Visitor(school)
    teachers_pc.request(b.port, "GET", "/prihlaseni/")
    first, _ = teachers_pc.request(b.port, "POST", "/prihlaseni/",
                                   {"username": "dvoje-ucitel", "password": password})
    teachers_pc.request(b.port, "POST", "/odhlaseni/", {})
    guesser = Visitor(school)
    guesser.request(a.port, "GET", "/prihlaseni/")
    statuses = [guesser.request(a.port, "POST", "/prihlaseni/",
                                {"username": "dvoje-ucitel", "password": f"spatne{n}"})[0].status
                for n in range(settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS)]
    refused, _ = guesser.request(b.port, "POST", "/prihlaseni/",
                                 {"username": "dvoje-ucitel", "password": password})
    own, _ = teachers_pc.request(a.port, "POST", "/prihlaseni/",
                                 {"username": "dvoje-ucitel", "password": password})
    print(f"přihlášení: učitel se přihlásil přes B ({first.status}); pak "
          f"{len(statuses)} chybných hesel z adresy školy přes A {statuses}; správné heslo "
          f"z nového prohlížeče přes B: {refused.status} (Retry-After "
          f"{refused.getheader('Retry-After')} s); prohlížeč učitele přes A: {own.status}")
    return (first.status == 302 and statuses == [200] * len(statuses)
            and refused.status == 429 and own.status == 302)


def guessing_limit(a: Instance, b: Instance, code: str) -> bool:
    """Unknown join codes through A up to the limit; then B refuses, even the right code."""
    from django.conf import settings

    from tutorial.lessons.models import CODE_ALPHABET, CODE_LENGTH

    rng = random.Random(22)
    guesser = Visitor("10.20.30.41")
    statuses = []
    for _ in range(settings.LESSONS_GUESS_LIMIT):
        guess = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        statuses.append(guesser.request(a.port, "GET", f"/hra/{guess}/")[0].status)
    refused, _ = guesser.request(b.port, "GET", f"/hra/{code}/")
    print(f"hádání kódů: {len(statuses)} neznámých kódů přes A (odpovědi "
          f"{sorted(set(statuses))}), pak skutečný kód přes B: {refused.status} "
          f"(Retry-After {refused.getheader('Retry-After')} s)")
    return all(status == 404 for status in statuses) and refused.status == 429


def hrat_game(a: Instance, b: Instance, moves: int) -> tuple[int, bool]:
    """A Hrát game whose every move is chosen on one instance's page and sent to the other:
    each must be accepted and land in the one stored game; the record is then the same
    from both."""
    from django.db import connection
    from loadtest_play import Player

    from tutorial.play.models import PlayedGame

    ports = [a.port, b.port]
    player = Player(a.port, 7, argparse.Namespace(), {}, threading.Lock())
    page = player.request("GET", "/hrat/")[1]
    player.port = b.port
    response, _ = player.request("POST", "/hrat/", {
        "csrfmiddlewaretoken": CSRF.search(page)[1], "hraci": 4, "lide": 1,
        "plan": "zacatecnici", "seed": 7})
    game = response.getheader("Location")
    game_id = game.strip("/").split("/")[-1]

    def stored() -> int:
        connection.close()  # see what the servers wrote
        return PlayedGame.objects.get(pk=game_id).moves

    made, refused, lost = 0, 0, 0
    for number in range(moves):
        player.port = ports[number % 2]
        _, page = player.request("GET", game)
        body = None if "Konec hry" in page else player.choose(page)
        if body is None:
            break
        before = stored()
        player.port = ports[(number + 1) % 2]
        response, _ = player.request("POST", game + "tah/", body)
        if response.status != 302:
            refused += 1
        elif stored() <= before:
            lost += 1
        else:
            made += 1
    records = []
    for port in ports:
        player.port = port
        response, text = player.request("GET", game + "zapis.json")
        records.append(json.loads(text) if response.status == 200 else None)
    same = records[0] is not None and records[0] == records[1]
    print(f"Hrát: {made} tahů člověka, každý zvolený na stránce jedné instance a poslaný "
          f"druhé; odmítnuto {refused}, ztraceno {lost}; v uložené hře {stored()} akcí; "
          f"záznam hry z A a z B {'stejný' if same else 'RŮZNÝ'}")
    return made, same and refused == 0 and lost == 0 and made > 0


def friends_games(a: Instance, b: Instance, args) -> int:
    """``--friends``: games with friends over both instances (each game's phones spread over
    A and B, scripts/loadtest_friends.py), B killed and started again mid-game; the phones
    on B send to A meanwhile. Every move must reach the other phones: the state is only in
    the database."""
    command = [sys.executable, "scripts/loadtest_friends.py", "--games", str(args.games),
               "--people", "3", "--seconds", str(args.friends_seconds),
               *(["--poll", str(args.poll)] if args.poll else []),
               "--base-url", f"http://127.0.0.1:{a.port}", f"http://127.0.0.1:{b.port}"]
    games = subprocess.Popen(command, cwd=ROOT, env=a.env, stdout=subprocess.PIPE, text=True)
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(games.stdout), daemon=True)
    reader.start()
    time.sleep(args.friends_seconds / 3)
    started = time.monotonic()
    b.kill()
    time.sleep(args.outage)
    b.start_again()
    print(f"B zabita (SIGKILL) uprostřed her, znovu odpovídá po "
          f"{time.monotonic() - started:.1f} s")
    games.wait(timeout=args.friends_seconds + 120)
    reader.join(timeout=10)
    text = "".join(output)
    print(text, end="")
    found = FRIENDS_LINE.search(text)
    figures = dict(pair.split("=", 1) for pair in found.group(0).split()[1:]) if found else {}
    ok = games.returncode == 0 and figures.get("ok") == "yes"
    print(f"two_servers_friends games={figures.get('games', '?')} "
          f"moves={figures.get('moves', '?')} follow_p95_s={figures.get('follow_p95_s', '?')}"
          f" restarted=yes ok={'yes' if ok else 'no'}")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=100)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2, help="workers per instance")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--poll", type=float, default=None,
                        help="seconds between the phones' polls (the pages' own by default)")
    parser.add_argument("--outage", type=float, default=2.0,
                        help="seconds B stays dead before it is started again")
    parser.add_argument("--moves", type=int, default=40, help="moves of the Hrát game")
    parser.add_argument("--friends", action="store_true",
                        help="only games with friends over both instances, B restarted")
    parser.add_argument("--games", type=int, default=5, help="--friends: games of 3 phones")
    parser.add_argument("--friends-seconds", type=float, default=60.0)
    args = parser.parse_args()
    database, cache = os.environ.get("DATABASE_URL", ""), os.environ.get("DJANGO_CACHE_URL", "")
    if not database.startswith("postgres") or not cache.startswith("redis"):
        raise SystemExit("Spouštějte přes scripts/two_servers.sh (PostgreSQL a Redis).")

    with tempfile.TemporaryDirectory(prefix="two-servers-") as tmp:
        env = production_env(tmp, database)
        env["DJANGO_BEHIND_PROXY"] = "1"
        manage(env, "migrate", "--noinput")
        setup_django(env)
        a = Instance("A", env, args.workers, args.threads)
        b = Instance("B", env, args.workers, args.threads)
        if args.friends:
            try:
                return friends_games(a, b, args)
            finally:
                a.stop()
                b.stop()
        try:
            print(f"A na 127.0.0.1:{a.port}, B na 127.0.0.1:{b.port}, každá "
                  f"{args.workers}×{args.threads} vláken; PostgreSQL a Redis sdílené")
            lesson = class_lesson(a, b, args)
            from tutorial.lessons.models import Answer, Lesson

            code = Lesson.objects.latest("pk").code
            answers = Answer.objects.count()
            distinct = Answer.objects.values("pupil", "item").distinct().count()
            expected = args.pupils * 10
            outage = lesson["outage"]
            print(f"B zabita (SIGKILL) při {outage.get('at_answers', '?')} uložených "
                  f"odpovědích, znovu odpovídá po {outage.get('seconds', 0):.1f} s")
            signin = signin_limit(a, b)
            guessing = guessing_limit(a, b, code)
            moves, same = hrat_game(a, b, args.moves)
            import redis

            keys = redis.Redis.from_url(os.environ["DJANGO_CACHE_URL"]).dbsize()
            print(f"Redis: {keys} klíčů sdílené cache")
        finally:
            a.stop()
            b.stop()
    once = answers == expected == distinct
    ok = (once and signin and guessing and same and "killed" in outage
          and lesson["returncode"] == 0)
    yes = {True: "yes", False: "no"}
    figures = lesson["figures"]
    print(f"two_servers answers={answers} expected={expected} once={yes[once]} "
          f"follow_p95_s={figures.get('follow_p95_s', '?')} "
          f"cpu_ms_per_pupil_minute={figures.get('cpu_ms_per_pupil_minute', '?')} "
          f"signin_held={yes[signin]} guessing_held={yes[guessing]} game_moves={moves} "
          f"game_same={yes[same]} ok={yes[ok]}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
