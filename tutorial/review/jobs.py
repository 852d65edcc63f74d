"""Reviews computed once, in the background, by whichever server process gets there first.

No extra service: a request that finds no review creates a GameReview row (``request``,
bounded per browser and address) and calls :func:`kick`, which starts this process's one
worker thread unless it already runs. The worker claims waiting rows one by one with a
compare-and-set UPDATE (only one process's UPDATE of a row can match, on SQLite and on
PostgreSQL alike, so two servers sharing a database never compute one review twice),
writes its progress every PROGRESS_EVERY seconds and the result at the end, and stops when
nothing waits. A running row whose worker gave no sign of life for STALE (its server was
stopped mid-way) is claimed again by the next kick, which every look at a review page
makes. One worker per process: reviews queue instead of taking every CPU at once.

With ``settings.REVIEW_IN_BACKGROUND = False`` (the tests) :func:`kick` works through the
queue in the calling thread, so nothing depends on threads or timing.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, close_old_connections, connections, transaction
from django.db.models import Q
from django.utils import timezone

from tutorial.play import store
from tutorial.play.models import StartLock
from tutorial.review import compute
from tutorial.review.models import GameReview

logger = logging.getLogger(__name__)

STALE = timedelta(minutes=2)  # a running review with no progress for this long is claimed again
PROGRESS_EVERY = 1.0  # seconds between progress writes
# Reviews started in an hour: per browser (its session) and per address, which a whole
# class behind one school address shares (30 pupils reviewing a game each, and again).
STARTS_PER_BROWSER = 10
STARTS_PER_ADDRESS = 60
WINDOW = timedelta(hours=1)

_lock = threading.Lock()
_worker: threading.Thread | None = None


class TooMany(Exception):
    """Too many reviews started in the last hour: ``per`` is "browser" or "address"."""

    def __init__(self, per: str, limit: int):
        super().__init__(per)
        self.per, self.limit = per, limit


class Taken(Exception):
    """Another worker claimed the review meanwhile (this one was thought stopped)."""


def in_background() -> bool:
    return getattr(settings, "REVIEW_IN_BACKGROUND", True)


def request(row, address: str, browser: str) -> GameReview:
    """The game's review, created (waiting) if there is none yet; TooMany when this
    browser or address started too many in the last hour. The count and the insert hold
    the address's lock row, as new games do (tutorial.play.store.create_limited)."""
    found = GameReview.objects.filter(game=row).first()
    if found is not None:
        return found
    key = store.address_key("review|" + address)
    browser_key = store.address_key("review|browser|" + browser)
    now = timezone.now()
    try:
        with transaction.atomic():
            StartLock.objects.get_or_create(address=key)
            StartLock.objects.filter(address=key).update(at=now)  # locks it (PostgreSQL)
            recent = GameReview.objects.filter(created__gte=now - WINDOW)
            if recent.filter(browser=browser_key).count() >= STARTS_PER_BROWSER:
                raise TooMany("browser", STARTS_PER_BROWSER)
            if recent.filter(address=key).count() >= STARTS_PER_ADDRESS:
                raise TooMany("address", STARTS_PER_ADDRESS)
            return GameReview.objects.create(game=row, address=key, browser=browser_key,
                                             created=now, beat=now)
    except IntegrityError:  # another request created it first
        return GameReview.objects.get(game=row)


def claim(token: str) -> GameReview | None:
    """Take the oldest waiting review, or a stale running one, for worker ``token``; None
    when there is nothing to do. The UPDATE matches only the row as this worker saw it."""
    now = timezone.now()
    candidates = (GameReview.objects
                  .filter(Q(status=GameReview.WAITING)
                          | Q(status=GameReview.RUNNING, beat__lt=now - STALE))
                  .order_by("created").values_list("pk", "status", "worker")[:10])
    for pk, status, worker in candidates:
        if GameReview.objects.filter(pk=pk, status=status, worker=worker).filter(
                Q(status=GameReview.WAITING) | Q(beat__lt=now - STALE)).update(
                status=GameReview.RUNNING, worker=token, started_at=now, beat=now, done=0):
            return GameReview.objects.get(pk=pk)
    return None


def run(review: GameReview, token: str) -> None:
    """Compute a claimed review; its row says how far it got, then holds the result."""
    last, work_total = 0.0, 1

    def progress(done: int, total: int) -> None:
        nonlocal last, work_total
        work_total = total
        now = time.monotonic()
        if now - last < PROGRESS_EVERY and done < total:
            return
        last = now
        if not GameReview.objects.filter(pk=review.pk, worker=token).update(
                done=done, total=total, beat=timezone.now()):
            raise Taken

    try:
        result = compute.review_played(review.game, progress)
    except Taken:
        return
    except store.Unreadable:
        _fail(review, token, "Záznam této hry už pravidlový engine nepřijme.")
        return
    except Exception:
        logger.exception("review of %s failed", review.game_id)
        _fail(review, token, "Při výpočtu rozboru nastala chyba.")
        return
    GameReview.objects.filter(pk=review.pk, worker=token).update(
        status=GameReview.DONE, result=result, done=work_total, total=work_total,
        beat=timezone.now())


def _fail(review: GameReview, token: str, message: str) -> None:
    GameReview.objects.filter(pk=review.pk, worker=token).update(
        status=GameReview.FAILED, error=message, beat=timezone.now())


def work() -> int:
    """Compute waiting (and stale) reviews until none is left; how many were done."""
    token = secrets.token_hex(8)
    count = 0
    while (review := claim(token)) is not None:
        run(review, token)
        count += 1
    return count


def _background() -> None:
    global _worker
    try:
        close_old_connections()
        work()
    finally:
        connections.close_all()  # this thread's own connections
        with _lock:
            _worker = None


def kick() -> None:
    """Make sure waiting reviews get computed: start this process's worker thread unless
    it runs (or, not in background, work through the queue here)."""
    global _worker
    if not in_background():
        work()
        return
    with _lock:
        if _worker is not None and _worker.is_alive():
            return
        _worker = threading.Thread(target=_background, name="rozbor-hry", daemon=True)
        _worker.start()


def needs_work(review: GameReview) -> bool:
    """Waiting, or running without a sign of life for STALE."""
    if review.status == GameReview.WAITING:
        return True
    return review.status == GameReview.RUNNING and review.beat < timezone.now() - STALE
