"""How a lesson's pages learn that something changed: the lessons' check in the site's poll
registry (:mod:`tutorial.live`, whose middleware answers an unchanged poll with a 204
before the rest of the site runs).

Pupils' pages, the projector and the teacher's live lists poll every
``settings.LESSONS_POLL_MS`` milliseconds (htmx ``hx-trigger="every …"``): 700 on the site,
each page at its own pace within ±15 %, so that a phone shows the teacher's reveal or next
question within a second. The browser tests shorten it further. Without JavaScript the pages
keep their "Načíst znovu" links.

A pupil's poll (``/hra/<code>/stav/?v=<version>``) is what a class sends most: with 100
pupils, about 140 a second. While nothing changed it is answered by the middleware, before the
rest of the site (no session, no CSRF, no page cache): the seat cookie's signature is
checked and one indexed query reads the lesson's state and whether the seat is still this
browser's, then 204. Anything else (a new state, a lost seat, a lesson idle too long, no
seat cookie, an unknown code) goes on to ``pupils.pupil_status``, which answers as before.
Nothing is kept between requests, so a restarted server or the other one of two answers
the same, and the 204 says no more than the version the page already holds.

How the registry works and why it polls: :mod:`tutorial.live`.
"""

from __future__ import annotations

import datetime as dt
import functools
import re

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from tutorial import live

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


live.register(STATUS_PATH, _lesson_check)

# The name config/settings.py has always used for the site's poll middleware.
PupilPollMiddleware = live.PollMiddleware
