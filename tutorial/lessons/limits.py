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

Passwords (teachers' page and the site admin): the limits fall on the guesser, never on the
address a whole school shares. After OWASP's "device cookies": a browser that signed in
successfully before carries a signed cookie naming that username and a random nonce; with
it, only that browser's own failures count (``LOGIN_LIMIT_PER_DEVICE`` per window, then that
browser alone is refused), so nobody else's guessing can lock the teacher out of their own
browser. Any other attempt is untrusted: failures are counted per username at an address
and per username (many addresses trying one name, with a higher limit), and either over its
limit refuses the attempt: that bounds the guessing of a password. Per address (one guesser
trying many names, e.g. a pupil behind the school's one address) the limit refuses only
names that no account has: a made-up name can never sign in, so it is refused without a
password check, while a teacher's own name is checked at once, from any browser, however
busy the address. So that the answers do not tell which names exist, a wrong password for a
real name at such a busy address is answered with the same refusal as a made-up name
(``login_checked`` says so); only the time the check takes differs. A refused attempt never
reaches the password hasher: the view asks :func:`login_wait` before it binds the form.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from tutorial import pages
from tutorial.lessons import classroom
from tutorial.lessons.models import Attempt, Lesson

GUESS = "join"  # scope: an unknown code from an address
KNOWN = "known"  # scope: "address|code", a code this address has used rightfully
KNOWN_FOR = timedelta(days=1)

LOGIN_PAIR, LOGIN_USER, LOGIN_ADDRESS = "login", "login-user", "login-address"
LOGIN_DEVICE = "login-device"  # key: the nonce of a device cookie
DEVICE_SALT = "tutorial.lessons.limits.device"
DEVICE_NAMES = 5  # usernames one browser remembers (a shared staff-room PC)


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


def open_code(address: str, code: str) -> Lesson | None:
    """The lesson with this code, or None for an unknown one (counted as a guess).

    Raises :class:`Slowed` when the address must wait; its code was not looked at then
    (unless the address already uses it).
    """
    lesson = classroom.find_lesson(code)
    if lesson is not None and knows(address, lesson.code):
        return lesson
    wait = _wait(GUESS, address, GuessLimit.from_settings())
    if wait:
        raise Slowed(wait)
    if lesson is None:
        classroom.record_failure(GUESS, safe_key(address))
        return None
    remember_code(address, lesson.code)
    return lesson


def _wait(scope: str, address: str, rule: GuessLimit) -> int:
    """Seconds this address must wait before its next check (0: go ahead)."""
    now = timezone.now()
    recent = Attempt.objects.filter(scope=scope, key=safe_key(address),
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

def _name(username: str) -> str:
    return safe_key(unicodedata.normalize("NFKC", username or "").strip().casefold())


def _devices(request: HttpRequest) -> list[list[str]]:
    """The [name, nonce] pairs of this browser's device cookie (none if forged or old)."""
    raw = request.COOKIES.get(settings.LOGIN_DEVICE_COOKIE, "")
    if not raw:
        return []
    try:
        value = signing.loads(raw, salt=DEVICE_SALT, max_age=settings.LOGIN_DEVICE_AGE)
    except signing.BadSignature:
        return []
    if not isinstance(value, list):
        return []
    return [pair for pair in value if isinstance(pair, list) and len(pair) == 2
            and all(isinstance(part, str) for part in pair)]


def _device_nonce(request: HttpRequest, name: str) -> str | None:
    return next((nonce for known, nonce in _devices(request) if known == name), None)


def login_wait(request: HttpRequest, username: str) -> int:
    """Seconds before this sign-in may be checked (0: check the password now)."""
    name, address = _name(username), pages.client_ip(request)
    window = settings.LOGIN_LIMIT_WINDOW
    span = timedelta(seconds=window)
    nonce = _device_nonce(request, name)
    if nonce is not None:
        return window if classroom.too_many(LOGIN_DEVICE, nonce, settings.LOGIN_LIMIT_PER_DEVICE,
                                            span) else 0
    if (classroom.too_many(LOGIN_PAIR, safe_key(f"{name}|{address}"),
                           settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS, span)
            or classroom.too_many(LOGIN_USER, name, settings.LOGIN_LIMIT_PER_USER, span)):
        return window
    if _busy(address) and not _has_account(username):
        return settings.LOGIN_SLOW_INTERVAL
    return 0


def _busy(address: str) -> bool:
    """Over the per-address limit: this address tried many names in vain lately."""
    return classroom.too_many(LOGIN_ADDRESS, safe_key(address), settings.LOGIN_LIMIT_PER_ADDRESS,
                              timedelta(seconds=settings.LOGIN_LIMIT_WINDOW))


def _has_account(username: str) -> bool:
    """Whether the name may belong to an active account (any case: a superset of the names
    Django's backend would sign in, so no real name is refused unchecked)."""
    users = get_user_model()._default_manager
    field = get_user_model().USERNAME_FIELD
    name = str(username or "").strip()
    return bool(name) and users.filter(**{f"{field}__iexact": name}, is_active=True).exists()


def _note_sign_in(sender, request=None, user=None, **kwargs) -> None:
    if request is not None and user is not None:
        request.signed_in_as = _name(user.get_username())


user_logged_in.connect(_note_sign_in, dispatch_uid="tutorial.lessons.limits.sign_in")


def login_checked(request: HttpRequest, response: HttpResponse, username: str) -> int:
    """Count a checked sign-in: a failure against its keys; a success clears this browser's
    failures and gives it (a fresh) device cookie for this username. Success is this very
    request signing this name in (whoever was signed in before does not count).

    Returns seconds to answer with instead of the form's own error (0: answer as usual):
    an untrusted failure at a busy address looks like the refusal of a made-up name."""
    name, address = _name(username), pages.client_ip(request)
    nonce = _device_nonce(request, name)
    if getattr(request, "signed_in_as", None) != name:
        if nonce is not None:
            classroom.record_failure(LOGIN_DEVICE, nonce)
            return 0
        busy = _busy(address)
        for scope, key in ((LOGIN_PAIR, f"{name}|{address}"), (LOGIN_ADDRESS, address),
                           (LOGIN_USER, name)):
            classroom.record_failure(scope, safe_key(key))
        return settings.LOGIN_SLOW_INTERVAL if busy else 0
    classroom.clear_failures(LOGIN_PAIR, safe_key(f"{name}|{address}"))
    if nonce is not None:
        classroom.clear_failures(LOGIN_DEVICE, nonce)
    others = [pair for pair in _devices(request) if pair[0] != name]
    devices = [[name, secrets.token_urlsafe(16)], *others][:DEVICE_NAMES]
    response.set_cookie(
        settings.LOGIN_DEVICE_COOKIE, signing.dumps(devices, salt=DEVICE_SALT),
        max_age=settings.LOGIN_DEVICE_AGE, secure=settings.SESSION_COOKIE_SECURE,
        httponly=True, samesite="Lax")
    return 0


def wait_text(seconds: int) -> str:
    """'Zkuste to znovu za 20 s.' / '… za 15 min.'"""
    if seconds < 60:
        return f"Zkuste to znovu za {seconds} s."
    return f"Zkuste to znovu za {(seconds + 59) // 60} min."


# --- password reset ------------------------------------------------------------------------
# Every request counts, whether or not the e-mail has an account: a refusal says nothing
# about it. Per address (a school asks for a few new passwords an hour) and per e-mail (no
# inbox is flooded, whoever asks).

RESET_ADDRESS, RESET_EMAIL = "reset-address", "reset-email"


def _full_for(scope: str, key: str, limit: int, window: int) -> int:
    """Seconds until the key is under its limit again (0: it is now)."""
    since = timezone.now() - timedelta(seconds=window)
    recent = Attempt.objects.filter(scope=scope, key=key, created__gte=since)
    if recent.count() < limit:
        return 0
    oldest = recent.order_by("created").values_list("created", flat=True).first()
    return max(1, int((oldest - since).total_seconds() + 0.999))


def _reset_keys(request: HttpRequest, email: str | None) -> list[tuple[str, str, int]]:
    keys = [(RESET_ADDRESS, safe_key(pages.client_ip(request)), settings.RESET_LIMIT_PER_ADDRESS)]
    if email is not None:
        keys.append((RESET_EMAIL, _name(email), settings.RESET_LIMIT_PER_EMAIL))
    return keys


def reset_wait(request: HttpRequest, email: str | None = None) -> int:
    """Seconds before this address (and this e-mail, when given) may ask for a link again."""
    return max(_full_for(scope, key, limit, settings.RESET_LIMIT_WINDOW)
               for scope, key, limit in _reset_keys(request, email))


def reset_asked(request: HttpRequest, email: str) -> None:
    for scope, key, _ in _reset_keys(request, email):
        classroom.record_failure(scope, key)


# --- registration ----------------------------------------------------------------------------
# A new teacher's e-mail (tutorial/lessons/registration.py): every request counts, with or
# without an account behind the e-mail, so a refusal says nothing about it. Per browser (a
# random name kept in a signed cookie: a pupil's browser runs out first, not the school's
# address), per address (a cap for a guesser who drops cookies; high enough for a staff room
# signing up together) and per e-mail (no inbox is flooded, whoever asks).

REGISTER_BROWSER, REGISTER_ADDRESS, REGISTER_EMAIL = ("register-browser", "register-address",
                                                      "register-email")
REGISTER_COOKIE = "registrace"
REGISTER_SALT = "tutorial.lessons.limits.register"


def _browser(request: HttpRequest) -> str | None:
    """This browser's name for the registration limit (None: it has none yet)."""
    raw = request.COOKIES.get(REGISTER_COOKIE, "")
    if not raw:
        return None
    try:
        value = signing.loads(raw, salt=REGISTER_SALT, max_age=settings.REGISTER_LIMIT_WINDOW)
    except signing.BadSignature:
        return None
    return value if isinstance(value, str) else None


def _register_keys(request: HttpRequest, email: str | None) -> list[tuple[str, str, int]]:
    keys = [(REGISTER_ADDRESS, safe_key(pages.client_ip(request)),
             settings.REGISTER_LIMIT_PER_ADDRESS)]
    browser = _browser(request)
    if browser:
        keys.append((REGISTER_BROWSER, browser, settings.REGISTER_LIMIT_PER_BROWSER))
    if email is not None:
        keys.append((REGISTER_EMAIL, _name(email), settings.REGISTER_LIMIT_PER_EMAIL))
    return keys


def register_wait(request: HttpRequest, email: str | None = None) -> int:
    """Seconds before this browser, address (and e-mail, when given) may ask again."""
    return max(_full_for(scope, key, limit, settings.REGISTER_LIMIT_WINDOW)
               for scope, key, limit in _register_keys(request, email))


def register_asked(request: HttpRequest, response: HttpResponse, email: str) -> None:
    """Count a request that sends a mail; a browser without a name gets one."""
    browser = _browser(request)
    if browser is None:
        browser = secrets.token_urlsafe(12)
        response.set_cookie(REGISTER_COOKIE, signing.dumps(browser, salt=REGISTER_SALT),
                            max_age=settings.REGISTER_LIMIT_WINDOW, httponly=True,
                            secure=settings.SESSION_COOKIE_SECURE, samesite="Lax")
    classroom.record_failure(REGISTER_BROWSER, browser)
    for scope, key, _ in _register_keys(request, email):
        if scope != REGISTER_BROWSER:
            classroom.record_failure(scope, key)
