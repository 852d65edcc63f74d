"""Maritime trade: the best rate for a resource, or whether a proposed bank trade is allowed."""

from __future__ import annotations

from engine import topology as topo
from engine import words
from tutorial import board_svg
from tutorial.quiz.base import ANY_RESOURCE, Field, Kind, Question, Reason, Solution, who
from tutorial.quiz.sketch import Sketch, make_board, random_hand

RATE_CHOICES = (("4", "4 : 1"), ("3", "3 : 1"), ("2", "2 : 1"))
YES_NO = (("ano", "Ano, smí"), ("ne", "Ne, nesmí"))


def _harbor_nodes(game) -> dict[str, str]:
    """Intersection id -> harbor kind, for every harbor on the board."""
    out = {}
    for harbor in game.board.harbors:
        for node in topo.PATH_ENDS[topo.PATH_INDEX[harbor.path]]:
            out[topo.INTERSECTION_IDS[node]] = harbor.kind
    return out


class MaritimeTrade(Kind):
    slug = "zamori"
    title = "Obchod se zámořím"
    blurb = "Za kolik karet smí hráč měnit s bankem? Smí provést navržený obchod?"
    headwords = ("obchod-se-zamorim", "pristav", "obchod")
    board = True

    def prompt(self, question: Question, game) -> str:
        ask = question.ask
        player = who(question, ask["player"], "nom", capital=True)
        hand = words.cards(game.hand(ask["player"]), case="acc")
        if ask["mode"] == "rate":
            return (
                f"{player} je na tahu a má v ruce {hand}. Za kolik "
                f"{words.resource_word(ask['resource'], 5)} dostane z banku jednu jinou "
                "surovinu? Vyberte nejvýhodnější poměr, který smí použít."
            )
        give = words.count_resource(ask["give"], ask["rate"] * ask["count"])
        get = words.count_resource(ask["get"], ask["count"])
        return (f"{player} je na tahu a má v ruce {hand}. Smí teď dát do banku {give}"
                f" a vzít si {get}?")

    def fields(self, question: Question, game) -> list[Field]:
        if question.ask["mode"] == "rate":
            return [Field("rate", "Nejlepší poměr", RATE_CHOICES)]
        return [Field("allowed", "Smí obchod provést?", YES_NO)]

    def _harbor_reasons(self, question: Question, game) -> tuple[list[Reason], dict[str, str]]:
        color = question.ask["player"]
        kinds = game.harbors_of(color)
        marks = {}
        for node in _harbor_nodes(game):
            building = game.buildings.get(node)
            if building and building[0] == color:
                marks[("node", node)] = "hit"
        if not kinds:
            text = (f"{who(question, color, capital=True)} nemá vesnici ani město u žádného "
                    "přístavu, může tedy měnit jen 4 : 1.")
        else:
            names = [board_svg.harbor_name(k) for k in sorted(kinds)]
            text = f"{who(question, color, capital=True)} smí používat: {words.join(names)}."
        return [Reason(text, "pristav")], marks

    def solve(self, question: Question, game) -> Solution:
        ask = question.ask
        color = ask["player"]
        reasons, marks = self._harbor_reasons(question, game)
        if ask["mode"] == "rate":
            rate = game.trade_rate(color, ask["resource"])
            resource = words.resource_word(ask["resource"], 5)
            if rate == 2:
                harbor = words.resource_word(ask["resource"], 1)
                why = f"Přístav 2:1 na {harbor}: výměna 2 karet za 1."
            elif rate == 3:
                why = (f"Přístav 3:1 platí pro všechny suroviny; specializovaný přístav na "
                       f"{resource} hráč nemá: výměna 3 karet za 1.")
            else:
                why = (f"Žádný přístav, který by platil pro {resource}: výměna 4 stejných karet"
                       " za 1, na to přístav netřeba. Specializovaný přístav jiné suroviny"
                       " nepomůže.")
            reasons.append(Reason(why, "obchod-se-zamorim"))
            return Solution(answer={"rate": str(rate)}, reasons=reasons, marks=marks)
        return self._solve_trade(question, game, reasons, marks)

    def _solve_trade(self, question, game, reasons, marks) -> Solution:
        from engine import RuleViolation
        from engine.actions import TradeBank

        ask = question.ask
        color = ask["player"]
        rate = game.trade_rate(color, ask["give"])
        if ask["rate"] < rate:
            allowed = False
            reasons.append(Reason(
                f"Za {words.resource_word(ask['give'], 5)} smí měnit nejlépe {rate} : 1, "
                f"ne {ask['rate']} : 1.", "obchod-se-zamorim"))
        else:
            try:
                game.check(TradeBank(color, ask["give"], ask["get"], ask["count"]))
                allowed = True
                reasons.append(Reason(
                    f"Poměr {rate} : 1 smí použít a karet má dost: "
                    f"{rate} × {ask['count']} = {rate * ask['count']}.", "obchod-se-zamorim"))
            except RuleViolation as violation:
                allowed = False
                reasons.append(Reason(violation.message, violation.headword))
        return Solution(answer={"allowed": "ano" if allowed else "ne"}, reasons=reasons,
                        marks=marks)

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], 3)
        sketch = Sketch(rng, colors)
        me = colors[0]
        harbors = make_board("beginner").harbors
        harbor_spots = sorted(
            {n for h in harbors for n in topo.PATH_ENDS[topo.PATH_INDEX[h.path]]}
        )
        rng.shuffle(harbor_spots)
        for node in harbor_spots[: rng.randint(0, 2)]:
            if sketch.free_for_settlement(node):
                sketch.settle(me, node)
                sketch.walk(me, node, 1)
        sketch.settle_with_road(me, roads=1)
        for color in colors[1:]:
            sketch.settle_with_road(color, roads=1)
        resources = list(words.RESOURCES)
        hand = random_hand(rng, rng.randint(3, 8))
        give = rng.choice(resources)
        hand[give] = hand.get(give, 0) + rng.randint(1, 5)
        position = {"board": "beginner", "players": colors, "pieces": sketch.pieces(),
                    "hands": {me: hand}, "current": me, "phase": "trade"}
        if rng.random() < 0.5:
            return position, {"mode": "rate", "player": me, "resource": give}
        get = rng.choice([r for r in resources if r != give])
        count = rng.choice([1, 1, 2])
        return position, {"mode": "trade", "player": me, "give": give, "get": get,
                          "count": count, "rate": rng.choice([2, 3, 4])}

    def acceptable(self, question: Question, game) -> bool:
        ask = question.ask
        if ask["mode"] == "rate":
            return True
        # Never propose a worse rate than the best one: that would be allowed but silly.
        return ask["rate"] <= game.trade_rate(ask["player"], ask["give"])

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        return ANY_RESOURCE

