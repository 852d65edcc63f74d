"""Small helpers for the engine tests: sandboxes and roads written as walks."""

from __future__ import annotations

import random

from engine import Board, Game, Rules
from engine.topology import INTERSECTION_INDEX, PATH_IDS, path_between

FOUR = ("orange", "red", "blue", "white")


def sandbox(players=FOUR, rules: Rules | None = None, board: Board | None = None,
            seed: int = 0, deck=None) -> Game:
    """An empty beginner board, first player's turn after the roll."""
    return Game.empty(board or Board.beginner(), players, seed=seed, rules=rules or Rules(),
                      deck=deck)


def walk(*nodes: str) -> list[str]:
    """The paths of a walk through adjacent intersections, e.g. walk("a1.NW", "a1.N")."""
    out = []
    for a, b in zip(nodes, nodes[1:], strict=False):
        path = path_between(INTERSECTION_INDEX[a], INTERSECTION_INDEX[b])
        assert path is not None, f"{a} and {b} are not neighbours"
        out.append(PATH_IDS[path])
    return out


def place_roads(game: Game, color: str, *nodes: str) -> None:
    for path in walk(*nodes):
        game.place_road(color, path)


def hand(**cards: int) -> dict[str, int]:
    return {r: cards.get(r, 0) for r in ("brick", "lumber", "wool", "grain", "ore")}


def random_game(seed: int, decisions: int, rules: Rules | None = None) -> Game:
    """A game on a variable board after some decisions of random players."""
    rng = random.Random(seed)
    game = Game.new(Board.variable(seed), seed=seed, rules=rules or Rules())
    for _ in range(decisions):
        if game.phase == "over":
            break
        game.apply(rng.choice(game.legal_actions()))
    return game
