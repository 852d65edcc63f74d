"""The seeded finished Hrát games of tutorial.review.seeded, played once per test process.

``finished_game`` takes the same arguments and stores the same game as
``tutorial.review.seeded.finished_game``: a new row, the same log, the same end. The computer
players play a seeded game only the first time (about 0.08 CPU-s a game, called by 20-odd
review tests); after that the moves it recorded are stored again for the new row, with a
fresh copy of the position and of the computer players.
"""

from __future__ import annotations

import copy

from tutorial.play import store
from tutorial.play.models import PlayedGame
from tutorial.review import seeded

# (seed, plan, finish, people) -> (setup, end position, moves, computer players)
_played: dict[tuple, tuple] = {}


def finished_game(seed: int = 3, plan: str = "variabilni", *, finish: bool = True,
                  people: tuple[str, ...] = ("orange",)) -> PlayedGame:
    """tutorial.review.seeded.finished_game, the game played once per process."""
    key = (seed, plan, finish, tuple(people))
    if key not in _played:
        saved = []
        real_save = store.save

        def recording_save(row, game, moves, *, person_acted, bots=None):
            saved.append((store.setup_of(row), game.copy(), list(moves), person_acted,
                          copy.deepcopy(bots)))
            real_save(row, game, moves, person_acted=person_acted, bots=bots)

        store.save = recording_save
        try:
            row = seeded.finished_game(seed, plan, finish=finish, people=people)
        finally:
            store.save = real_save
        [_played[key]] = saved
        return row
    setup, game, moves, person_acted, bots = _played[key]
    row = store.create(setup, "seeded")
    store.save(row, game.copy(), moves, person_acted=person_acted, bots=copy.deepcopy(bots))
    return row

