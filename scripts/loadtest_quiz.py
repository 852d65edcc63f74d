"""Load test of a class quiz: 100 pupils join one session and answer 10 questions at once.

Loopback only, bounded in count and time, stops by itself:

1. a temporary SQLite database (WAL, as in the settings) is migrated, under production
   settings (no debug, collected static files), plain HTTP on loopback;
2. a teacher, a quiz of 10 questions (Almanach examples and one seeded variant per pupil) and
   a self-paced session are created through the ORM;
3. gunicorn serves ``config.wsgi`` on 127.0.0.1 at a free port;
4. N pupil threads (http.client, own cookies and CSRF token each) open the join page, join
   with a nickname, and for every question load it, click the board (htmx requests) or
   choose answers, submit, and see the feedback; pupils arrive within ``--arrival``
   seconds and pause ``--think`` seconds on average between actions, as a class does;
5. the answers stored are counted in the database, and the script prints errors and
   p50/p95/p99 response times per kind of request.

    .venv/bin/python scripts/loadtest_quiz.py [--pupils 100] [--think 1.0] [--arrival 5]
                                              [--workers 3] [--threads 4]
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from html import unescape

from loadkit import ROOT, gunicorn, percentile, production_env

QUESTIONS = [  # (kind, variant); "" = a seeded variant per pupil
    ("vesnice", "a1"), ("silnice", "a4"), ("vynosy", "a1"), ("sedmicka", "a1"),
    ("nejdelsi-cesta", "a1"), ("nejvetsi-vojsko", "a2"), ("zamori", "a1"), ("stavba", "a1"),
    ("vitez", "a1"), ("vesnice", ""),
]
MAX_PUPILS = 300
MAX_SECONDS = 300.0

TARGET = re.compile(r'<a class="target target-(?:node|path)" href="(?P<href>[^"]+)"')
ACTION = re.compile(r'<form method="post" action="(?P<action>/hra/[^"]+)" class="quiz-answer">')
SELECT = re.compile(r'<select id="pole-[^"]+" name="(?P<name>[^"]+)"[^>]*>(?P<body>.*?)</select>',
                    re.S)
OPTION = re.compile(r'<option value="(?P<value>[^"]+)"')
RADIO = re.compile(r'<input type="(?P<type>radio|checkbox)" name="(?P<name>[^"]+)" '
                   r'value="(?P<value>[^"]+)"')
HIDDEN_SPOT = re.compile(r'<input type="hidden" name="misto" value="(?P<value>[^"]+)">')


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.timings: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)

    def add(self, route: str, millis: float, error: str | None) -> None:
        with self.lock:
            self.timings[route].append(millis)
            if error:
                self.errors[route].append(error)


class Pupil:
    """One pupil's phone: a keep-alive connection, cookies, the CSRF token."""

    def __init__(self, port: int, stats: Stats) -> None:
        self.port = port
        self.stats = stats
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, route: str, method: str, path: str, data: dict | None = None,
                htmx: bool = False, expect: tuple[int, ...] = (200, 302)) -> tuple[int, str, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if data is not None:
            token = self.cookies.get("csrftoken", "")
            body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}, doseq=True)
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "X-CSRFToken": token, "Referer": f"http://127.0.0.1:{self.port}/"})
        if htmx:
            headers["HX-Request"] = "true"
        started = time.perf_counter()
        error = None
        status, location, text = 0, "", ""
        for attempt in (1, 2):
            try:
                status, location, text = self._send(method, path, body, headers)
                break
            except (OSError, http.client.HTTPException) as problem:
                # The server closes idle keep-alive connections; like a browser, open a
                # new connection and send again (answers are idempotent anyway).
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    error = f"{method} {path} -> {type(problem).__name__}"
        if error is None and status not in expect:
            error = f"{method} {path} -> {status}"
        self.stats.add(route, (time.perf_counter() - started) * 1000, error)
        return status, location, text

    def _send(self, method: str, path: str, body, headers) -> tuple[int, str, str]:
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, response.getheader("Location", ""), text


def answer_data(page: str, rng: random.Random) -> dict[str, list[str]]:
    data: dict[str, list[str]] = {}
    for match in SELECT.finditer(page):
        options = OPTION.findall(match.group("body"))
        if options:
            data[match.group("name")] = [rng.choice(options)]
    radios: dict[str, list[str]] = defaultdict(list)
    for match in RADIO.finditer(page):
        radios[match.group("name")].append(match.group("value"))
    for name, values in radios.items():
        data[name] = [rng.choice(values)]
    return data


def pupil_run(number: int, port: int, code: str, stats: Stats, think: float, arrival: float,
              deadline: float, start: threading.Barrier, done: list[int]) -> None:
    rng = random.Random(number)
    pupil = Pupil(port, stats)

    def pause() -> None:
        if think > 0:
            time.sleep(min(rng.expovariate(1 / think), 4 * think))

    try:
        start.wait(timeout=60)
    except threading.BrokenBarrierError:
        return
    time.sleep(rng.uniform(0, arrival))  # pupils type the code at slightly different moments
    pupil.request("join page", "GET", f"/hra/{code}/")
    pause()
    status, location, _ = pupil.request("join", "POST", "/hra/",
                                        {"kod": code, "prezdivka": f"Žák {number:03d}"})
    if status != 302:
        return
    answered = 0
    while answered < len(QUESTIONS) and time.monotonic() < deadline:
        _, _, page = pupil.request("question", "GET", f"/hra/{code}/")
        form = ACTION.search(page)
        if not form:
            stats.add("question", 0.0, f"no question form for pupil {number}")
            break
        action = unescape(form.group("action"))
        pause()
        targets = [unescape(m.group("href")) for m in TARGET.finditer(page)]
        if targets:
            for href in rng.sample(targets, k=min(len(targets), rng.randint(1, 3))):
                _, _, page = pupil.request("click (htmx)", "GET", href, htmx=True)
                pause()
            data = {"vyber": ["1"], "misto": HIDDEN_SPOT.findall(page)}
        else:
            data = answer_data(page, rng)
        _, location, _ = pupil.request("answer", "POST", action, data)
        if location:
            pupil.request("feedback", "GET", location)
        # A double tap: the same answer again must not count twice.
        if rng.random() < 0.1:
            pupil.request("answer", "POST", action, data)
        if rng.random() < 0.3:
            pupil.request("poll", "GET", f"/hra/{code}/stav/?v=x", htmx=True)
        answered += 1
        pause()
    with stats.lock:
        done.append(answered)


def prepare_database(env: dict[str, str]) -> str:
    """Migrate, then create the teacher, the quiz and a running self-paced session."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tutorial.lessons import classroom
    from tutorial.models import ClassSession, Quiz, QuizItem

    call_command("migrate", "--noinput", verbosity=0)
    teacher = get_user_model().objects.create_user("zatez", password=secrets.token_urlsafe(16))
    quiz = Quiz.objects.create(owner=teacher, title="Zátěžový test")
    for order, (kind, variant) in enumerate(QUESTIONS, start=1):
        QuizItem.objects.create(quiz=quiz, order=order, kind=kind, variant=variant)
    session = classroom.start_session(quiz, teacher, ClassSession.Pace.SELF, None, False)
    classroom.control(session, "start")
    return session.code


def count_in_database(code: str) -> tuple[int, int, int]:
    from django.db import connection

    from tutorial.models import Answer, Pupil

    connection.close()  # see what gunicorn wrote
    pupils = Pupil.objects.filter(session__code=code).count()
    answers = Answer.objects.filter(pupil__session__code=code)
    return pupils, answers.count(), answers.values("pupil", "item").distinct().count()


def report(stats: Stats, wall: float, pupils: int, stored: tuple[int, int, int],
           done: list[int], settings: str) -> int:
    joined, answers, distinct = stored
    total = sum(len(v) for v in stats.timings.values())
    everything = [t for values in stats.timings.values() for t in values if t > 0]
    errors = sum(len(v) for v in stats.errors.values())
    expected = pupils * len(QUESTIONS)
    print(f"{pupils} žáků, {len(QUESTIONS)} otázek, {wall:.1f} s, {total} požadavků "
          f"({total / wall:.0f}/s), {settings}")
    print(f"{'požadavek':<16}{'n':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}"
          f"{'chyby':>7}")
    for route in sorted(stats.timings):
        values = [t for t in stats.timings[route] if t > 0] or [0.0]
        print(f"{route:<16}{len(values):>7}{statistics.median(values):>9.1f}"
              f"{percentile(values, .95):>9.1f}{percentile(values, .99):>9.1f}"
              f"{max(values):>9.1f}{len(stats.errors[route]):>7}")
    for route, messages in sorted(stats.errors.items()):
        for message in messages[:5]:
            print(f"  chyba {route}: {message}")
    finished = sum(1 for d in done if d == len(QUESTIONS))
    print(f"v databázi: žáků {joined}/{pupils}, odpovědí {answers}/{expected} "
          f"(různých dvojic žák+otázka {distinct}), všechny otázky dokončilo {finished}")
    p50 = statistics.median(everything) if everything else 0.0
    p95, p99 = percentile(everything, .95), percentile(everything, .99)
    print(f"loadtest_quiz pupils={pupils} answers_stored={answers} expected={expected} "
          f"errors={errors} p50_ms={p50:.1f} p95_ms={p95:.1f} p99_ms={p99:.1f}")
    ok = answers == expected == distinct and joined == pupils and errors == 0
    print("VÝSLEDEK: v pořádku" if ok and p95 < 200 else "VÝSLEDEK: cíl nesplněn "
          "(každá odpověď uložena, žádná chyba, p95 < 200 ms)")
    return 0 if ok else 1


def warm_up(port: int, code: str, workers: int) -> None:
    """A class meets a server that is already running: load templates and questions once."""
    stats = Stats()
    for _ in range(4 * workers):
        visitor = Pupil(port, stats)
        visitor.request("warm", "GET", f"/hra/{code}/")
        for kind, variant in QUESTIONS:
            if variant:
                visitor.request("warm", "GET", f"/kvizy/{kind}/{variant}/")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=100)
    parser.add_argument("--think", type=float, default=1.0,
                        help="average pause of a pupil between actions, in seconds")
    parser.add_argument("--arrival", type=float, default=5.0,
                        help="pupils arrive spread over this many seconds (0 = all at once)")
    parser.add_argument("--seconds", type=float, default=180.0, help="time limit")
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) + 1)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()
    pupils = max(1, min(args.pupils, MAX_PUPILS))
    seconds = max(5.0, min(args.seconds, MAX_SECONDS))

    with tempfile.TemporaryDirectory(prefix="loadtest-quiz-") as tmp:
        env = production_env(tmp, f"sqlite:///{tmp}/quiz.sqlite3")
        code = prepare_database(env)
        with gunicorn(env, args.workers, args.threads) as port:
            warm_up(port, code, args.workers)
            stats = Stats()
            done: list[int] = []
            deadline = time.monotonic() + seconds
            barrier = threading.Barrier(pupils)
            threads = [
                threading.Thread(target=pupil_run, daemon=True,
                                 args=(n, port, code, stats, args.think, args.arrival, deadline,
                                       barrier, done))
                for n in range(1, pupils + 1)
            ]
            started = time.monotonic()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=max(0.1, deadline + 30 - time.monotonic()))
            wall = time.monotonic() - started
        settings = (f"gunicorn {args.workers}×{args.threads} vláken, pauza {args.think} s, "
                    f"příchod během {args.arrival} s")
        return report(stats, wall, pupils, count_in_database(code), done, settings)


if __name__ == "__main__":
    sys.exit(main())
