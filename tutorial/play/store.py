"""Games in the database, and the replayed engine Game kept per process.

The log in the database is the truth; the cache only saves the replay. It is keyed by the
game's id and the log length, and a move is written with an optimistic check of that
length, so two tabs playing the same game cannot interleave their moves.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine import Game
from engine.errors import InvalidInput, RuleViolation
from tutorial.play import computers, flow
from tutorial.play.models import Move, PlayedGame, StartLock

CACHE_SIZE = 256
# New games a minute: per browser (its session), and per address, which a whole class
# behind one school address shares (30 pupils starting a game and one more each).
STARTS_PER_BROWSER = 5
STARTS_PER_ADDRESS = 60
_ID = re.compile(r"^[A-Za-z0-9_-]{16,32}$")
_cache: OrderedDict[str, tuple[int, Game, dict]] = OrderedDict()
_lock = threading.Lock()


class Conflict(Exception):
    """The log changed under us (another tab moved first)."""


class Unreadable(Exception):
    """The stored log no longer replays (the engine's rules changed since it was played)."""


def replay(setup: flow.Setup, log: list[dict]) -> Game:
    try:
        return flow.replay(setup, log)
    except (RuleViolation, InvalidInput, KeyError, TypeError, ValueError) as exc:
        raise Unreadable from exc


def address_key(address: str) -> str:
    """The client address (or a browser's session key) as the limits count it, hashed:
    neither is stored."""
    return hashlib.sha256(f"{settings.SECRET_KEY}|{address}".encode()).hexdigest()[:32]


def create(setup: flow.Setup, address: str) -> PlayedGame:
    """A new game without the limits (scripts, tests); visitors' starts go through
    create_limited."""
    return PlayedGame.objects.create(setup=setup.to_json(), address=address_key(address))


class TooMany(Exception):
    """Too many new games in the last minute: ``per`` is "browser" or "address"."""

    def __init__(self, per: str, limit: int):
        super().__init__(per)
        self.per, self.limit = per, limit


def create_limited(setup: flow.Setup, address: str, browser: str) -> PlayedGame:
    """A new game; TooMany when this browser (``browser``: its session key) started
    STARTS_PER_BROWSER games in the last minute, or its address STARTS_PER_ADDRESS. The
    counts and the insert hold the address's lock row, so concurrent starts cannot all see
    room for one more."""
    key, browser_key = address_key(address), address_key("browser|" + browser)
    now = timezone.now()
    with transaction.atomic():
        StartLock.objects.get_or_create(address=key)
        # The UPDATE locks the row until the transaction ends (PostgreSQL).
        StartLock.objects.filter(address=key).update(at=now)
        recent = PlayedGame.objects.filter(created__gte=now - timedelta(minutes=1))
        if recent.filter(browser=browser_key).count() >= STARTS_PER_BROWSER:
            raise TooMany("browser", STARTS_PER_BROWSER)
        if recent.filter(address=key).count() >= STARTS_PER_ADDRESS:
            raise TooMany("address", STARTS_PER_ADDRESS)
        return PlayedGame.objects.create(setup=setup.to_json(), address=key,
                                         browser=browser_key)


def find(game_id: str) -> PlayedGame | None:
    if not _ID.match(game_id):
        return None
    return PlayedGame.objects.filter(pk=game_id).first()


def setup_of(row: PlayedGame) -> flow.Setup:
    try:
        return flow.Setup.from_json(row.setup)
    except (KeyError, TypeError, ValueError) as exc:
        raise Unreadable from exc


def log_of(row: PlayedGame) -> list[Move]:
    """The row's log as far as the row knows it (see :func:`table`)."""
    return list(_known(row).order_by("number"))


def _known(row: PlayedGame):
    """The moves the row counts: a move stored after the row was read is not in its game,
    so a page shows the game exactly at its version (``moves``), never a newer game under an
    older version (its next poll would swap the same table in again, its forms would carry
    an old ``stav``)."""
    return row.log.filter(number__lt=row.moves)


def game_of(row: PlayedGame) -> Game:
    """The engine Game after the whole log: an independent copy the caller may change."""
    return table(row)[0]


def table(row: PlayedGame) -> tuple[Game, dict]:
    """The Game after the whole log (a copy the caller may change) and the game's computer
    players (shared: they remember what they did)."""
    with _lock:
        cached = _cache.get(row.pk)
        if cached and cached[0] == row.moves:
            _cache.move_to_end(row.pk)
            return cached[1].copy(), cached[2]
    setup = setup_of(row)
    actions = list(_known(row).order_by("number").values_list("action", flat=True))
    game = replay(setup, actions)
    bots = cached[2] if cached else computers.seat(setup)
    _remember(row.pk, len(actions), game, bots)
    return game.copy(), bots


def _remember(game_id: str, length: int, game: Game, bots: dict) -> None:
    with _lock:
        _cache[game_id] = (length, game, bots)
        _cache.move_to_end(game_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def forget(game_id: str) -> None:
    with _lock:
        _cache.pop(game_id, None)


def save(row: PlayedGame, game: Game | None, moves: list[flow.Move], *,
         person_acted: bool, bots: dict | None = None) -> None:
    """Append moves to the log; raises Conflict if someone else appended first."""
    if not moves:
        return
    start, end = row.moves, row.moves + len(moves)
    changes = {"moves": end, "visited": timezone.now()}
    if person_acted:
        # Computer moves after the person's own are what is new to them.
        people = [i for i, m in enumerate(moves) if m.by == "person"]
        changes["seen"] = start + people[-1] + 1
    if game is not None and game.winner:
        changes["winner"] = game.winner
    try:
        with transaction.atomic():
            if not PlayedGame.objects.filter(pk=row.pk, moves=start).update(**changes):
                raise Conflict
            Move.objects.bulk_create(
                Move(game=row, number=start + i, action=m.action, by=m.by, reason=m.reason,
                     text=m.text, secret=m.secret)
                for i, m in enumerate(moves)
            )
    except (Conflict, IntegrityError):
        forget(row.pk)
        raise Conflict from None
    for key, value in changes.items():
        setattr(row, key, value)
    if game is not None:
        _remember(row.pk, end, game.copy(), bots if bots is not None else {})


def touch(row: PlayedGame) -> None:
    """Record a visit (at most once an hour: visits only decide the 30-day cleanup)."""
    now = timezone.now()
    if now - row.visited > timedelta(hours=1):
        PlayedGame.objects.filter(pk=row.pk).update(visited=now)
        row.visited = now


def set_shown_to(row: PlayedGame, color: str) -> None:
    PlayedGame.objects.filter(pk=row.pk).update(shown_to=color)
    row.shown_to = color
