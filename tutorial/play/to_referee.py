"""'Rozhodnout odsud' from a played game: the position in Rozhodčí, with only the cards the
screen asking may see. One home for both ways there: a game on one device links to
Rozhodčí's own ``/rozhodci/z-hry/<id>/``, a game with friends to ``/hrat/<id>/rozhodnout/``
(only Hrát knows a phone's seat); both ask :func:`url`."""

from __future__ import annotations

from django.http import HttpRequest

from engine import Game
from tutorial.play import friends, store
from tutorial.play.models import PlayedGame


def hands_shown(request: HttpRequest, row: PlayedGame, game: Game) -> set[str] | None:
    """Whose cards the screen asking shows: None for everybody's (the game is over, or only
    computers play); in a game with friends the cards of this phone's seat (none on a phone
    without a seat); on one device its one person's, or with several people the one it was
    last handed to (none while it is being handed over)."""
    setup = store.setup_of(row)
    if game.winner or not setup.people:
        return None
    if friends.table_of(row) is not None:
        seat = friends.seat_of(request, row)
        return {seat.color} if seat else set()
    if len(setup.people) == 1:
        return {setup.people[0]}
    acting = game.acting_player
    handing_over = acting in setup.people and row.shown_to != acting
    return {row.shown_to} if row.shown_to and not handing_over else set()


def url(request: HttpRequest, row: PlayedGame) -> str:
    """Rozhodčí's address of the game's position as this screen may show it.
    store.Unreadable when the log no longer replays."""
    from tutorial.referee import notation
    from tutorial.referee.links import editor_url

    setup = store.setup_of(row)
    game = store.game_of(row)
    plan = f"v{setup.seed}" if setup.plan == "variabilni" else "z"
    return editor_url(notation.from_game(game, plan, hands_shown(request, row, game)))
