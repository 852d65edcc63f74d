"""A finished Hrát game of a fixed seed, stored as the site stores one: for the tests and
for measuring how long a review takes (``manage.py review_timing``).

The person (orange) is played by the computer player at the začátečník level, so that the
review finds decisions to grade; the others are pokročilý computer players. Chance comes
from the seed alone (no secret): the same game on every run.
"""

from __future__ import annotations

from engine.bots import StrongBot
from tutorial.play import flow, store
from tutorial.play.computers import decide_for, seat
from tutorial.play.models import PlayedGame

PLAYERS = ("orange", "red", "blue", "white")
PERSON_LEVEL = "zacatecnik"


def finished_game(seed: int = 3, plan: str = "variabilni", *, finish: bool = True,
                  people: tuple[str, ...] = ("orange",)) -> PlayedGame:
    """A stored four-player game played to its end (``finish`` False: stopped after the
    set-up and a few turns, still running)."""
    setup = flow.Setup(players=PLAYERS, people=people, plan=plan, seed=seed,
                       levels=("pokrocily",) * (len(PLAYERS) - len(people)))
    row = store.create(setup, "seeded")
    game = flow.start(setup)
    bots = seat(setup)
    person_bots = {c: StrongBot(seed=seed * 10 + 7, level=PERSON_LEVEL) for c in people}
    moves: list[flow.Move] = []
    while game.winner is None and len(moves) < 4000:
        if not finish and game.turn_number > 12:
            break
        acting = game.acting_player
        if acting in person_bots:
            action = person_bots[acting].decide(game).action
            moves.append(flow.apply(game, setup, action, "person"))
        else:
            moves += flow.computers_play(game, setup, decide_for(bots), limit=1)
    store.save(row, game, moves, person_acted=bool(people), bots=bots)
    return row
