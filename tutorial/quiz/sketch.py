"""Position sketches: sandbox positions as compact data, built into an engine ``Game``
when needed.

A position is a dict (JSON/TOML friendly); every key is optional:

    {
      "board": "beginner",            # or {"variable": 17}, or "empty" (Rozhodčí's frame),
                                      # or {"layout": {...}} (see make_board)
      "players": ["orange", "red", "blue"],
      "start": "beginner",            # the beginners' starting pieces come first
      "names": {"orange": "Petra"},   # shown instead of the colour (Almanach examples)
      "rules": {"longest_road_tie": "holder_keeps"},
      "pieces": [["orange", "settlement", "e1.SE"], ["orange", "road", "e1.SE"], …],
      "knights": [["white", 2], ["orange", 3]],   # played knights, in the order they were played
      "dev": {"white": ["victory_point"]},
      "hands": {"blue": {"ore": 3}},
      "robber": "d2",
      "current": "blue", "phase": "build",
      "actions": [{"type": "build_settlement", "player": "blue", "node": "e2.SE"}]
    }

Pieces and knights are lists because order matters: the engine tracks who reached the
Longest Road or the Largest Army first. ``actions`` are applied last, through the rules.
"""

from __future__ import annotations

import json
import random
from importlib import resources

from engine import RESOURCES, Board, Game, Harbor, Rules, actions
from engine import topology as topo

COLORS = ("orange", "red", "blue", "white")


def build_game(position: dict) -> Game:
    board = make_board(position.get("board", "beginner"))
    players = tuple(position.get("players") or COLORS)
    rules = Rules(**(position.get("rules") or {}))
    game = Game.empty(board, players, rules=rules)
    for color, piece, place in all_pieces(position):
        if piece == "road":
            game.place_road(color, place)
        else:
            game.place_settlement(color, place, city=piece == "city")
    for color, count in position.get("knights", ()):
        game.set_played_knights(color, count)
    for color, cards in (position.get("dev") or {}).items():
        game.set_dev_cards(color, list(cards))
    for color, hand in (position.get("hands") or {}).items():
        game.set_hand(color, dict(hand))
    if position.get("robber"):
        game.set_robber(position["robber"])
    if position.get("current"):
        game.set_current(position["current"], position.get("phase", default_phase(rules)))
    for action in position.get("actions", ()):
        game.apply(actions.from_json(action))
    return game


def all_pieces(position: dict) -> list:
    """The pieces in placing order; ``"start": "beginner"`` puts the beginners' set-up first."""
    pieces = list(position.get("pieces", ()))
    if position.get("start") == "beginner":
        pieces = beginner_pieces(position.get("players") or COLORS) + pieces
    return pieces


def default_phase(rules) -> str:
    return "main" if rules.combined_trade_build else "build"


_BOARDS: dict = {}


def make_board(spec) -> Board:
    """The board a position names. ``{"layout": {...}}`` spells a board out hex by hex (a
    lesson's disguised position, :mod:`tutorial.quiz.transform`): ``terrains`` and
    ``numbers`` in ``topology.HEX_IDS`` order, ``harbors`` as ``[path, kind]`` pairs and
    ``robber`` the hex the robber starts on."""
    if isinstance(spec, str):
        key = spec
    elif "layout" in spec:
        key = ("layout", json.dumps(spec["layout"], sort_keys=True))
    else:
        key = ("variable", spec["variable"])
    if key not in _BOARDS:
        if len(_BOARDS) > 512:  # layouts are many; the named boards come back at once
            _BOARDS.clear()
        if spec == "empty":  # Rozhodčí's empty frame: 19 deserts, no numbers, no harbors
            _BOARDS[key] = Board(("desert",) * len(topo.HEX_IDS), (None,) * len(topo.HEX_IDS),
                                 (), "c3")
        elif isinstance(spec, dict) and "layout" in spec:
            _BOARDS[key] = _layout_board(spec["layout"])
        else:
            _BOARDS[key] = (Board.beginner() if spec == "beginner"
                            else Board.variable(spec["variable"]))
    return _BOARDS[key]


def _layout_board(layout: dict) -> Board:
    return Board(tuple(layout["terrains"]), tuple(layout["numbers"]),
                 tuple(Harbor(path, kind) for path, kind in layout["harbors"]),
                 layout["robber"])


def board_layout(board: Board) -> dict:
    """A board as the ``layout`` of a position's ``{"layout": …}`` board."""
    return {"terrains": list(board.terrains), "numbers": list(board.numbers),
            "harbors": [[h.path, h.kind] for h in board.harbors], "robber": board.robber_start}


def beginner_pieces(colors=COLORS) -> list[list[str]]:
    """The Almanach's starting set-up for beginners, as a pieces list."""
    data = json.loads(resources.files("engine").joinpath("data/beginner_board.json").read_text())
    pieces = []
    for color in colors:
        start = data["start"][color]
        pieces += [[color, "settlement", node] for node in start["settlements"]]
        pieces += [[color, "road", path] for path in start["roads"]]
    return pieces


# --- random positions for generated variants -------------------------------------------

def node_id(node: int) -> str:
    return topo.INTERSECTION_IDS[node]


def path_id(path: int) -> str:
    return topo.PATH_IDS[path]


class Sketch:
    """A position being drawn at random, on integer ids, respecting the board's geometry."""

    def __init__(self, rng: random.Random, colors=COLORS):
        self.rng = rng
        self.colors = list(colors)
        self.buildings: dict[int, tuple[str, str]] = {}
        self.roads: dict[int, str] = {}
        self.order: list[list[str]] = []

    def free_for_settlement(self, node: int) -> bool:
        if node in self.buildings:
            return False
        return all(n not in self.buildings for n in topo.INTERSECTION_NEIGHBORS[node])

    def settle(self, color: str, node: int | None = None, city: bool = False) -> int | None:
        if node is None:
            spots = [n for n in range(topo.NUM_INTERSECTIONS) if self.free_for_settlement(n)]
            if not spots:
                return None
            node = self.rng.choice(spots)
        self.buildings[node] = (color, "city" if city else "settlement")
        self.order.append([color, "city" if city else "settlement", node_id(node)])
        return node

    def upgrade(self, node: int) -> None:
        """Turn a settlement into a city (one entry in the pieces list, not two)."""
        color, _ = self.buildings[node]
        self.buildings[node] = (color, "city")
        for item in self.order:
            if item[1] == "settlement" and item[2] == node_id(node):
                item[1] = "city"

    def road_ends(self, color: str) -> list[int]:
        """Intersections from which ``color`` may extend a road."""
        ends = {n for n, (c, _) in self.buildings.items() if c == color}
        for path, owner in self.roads.items():
            if owner != color:
                continue
            for n in topo.PATH_ENDS[path]:
                holder = self.buildings.get(n)
                if holder is None or holder[0] == color:
                    ends.add(n)
        return sorted(ends)

    def extend(self, color: str, start: int | None = None) -> int | None:
        """One more road for ``color``, from ``start`` or from any of its road ends."""
        starts = [start] if start is not None else self.road_ends(color)
        options = [
            p for n in starts for p in topo.INTERSECTION_PATHS[n] if p not in self.roads
        ]
        if not options:
            return None
        path = self.rng.choice(options)
        self.place_road(color, path)
        return path

    def place_road(self, color: str, path: int) -> None:
        self.roads[path] = color
        self.order.append([color, "road", path_id(path)])

    def walk(self, color: str, start: int, length: int) -> list[int]:
        """A road trail of up to ``length`` roads from ``start``, never back on itself."""
        trail, node, seen = [], start, {start}
        for _ in range(length):
            options = [
                p for p in topo.INTERSECTION_PATHS[node]
                if p not in self.roads and _other_end(p, node) not in seen
            ]
            if not options:
                break
            path = self.rng.choice(options)
            self.place_road(color, path)
            trail.append(path)
            node = _other_end(path, node)
            seen.add(node)
        return trail

    def settle_with_road(self, color: str, roads: int = 1) -> int | None:
        node = self.settle(color)
        if node is not None:
            self.walk(color, node, roads)
        return node

    def pieces(self) -> list[list[str]]:
        return [list(item) for item in self.order]


def _other_end(path: int, node: int) -> int:
    a, b = topo.PATH_ENDS[path]
    return b if a == node else a


def random_hand(rng: random.Random, size: int) -> dict[str, int]:
    hand = dict.fromkeys(RESOURCES, 0)
    for _ in range(size):
        hand[rng.choice(RESOURCES)] += 1
    return {r: n for r, n in hand.items() if n}
