"""Small helpers for the engine tests: sandboxes and roads written as walks."""

from __future__ import annotations

import random
from itertools import combinations

from engine import Board, Game, Rules
from engine.topology import INTERSECTION_INDEX, PATH_ENDS, PATH_IDS, path_between

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


# -- the longest-road search against brute force -------------------------------------------

def brute_force_longest(roads: list[int], player: int, owner: list[int]) -> int:
    """Largest set of roads that one trail can use, by Euler's criterion on every subset: a
    connected set with 0 or 2 odd intersections, where an opponent's building is never
    passed through (it may only be an end, or both ends of a closed trail)."""
    best = 0
    for k in range(len(roads), 0, -1):
        if k <= best:
            break
        for subset in combinations(roads, k):
            if _one_trail(subset, player, owner):
                return k
    return best


def _one_trail(subset, player, owner) -> bool:
    degree: dict[int, int] = {}
    for path in subset:
        for node in PATH_ENDS[path]:
            degree[node] = degree.get(node, 0) + 1
    # Connected?
    nodes = list(degree)
    seen = {nodes[0]}
    stack = [nodes[0]]
    while stack:
        node = stack.pop()
        for path in subset:
            a, b = PATH_ENDS[path]
            if node in (a, b):
                other = b if node == a else a
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
    if len(seen) != len(nodes):
        return False
    odd = sum(1 for d in degree.values() if d % 2)
    if odd not in (0, 2):
        return False
    blocked = [n for n in nodes if owner[n] >= 0 and owner[n] != player]
    if any(degree[n] > 2 for n in blocked):
        return False
    closed_at = [n for n in blocked if degree[n] == 2]
    return not closed_at or (len(closed_at) == 1 and odd == 0)
