"""What the value model reads of a position: a few numbers per player.

Every feature is about one player; the model scores each player by the same weights and
turns the scores into chances (a softmax over the players), so only the differences
between players matter. The position is read after the game: everybody's cards are known,
hidden victory-point cards included (a review comes after the end, when all is visible).

The engine's slots are read directly (read only): a review reads about 70 positions per
game and the fitting hundreds of thousands, so the public reads' dictionaries would cost.
"""

from __future__ import annotations

from ..constants import CITY_COST, GENERIC, KNIGHT, SETTLEMENT_COST, VICTORY_POINT
from ..game import Game
from ..topology import (
    INTERSECTION_HEXES,
    INTERSECTION_PATHS,
    PATH_ENDS,
)

# Dots on a number token: how many of the 36 dice outcomes roll it.
PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)
GAME_TURNS = 68.0   # a strong four-player game's average length in turns (engine.bench)

FEATURES = (
    "points",          # victory points, hidden victory-point cards included
    "points_late",     # points × how far the game is (points count more as the end nears)
    "near_win",        # points above 7 (8 → 1, 9 → 2): one build from the win
    "production",      # dots of the numbers at the player's buildings (a city twice), /10
    "production_early",  # production × how much of the game is left
    "blocked",         # dots the robber takes from the player, /10
    "resources",       # how many of the five resources the player produces
    "city_dots",       # dots of grain and ore (cities, development cards), /10
    "road_dots",       # dots of brick and lumber (roads, settlements), /10
    "cities",          # cities built
    "spots",           # free settlement spots at the player's roads (up to 3)
    "reach",           # free spots one or two new roads away (up to 6)
    "no_room",         # no spot now nor two roads away, and settlements to place
    "road_length",     # longest trail, up to 10
    "knights",         # knights played
    "dev_cards",       # unplayed development cards other than victory points
    "hand",            # resource cards in hand
    "over_seven",      # cards above 7 (what a 7 would halve)
    "can_city",        # the hand pays for a city now
    "can_settlement",  # the hand pays for a settlement now
    "harbor_3",        # a 3:1 harbour
    "harbor_2",        # 2:1 harbours for a resource the player produces
    "on_turn",         # the player acts in this turn (the position is a turn's start)
    "next",            # the player's turn comes next
    "after_next",      # ... the one after
)


def progress(game: Game) -> float:
    """How far the game is, 0 at the start, 1 at an average game's end (capped at 1.5)."""
    return min(1.5, max(0, game._turn_number - 1) / GAME_TURNS)


def player_features(game: Game) -> list[list[float]]:
    """One row of FEATURES per player, in seat order."""
    board = game.board
    pips = [PIPS[n] if n else 0 for n in board.numbers]
    res = board.hex_resource
    robber = game._robber_hex
    owner, level = game._node_owner, game._node_level
    blocked_node = game._blocked
    path_owner = game._path_owner
    n = game._player_count
    late = progress(game)
    early = max(0.0, 1.0 - late)
    current = game._current
    rows = []
    for p in range(n):
        prod = [0.0] * 5
        lost = 0.0
        for node in (*game._settlements[p], *game._cities[p]):
            lv = level[node]
            for h in INTERSECTION_HEXES[node]:
                r = res[h]
                if r < 0:
                    continue
                if h == robber:
                    lost += pips[h] * lv
                else:
                    prod[r] += pips[h] * lv
        total = sum(prod)
        points = game._points_total(p)
        spots, reach = _room(p, owner, blocked_node, path_owner, game._roads[p],
                             game._settlements[p], game._cities[p])
        settlements_left = 5 - len(game._settlements[p])
        hand = game._hands[p]
        size = sum(hand)
        dev = [a + b for a, b in zip(game._dev_cards[p], game._dev_cards_new[p], strict=True)]
        mask = game._harbors[p]
        two_one = sum(1 for r in range(5) if mask >> r & 1 and prod[r] > 0)
        seat = (p - current) % n
        rows.append([
            float(points),
            points * late,
            float(max(0, points - 7)),
            total / 10,
            total / 10 * early,
            lost / 10,
            float(sum(1 for x in prod if x > 0)),
            (prod[3] + prod[4]) / 10,
            (prod[0] + prod[1]) / 10,
            float(len(game._cities[p])),
            float(min(3, spots)),
            float(min(6, reach)),
            1.0 if spots == 0 and reach == 0 and settlements_left > 0 else 0.0,
            float(min(10, game._road_lengths[p])),
            float(game._played_cards[p][KNIGHT]),
            float(sum(dev) - dev[VICTORY_POINT]),
            float(size),
            float(max(0, size - 7)),
            1.0 if all(h >= c for h, c in zip(hand, CITY_COST, strict=True)) else 0.0,
            1.0 if all(h >= c for h, c in zip(hand, SETTLEMENT_COST, strict=True)) else 0.0,
            1.0 if mask >> GENERIC & 1 else 0.0,
            float(two_one),
            1.0 if seat == 0 else 0.0,
            1.0 if seat == 1 else 0.0,
            1.0 if seat == 2 else 0.0,
        ])
    return rows


def _room(p: int, owner, blocked, path_owner, roads, settlements, cities) -> tuple[int, int]:
    """(free spots at the player's roads, free spots one or two new roads beyond them)."""
    network = set()
    for q in roads:
        network.update(PATH_ENDS[q])
    network.update(settlements)
    network.update(cities)
    # A trail does not pass an opponent's building.
    network = {v for v in network if owner[v] in (-1, p)}
    spots = {v for v in network if owner[v] == -1 and not blocked[v]}
    seen = set(network)
    frontier = network
    reach: set[int] = set()
    for _ in range(2):
        nxt = set()
        for v in frontier:
            if owner[v] not in (-1, p):
                continue
            for q in INTERSECTION_PATHS[v]:
                if path_owner[q] >= 0:
                    continue
                a, b = PATH_ENDS[q]
                w = b if a == v else a
                if w in seen:
                    continue
                seen.add(w)
                nxt.add(w)
                if owner[w] == -1 and not blocked[w]:
                    reach.add(w)
        frontier = nxt
    return len(spots), len(reach)
