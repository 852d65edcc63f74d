"""This browser's games and a refused move's answer across the redirect.

The games a browser started are in a signed cookie (ids only, newest first): the list at
/hrat/ reads it, so it shows this browser's games and nobody else's, and it needs no
session row and works behind any of the servers (they share the secret key). A refused
move (without JavaScript) is redirected to the game page like any other move; the refusal
and what the person typed wait for it in the session, for the position they were made in.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from engine import words
from tutorial.play import flow, friends
from tutorial.play.models import FriendSeat, PlayedGame

COOKIE = "hrat_hry"
SALT = "tutorial.play.mine"
KEEP = 20  # games listed
COOKIE_AGE = 60 * 60 * 24 * 90  # unvisited games are deleted after 30 days anyway
REFUSALS = "hrat_odmitnuti"  # session: game id -> {"refusal", "typed", "moves"}
REFUSALS_KEPT = 5
BROWSER = "hrat"  # session: set when a new game's start makes the session


def game_ids(request: HttpRequest) -> list[str]:
    raw = request.get_signed_cookie(COOKIE, default="", salt=SALT, max_age=COOKIE_AGE)
    return [i for i in raw.split(",") if i][:KEEP]


def remember(request: HttpRequest, response: HttpResponse, game_id: str) -> None:
    """Put a new game first in this browser's list."""
    ids = [game_id] + [i for i in game_ids(request) if i != game_id]
    response.set_signed_cookie(COOKIE, ",".join(ids[:KEEP]), salt=SALT, max_age=COOKIE_AGE,
                               httponly=True, samesite="Lax",
                               secure=settings.SESSION_COOKIE_SECURE)


def games(request: HttpRequest) -> list[dict]:
    """This browser's games still kept, newest first, as the list at /hrat/ shows them."""
    ids = game_ids(request)
    rows = {row.pk: row for row in PlayedGame.objects.filter(pk__in=ids)}
    tables: dict[str, list[FriendSeat]] = {}
    for seat in FriendSeat.objects.filter(table_id__in=list(rows)).order_by("pk"):
        tables.setdefault(seat.table_id, []).append(seat)
    out = []
    for game_id in ids:
        row = rows.get(game_id)
        if row is None:
            continue  # deleted by the cleanup
        try:
            setup = flow.Setup.from_json(row.setup)
        except (KeyError, TypeError, ValueError):
            continue
        seats = tables.get(game_id)
        mine = None
        if seats:  # a game with friends: the seat this browser's cookie holds
            token = friends.token_of(request, game_id)
            mine = next((s for s in seats if token and s.token == token), None)
        out.append(describe(row, setup, seats, mine))
    return out


def describe(row: PlayedGame, setup: flow.Setup, seats: list[FriendSeat] | None = None,
             mine: FriendSeat | None = None) -> dict:
    """One line of the list. In a game with friends: the colour this browser plays and the
    others by nickname or as computers (``seats``; ``mine`` is this browser's)."""
    players = len(setup.players)
    if seats:
        who = _friends_who(seats, mine)
    elif setup.people:
        names = words.join([words.player(c, "acc") for c in setup.people])
        who = f"hrajete za {names}"
    else:
        who = "hrají jen počítačoví hráči"
    plan = "Katan pro dva" if players == 2 else f"{players} hráči"
    board = "plán pro začátečníky" if setup.plan == "zacatecnici" else "variabilní plán"
    return {
        "id": row.pk,
        "friends": bool(seats),
        "over": bool(row.winner),
        "state": (f"skončila, vyhrál {words.player(row.winner)}" if row.winner
                  else "rozehraná"),
        "about": f"{plan}, {board}, {who}",
        "moves": words.plural_count(row.moves, "zapsaná akce", "zapsané akce",
                                    "zapsaných akcí"),
        "created": row.created,
    }


def _friends_who(seats: list[FriendSeat], mine: FriendSeat | None) -> str:
    """"hra s přáteli, hrajete za modrého; s vámi Oranžový (Ada) a Červený (počítač)"."""
    others = [_seat_name(s) for s in seats if mine is None or s.pk != mine.pk]
    if mine is None:
        return f"hra s přáteli, na tomto telefonu ve hře nesedíte; hrají {words.join(others)}"
    return (f"hra s přáteli, hrajete za {words.player(mine.color, 'acc')}; s vámi"
            f" {words.join(others)}")


def _seat_name(seat: FriendSeat) -> str:
    if seat.person and not seat.token:  # before the start: nobody sits there yet
        return f"{words.player(seat.color, capital=True)} (volné místo)"
    return friends.name(seat)


def keep_refusal(request: HttpRequest, row: PlayedGame, refusal: dict, typed: dict) -> None:
    kept = dict(request.session.get(REFUSALS, {}))
    kept.pop(row.pk, None)
    kept[row.pk] = {"refusal": refusal, "typed": typed, "moves": row.moves}
    while len(kept) > REFUSALS_KEPT:
        kept.pop(next(iter(kept)))
    request.session[REFUSALS] = kept


def take_refusal(request: HttpRequest, row: PlayedGame) -> tuple[dict | None, dict | None]:
    """The refusal waiting for this game's page (once), if the game has not moved on."""
    kept = request.session.get(REFUSALS)
    if not kept or row.pk not in kept:
        return None, None
    kept = dict(kept)
    waiting = kept.pop(row.pk)
    request.session[REFUSALS] = kept
    if waiting.get("moves") != row.moves:
        return None, None
    return waiting.get("refusal"), waiting.get("typed") or {}
