"""How pages learn that something changed: a cheap status check, asked often.

One middleware, first in MIDDLEWARE, answers every registered status poll whose page is
still current with an empty 204. ``CHECKS`` maps a path pattern to its "unchanged?" check:
the lessons' pupil status (below) and Hrát's game with friends
(``tutorial.play.friends.unchanged``, ``/hrat/<id>/stav/``). A check gets the request and
the pattern's ``key`` and must be cheap: no session, no ORM compiling, one indexed query,
nothing kept in the process. Whatever it cannot vouch for goes on to the view.

Pupils' pages, the projector and the teacher's live lists poll every
``settings.LESSONS_POLL_MS`` milliseconds (htmx ``hx-trigger="every …"``): 800 on the site,
so that a phone shows the teacher's reveal or next question within a second. The browser
tests shorten it further. Without JavaScript the pages keep their "Načíst znovu" links.

A pupil's poll (``/hra/<code>/stav/?v=<version>``) is what a class sends most: with 100
pupils, 125 a second. While nothing changed it is answered here, before the rest of the
site's middleware (no session, no CSRF, no page cache): the seat cookie's signature is
checked and one indexed query reads the lesson's state and whether the seat is still this
browser's, then 204. Anything else (a new state, a lost seat, a lesson idle too long, no
seat cookie, an unknown code) goes on to ``pupils.pupil_status``, which answers as before.
Nothing is kept between requests, so a restarted server or the other one of two answers
the same, and the 204 says no more than the version the page already holds.

Not a version kept in the cache: on one server each gunicorn worker has its own LocMem, so
a change made in one would not reach the others, and the query costs a fraction of a
millisecond. Not server-sent events or long polling: each phone would hold a gunicorn
thread, and ``make serve`` has 12 per server for 100 phones (scripts/loadtest_quiz.py
measures the polling: docs/mereni.md).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.module_loading import import_string

STATUS_PATH = re.compile(r"^/hra/(?P<key>[A-Za-z0-9]{1,20})/stav/$")  # a pupil's poll
# The columns Lesson.version() reads, and the last activity (an idle lesson closes).
PULSE_FIELDS = ("state", "current", "revealed", "reveal", "show_ranking", "pace",
                "timer_seconds", "question_started", "last_activity")


def poll_interval(request: HttpRequest) -> dict[str, int]:
    """Context processor: ``lesson_poll_ms`` for the polling templates."""
    return {"lesson_poll_ms": settings.LESSONS_POLL_MS}


def unchanged(request: HttpRequest, code: str) -> bool:
    """True when the pupil's page at ``v`` still shows the lesson as it is and the browser
    still holds its seat; False when the full view must answer."""
    from tutorial.lessons import classroom
    from tutorial.lessons.models import CODE_LENGTH, Lesson
    from tutorial.lessons.pupils import SEAT_AGE, SEAT_COOKIE, SEAT_SALT

    version = request.GET.get("v")
    if not version or len(code) != CODE_LENGTH:
        return False
    token = request.get_signed_cookie(SEAT_COOKIE + code, default=None, salt=SEAT_SALT,
                                      max_age=SEAT_AGE)
    if not token:
        return False
    with connection.cursor() as cursor:
        cursor.execute(_pulse_sql(connection.vendor), [code, token])
        row = cursor.fetchone()
    if row is None:
        return False
    fields = dict(zip(PULSE_FIELDS, row, strict=True))
    for name in ("question_started", "last_activity"):
        fields[name] = _moment(fields[name])
    for name in ("revealed", "show_ranking"):
        fields[name] = bool(fields[name])
    lesson = Lesson(**fields)
    if lesson.last_activity is None or lesson.last_activity < classroom.idle_since():
        return False
    return lesson.version() == version


@functools.cache
def _pulse_sql(vendor: str) -> str:
    """One indexed query: the lesson's state, if the seat's token is one of its pupils'.
    Plain SQL: the ORM's compiling would cost as much as the rest of the answer."""
    from tutorial.lessons.models import Lesson, Pupil

    quote = connection.ops.quote_name
    lesson, pupil = Lesson._meta, Pupil._meta
    columns = ", ".join(f"l.{quote(lesson.get_field(name).column)}" for name in PULSE_FIELDS)
    return (f"SELECT {columns} FROM {quote(lesson.db_table)} l "
            f"INNER JOIN {quote(pupil.db_table)} p "
            f"ON p.{quote(pupil.get_field('lesson').column)} = l.{quote(lesson.pk.column)} "
            f"WHERE l.{quote(lesson.get_field('code').column)} = %s "
            f"AND p.{quote(pupil.get_field('token').column)} = %s")


def _moment(value):
    """A stored moment as the ORM gives it (SQLite hands back naive UTC text)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is not None and timezone.is_naive(value):
        value = timezone.make_aware(value, dt.UTC)
    return value


def _lesson_check(request: HttpRequest, code: str) -> bool:
    return unchanged(request, code.upper())


# Path pattern (its group ``key`` names what is polled) -> the check, or its dotted path
# (imported on first use, so that this module needs no other app at import time).
CHECKS: list[tuple[re.Pattern, Callable[[HttpRequest, str], bool] | str]] = [
    (STATUS_PATH, _lesson_check),
    (re.compile(r"^/hrat/(?P<key>[A-Za-z0-9_-]{16,32})/stav/$"),
     "tutorial.play.friends.unchanged"),
]


@functools.cache
def _check(path: str) -> Callable[[HttpRequest, str], bool]:
    return import_string(path)


def still_current(request: HttpRequest) -> bool:
    """True when a registered check says the polling page is still current."""
    for pattern, check in CHECKS:
        match = pattern.match(request.path_info)
        if match:
            check = _check(check) if isinstance(check, str) else check
            return check(request, match["key"])
    return False


class PollMiddleware:
    """First in MIDDLEWARE: an unchanged status poll (a pupil's, a friend's game) gets its
    204 here."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and still_current(request):
            response = HttpResponse(status=204)
            # As every polling page: never stored by a browser or a proxy.
            response["Cache-Control"] = "private, no-store"
            return response
        return self.get_response(request)


PupilPollMiddleware = PollMiddleware  # the name config/settings.py has always used
