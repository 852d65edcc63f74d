"""'Co bych hrál já?': the strong computer player's suggestion for the person's move, with
its one-sentence reason, as a learning aid.

The suggestion comes from engine.bots.StrongBot in its public view: it reads the person's
own cards and what everybody sees on the table (the others' hand sizes and buildings, the
bank, the played cards), never the others' cards, their victory-point cards, the deck or
the dice to come. It is given only to the person who is on turn and holds the device.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from engine import Game
from engine.bots import StrongBot
from engine.bots import words as bot_words
from tutorial.play import flow, store
from tutorial.play.views import with_game

# A seat number no computer player uses (they use 0–3): the hint's own random tie-breaks.
HINT_SEAT = 9


def suggestion(game: Game, setup: flow.Setup, person: str) -> str:
    """One Czech sentence: what the strong player would play in the person's place and
    why (for a forced move or a plain roll, just what there is to do)."""
    decision = StrongBot(seed=setup.seed * 10 + HINT_SEAT, public=True).decide(game)
    if decision.reason_cs:
        return decision.reason_cs
    clause = bot_words.describe(decision.action, game.board)
    if len(game.legal_actions()) == 1:
        return f"Jinou možnost teď nemáte: {bot_words.player(person, capital=True)} {clause}."
    return f"{bot_words.player(person, capital=True)} {clause}: teď není co zvažovat."


def for_person(row, game: Game, setup: flow.Setup) -> str | None:
    """The suggestion, or None when the person looking may not have one (not their move,
    or the device still has to be handed over in a game of several people)."""
    person = flow.person_may_act(game, setup)
    if person is None or (len(setup.people) > 1 and row.shown_to != person):
        return None
    return suggestion(game, setup, person)


@require_safe
@vary_on_headers("HX-Request")
@with_game
def hint(request: HttpRequest, row) -> HttpResponse:
    """GET /hrat/<id>/napoveda/: the hint in place (htmx) or on its own page (without
    JavaScript), with the way back to the game."""
    setup = store.setup_of(row)
    context = {
        "row": row, "hint_shown": True,
        "hint": for_person(row, store.game_of(row), setup) or "",
        "game_url": reverse("play:game", kwargs={"game_id": row.pk}),
    }
    template = "play/_hint.html" if request.htmx else "play/hint.html"
    return render(request, template, context)
