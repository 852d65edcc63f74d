"""Load test of a class lesson: 100 pupils on phones and a teacher at the projector run a
teacher-paced lesson of 10 questions with the reveal.

Loopback only, bounded in count and time, stops by itself:

1. a temporary SQLite database (WAL, as in the settings) is migrated, under production
   settings (no debug, collected static files), plain HTTP on loopback;
2. a teacher, a quiz of 10 questions (Almanach examples and one seeded variant per pupil) and
   a teacher-paced lesson (reveal by the teacher, speed points, top five) are created through
   the ORM;
3. gunicorn serves ``config.wsgi`` on 127.0.0.1 at a free port;
4. N pupil threads (http.client, own cookies and CSRF token each) open the join page and join
   within ``--arrival`` seconds; each then polls the lesson's status every ``--poll``
   seconds as the pupil's page does, loads the page when it changed, and answers each open
   question (board clicks by htmx, or choices) after pauses of ``--think`` seconds on
   average; a few tap twice;
5. the teacher signs in, opens the projector and polls it as the page does (a cheap check:
   204 while nothing changed, the live part when answers came in); starts the lesson,
   reveals each question once everybody answered, moves on, and at the end closes it;
6. the answers stored are counted in the database, and the script prints errors and
   p50/p95/p99 response times per kind of request;
7. how soon each phone follows the teacher: from the teacher's click (start, reveal, next,
   close) to the moment each pupil's page shows the new state (its poll saw the change and
   the page was loaded again), p50/p95/max over every transition and pupil;
8. the server's CPU time (user + system of the gunicorn master and workers, read from /proc
   before and after the lesson) per pupil-minute of the lesson.

    .venv/bin/python scripts/loadtest_quiz.py [--pupils 100] [--think 1.0] [--arrival 5]
                                              [--poll 0.8] [--workers 3] [--threads 4]

``--poll`` defaults to the pages' own interval (``LESSONS_POLL_MS``), shorter for short
pauses. ``--old-poll`` runs the lesson as the pages polled before 29. 11. 2026: every 3 s,
and every poll through the whole site (the server it starts leaves out
``tutorial.lessons.polling.PupilPollMiddleware``), so that the reveal-to-phone p95 and the
server's CPU per pupil-minute of both can be set side by side; ``--compare`` runs today's
lesson and the old one, one after the other, and prints both lines together.

With ``--base-url http://127.0.0.1:8001 http://127.0.0.1:8002`` it starts no server and uses
those (their database must be DATABASE_URL): pupils are spread over them, and a browser whose
server does not answer sends again to the next one, as a proxy would
(scripts/two_servers.sh).
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape

from loadkit import ROOT, percentile, production_env, spawn_gunicorn, stop

OLD_POLL_SECONDS = 3.0  # the pages' interval before 29. 11. 2026
POLL_JITTER = 0.15  # a pupil's page polls within ±15 % of the interval (pupils.poll_ms)

QUESTIONS = [  # (kind, variant); "" = a seeded variant per pupil
    ("vesnice", "a1"), ("silnice", "a4"), ("vynosy", "a1"), ("sedmicka", "a1"),
    ("nejdelsi-cesta", "a1"), ("nejvetsi-vojsko", "a2"), ("zamori", "a1"), ("stavba", "a1"),
    ("vitez", "a1"), ("vesnice", ""),
]
MAX_PUPILS = 300
MAX_SECONDS = 600.0

TARGET = re.compile(r'<a class="target target-(?:node|path)" href="(?P<href>[^"]+)"')
ACTION = re.compile(r'<form method="post" action="(?P<action>/hra/[^"]+)" class="quiz-answer"')
SELECT = re.compile(r'<select id="pole-[^"]+" name="(?P<name>[^"]+)"[^>]*>(?P<body>.*?)</select>',
                    re.S)
OPTION = re.compile(r'<option value="(?P<value>[^"]+)"')
RADIO = re.compile(r'<input type="(?P<type>radio|checkbox)" name="(?P<name>[^"]+)" '
                   r'value="(?P<value>[^"]+)"')
HIDDEN_SPOT = re.compile(r'<input type="hidden" name="misto" value="(?P<value>[^"]+)">')
VERSION = re.compile(r"/stav/\?v=(?P<version>[\w-]+)")
PROJECTOR_VERSION = re.compile(r"[?&]v=(?P<version>[\w-]+)")
CLOSED = "Hodina skončila"


def page_version(page: str) -> str | None:
    """The lesson's state a pupil's page shows (its status poll's key), "closed" at the end."""
    if CLOSED in page:
        return "closed"
    found = VERSION.search(page)
    return found.group("version") if found else None


class CpuMeter:
    """CPU time (user + system) of process trees, e.g. gunicorn's master and workers, read
    from /proc. A thread samples them every half second, so a process that is killed or
    ends keeps what it used until its last sample; one started meanwhile counts from 0."""

    def __init__(self, roots) -> None:
        self.roots = roots  # () -> the root pids now
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.stopped = threading.Event()
        self.tick = os.sysconf("SC_CLK_TCK")
        self._sample(initial=True)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _tree(self) -> list[int]:
        parents: dict[int, list[int]] = defaultdict(list)
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                stat = self._stat(int(entry))
                if stat:
                    parents[int(stat[1])].append(int(entry))
        found, todo = [], list(self.roots())
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo.extend(parents.get(pid, ()))
        return found

    @staticmethod
    def _stat(pid: int) -> list[str] | None:
        try:
            with open(f"/proc/{pid}/stat") as handle:
                text = handle.read()
        except OSError:
            return None
        return text[text.rindex(")") + 2:].split()  # from the state on (field 3)

    def _sample(self, initial: bool = False) -> None:
        for pid in self._tree():
            stat = self._stat(pid)
            if stat:
                seconds = (int(stat[11]) + int(stat[12])) / self.tick  # utime, stime
                self.first.setdefault(pid, seconds if initial else 0.0)
                self.last[pid] = seconds

    def _run(self) -> None:
        while not self.stopped.wait(0.5):
            self._sample()

    def used(self) -> float:
        """Seconds of CPU used since the meter started."""
        self._sample()
        return sum(self.last[pid] - self.first[pid] for pid in self.last)

    def stop(self) -> float:
        used = self.used()
        self.stopped.set()
        self.thread.join(timeout=5)
        return used


def pids_with(*needles: str) -> list[int]:
    """Processes whose command line holds every needle as whole words (a server's own
    port, say)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    command = handle.read().replace(b"\0", b" ").decode("utf-8", "replace")
            except OSError:
                continue
            words = f" {' '.join(command.split())} "
            if all(f" {needle} " in words for needle in needles):
                found.append(int(entry))
    return found


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.timings: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)
        self.served: dict[int, int] = defaultdict(int)  # answers per server port
        self.failovers = 0  # requests sent again to another server
        self.short_polls = 0  # unchanged polls answered before the site's middleware
        # The lesson's states: when the teacher's click made each, when each pupil saw it.
        self.clicks: dict[str, tuple[str, float]] = {}  # version -> (button, time)
        self.seen: dict[str, dict[int, float]] = defaultdict(dict)  # version -> pupil -> time

    def saw(self, number: int, page: str) -> None:
        version = page_version(page)
        if version is not None:
            with self.lock:
                self.seen[version].setdefault(number, time.monotonic())

    def add(self, route: str, millis: float, error: str | None) -> None:
        with self.lock:
            self.timings[route].append(millis)
            if error:
                self.errors[route].append(error)

    def relabel_last(self, route: str, label: str) -> None:
        """File the last timing of ``route`` under ``label`` (only one thread uses it)."""
        with self.lock:
            if self.timings[route]:
                self.timings[label].append(self.timings[route].pop())
                if not self.timings[route]:
                    del self.timings[route]


class Browser:
    """A pupil's phone or the teacher's computer: a keep-alive connection, cookies, CSRF."""

    def __init__(self, port: int | list[int], stats: Stats) -> None:
        # Several ports: the first is this browser's server, the next ones stand in for it.
        self.ports = port if isinstance(port, list) else [port]
        self.port = self.ports[0]
        self.stats = stats
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers: set[str] = set()  # names of the last response's headers

    def request(self, route: str, method: str, path: str, data: dict | None = None,
                htmx: bool = False, expect: tuple[int, ...] = (200, 302),
                extra: dict[str, str] | None = None) -> tuple[int, str, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                   **(extra or {})}
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
        ports = [self.port, *self.ports]  # one port: the same one twice
        for attempt, port in enumerate(ports, start=1):
            try:
                status, location, text = self._send(method, path, body, headers)
                self.stats.served[self.port] += 1
                break
            except (OSError, http.client.HTTPException) as problem:
                # The server closes idle keep-alive connections; like a browser, open a
                # new connection and send again (answers are idempotent anyway). With
                # several servers the next one stands in for one that does not answer.
                self.conn.close()
                if attempt < len(ports):
                    self.port = ports[attempt]
                    if self.port != port:
                        with self.stats.lock:
                            self.stats.failovers += 1
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == len(ports):
                    error = f"{method} {path} -> {type(problem).__name__}"
        resent = method == "POST" and attempt > 1 and status == 409
        if error is None and status not in expect and not resent:
            error = f"{method} {path} -> {status}"
        self.stats.add(route, (time.perf_counter() - started) * 1000, error)
        return status, location, text

    def _send(self, method: str, path: str, body, headers) -> tuple[int, str, str]:
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        self.headers = {name.lower() for name, _ in response.getheaders()}
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


class Lesson:
    """What the threads share: the code, the clock, the options."""

    def __init__(self, port: int, code: str, stats: Stats, args, deadline: float) -> None:
        self.ports = port if isinstance(port, list) else [port]
        self.code, self.stats, self.deadline = code, stats, deadline
        self.think, self.arrival, self.poll = args.think, args.arrival, args.poll
        self.look, self.wait = args.look, args.wait
        self.old_poll = args.old_poll
        self.meters: dict[str, CpuMeter] = {}
        self.idle: dict[str, float] = {}  # CPU seconds while the class only waited
        self.idle_seconds = 0.0
        self.pupils = args.pupils
        self.joined = 0
        self.lock = threading.Lock()

    def ports_for(self, number: int) -> list[int]:
        """Pupil ``number``'s server first (spread evenly), then the others."""
        first = number % len(self.ports)
        return self.ports[first:] + self.ports[:first]

    def running(self) -> bool:
        return time.monotonic() < self.deadline


def pupil_run(number: int, lesson: Lesson, start: threading.Barrier, done: list[int]) -> None:
    rng = random.Random(number)
    pupil = Browser(lesson.ports_for(number), lesson.stats)
    code, stats = lesson.code, lesson.stats
    base = f"http://127.0.0.1:{pupil.port}"

    def pause(scale: float = 1.0) -> None:
        if lesson.think > 0:
            time.sleep(min(rng.expovariate(1 / (lesson.think * scale)), 4 * lesson.think))

    try:
        start.wait(timeout=60)
    except threading.BrokenBarrierError:
        return
    time.sleep(rng.uniform(0, lesson.arrival))  # pupils type the code at different moments
    pupil.request("join page", "GET", f"/hra/{code}/")
    pause()
    status, _, _ = pupil.request("join", "POST", "/hra/",
                                 {"kod": code, "prezdivka": f"Žák {number:03d}"})
    if status != 302:
        return
    with lesson.lock:
        lesson.joined += 1
    _, _, page = pupil.request("page", "GET", f"/hra/{code}/")
    stats.saw(number, page)
    answered: set[str] = set()
    time.sleep(rng.uniform(0, lesson.poll))  # phones do not poll in step

    def pace() -> float:
        """As a pupil's page: an interval of its own at each load (pupils.poll_ms)."""
        return lesson.poll * rng.uniform(1 - POLL_JITTER, 1 + POLL_JITTER)

    every = pace()
    while lesson.running() and CLOSED not in page:
        form = ACTION.search(page)
        if form and form.group("action") not in answered:
            page = answer(pupil, unescape(form.group("action")), page, rng, pause)
            stats.saw(number, page)
            every = pace()
            answered.add(form.group("action"))
            continue
        version = VERSION.search(page)
        time.sleep(every)
        # As htmx sends it: the page the poll belongs to (the old pages reloaded instead).
        current = {} if lesson.old_poll else {"HX-Current-URL": f"{base}/hra/{code}/"}
        status, _, text = pupil.request("poll", "GET", f"/hra/{code}/stav/?v="
                                        f"{version.group(1) if version else 'x'}", htmx=True,
                                        expect=(200, 204), extra=current)
        if status == 204 and "x-frame-options" not in pupil.headers:
            with stats.lock:  # the whole site adds X-Frame-Options; the shortcut does not
                stats.short_polls += 1
        if status == 200 and 'id="obsah"' in text:
            page = text  # the new page came with the poll; htmx swaps it in
            stats.saw(number, page)
            every = pace()
        elif status == 200:  # HX-Refresh: the page loads again
            _, _, page = pupil.request("page", "GET", f"/hra/{code}/")
            stats.saw(number, page)
            every = pace()
    with stats.lock:
        done.append(len(answered))


def answer(pupil: Browser, action: str, page: str, rng: random.Random, pause) -> str:
    """Answer the open question as a pupil does; returns the page seen afterwards."""
    pause()
    targets = [unescape(m.group("href")) for m in TARGET.finditer(page)]
    if targets:
        for href in rng.sample(targets, k=min(len(targets), rng.randint(1, 3))):
            _, _, page = pupil.request("click (htmx)", "GET", href, htmx=True)
            pause(0.5)
        data = {"vyber": ["1"], "misto": HIDDEN_SPOT.findall(page)}
    else:
        data = answer_data(page, rng)
    _, location, _ = pupil.request("answer", "POST", action, data)
    if rng.random() < 0.1:  # a double tap: the same answer again must not count twice
        pupil.request("answer", "POST", action, data, expect=(302, 409))
    _, _, page = pupil.request("page", "GET", location or action.rsplit("/", 2)[0] + "/")
    # The page says the answer is kept, or the lesson has already gone on (the teacher may
    # reveal and move on between the answer and this page): the same question asking to be
    # answered again is the only sign of a lost answer.
    form = ACTION.search(page)
    asks_again = bool(form) and unescape(form.group("action")) == action
    if "Odpověď uložena" not in page and "Hodina skončila" not in page and asks_again:
        pupil.stats.add("page", 0.0, "the answer was not saved")
    return page


def teacher_run(lesson: Lesson, password: str, start: threading.Barrier,
                timeline: list[str]) -> None:
    """The teacher at the projector: start, reveal when all answered, next, close."""
    teacher = Browser(lesson.ports_for(0), lesson.stats)
    base = f"/ucitel/hodina/{lesson.code}/"
    teacher.request("teacher", "GET", "/prihlaseni/")
    teacher.request("teacher login", "POST", "/prihlaseni/",
                    {"username": "zatez", "password": password})
    try:
        start.wait(timeout=60)
    except threading.BrokenBarrierError:
        return

    def control(action: str, **extra: str) -> None:
        """A button on the projector; the page it leads back to names the new state."""
        clicked = time.monotonic()
        teacher.request("teacher", "POST", f"{base}ovladani/",
                        {"akce": action, "zpet": "projektor", **extra})
        projector.load()
        version = "closed" if action == "close" else projector.version
        if version:
            with lesson.stats.lock:
                lesson.stats.clicks.setdefault(version, (action, clicked))

    projector = Projector(teacher, base)
    projector.watch(lambda: lesson.joined >= lesson.pupils, lesson, lesson.arrival + 30)
    if lesson.wait > 0:
        # The class waits for the teacher: every phone and the projector only ask whether
        # anything changed. What that costs is the price of the polling itself.
        time.sleep(2 * lesson.poll)
        before = {name: meter.used() for name, meter in lesson.meters.items()}
        waited = time.monotonic()
        projector.watch(lambda: False, lesson, lesson.wait)
        lesson.idle_seconds = time.monotonic() - waited
        lesson.idle = {name: meter.used() - before[name] for name, meter in lesson.meters.items()}
    for number in range(1, len(QUESTIONS) + 1):
        control("start" if number == 1 else "next")
        started = time.monotonic()
        projector.watch(lambda: projector.answered >= lesson.pupils, lesson, 90)
        timeline.append(f"{number}:{projector.answered}/{lesson.pupils}:"
                        f"{time.monotonic() - started:.1f}s")
        control("reveal")
        time.sleep(lesson.look)  # the class looks at the reveal
    control("close", potvrdit="1")


class Projector:
    """The projector page as the browser runs it: load, then poll every few seconds."""

    POLL = re.compile(r'hx-get="(?P<url>[^"]+cast=1[^"]*)"')
    COUNT = re.compile(r"(?P<answered>\d+) z (?P<pupils>\d+) odpovědělo|Připojeno (?P<joined>\d+)")

    def __init__(self, teacher: Browser, base: str) -> None:
        self.teacher, self.base = teacher, base
        self.url, self.answered, self.version = "", 0, ""
        self.load()

    def load(self) -> None:
        _, _, page = self.teacher.request("projector page", "GET", f"{self.base}projektor/")
        self._read(page)

    def _read(self, page: str) -> None:
        poll = self.POLL.search(page)
        if poll:
            self.url = unescape(poll.group("url"))
            version = PROJECTOR_VERSION.search(self.url)
            self.version = version.group("version") if version else ""
        count = self.COUNT.search(page)
        if count:
            self.answered = int(count.group("answered") or count.group("joined") or 0)

    def watch(self, enough, lesson: Lesson, limit: float) -> None:
        until = min(time.monotonic() + limit, lesson.deadline)
        while not enough() and time.monotonic() < until:
            time.sleep(lesson.poll)
            status, _, text = self.teacher.request("projector poll", "GET", self.url, htmx=True,
                                                   expect=(200, 204))
            self.teacher.stats.relabel_last("projector poll",
                                            "projektor 204" if status == 204 else "projektor živě")
            if status == 200 and not text:  # HX-Refresh: the lesson moved on
                self.load()
            elif status == 200:
                self._read(text)


def prepare_database(env: dict[str, str]) -> tuple[str, str]:
    """Migrate, then create the teacher, the quiz and a teacher-paced lesson waiting for the
    class; returns its code and the teacher's password."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tutorial.lessons import classroom
    from tutorial.lessons.models import Lesson as LessonModel
    from tutorial.lessons.models import Quiz, QuizItem

    call_command("migrate", "--noinput", verbosity=0)
    password = secrets.token_urlsafe(16)
    teacher = get_user_model().objects.create_user("zatez", password=password)
    quiz = Quiz.objects.create(owner=teacher, title="Zátěžový test")
    for order, (kind, variant) in enumerate(QUESTIONS, start=1):
        QuizItem.objects.create(quiz=quiz, order=order, kind=kind, variant=variant)
    lesson = classroom.start_lesson(quiz, teacher, LessonModel.Pace.TEACHER, None, True,
                                    show_ranking=True)
    return lesson.code, password


def count_in_database(code: str) -> tuple[int, int, int]:
    from django.db import connection

    from tutorial.lessons.models import Answer, Pupil

    connection.close()  # see what gunicorn wrote
    pupils = Pupil.objects.filter(lesson__code=code).count()
    answers = Answer.objects.filter(pupil__lesson__code=code)
    return pupils, answers.count(), answers.values("pupil", "item").distinct().count()


def follow(stats: Stats, pupils: int) -> tuple[list[float], dict[str, list[float]], int]:
    """Seconds from each click of the teacher to each pupil's page showing it (all, by
    button), and how many pupils never showed a state (the next click came first)."""
    delays: list[float] = []
    by_button: dict[str, list[float]] = defaultdict(list)
    missed = 0
    for version, (button, clicked) in stats.clicks.items():
        seen = stats.seen.get(version, {})
        for number in range(1, pupils + 1):
            if number in seen:
                delay = max(0.0, seen[number] - clicked)
                delays.append(delay)
                by_button[button].append(delay)
            else:
                missed += 1
    return delays, by_button, missed


def report(stats: Stats, wall: float, pupils: int, stored: tuple[int, int, int],
           done: list[int], timeline: list[str], settings: str, lesson: Lesson,
           cpu: dict[str, float]) -> int:
    joined, answers, distinct = stored
    total = sum(len(v) for v in stats.timings.values())
    everything = [t for values in stats.timings.values() for t in values if t > 0]
    errors = sum(len(v) for v in stats.errors.values())
    expected = pupils * len(QUESTIONS)
    print(f"{pupils} žáků a učitel u projektoru, {len(QUESTIONS)} otázek s odhalením, "
          f"{wall:.1f} s, {total} požadavků ({total / wall:.0f}/s), {settings}")
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
          f"(různých dvojic žák+otázka {distinct}), na všechny otázky odpovědělo {finished}")
    print("otázky (číslo:odpovědělo/žáků:za kolik s od spuštění): " + " ".join(timeline))
    if len(stats.served) > 1:
        print("odpovědi serverů: " + ", ".join(f"{port}: {count}" for port, count
                                               in sorted(stats.served.items()))
              + f"; posláno znovu jinému serveru: {stats.failovers}")
    p50 = statistics.median(everything) if everything else 0.0
    p95, p99 = percentile(everything, .95), percentile(everything, .99)
    poll = percentile(stats.timings.get("poll", []), .95)
    projector = percentile(stats.timings.get("projektor 204", [])
                           + stats.timings.get("projektor živě", []), .95)
    delays, by_button, missed = follow(stats, pupils)
    names = {"start": "spuštění", "reveal": "odhalení", "next": "další otázka",
             "close": "konec"}
    print("od kliknutí učitele po stránku na telefonu (s), p50/p95/max: " + "; ".join(
        f"{names.get(button, button)} {statistics.median(values):.2f}/"
        f"{percentile(values, .95):.2f}/{max(values):.2f} (n={len(values)})"
        for button, values in by_button.items()) + f"; nezobrazeno {missed}")
    follow_p50 = statistics.median(delays) if delays else 0.0
    follow_p95 = percentile(delays, .95)
    follow_max = max(delays, default=0.0)
    minutes = pupils * wall / 60
    polls = len(stats.timings.get("poll", []))
    cpu_text = ""
    for name, used in cpu.items():
        # The lesson without the wait at its start; the wait alone: what polling costs.
        idle = lesson.idle.get(name, 0.0)
        lesson_minutes = pupils * (wall - lesson.idle_seconds) / 60
        waiting = (f"čekání {1000 * idle / (pupils * lesson.idle_seconds / 60):.0f} ms "
                   f"na žáka a minutu, " if lesson.idle_seconds else "")
        print(f"CPU ({name}): {waiting}hodina {used - idle:.1f} s za "
              f"{wall - lesson.idle_seconds:.1f} s, tj. {1000 * (used - idle) / pupils:.0f} ms "
              f"na žáka, {1000 * (used - idle) / lesson_minutes:.0f} ms na žáka a minutu")
        if name == "gunicorn":
            if lesson.idle_seconds:
                cpu_text += (f" cpu_wait_ms_per_pupil_minute="
                             f"{1000 * idle / (pupils * lesson.idle_seconds / 60):.0f}")
            cpu_text += (f" cpu_lesson_ms_per_pupil={1000 * (used - idle) / pupils:.0f}"
                         f" cpu_ms_per_pupil_minute={1000 * (used - idle) / lesson_minutes:.0f}")
    # Beside each other: how soon phones follow, and what that costs the servers (every
    # gunicorn, and a shared PostgreSQL and Redis when there are any), in CPU seconds.
    wait_total = sum(lesson.idle.values())
    lesson_total = sum(cpu.values()) - wait_total
    lesson_minutes = pupils * (wall - lesson.idle_seconds) / 60
    wait_per = wait_total / (pupils * lesson.idle_seconds / 60) if lesson.idle_seconds else 0.0
    lesson_per = lesson_total / lesson_minutes if lesson_minutes > 0 else 0.0
    short = 100 * stats.short_polls / polls if polls else 0.0
    print(f"SOUHRN ({settings}): od kliknutí po telefon p95 {follow_p95:.2f} s; CPU serverů "
          f"{wait_per:.3f} s na žáka a minutu čekání, {lesson_per:.3f} s na žáka a minutu "
          f"hodiny; nezměněných dotazů odbytých před middlewarem webu {short:.0f} %")
    cpu_text += (f" cpu_wait_s_per_pupil_minute={wait_per:.3f}"
                 f" cpu_lesson_s_per_pupil_minute={lesson_per:.3f} short_polls_pct={short:.0f}")
    print(f"loadtest_quiz pupils={pupils} answers_stored={answers} expected={expected} "
          f"errors={errors} p50_ms={p50:.1f} p95_ms={p95:.1f} p99_ms={p99:.1f} "
          f"poll_p95_ms={poll:.1f} projector_poll_p95_ms={projector:.1f} "
          f"follow_p50_s={follow_p50:.2f} follow_p95_s={follow_p95:.2f} "
          f"follow_max_s={follow_max:.2f} follow_n={len(delays)} follow_missed={missed} "
          f"polls_per_pupil_minute={polls / minutes:.0f}{cpu_text} wall_s={wall:.1f}")
    ok = answers == expected == distinct and joined == pupils and errors == 0
    print("VÝSLEDEK: v pořádku" if ok and p95 < 200 else "VÝSLEDEK: cíl nesplněn "
          "(každá odpověď uložena, žádná chyba, p95 < 200 ms)")
    return 0 if ok else 1


def warm_up(port: int, code: str, workers: int) -> None:
    """A class meets a server that is already running: load templates and questions once."""
    stats = Stats()
    for _ in range(4 * workers):
        visitor = Browser(port, stats)
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
    parser.add_argument("--poll", type=float, default=None,
                        help="seconds between polls of pupils and projector (as the pages: "
                             "LESSONS_POLL_MS; shorter for short pauses)")
    parser.add_argument("--old-poll", action="store_true",
                        help="as before 29. 11. 2026: polls every 3 s through the whole site "
                             "(with --base-url the servers must run so already)")
    parser.add_argument("--compare", action="store_true",
                        help="today's lesson, then the --old-poll one; both summaries at the end")
    parser.add_argument("--look", type=float, default=None,
                        help="seconds the class looks at each reveal before the next "
                             "question (3; shorter for quick polls)")
    parser.add_argument("--wait", type=float, default=None,
                        help="seconds the joined class waits for the start, only polling: "
                             "the CPU per pupil-minute of that is measured (15; shorter for "
                             "quick polls)")
    parser.add_argument("--seconds", type=float, default=300.0, help="time limit")
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) + 1)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--base-url", nargs="+", default=[],
                        help="running servers on 127.0.0.1 to use instead of starting one")
    args = parser.parse_args()
    if args.compare and args.base_url:
        raise SystemExit("--compare spouští své servery; pro dva servery použijte "
                         "scripts/two_servers.sh a scripts/two_servers.sh --old-poll")
    if args.compare:
        return compare(sys.argv[1:])
    args.old_poll = args.old_poll or os.environ.get("LOADTEST_OLD_POLL") == "1"
    args.pupils = max(1, min(args.pupils, MAX_PUPILS))
    seconds = max(5.0, min(args.seconds, MAX_SECONDS))
    if args.old_poll:
        args.poll = OLD_POLL_SECONDS

    with tempfile.TemporaryDirectory(prefix="loadtest-quiz-") as tmp:
        env = (dict(os.environ) if args.base_url
               else production_env(tmp, f"sqlite:///{tmp}/quiz.sqlite3"))
        code, password = prepare_database(env)
        if args.old_poll and not args.base_url:
            env = old_poll_env(env, tmp)
        if args.poll is None:
            from django.conf import settings

            args.poll = min(settings.LESSONS_POLL_MS / 1000, max(0.25, 3 * args.think))
        if args.look is None:
            args.look = min(3.0, max(4 * args.poll, 0.2))
        if args.wait is None:
            args.wait = min(15.0, 20 * args.poll)
        with (running(args.base_url) if args.base_url
              else gunicorn(env, args.workers, args.threads)) as port:
            for each in port if isinstance(port, list) else [port]:
                warm_up(each, code, args.workers)
            stats = Stats()
            lesson = Lesson(port, code, stats, args, time.monotonic() + seconds)
            lesson.meters = meters(port if isinstance(port, list) else [port])
            done: list[int] = []
            timeline: list[str] = []
            barrier = threading.Barrier(args.pupils + 1)
            threads = [threading.Thread(target=pupil_run, daemon=True,
                                        args=(n, lesson, barrier, done))
                       for n in range(1, args.pupils + 1)]
            threads.append(threading.Thread(target=teacher_run, daemon=True,
                                            args=(lesson, password, barrier, timeline)))
            started = time.monotonic()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=max(0.1, lesson.deadline + 30 - time.monotonic()))
            wall = time.monotonic() - started
            cpu = {name: meter.stop() for name, meter in lesson.meters.items()}
        settings = (f"gunicorn {args.workers}×{args.threads} vláken, pauza {args.think} s, "
                    f"dotaz na změnu po {args.poll} s"
                    f"{' celým webem (jako před 29. 11.)' if args.old_poll else ''}, "
                    f"příchod během {args.arrival} s")
        return report(stats, wall, args.pupils, count_in_database(code), done, timeline,
                      settings, lesson, cpu)


def old_poll_env(env: dict[str, str], folder: str) -> dict[str, str]:
    """The environment of a server as pupils' polls found it before 29. 11. 2026: the site's
    settings without the shortcut for unchanged polls (a settings module in ``folder``),
    so every poll goes through the whole site to ``pupils.pupil_status``."""
    with open(os.path.join(folder, "old_poll_settings.py"), "w") as handle:
        handle.write("from config.settings import *  # noqa: F403\n"
                     "MIDDLEWARE = [m for m in MIDDLEWARE  # noqa: F405\n"
                     "              if not m.endswith('.PupilPollMiddleware')]\n"
                     f"LESSONS_POLL_MS = {int(OLD_POLL_SECONDS * 1000)}\n")
    path = os.pathsep.join(p for p in (folder, str(ROOT), env.get("PYTHONPATH", "")) if p)
    return {**env, "DJANGO_SETTINGS_MODULE": "old_poll_settings", "PYTHONPATH": path}


def compare(argv: list[str]) -> int:
    """Today's lesson, then the old one (--old-poll), each in a process of its own; their
    summary lines printed together at the end."""
    argv = [a for a in argv if a != "--compare"]
    summaries, status = [], 0
    for extra in ([], ["--old-poll"]):
        result = subprocess.run([sys.executable, __file__, *argv, *extra], cwd=ROOT,
                                capture_output=True, text=True)
        print(result.stdout, end="", flush=True)
        print(result.stderr, end="", file=sys.stderr)
        summaries += [line for line in result.stdout.splitlines()
                      if line.startswith("SOUHRN")]
        status = status or result.returncode
    print("\nSROVNÁNÍ (dnes, pak dotazování po 3 s celým webem):")
    for line in summaries:
        print("  " + line)
    return status


def meters(ports: list[int]) -> dict[str, CpuMeter]:
    """CPU meters of the gunicorns on ``ports`` (master and workers, also one started again
    on its port meanwhile), and of a PostgreSQL and a Redis on loopback named by
    DATABASE_URL and DJANGO_CACHE_URL (the two servers' shared database and cache)."""
    found = {"gunicorn": CpuMeter(lambda: [
        pid for port in ports for pid in pids_with("-m gunicorn", f"127.0.0.1:{port}")])}
    shared = []
    database = urllib.parse.urlsplit(os.environ.get("DATABASE_URL", ""))
    if database.scheme.startswith("postgres") and database.hostname == "127.0.0.1":
        shared.append(("-D", f"-p {database.port}"))  # the postmaster; its backends below
    cache = urllib.parse.urlsplit(os.environ.get("DJANGO_CACHE_URL", ""))
    if cache.scheme == "redis" and cache.hostname == "127.0.0.1":
        shared.append(("redis-server", f"127.0.0.1:{cache.port}"))
    if shared:
        found["PostgreSQL a Redis"] = CpuMeter(
            lambda: [pid for needles in shared for pid in pids_with(*needles)])
    return found


@contextmanager
def gunicorn(env: dict[str, str], workers: int, threads: int) -> Iterator[int]:
    """A gunicorn of our own on a free loopback port."""
    server, port = spawn_gunicorn(env, workers, threads)
    try:
        yield port
    finally:
        stop(server)


@contextmanager
def running(urls: list[str]) -> Iterator[list[int]]:
    """The ports of servers already running on loopback (--base-url)."""
    ports = [urllib.parse.urlsplit(url).port for url in urls
             if urllib.parse.urlsplit(url).hostname == "127.0.0.1"]
    if len(ports) != len(urls) or None in ports:
        raise SystemExit("--base-url: jen http://127.0.0.1:<port>")
    yield ports


if __name__ == "__main__":
    sys.exit(main())
