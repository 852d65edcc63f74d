"""Where may a settlement stand, where may a road go: click every such place."""

from __future__ import annotations

from engine import topology as topo
from tutorial import board_svg
from tutorial.quiz.base import ANY_RESOURCE, NODES, PATHS, Kind, Question, Reason, Solution, who
from tutorial.quiz.sketch import Sketch

Marks = dict[tuple[str, str], str]
HEADWORD_SETTLEMENT = "vesnice"
HEADWORD_DISTANCE = "pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi"
HEADWORD_ROAD = "silnice"


def _near_buildings(game, node: str) -> list[str]:
    index = topo.INTERSECTION_INDEX[node]
    near = [topo.INTERSECTION_IDS[n] for n in topo.INTERSECTION_NEIGHBORS[index]]
    return [n for n in near if n in game.buildings]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _paths_at(node: str) -> list[str]:
    return [topo.PATH_IDS[p] for p in topo.INTERSECTION_PATHS[topo.INTERSECTION_INDEX[node]]]


class SettlementSpots(Kind):
    slug = "vesnice"
    title = "Kde smí stát vesnice?"
    blurb = "Označte všechny křižovatky, kde hráč smí postavit vesnici."
    headwords = (HEADWORD_SETTLEMENT, HEADWORD_DISTANCE, "krizovatka", "silnice")
    answer = NODES

    def prompt(self, question: Question, game) -> str:
        player = who(question, question.ask["player"], "nom", capital=True)
        return (
            f"{player} je na tahu a suroviny na vesnici má. Klikněte na všechny křižovatky, "
            "kde teď smí postavit vesnici, a pak na Vyhodnotit. Pokud nesmí nikde, "
            "nic neoznačujte."
        )

    def targets(self, question: Question, game) -> list[str]:
        return [n for n in topo.INTERSECTION_IDS if n not in game.buildings]

    def solve(self, question: Question, game) -> Solution:
        color = question.ask["player"]
        legal = frozenset(game.legal_settlement_spots(color))
        reasons = [
            Reason(
                f"Vesnice smí stát jen na křižovatce, ke které vede vlastní silnice, a žádná "
                f"ze sousedních křižovatek nesmí být obsazená. Takových křižovatek je tu "
                f"{len(legal)}." if legal else
                "Takové místo tu není: u každé volné křižovatky na konci vlastní silnice "
                "stojí příliš blízko jiná stavba.",
                HEADWORD_DISTANCE,
            )
        ]
        return Solution(answer=legal, reasons=reasons)

    def explain_wrong(self, question: Question, game, node: str) -> tuple[Reason, Marks]:
        color = question.ask["player"]
        violation = game.why_not_settlement(color, node)
        pos = board_svg.position_of(game)
        place = board_svg.node_name(pos, node)
        marks: Marks = {}
        blockers = _near_buildings(game, node)
        for other in blockers:
            marks[("node", other)] = "culprit"
        if not blockers:
            for path in _paths_at(node):
                if path not in game.roads:
                    marks[("path", path)] = "need"
        if violation is None:  # should not happen: the engine said the spot is not legal
            return Reason(f"Křižovatka {place} – tady vesnice stát nesmí."), marks
        return Reason(f"Křižovatka {place} – {_lower_first(violation.message)}",
                      violation.headword), marks

    def explain_miss(self, question: Question, game, node: str) -> Reason:
        pos = board_svg.position_of(game)
        return Reason(
            f"Křižovatka {board_svg.node_name(pos, node)} – tady vesnice stát smí "
            "(vede sem vlastní silnice a sousední křižovatky jsou volné).",
            HEADWORD_SETTLEMENT,
        )

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], 3)
        sketch = Sketch(rng, colors)
        me = colors[0]
        for color in colors:
            for _ in range(2):
                sketch.settle_with_road(color, roads=rng.randint(1, 2))
        for _ in range(rng.randint(2, 4)):
            sketch.extend(me)
        # An opponent settles next to the learner's road ends: the distance rule bites.
        ends = [n for n in sketch.road_ends(me) if sketch.free_for_settlement(n)]
        rng.shuffle(ends)
        for node in ends[:1]:
            for near in topo.INTERSECTION_NEIGHBORS[node]:
                if sketch.free_for_settlement(near):
                    sketch.settle(colors[1], near)
                    sketch.walk(colors[1], near, 1)
                    break
        position = {"board": {"variable": rng.randrange(1, 10**6)}, "players": colors,
                    "pieces": sketch.pieces(), "current": me}
        return position, {"player": me}

    def acceptable(self, question: Question, game) -> bool:
        return 1 <= len(game.legal_settlement_spots(question.ask["player"])) <= 7

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        return ANY_RESOURCE


class RoadSpots(Kind):
    slug = "silnice"
    title = "Kudy může vést silnice?"
    blurb = "Označte všechny cesty, na které hráč smí postavit silnici."
    headwords = (HEADWORD_ROAD, "cesta", "pobrezi")
    answer = PATHS

    def prompt(self, question: Question, game) -> str:
        player = who(question, question.ask["player"], "nom", capital=True)
        return (
            f"{player} je na tahu a suroviny na silnici má. Klikněte na všechny cesty, "
            "na které teď smí postavit silnici, a pak na Vyhodnotit."
        )

    def targets(self, question: Question, game) -> list[str]:
        return [p for p in topo.PATH_IDS if p not in game.roads]

    def solve(self, question: Question, game) -> Solution:
        color = question.ask["player"]
        legal = frozenset(game.legal_road_spots(color))
        reasons = [
            Reason(
                "Silnice smí navázat na vlastní vesnici, město nebo silnici. Přes křižovatku, "
                "na které stojí cizí stavba, ale vlastní silnice pokračovat nesmí. "
                f"Takových cest je tu {len(legal)}.",
                HEADWORD_ROAD,
            )
        ]
        return Solution(answer=legal, reasons=reasons)

    def explain_wrong(self, question: Question, game, path: str) -> tuple[Reason, Marks]:
        color = question.ask["player"]
        violation = game.why_not_road(color, path)
        pos = board_svg.position_of(game)
        place = board_svg.path_name(pos, path)
        marks: Marks = {}
        ends = [topo.INTERSECTION_IDS[n] for n in topo.PATH_ENDS[topo.PATH_INDEX[path]]]
        for end in ends:
            holder = game.buildings.get(end)
            own_road_here = any(game.roads.get(p) == color for p in _paths_at(end))
            if holder and holder[0] != color and own_road_here:
                marks[("node", end)] = "culprit"
        if violation is None:
            return Reason(f"Cesta {place} – tady silnice vést nesmí."), marks
        return Reason(f"Cesta {place} – {_lower_first(violation.message)}",
                      violation.headword), marks

    def explain_miss(self, question: Question, game, path: str) -> Reason:
        pos = board_svg.position_of(game)
        return Reason(
            f"Cesta {board_svg.path_name(pos, path)} – tady silnice vést smí "
            "(navazuje na vlastní stavbu nebo silnici).",
            HEADWORD_ROAD,
        )

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], 3)
        sketch = Sketch(rng, colors)
        me = colors[0]
        home = sketch.settle(me)
        sketch.walk(me, home, rng.randint(2, 4))
        for color in colors[1:]:
            sketch.settle_with_road(color, roads=rng.randint(1, 2))
        sketch.settle_with_road(me, roads=1)
        # An opponent settles at one of the learner's road ends: the road may not go through.
        ends = [
            n for n in sketch.road_ends(me)
            if n not in sketch.buildings and sketch.free_for_settlement(n)
        ]
        if ends:
            blocker = rng.choice(ends)
            sketch.settle(colors[1], blocker)
            sketch.walk(colors[1], blocker, 1)
        position = {"board": {"variable": rng.randrange(1, 10**6)}, "players": colors,
                    "pieces": sketch.pieces(), "current": me}
        return position, {"player": me}

    def acceptable(self, question: Question, game) -> bool:
        return 2 <= len(game.legal_road_spots(question.ask["player"])) <= 12

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        return ANY_RESOURCE
