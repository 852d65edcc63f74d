"""Lesson positions nobody can look up: an Almanach example, disguised.

The Almanach's examples are public three times over: the site's search finds their text,
practice (/kvizy/<druh>/a1/) grades them, and Rozhodčí rules on the beginners' set-up in a
few taps. A lesson therefore asks, by default, the *same situation* in another dress:

* the board turned (a sixth of a turn at a time) and perhaps mirrored: the hexagon of 19
  hexes is symmetric under 12 such moves, and each one maps hexes, intersections, paths,
  harbours and number tokens together (``symmetry``);
* the players' colours renamed, the names of the example's people dropped;
* resources swapped where the kind says the answer does not care (``Kind.swappable_resources``):
  terrains, harbours, hands and what is asked follow, and only resources with as many
  terrain hexes are swapped, so the board stays a real one;
* number tokens swapped in pairs of the same odds (6 with 8, 5 with 9 …), the roll with them.

The engine builds and grades the disguised position like any other: nothing is worked out by
hand. A disguised example is the variant ``x<n>-<seed>`` (example ``a<n>``, the seed picks the
dress); the same variant is always the same position. Such a variant never opens in public
practice (its URL converter takes only a… and s…), and its caption ("Příklad z …") comes only
with the explanation, after the reveal. No Django here.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache

from engine import RESOURCES, words
from engine import topology as topo
from engine.constants import COLORS, TERRAIN_COUNTS, TERRAIN_RESOURCE
from tutorial import quiz
from tutorial.quiz.base import NODES, BadVariant, Question, Reason
from tutorial.quiz.sketch import all_pieces, board_layout, build_game, make_board

PREFIX = "x"
MAX_SEED = 999_999
_VARIANT = re.compile(r"^x([1-9][0-9]?)-([1-9][0-9]{0,5})$")
# Number tokens with the same odds: swapping a pair changes no chance and no rule.
NUMBER_PAIRS = ((2, 12), (3, 11), (4, 10), (5, 9), (6, 8))
# Resources whose terrain lies on as many hexes (4 forests, pastures, fields; 3 hills,
# mountains): swapping within a class keeps the board one that could be laid.
_TERRAIN_OF = {RESOURCES[r]: t for t, r in TERRAIN_RESOURCE.items() if r is not None}
_SAME_COUNT = tuple(
    tuple(r for r in RESOURCES if TERRAIN_COUNTS[_TERRAIN_OF[r]] == count)
    for count in sorted({TERRAIN_COUNTS[_TERRAIN_OF[r]] for r in RESOURCES})
)
# Turns (sixths) and mirror: every symmetry of the hexagon but doing nothing.
MOVES = tuple((turn, mirror) for mirror in (False, True) for turn in range(6)
              if turn or mirror)


# --- the board's symmetries ------------------------------------------------------------------

def _move(point: tuple[int, int], turn: int, mirror: bool) -> tuple[int, int]:
    """A lattice point (topology's x in √3/2 sides, y in half sides) moved about the centre.

    A sixth of a turn clockwise is x' = (x − y)/2, y' = (3x + y)/2 in these units (always
    whole numbers: x and y of a hex centre or corner have the same parity)."""
    x, y = point
    if mirror:
        x = -x
    for _ in range(turn):
        x, y = (x - y) // 2, (3 * x + y) // 2
    return x, y


@lru_cache(maxsize=len(MOVES) + 1)
def symmetry(turn: int, mirror: bool) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Where each hex, intersection and path goes (by topology index) under one move."""
    hex_at = {xy: h for h, xy in enumerate(topo.HEX_CENTER)}
    node_at = {xy: n for n, xy in enumerate(topo.INTERSECTION_XY)}
    hexes = tuple(hex_at[_move(xy, turn, mirror)] for xy in topo.HEX_CENTER)
    nodes = tuple(node_at[_move(xy, turn, mirror)] for xy in topo.INTERSECTION_XY)
    path_at = {frozenset(ends): p for p, ends in enumerate(topo.PATH_ENDS)}
    paths = tuple(path_at[frozenset(nodes[n] for n in ends)] for ends in topo.PATH_ENDS)
    return hexes, nodes, paths


# --- a disguise ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Disguise:
    """One dress for a position: a move of the board and renamed colours, resources, numbers."""

    turn: int = 0  # sixths of a turn, clockwise
    mirror: bool = False  # flipped left to right first
    colors: dict = field(default_factory=dict)  # old colour -> new colour
    resources: dict = field(default_factory=dict)  # old resource -> new resource
    numbers: dict = field(default_factory=dict)  # old token -> new token
    hands: dict | None = None  # other hands of the same worth (Kind.resized_hands), or None

    # Places and names, one at a time (ids in any alias; out in canonical form).
    def hex(self, hex_id: str) -> str:
        return topo.HEX_IDS[symmetry(self.turn, self.mirror)[0][topo.HEX_INDEX[hex_id]]]

    def node(self, node_id: str) -> str:
        moved = symmetry(self.turn, self.mirror)[1][topo.INTERSECTION_INDEX[node_id]]
        return topo.INTERSECTION_IDS[moved]

    def path(self, path_id: str) -> str:
        return topo.PATH_IDS[symmetry(self.turn, self.mirror)[2][topo.PATH_INDEX[path_id]]]

    def color(self, color: str) -> str:
        return self.colors.get(color, color)

    def resource(self, resource: str) -> str:
        return self.resources.get(resource, resource)

    def number(self, number: int | None) -> int | None:
        return self.numbers.get(number, number)

    def terrain(self, terrain: str) -> str:
        index = TERRAIN_RESOURCE[terrain]
        return terrain if index is None else _TERRAIN_OF[self.resource(RESOURCES[index])]

    def harbor(self, kind: str) -> str:
        return self.resource(kind)  # "3:1" is no resource and stays

    # Whole things.
    def layout(self, board) -> dict:
        """The board's layout after the move (a position's ``{"layout": …}``)."""
        plain = board_layout(board)
        hexes = symmetry(self.turn, self.mirror)[0]
        terrains: list = [None] * topo.NUM_HEXES
        numbers: list = [None] * topo.NUM_HEXES
        for h in range(topo.NUM_HEXES):
            terrains[hexes[h]] = self.terrain(plain["terrains"][h])
            numbers[hexes[h]] = self.number(plain["numbers"][h])
        harbors = sorted([self.path(path), self.harbor(kind)] for path, kind in plain["harbors"])
        return {"terrains": terrains, "numbers": numbers, "harbors": harbors,
                "robber": self.hex(plain["robber"])}

    def place(self, piece: str, place: str) -> str:
        return self.path(place) if piece == "road" else self.node(place)

    def hand(self, hand: dict) -> dict:
        return {self.resource(r): n for r, n in hand.items()}

    def position(self, position: dict) -> dict:
        """The position in this dress (the beginners' set-up spelled out piece by piece)."""
        board = make_board(position.get("board", "beginner"))
        out: dict = {
            "board": {"layout": self.layout(board)},
            "players": [self.color(c) for c in position.get("players") or COLORS],
            "pieces": [[self.color(c), piece, self.place(piece, place)]
                       for c, piece, place in all_pieces(position)],
        }
        if position.get("rules"):
            out["rules"] = dict(position["rules"])
        if position.get("knights"):
            out["knights"] = [[self.color(c), n] for c, n in position["knights"]]
        if position.get("dev"):
            out["dev"] = {self.color(c): list(cards) for c, cards in position["dev"].items()}
        hands = position.get("hands") if self.hands is None else self.hands
        if hands:
            out["hands"] = {self.color(c): self.hand(h) for c, h in hands.items()}
        if position.get("robber"):
            out["robber"] = self.hex(position["robber"])
        if position.get("current"):
            out["current"] = self.color(position["current"])
        if position.get("phase"):
            out["phase"] = position["phase"]
        if position.get("actions"):
            out["actions"] = [self.action(a) for a in position["actions"]]
        return out

    def action(self, action: dict) -> dict:
        out = {}
        for key, value in action.items():
            if key in ("player", "partner", "victim") and value:
                value = self.color(value)
            elif key == "node":
                value = self.node(value)
            elif key == "path":
                value = self.path(value)
            elif key == "paths":
                value = [self.path(p) for p in value]
            elif key == "hex":
                value = self.hex(value)
            elif key in ("give", "get", "cards") and isinstance(value, dict):
                value = self.hand(value)
            elif key in ("resource", "give", "get", "card") and value in RESOURCES:
                value = self.resource(value)
            elif key == "resources":
                value = [self.resource(r) for r in value]
            out[key] = value
        return out

    def ask(self, ask: dict) -> dict:
        out = {}
        for key, value in ask.items():
            if key == "player":
                value = self.color(value)
            elif key in ("resource", "give", "get"):
                value = self.resource(value)
            elif key == "roll":
                value = self.number(value)
            out[key] = value
        return out

    def answer(self, kind, answer):
        """The image of a solution's answer: the places moved, colours and resources renamed
        in field names ("orange-lumber", "points-red") and in chosen values."""
        if isinstance(answer, set | frozenset):
            move = self.node if kind.answer == NODES else self.path
            return frozenset(move(place) for place in answer)
        return {self._word(k): self._word(v) for k, v in answer.items()}

    def _word(self, text: str) -> str:
        return "-".join(self.colors.get(p, self.resources.get(p, p)) for p in text.split("-"))

    def what_changed(self, board: bool = True, resized: bool = False) -> str:
        """In Czech, what a pupil would notice (the board only where it is drawn)."""
        parts = []
        if board:
            parts.append("plán je " + ("zrcadlově převrácený" + (" a otočený" if self.turn else "")
                                      if self.mirror else "otočený"))
        if any(a != b for a, b in self.colors.items()):
            parts.append("hráči mají jiné barvy")
        if any(a != b for a, b in self.resources.items()):
            parts.append("suroviny jsou prohozené")
        if board and any(a != b for a, b in self.numbers.items()):
            parts.append("čísla na žetonech jsou prohozená (vždy dvě stejně pravděpodobná)")
        if resized:
            parts.append("hráči drží jiný počet karet, se stejným výsledkem")
        return words.join(parts)


def dressed(question: Question, dress: Disguise, variant: str = "") -> Question:
    """The same question in ``dress``: position and what is asked moved. It names no
    source, carries no note and no quote: they would say where to look it up."""
    return Question(
        kind=question.kind, variant=variant or question.variant,
        position=dress.position(question.position), ask=dress.ask(question.ask),
    )


# --- choosing a dress ------------------------------------------------------------------------

def _colors(rng: random.Random, used) -> dict:
    """A renaming of the four colours that moves every colour in play."""
    while True:
        new = list(COLORS)
        rng.shuffle(new)
        colors = dict(zip(COLORS, new, strict=True))
        if all(colors[c] != c for c in used):
            return colors


def _resources(rng: random.Random, groups) -> dict:
    resources = {r: r for r in RESOURCES}
    for group in groups:
        for same in _SAME_COUNT:
            pool = [r for r in group if r in same]
            moved = list(pool)
            rng.shuffle(moved)
            resources.update(zip(pool, moved, strict=True))
    return resources


def _numbers(rng: random.Random) -> dict:
    numbers = {}
    for low, high in NUMBER_PAIRS:
        swap = rng.random() < 0.5
        numbers[low], numbers[high] = (high, low) if swap else (low, high)
    return numbers


def choose(question: Question, seed: int) -> Disguise:
    """The dress the seed picks for a question: never the printed position, nor any other
    position practice shows (tried again with the next draw in the unlikely case)."""
    kind = quiz.kind(question.kind)
    rng = random.Random(f"{question.key}:{seed}")
    used = question.position.get("players") or COLORS
    public = public_fingerprints()
    dress = None
    for _ in range(50):
        turn, mirror = rng.choice(MOVES)
        dress = Disguise(turn=turn, mirror=mirror, colors=_colors(rng, used),
                         resources=_resources(rng, kind.swappable_resources(question)),
                         numbers=_numbers(rng), hands=kind.resized_hands(question, rng))
        if seen(dressed(question, dress), getattr(kind, "board", True)) not in public:
            return dress
    return dress


# --- what pupils could find ------------------------------------------------------------------

def seen(question: Question, board: bool) -> str:
    """What a pupil sees of a question's position, as one string: the board and the robber
    (if the kind shows the board), the pieces, the hands, the cards, the knights, whose turn.
    Not what is asked: a public position asked about differently is still a public one."""
    game = build_game(question.position)
    shown = {
        "current": game.current_player,
        "players": {c: [game.hand(c), sorted(card for card, _ in game.dev_cards(c)),
                        game.played_knights(c)] for c in game.players},
        "buildings": sorted((n, *piece) for n, piece in game.buildings.items()),
        "roads": sorted(game.roads.items()),
    }
    if board:
        shown["board"] = board_layout(game.board)
        shown["robber"] = game.robber
    return json.dumps(shown, sort_keys=True)


def public_positions() -> list[dict]:
    """Every position practice shows as it is: the Almanach's examples of every kind, and
    "Zkuste sami" before every step of the example game, whoever is on turn."""
    from tutorial.example.replay import example_game
    from tutorial.quiz import replayed

    out = [q.position for slug in quiz.KINDS for q in quiz.examples(slug)]
    game = example_game()
    for turn in range(1, len(game.turns) + 1):
        for number in range(1, len(game.turn(turn).steps) + 1):
            step = game.step(turn, number)
            position = replayed.position_from_state(step.before, game.players)
            out += [dict(position, current=player) for player in game.players]
    return out


@lru_cache(maxsize=1)
def public_fingerprints() -> frozenset[str]:
    """What pupils see of every public position, with the board and without it."""
    found = set()
    for position in public_positions():
        question = Question("vesnice", "verejna", position, {})
        found |= {seen(question, True), seen(question, False)}
    return frozenset(found)


# --- disguised variants ----------------------------------------------------------------------

def is_disguised(variant: str) -> bool:
    return bool(_VARIANT.match(variant or ""))


def disguised_variant(example: str, key: str) -> str:
    """The disguised variant of example ``a<n>`` for one quiz question (``key`` names it, e.g.
    its database id): always the same for the same question, different between questions."""
    if not (example.startswith("a") and example[1:].isdigit()):
        raise BadVariant(f"not an example {example!r}")
    digest = hashlib.sha256(f"lesson-disguise:{key}".encode()).digest()
    return f"{PREFIX}{example[1:]}-{int.from_bytes(digest[:4], 'big') % MAX_SEED + 1}"


def example_of(variant: str) -> str:
    """``x3-1234`` → ``a3``: the printed example a disguised variant dresses."""
    match = _VARIANT.match(variant or "")
    if not match:
        raise BadVariant(f"bad variant {variant!r}")
    return f"a{match.group(1)}"


def original(kind: str, variant: str) -> Question:
    number = int(example_of(variant)[1:])
    items = quiz.examples(quiz.kind(kind).slug)
    if number > len(items):
        raise BadVariant(f"no example {variant!r}")
    return items[number - 1]


def question(kind: str, variant: str) -> tuple[Question, Disguise]:
    printed = original(kind, variant)
    dress = choose(printed, int(variant.split("-")[1]))
    return dressed(printed, dress, variant), dress


@lru_cache(maxsize=512)
def prepare(kind: str, variant: str) -> quiz.Prepared:
    """A disguised example, prepared and solved by the engine like any question. Its
    caption comes last in the explanation: pages show it only after the answer."""
    question_, dress = question(kind, variant)
    prepared = quiz.prepare_question(question_)
    printed = original(kind, variant)
    sizes = [sum(h.values()) for h in (printed.position.get("hands") or {}).values()]
    resized = dress.hands is not None and sizes != [sum(h.values()) for h in dress.hands.values()]
    changed = dress.what_changed(getattr(prepared.kind, "board", True), resized)
    text = (f"Tato pozice je obměna příkladu „{printed.source}“: {changed}. "
            "Pravidla i důvody odpovědi jsou stejné.")
    if printed.quote:
        text += f" V původním příkladu stojí: {printed.quote}"
    prepared.solution.reasons.append(Reason(text))
    return prepared
