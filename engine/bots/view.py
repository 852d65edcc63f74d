"""What one player sees of the table for one of the strong bot's decisions (its own cards,
a card count of the others), and the values it puts on places: production in dots of the
number tokens, weighted by how scarce each resource is on this board, new resources and
matching harbours."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..constants import GENERIC, RESOURCES
from ..game import Game
from ..topology import (
    HEX_IDS,
    HEX_INDEX,
    INTERSECTION_HEXES,
    INTERSECTION_IDS,
    INTERSECTION_INDEX,
    INTERSECTION_NEIGHBORS,
    INTERSECTION_PATHS,
    NUM_INTERSECTIONS,
    NUM_PATHS,
    PATH_ENDS,
    PATH_INDEX,
)
from . import knowledge, places

# Dots on a number token: how many of the 36 dice outcomes roll it.
PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)
NEW_RESOURCE_BONUS = 2.0   # a settlement bringing a resource the player lacks


@dataclass(frozen=True, slots=True)
class Target:
    """What the bot saves for: a build (and where), its value and what it costs."""

    kind: str               # "city" | "settlement" | "road" | "development_card"
    place: int              # intersection (city, settlement), path (road) or -1
    value: float
    cost: tuple[int, ...]


class TableView:
    """The table as one player sees it, as small ints, read once per decision through the
    game's public API."""

    def __init__(self, game: Game, me: str, viewer: str | None = None) -> None:
        """The position as ``me`` is judged, seen by ``viewer`` (default: ``me``): the
        viewer's own cards, and of the others what a player at the table can count
        (engine.bots.knowledge), never their hands themselves."""
        viewer = me if viewer is None else viewer
        self.game = game
        self.me = me
        self.viewer = viewer
        board = game.board
        self.robber = HEX_INDEX[game.robber]
        self.hex_pips = [PIPS[n] if n else 0 for n in board.numbers]
        self.hex_res = board.hex_resource
        self.node_harbor = board.node_harbor
        self.owner: list[str | None] = [None] * NUM_INTERSECTIONS
        self.level = [0] * NUM_INTERSECTIONS
        for node_id, (color, piece) in game.buildings.items():
            n = INTERSECTION_INDEX[node_id]
            self.owner[n] = color
            self.level[n] = 2 if piece == "city" else 1
        self.path_owner: list[str | None] = [None] * NUM_PATHS
        for path_id, color in game.roads.items():
            self.path_owner[PATH_INDEX[path_id]] = color
        owner = self.owner
        self.blocked = [owner[n] is not None or any(owner[m] is not None
                                                     for m in INTERSECTION_NEIGHBORS[n])
                        for n in range(NUM_INTERSECTIONS)]
        self.opponents = [c for c in game.players if c != me]
        self.hand_sizes = {c: game.hand_size(c) for c in game.players}
        # Victory-point cards are hidden: only the player who holds them counts them.
        self.points = {c: game.points(c, include_hidden=c == viewer)["total"]
                       for c in game.players}
        self.public_points = {c: game.points(c, include_hidden=False)["total"]
                              for c in game.players}
        self.production = {c: [0.0] * 5 for c in game.players}
        for n in range(NUM_INTERSECTIONS):
            color = owner[n]
            if color is None or color not in self.production:
                continue
            for h in INTERSECTION_HEXES[n]:
                r = self.hex_res[h]
                if r >= 0 and h != self.robber:
                    self.production[color][r] += self.hex_pips[h] * self.level[n]
        self.weights = self._scarcity()
        self._counted = knowledge.estimate(game, viewer)
        self.hands = {c: self._hand_of(c) for c in game.players}
        self.hand = self.hands[me]

    @property
    def estimated(self) -> bool:
        """Are the others' hands estimates? Always: nobody sees another player's cards."""
        return True

    def _hand_of(self, color: str) -> list:
        """The viewer's own cards; another player's as the viewer counts them, or (when the
        game's history does not replay to this position) its hand size spread over the
        resources in proportion to what its buildings produce."""
        if color == self.viewer:
            hand = self.game.hand(color)
            return [hand[r] for r in RESOURCES]
        if self._counted is not None:
            return self._counted[color]
        size = self.hand_sizes[color]
        shares = [p + 0.5 for p in self.production[color]]
        total = sum(shares)
        return [size * share / total for share in shares]

    def _scarcity(self) -> list[float]:
        """Resources with few dots on this board are worth more (bounded 0.75–1.5)."""
        total = [0.0] * 5
        for h, r in enumerate(self.hex_res):
            if r >= 0:
                total[r] += self.hex_pips[h]
        mean = sum(total) / 5
        return [min(1.5, max(0.75, (mean / t) ** 0.5)) if t else 1.5 for t in total]

    # -- values -------------------------------------------------------------------------

    def node_production(self, n: int) -> float:
        value = 0.0
        for h in INTERSECTION_HEXES[n]:
            r = self.hex_res[h]
            if r >= 0:
                dots = self.hex_pips[h] * (0.6 if h == self.robber else 1.0)
                value += dots * self.weights[r]
        return value

    def new_resources(self, n: int, color: str | None = None) -> list[int]:
        mine = self.production[color or self.me]
        out = []
        for h in INTERSECTION_HEXES[n]:
            r = self.hex_res[h]
            if r >= 0 and self.hex_pips[h] and mine[r] == 0 and r not in out:
                out.append(r)
        return out

    def node_value(self, n: int, color: str | None = None) -> float:
        """What a settlement on intersection n is worth to the bot (or to ``color``)."""
        color = color or self.me
        value = self.node_production(n) + NEW_RESOURCE_BONUS * len(self.new_resources(n, color))
        kind = self.node_harbor[n]
        if kind == GENERIC:
            value += 1.5
        elif kind >= 0:
            dots = sum(self.hex_pips[h] for h in INTERSECTION_HEXES[n] if self.hex_res[h] == kind)
            value += 0.5 * (self.production[color][kind] + dots)
        return value

    def reach(self, color: str) -> set[int]:
        """Intersections the player's roads and buildings touch, and one free path beyond:
        where the player can build soon."""
        near = {n for n in range(NUM_INTERSECTIONS) if self.owner[n] == color}
        for q, owner in enumerate(self.path_owner):
            if owner == color:
                near.update(PATH_ENDS[q])
        beyond = set()
        for n in near:
            if self.owner[n] not in (None, color):
                continue
            for q in INTERSECTION_PATHS[n]:
                if self.path_owner[q] is None:
                    beyond.update(PATH_ENDS[q])
        return near | beyond

    def free_spot(self, n: int) -> bool:
        return not self.blocked[n]

    def road_value(self, q: int) -> float:
        """How well a road on free path q leads toward a settlement spot (0 = nowhere)."""
        best = 0.0
        for f in PATH_ENDS[q]:
            if self.owner[f] not in (None, self.me):
                continue
            if self.free_spot(f):
                best = max(best, self.node_value(f))
            for q2 in INTERSECTION_PATHS[f]:
                if q2 == q or self.path_owner[q2] is not None:
                    continue
                g = PATH_ENDS[q2][0] if PATH_ENDS[q2][1] == f else PATH_ENDS[q2][1]
                if self.free_spot(g):
                    best = max(best, 0.6 * self.node_value(g))
        return best

    def leader(self) -> str | None:
        """The opponent with the most visible points."""
        if not self.opponents:
            return None
        return max(self.opponents, key=lambda c: (self.points[c], sum(self.production[c])))

    def public_leader(self) -> str | None:
        """The player who leads alone by the points everybody sees (None on a tie)."""
        ranked = sorted(self.game.players, key=lambda c: -self.public_points[c])
        if len(ranked) > 1 and self.public_points[ranked[0]] == self.public_points[ranked[1]]:
            return None
        return ranked[0]

    def hex_label(self, h: int, case: str = "gen") -> str:
        """'pahorkatiny 9': a hex as the narration names it."""
        return places.hex_ref(self.game.board, HEX_IDS[h], case)

    def node_label(self, n: int) -> str:
        """'u pahorkatiny 8, lesa 3 a pastviny 11': an intersection in the board's words."""
        return places.node_name(self.game.board, INTERSECTION_IDS[n])

    def path_label(self, path: str) -> str:
        """'mezi lesem 3 a horami 6': a path in the board's words."""
        return places.path_name(self.game.board, path)


def shortfall(hand: Sequence[int], cost: Sequence[int]) -> list[int]:
    return [max(0, c - h) for h, c in zip(hand, cost, strict=True)]


def surplus_units(pos: TableView, hand: Sequence[int], cost: Sequence[int]) -> int:
    """How many cards maritime trades could buy with what the cost does not need."""
    game, me = pos.game, pos.me
    return sum(max(0, hand[r] - cost[r]) // game.trade_rate(me, RESOURCES[r]) for r in range(5))
