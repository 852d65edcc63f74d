"""Win chances of a position: the value model, and playouts of the strong computer players.

    from engine.review import win_chances
    win_chances(game)                               # the value model: microseconds
    win_chances(game, playouts=16, horizon=8)       # 16 playouts of 8 turns, then the model
    win_chances(game, playouts=16, horizon=None)    # 16 playouts to the end

A playout copies the position, shuffles the development deck (its order is unknown at that
moment: only what is left in it is known), takes the dice of each turn from its own seeded
sequence (by the turn's number), and lets strong computer players (engine.bots.StrongBot)
play for everybody. With a horizon it stops after that many turns and the value model judges
where it ended (a win on the way counts 1). Playout k of a call uses the same deck order,
dice and bots' seeds for every position it starts from (common random numbers): comparing
two moves from the same position, or two positions a turn apart, then compares them under
the same luck, which makes a small difference visible with few playouts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .. import actions as A
from ..bots import StrongBot
from ..game import Game
from .model import Model, default_model

TURN_CAP = 400


def dice(seed: int, k: int, turn: int) -> tuple[int, int]:
    """The dice of playout ``k`` in turn ``turn``: the same for every position the playout
    starts from, so that positions a turn apart are played out under the same rolls."""
    rng = random.Random(f"dice:{seed}:{k}:{turn}")
    return rng.randint(1, 6), rng.randint(1, 6)


def as_game(game_or_position: Game | Mapping) -> Game:
    """A Game, or one loaded from position JSON (Game.from_json)."""
    if isinstance(game_or_position, Game):
        return game_or_position
    return Game.from_json(dict(game_or_position))


def win_chances(game_or_position: Game | Mapping, *, playouts: int = 0,
                horizon: int | None = 8, seed: int = 0,
                model: Model | None = None) -> dict[str, float]:
    """Each player's chance to win from here, {colour: chance}, summing to 1.

    ``playouts`` 0: the value model alone. Otherwise the mean of that many playouts of the
    strong players, each ``horizon`` turns long (None: to the end) and judged by the model
    where it stops. ``seed`` decides the playouts (the same seed, the same figures)."""
    game = as_game(game_or_position)
    model = model or default_model()
    if game.winner is not None or playouts <= 0:
        return model.predict(game)
    total = dict.fromkeys(game.players, 0.0)
    for k in range(playouts):
        for color, p in playout(game, k, horizon, seed, model).items():
            total[color] += p
    return {c: v / playouts for c, v in total.items()}


def playout(game: Game, k: int, horizon: int | None, seed: int = 0,
            model: Model | None = None, first: A.Action | None = None) -> dict[str, float]:
    """Playout number ``k`` from a copy of ``game``: the chances where it stops (1 for the
    winner). ``first``: an action applied before the bots play (its chance, a stolen or
    drawn card, from the playout's luck)."""
    model = model or default_model()
    g = game.copy()
    rng = random.Random(f"review:{seed}:{k}")
    rng.shuffle(g._deck)   # unknown order, known composition
    g._deck_explicit = False
    g.reseed(rng.randrange(1 << 30))
    last = TURN_CAP if horizon is None else max(1, g.turn_number) + horizon
    fixed_dice = g.rolls_per_turn == 1   # Katan pro dva rolls twice, never the same total
    bots = {c: StrongBot(rng.randrange(1 << 30)) for c in g.players}
    if first is not None:
        g.apply(first)
    while g._winner < 0 and (g._phase == "setup" or g._turn_number < last):
        action = bots[g.acting_player].decide(g).action
        if fixed_dice and action.__class__ is A.RollDice:
            action = A.RollDice(action.player, dice(seed, k, g._turn_number))
        g.apply(action)
    return model.predict(g)
