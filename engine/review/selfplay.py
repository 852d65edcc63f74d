"""Self-play games of the strong computer players, for fitting and checking the estimate.

The seeds are split once and for all: the model is fitted on FIT_SEEDS only, and
calibrated on EVAL_SEEDS only (never used for fitting). A seed decides the variable board,
the game's chance and the bots' tie-breaks, as in engine.bench.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board
from ..bots import StrongBot
from ..constants import COLORS
from ..game import Game
from ..options import Rules
from .features import player_features

FIT_SEEDS = range(0, 100_000)             # the model's weights are fitted on the first N
EVAL_SEEDS = range(1_000_000, 1_001_000)  # held out: calibration only
TURN_CAP = 400


@dataclass(frozen=True, slots=True)
class Sample:
    """One position at the start of a turn: each player's features and who won."""

    seed: int
    turn: int
    rows: tuple[tuple[float, ...], ...]
    winner: int      # seat


def new_game(seed: int, players: int = 4) -> Game:
    """The game engine.bench plays for a seed: a variable board, the seed's chance."""
    rules = Rules(two_player=players == 2)
    return Game.new(Board.variable(seed), COLORS[:players], seed=seed, rules=rules)


def strong_bots(game: Game, seed: int) -> dict:
    return {c: StrongBot(seed * 8 + i) for i, c in enumerate(game.players)}


def play(seed: int, players: int = 4, keep=None) -> tuple[Game, list[Game]]:
    """A strong self-play game; ``keep(game)`` is called at the start of every turn after
    the set-up (the positions the chart shows). Returns the final game."""
    game = new_game(seed, players)
    bots = strong_bots(game, seed)
    turn = 0
    while game.winner is None and game.turn_number <= TURN_CAP:
        if game.phase == "roll" and game.turn_number != turn:
            turn = game.turn_number
            if keep is not None:
                keep(game)
        game.apply(bots[game.acting_player].decide(game).action)
    return game


def samples(seed: int, players: int = 4) -> list[Sample]:
    """The turn-start positions of one self-play game, labelled with its winner (none if
    the game hit the turn cap)."""
    kept: list[tuple[int, list]] = []
    game = play(seed, players, lambda g: kept.append((g.turn_number, player_features(g))))
    if game.winner is None:
        return []
    winner = game.players.index(game.winner)
    return [Sample(seed, turn, tuple(tuple(r) for r in rows), winner) for turn, rows in kept]
