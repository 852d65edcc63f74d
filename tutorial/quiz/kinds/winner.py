"""Who has won? Victory points, hidden victory-point cards, and whose turn it is."""

from __future__ import annotations

from engine import words
from tutorial import board_svg
from tutorial.quiz.base import (
    ANY_RESOURCE,
    NOBODY,
    Field,
    Kind,
    Question,
    Reason,
    Solution,
    count_choices,
    same_cost,
    who,
    who_label,
)
from tutorial.quiz.sketch import Sketch, build_game


def _describe_action(question: Question, action: dict, game) -> str:
    name = who(question, action["player"], capital=True)
    pos = board_svg.position_of(game)
    if action["type"] == "buy_development_card":
        card = action.get("card")
        text = f"{name} si koupí akční kartu"
        if card == "victory_point":
            return text + ": je to Karta s výherním bodem."
        return text + (f": je to {words.DEV_CARDS[card]}." if card else ".")
    if action["type"] == "build_settlement":
        return f"{name} postaví vesnici {board_svg.node_name(pos, action['node'])}."
    if action["type"] == "build_city":
        return f"{name} postaví město {board_svg.node_name(pos, action['node'])}."
    if action["type"] == "build_road":
        return f"{name} postaví silnici {board_svg.path_name(pos, action['path'])}."
    return f"{name} je na tahu."


_PAID = {"build_road": "road", "build_settlement": "settlement", "build_city": "city",
         "buy_development_card": "development_card"}


class Winner(Kind):
    slug = "vitez"
    title = "Kdo vyhrál?"
    blurb = "Spočítejte body i se skrytými kartami a rozhodněte, zda hra skončila."
    headwords = ("konec-hry", "vyherni-body", "karta-s-vyhernim-bodem")
    board = True

    def _before(self, question: Question):
        position = dict(question.position)
        position["actions"] = []
        return build_game(position)

    def prompt(self, question: Question, game) -> str:
        actions = question.position.get("actions") or []
        before = self._before(question)
        moves = " ".join(_describe_action(question, a, before) for a in actions)
        current = who(question, game.current_player)
        return (
            f"Na tahu je {current}. {moves} Kolik bodů má teď každý hráč (i se skrytými "
            "kartami s výherním bodem)? Vyhrál někdo?"
        )

    def fields(self, question: Question, game) -> list[Field]:
        out = [
            Field(f"points-{c}", f"Body: {who_label(question, c)}", count_choices(14))
            for c in game.players
        ]
        choices = tuple((c, who_label(question, c)) for c in game.players)
        out.append(Field("winner", "Kdo vyhrál?", choices + ((NOBODY, "Zatím nikdo"),)))
        return out

    def solve(self, question: Question, game) -> Solution:
        answer = {}
        reasons = []
        target = game.rules.victory_points_to_win
        for color in game.players:
            points = game.points(color, include_hidden=True)
            answer[f"points-{color}"] = str(points["total"])
            reasons.append(Reason(_points_sentence(question, color, points), "vyherni-body"))
        answer["winner"] = game.winner or NOBODY
        current = game.current_player
        if game.winner:
            reasons.append(Reason(
                f"{who(question, game.winner, capital=True)} je na tahu a má aspoň {target} "
                "bodů: odkryje karty s výherním bodem a vyhrává.", "konec-hry"))
        else:
            others = [c for c in game.players if c != current
                      and game.points(c, include_hidden=True)["total"] >= target]
            text = f"{who(question, current, capital=True)} je na tahu, ale {target} bodů nemá."
            if others:
                text += (f" {who(question, others[0], capital=True)} sice {target} bodů má, "
                         "ale vyhrát smí jen hráč, který je na tahu.")
            reasons.append(Reason(text, "konec-hry"))
        return Solution(answer=answer, reasons=reasons)

    def facts(self, question: Question, game) -> list[dict]:
        rows = []
        for color in game.players:
            parts = []
            if game.longest_road_holder == color:
                parts.append("Nejdelší obchodní cesta")
            if game.largest_army_holder == color:
                parts.append("Největší vojsko")
            hidden = sum(1 for card, _ in game.dev_cards(color) if card == "victory_point")
            parts.append(f"skryté karty s výherním bodem: {hidden}")
            rows.append({"color": color, "name": who_label(question, color),
                         "text": ", ".join(parts)})
        return rows

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], 3)
        me = colors[0]
        sketch = Sketch(rng, colors)
        for color in colors:
            for _ in range(rng.randint(2, 4)):
                sketch.settle_with_road(color, roads=rng.randint(1, 2))
        mine = [n for n, (c, _) in sketch.buildings.items() if c == me]
        for node in rng.sample(mine, k=rng.randint(1, len(mine))):
            sketch.upgrade(node)
        rival = colors[1]
        theirs = [n for n, (c, _) in sketch.buildings.items() if c == rival]
        for node in rng.sample(theirs, k=rng.randint(0, len(theirs))):
            sketch.upgrade(node)
        # A long road for someone: the Longest Road is worth 2 points.
        roadie = rng.choice([me, rival])
        start = next(n for n, (c, _) in sketch.buildings.items() if c == roadie)
        sketch.walk(roadie, start, rng.randint(3, 6))
        dev = {me: ["victory_point"] * rng.randint(0, 2),
               rival: ["victory_point"] * rng.randint(0, 3)}
        knights = [[rival, rng.choice([0, 3])], [me, rng.choice([0, 0, 3])]]
        action = self._final_action(rng, me, sketch)
        position = {
            "board": {"variable": rng.randrange(1, 10**6)}, "players": colors,
            "pieces": sketch.pieces(), "knights": knights, "dev": dev,
            "hands": {me: action.pop("_hand")}, "current": me, "actions": [action],
        }
        return position, {}

    def _final_action(self, rng, me: str, sketch: Sketch) -> dict:
        if rng.random() < 0.5:
            card = rng.choice(["victory_point", "victory_point", "knight"])
            return {"type": "buy_development_card", "player": me, "card": card,
                    "_hand": {"wool": 1, "grain": 1, "ore": 1}}
        mine = [n for n, (c, p) in sketch.buildings.items() if c == me and p == "settlement"]
        if mine:
            from tutorial.quiz.sketch import node_id

            return {"type": "build_city", "player": me, "node": node_id(rng.choice(mine)),
                    "_hand": {"grain": 2, "ore": 3}}
        return {"type": "buy_development_card", "player": me, "card": "victory_point",
                "_hand": {"wool": 1, "grain": 1, "ore": 1}}

    def acceptable(self, question: Question, game) -> bool:
        totals = [game.points(c, include_hidden=True)["total"] for c in game.players]
        return 8 <= max(totals) <= 12

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        # The hand only pays for the moves before the count: keep what they cost.
        actions = question.position.get("actions") or []
        pieces = [_PAID.get(a.get("type")) for a in actions]
        if None in pieces:
            return ()
        return same_cost(pieces) if pieces else ANY_RESOURCE


def _points_sentence(question: Question, color: str, points: dict) -> str:
    labels = (
        ("settlements", "vesnice"), ("cities", "města"),
        ("longest_road", "Nejdelší obchodní cestu"), ("largest_army", "Největší vojsko"),
        ("victory_cards", "karty s výherním bodem"),
    )
    parts = [f"za {label} {points[key]}" for key, label in labels if points[key]]
    detail = ", ".join(parts) if parts else "zatím nic"
    return f"{who_label(question, color)}: {words.points(points['total'])} ({detail})."
