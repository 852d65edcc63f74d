"""Abuse limits of class lessons: guessing join codes, guessing teachers' passwords.

Join codes. Every route that takes a code (the join form, a pupil's page, status polling,
a question) goes through :func:`open_code`, so an unknown code costs the same everywhere.
An address may try ``LESSONS_GUESS_LIMIT`` unknown codes per ``LESSONS_GUESS_WINDOW``
seconds; beyond that it may check one code per ``LESSONS_GUESS_INTERVAL`` seconds, and a
request in between is refused before its code is looked at (a refusal says nothing about
the code). A whole school may share one address, so one pupil's typos must not lock out
the class: a code this address already uses (a pupil joined with it, or the teacher runs
the lesson from here) is always let through, limit or not, and after a typo spree the first
pupil with the right code waits at most one interval; everyone after them walks straight in.
``scripts/guessing.py`` prints what this means for a guesser.

Passwords. Failed logins (teachers' page and the site admin) are counted per username at an
address, per address (one guesser trying many names) and per username (many addresses
trying one name, with a higher limit so that locking a teacher out takes real effort); any
of them over its limit refuses the attempt before the password is checked.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from tutorial.lessons import classroom
from tutorial.models import Attempt, ClassSession

GUESS = "join"  # scope: an unknown code from an address
KNOWN = "known"  # scope: "address|code", a code this address has used rightfully
KNOWN_FOR = timedelta(days=1)

LOGIN_PAIR, LOGIN_USER, LOGIN_ADDRESS = "login", "login-user", "login-address"


class Slowed(Exception):
    """This address is over the guessing limit and must wait before its next check."""

    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after


@dataclass(frozen=True)
class GuessLimit:
    limit: int
    window: int  # seconds
    interval: int  # seconds between checks once over the limit

    @classmethod
    def from_settings(cls) -> GuessLimit:
        return cls(settings.LESSONS_GUESS_LIMIT, settings.LESSONS_GUESS_WINDOW,
                   settings.LESSONS_GUESS_INTERVAL)


def safe_key(text: str) -> str:
    """A limiter key that every database stores (no NUL or other control characters)."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")[:200]


def open_code(address: str, code: str) -> ClassSession | None:
    """The session with this code, or None for an unknown one (counted as a guess).

    Raises :class:`Slowed` when the address must wait; its code was not looked at then
    (unless the address already uses it).
    """
    session = classroom.find_session(code)
    if session is not None and knows(address, session.code):
        return session
    wait = _wait(address, GuessLimit.from_settings())
    if wait:
        raise Slowed(wait)
    if session is None:
        classroom.record_failure(GUESS, safe_key(address))
        return None
    remember_code(address, session.code)
    return session


def _wait(address: str, rule: GuessLimit) -> int:
    """Seconds this address must wait before its next check (0: go ahead)."""
    now = timezone.now()
    recent = Attempt.objects.filter(scope=GUESS, key=safe_key(address),
                                    created__gte=now - timedelta(seconds=rule.window))
    if recent.count() < rule.limit:
        return 0
    last = recent.order_by("-created").values_list("created", flat=True).first()
    left = rule.interval - (now - last).total_seconds()
    return max(0, int(left + 0.999))


def knows(address: str, code: str) -> bool:
    return Attempt.objects.filter(scope=KNOWN, key=safe_key(f"{address}|{code}"),
                                  created__gte=timezone.now() - KNOWN_FOR).exists()


def remember_code(address: str, code: str) -> None:
    """This address uses this code rightfully: its pupils are not guessing it."""
    if not knows(address, code):
        Attempt.objects.create(scope=KNOWN, key=safe_key(f"{address}|{code}"))


# --- passwords ---------------------------------------------------------------------------

def _login_keys(username: str, address: str) -> list[tuple[str, str, int]]:
    name = safe_key(unicodedata.normalize("NFKC", username or "").strip().casefold())
    return [(LOGIN_PAIR, safe_key(f"{name}|{address}"), settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS),
            (LOGIN_ADDRESS, safe_key(address), settings.LOGIN_LIMIT_PER_ADDRESS),
            (LOGIN_USER, name, settings.LOGIN_LIMIT_PER_USER)]


def login_blocked(username: str, address: str) -> bool:
    window = timedelta(seconds=settings.LOGIN_LIMIT_WINDOW)
    return any(classroom.too_many(scope, key, limit, window)
               for scope, key, limit in _login_keys(username, address))


def login_failed(username: str, address: str) -> None:
    for scope, key, _ in _login_keys(username, address):
        classroom.record_failure(scope, key)


def login_succeeded(username: str, address: str) -> None:
    scope, key, _ = _login_keys(username, address)[0]
    classroom.clear_failures(scope, key)
