"""Can the player build or buy this right now? Resources, pieces left, a place to put it."""

from __future__ import annotations

from engine import topology as topo
from engine import words
from tutorial.quiz.base import Field, Kind, Question, Reason, Solution, same_cost, who
from tutorial.quiz.sketch import Sketch, random_hand

YES = "ano"
NO_RESOURCES = "suroviny"
NO_PIECE = "figurka"
NO_PLACE = "misto"
NO_CARDS = "balicek"

THING = {  # accusative, for "smí postavit / koupit …"
    "road": "silnici", "settlement": "vesnici", "city": "město",
    "development_card": "akční kartu",
}
THING_NOM = {
    "road": "Silnice", "settlement": "Vesnice", "city": "Město", "development_card": "Akční karta",
}
COST_TEXT = {
    "road": "1 cihlu a 1 dřevo",
    "settlement": "1 cihlu, 1 dřevo, 1 vlnu a 1 obilí",
    "city": "3 rudy a 2 obilí",
    "development_card": "1 vlnu, 1 obilí a 1 rudu",
}


def _has_place(game, color: str, piece: str) -> bool:
    """Is there a place for the piece, whether or not a piece is left in the box?"""
    if piece == "city":
        return any(c == color and kind == "settlement" for c, kind in game.buildings.values())
    if piece == "settlement":
        places, why_not = topo.INTERSECTION_IDS, game.why_not_settlement
    else:
        places, why_not = topo.PATH_IDS, game.why_not_road
    for place in places:
        violation = why_not(color, place)
        if violation is None or violation.code == "no_pieces_left":
            return True
    return False


def _verb(piece: str) -> str:
    return "koupit" if piece == "development_card" else "postavit"


class CanBuild(Kind):
    slug = "stavba"
    title = "Může stavět?"
    blurb = "Může hráč teď postavit nebo koupit…? Suroviny, figurky, místo."
    headwords = ("stavebni-naklady", "staveni", "vesnice", "mesto", "silnice", "akcni-karty")
    board = True

    def prompt(self, question: Question, game) -> str:
        ask = question.ask
        player = who(question, ask["player"], "nom", capital=True)
        hand = words.cards(game.hand(ask["player"]))
        left = game.pieces_left(ask["player"])
        pieces = (
            f"V zásobě má {words.plural_count(left['road'], 'silnici', 'silnice', 'silnic')}, "
            f"{words.plural_count(left['settlement'], 'vesnici', 'vesnice', 'vesnic')} a "
            f"{words.plural_count(left['city'], 'město', 'města', 'měst')}."
        )
        return (
            f"{player} je ve fázi stavění a má v ruce {hand}. {pieces} Smí teď "
            f"{_verb(ask['piece'])} {THING[ask['piece']]}? Když ne, zaškrtněte všechny důvody."
        )

    def fields(self, question: Question, game) -> list[Field]:
        choices = [(YES, "Ano, smí"), (NO_RESOURCES, "Ne: chybí suroviny")]
        if question.ask["piece"] == "development_card":
            choices.append((NO_CARDS, "Ne: v balíčku už nejsou karty"))
        else:
            choices += [(NO_PIECE, "Ne: nemá už žádnou takovou figurku"),
                        (NO_PLACE, "Ne: není kde stavět")]
        return [Field("answer", "Odpověď", tuple(choices), multiple=True)]

    def contradiction(self, response: dict[str, str]) -> str | None:
        chosen = response.get("answer", "").split(",")
        if YES in chosen and len(chosen) > 1:
            return ("Odpověď „Ano, smí“ nejde zaškrtnout spolu s důvodem, proč nesmí. "
                    "Zvolte buď „Ano, smí“, nebo všechny důvody, proč ne.")
        return None

    def obstacles(self, game, color: str, piece: str) -> list[str]:
        from engine.constants import COSTS, RESOURCES

        hand = game.hand(color)
        out = []
        if any(hand.get(r, 0) < n for r, n in zip(RESOURCES, COSTS[piece], strict=True)):
            out.append(NO_RESOURCES)
        if piece == "development_card":
            if game.deck_size == 0:
                out.append(NO_CARDS)
            return out
        if game.pieces_left(color)[piece] <= 0:
            out.append(NO_PIECE)
        if not _has_place(game, color, piece):
            out.append(NO_PLACE)
        return out

    def solve(self, question: Question, game) -> Solution:
        color, piece = question.ask["player"], question.ask["piece"]
        found = self.obstacles(game, color, piece)
        answer = {"answer": ",".join(sorted(found)) if found else YES}
        name = who(question, color, capital=True)
        reasons = []
        hand = words.cards(game.hand(color))
        if NO_RESOURCES in found:
            reasons.append(Reason(
                f"{THING_NOM[piece]} stojí {COST_TEXT[piece]}; {who(question, color)} "
                f"má jen {hand}.", "stavebni-naklady"))
        else:
            reasons.append(Reason(
                f"{THING_NOM[piece]} stojí {COST_TEXT[piece]}; to {who(question, color)} "
                "má.", "stavebni-naklady"))
        if NO_PIECE in found:
            limit = {"road": "15 silnic", "settlement": "5 vesnic", "city": "4 města"}[piece]
            reasons.append(Reason(
                f"{name} už má na plánu všechny své figurky tohoto druhu (každý hráč má jen "
                f"{limit}).", "staveni"))
        if NO_PLACE in found:
            where = {
                "road": "Žádná volná cesta nenavazuje na jeho stavby nebo silnice.",
                "settlement": "Žádná volná křižovatka na konci jeho silnice nesplňuje "
                              "pravidlo o vzdálenosti.",
                "city": "Město lze postavit jen místo vlastní vesnice a žádnou vesnici nemá.",
            }[piece]
            headword = {"road": "silnice", "settlement": "pravidlo-o-vzdalenosti-mezi-dvema-"
                        "vesnicemi", "city": "mesto"}[piece]
            reasons.append(Reason(where, headword))
        if NO_CARDS in found:
            reasons.append(Reason("Balíček akčních karet je prázdný.", "akcni-karty"))
        if not found:
            reasons.append(Reason(f"{name} smí {_verb(piece)} {THING[piece]}.", "staveni"))
        return Solution(answer=answer, reasons=reasons)

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], 3)
        me = colors[0]
        piece = rng.choice(["road", "settlement", "settlement", "city", "city",
                            "development_card"])
        sketch = Sketch(rng, colors)
        settlements = 5 if piece == "settlement" and rng.random() < 0.3 else rng.randint(1, 3)
        for _ in range(settlements):
            sketch.settle_with_road(me, roads=rng.randint(1, 2))
        if piece == "city" and rng.random() < 0.3:
            for node, (color, _) in list(sketch.buildings.items()):
                if color == me:
                    sketch.upgrade(node)
        for color in colors[1:]:
            for _ in range(2):
                sketch.settle_with_road(color, roads=rng.randint(1, 3))
        from engine.constants import COSTS, RESOURCES

        hand = {r: n for r, n in zip(RESOURCES, COSTS[piece], strict=True) if n}
        if rng.random() < 0.5:
            short = rng.choice(list(hand))
            hand[short] -= 1
        for resource, count in random_hand(rng, rng.randint(0, 3)).items():
            hand[resource] = hand.get(resource, 0) + count
        position = {"board": {"variable": rng.randrange(1, 10**6)}, "players": colors,
                    "pieces": sketch.pieces(), "hands": {me: hand}, "current": me}
        return position, {"player": me, "piece": piece}

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        # "Swap which resource is short": only resources the piece costs alike.
        return same_cost((question.ask["piece"],))
