"""How live pages learn that something changed: a cheap status check, asked often.

Pages that follow something others change (a pupil's phone in a lesson, a phone in a game
with friends) poll a status address every few hundred milliseconds. One middleware, first
in MIDDLEWARE, answers every registered poll whose page is still current with an empty
204, before the rest of the site's middleware (no session, no CSRF, no page cache).
Whatever a check cannot vouch for goes on to the view, which answers as it always did.

Each family registers its own check from its own module ``<app>/polling.py``, found like
Django's ``admin.py`` modules (imported once, on the first request): the lessons'
(``tutorial/lessons/polling.py``) and Hrát's (``tutorial/play/polling.py``). A check gets
the request and the pattern's ``key`` and must be cheap: no session, no ORM compiling, one
indexed query, nothing kept in the process, so a restarted server or the other one of two
answers the same, and the 204 says no more than the version the page already holds.

Not a version kept in the cache: on one server each gunicorn worker has its own LocMem, so
a change made in one would not reach the others, and the query costs a fraction of a
millisecond. Not server-sent events or long polling: each phone would hold a gunicorn
thread, and ``make serve`` has 12 per server for 100 phones (scripts/loadtest_quiz.py
measures the polling: docs/mereni.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.module_loading import autodiscover_modules, import_string

Check = Callable[[HttpRequest, str], bool]
MODULE = "polling"  # each app's module that registers its checks

# Path pattern (its group ``key`` names what is polled) -> the check, or its dotted path
# (imported on first use, so that a family's polling module needs little at import time).
CHECKS: list[tuple[re.Pattern, Check | str]] = []


def register(pattern: str | re.Pattern, check: Check | str) -> None:
    """Answer the polls of paths matching ``pattern`` with a 204 while ``check`` says the
    page is still current. Registering the same pattern again replaces its check."""
    pattern = re.compile(pattern) if isinstance(pattern, str) else pattern
    CHECKS[:] = [(p, c) for p, c in CHECKS if p.pattern != pattern.pattern]
    CHECKS.append((pattern, check))


@functools.cache
def discover() -> None:
    """Import every installed app's ``polling`` module (once): each registers its checks."""
    autodiscover_modules(MODULE)


@functools.cache
def _imported(path: str) -> Check:
    return import_string(path)


def still_current(request: HttpRequest) -> bool:
    """True when a registered check says the polling page is still current."""
    discover()
    for pattern, check in CHECKS:
        match = pattern.match(request.path_info)
        if match:
            check = _imported(check) if isinstance(check, str) else check
            return check(request, match["key"])
    return False


class PollMiddleware:
    """First in MIDDLEWARE: an unchanged status poll (a pupil's, a friend's game) gets its
    204 here."""

    def __init__(self, get_response):
        self.get_response = get_response
        discover()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and still_current(request):
            response = HttpResponse(status=204)
            # As every polling page: never stored by a browser or a proxy.
            response["Cache-Control"] = "private, no-store"
            return response
        return self.get_response(request)
