"""A roll and its consequences: who receives what, and who discards on a seven."""

from __future__ import annotations

from engine import topology as topo
from engine import words
from engine.constants import CARDS_PER_RESOURCE, DISCARD_ABOVE
from tutorial import board_svg
from tutorial.quiz.base import (
    ANY_RESOURCE,
    Field,
    Kind,
    Question,
    Reason,
    Solution,
    count_choices,
    who,
    who_label,
)
from tutorial.quiz.sketch import Sketch, random_hand

RESOURCES = words.RESOURCES
DICE = {2: (1, 1), 3: (1, 2), 4: (1, 3), 5: (2, 3), 6: (3, 3), 7: (3, 4), 8: (4, 4),
        9: (4, 5), 10: (5, 5), 11: (5, 6), 12: (6, 6)}


def _roll(game, total: int) -> list[dict]:
    """Roll ``total`` for the current player on a copy; the engine's events as dicts."""
    from engine.actions import RollDice

    copy = game.copy()
    current = copy.current_player
    copy.set_current(current, "roll")
    return [event.to_json() for event in copy.apply(RollDice(current, DICE[total]))]


def _event(events: list[dict], kind: str) -> dict | None:
    return next((e for e in events if e.get("kind") == kind), None)


def _bank_text(game) -> str:
    """" Bank má už jen 1 rudu.": the bank's short resources, which the board cannot show
    (cards the players hold are not in the bank)."""
    held = {r: sum(game.hand(c).get(r, 0) for c in game.players) for r in RESOURCES}
    short = {r: CARDS_PER_RESOURCE - n for r, n in held.items() if n}
    if not short:
        return ""
    return f" Bank má už jen {words.cards(short)}."


def _players_with_buildings(game) -> list[str]:
    owners = {color for color, _ in game.buildings.values()}
    return [c for c in game.players if c in owners]


class Production(Kind):
    slug = "vynosy"
    title = "Co kdo dostane?"
    blurb = "Padlo číslo: kolik surovin kterého druhu dostane každý hráč?"
    headwords = ("suroviny-vynosy", "mesto", "zlodej", "suroviny-karty", "zetony-s-cisly")
    board = True

    def prompt(self, question: Question, game) -> str:
        return (
            f"Padlo číslo {question.ask['roll']}.{_bank_text(game)} Kolik surovin kterého "
            "druhu dostane každý hráč? Kde nic, nechte 0."
        )

    def fields(self, question: Question, game) -> list[Field]:
        out = []
        for color in _players_with_buildings(game):
            for resource in RESOURCES:
                out.append(Field(
                    name=f"{color}-{resource}",
                    label=f"{who_label(question, color)}: {words.resource_name(resource)}",
                    choices=count_choices(6),
                    row=who_label(question, color),
                    column=words.resource_name(resource),
                ))
        return out

    def solve(self, question: Question, game) -> Solution:
        roll = question.ask["roll"]
        events = _roll(game, roll)
        produced = _event(events, "produced") or {"gains": {}, "blocked": [], "shortage": []}
        gains = produced.get("gains") or {}
        answer = {
            f"{color}-{resource}": str((gains.get(color) or {}).get(resource, 0))
            for color in _players_with_buildings(game)
            for resource in RESOURCES
        }
        return Solution(answer=answer, reasons=self._reasons(question, game, produced),
                        marks=self._marks(game, roll))

    def _marks(self, game, roll: int) -> dict[tuple[str, str], str]:
        pos = board_svg.position_of(game)
        return {("hex", h): "hit" for h in topo.HEX_IDS if pos["hexes"][h][1] == roll}

    def _reasons(self, question: Question, game, produced: dict) -> list[Reason]:
        roll = question.ask["roll"]
        pos = board_svg.position_of(game)
        shortage = set(produced.get("shortage") or [])
        reasons = []
        hexes = [h for h in topo.HEX_IDS if pos["hexes"][h][1] == roll]
        for hex_id in hexes:
            terrain = pos["hexes"][hex_id][0]
            label = words.hex_label(terrain, roll)
            owners = []
            for node in topo.HEX_CORNERS[topo.HEX_INDEX[hex_id]]:
                building = game.buildings.get(topo.INTERSECTION_IDS[node])
                if building:
                    color, piece = building
                    owners.append(f"{who(question, color)} ({words.PIECES[piece]}, "
                                  f"{'2 karty' if piece == 'city' else '1 karta'})")
            title = label[:1].upper() + label[1:]
            if game.robber == hex_id:
                reasons.append(Reason(
                    f"{title} blokuje zloděj: z něj nikdo nic nedostane.", "zlodej"))
            elif not owners:
                reasons.append(Reason(
                    f"U {words.hex_label(terrain, roll, 'gen')} nikdo nestaví.", "suroviny-vynosy"))
            else:
                resource = words.resource_name(words.TERRAIN_RESOURCE[terrain])
                if words.TERRAIN_RESOURCE[terrain] in shortage:
                    reasons.append(Reason(
                        f"{title} – {resource} by dostali: " + ", ".join(owners)
                        + ". Jenže bank nemá dost karet pro všechny, a tak tuto surovinu "
                        "nedostane nikdo.", "suroviny-karty"))
                else:
                    reasons.append(Reason(
                        f"{title} – {resource}: " + ", ".join(owners) + ".",
                        "mesto" if "město" in " ".join(owners) else "suroviny-vynosy"))
        if not hexes:
            reasons.append(Reason(f"Číslo {roll} na plánu neleží.", "zetony-s-cisly"))
        return reasons

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], 3)
        sketch = Sketch(rng, colors)
        for color in colors:
            for _ in range(rng.randint(2, 3)):
                sketch.settle_with_road(color, roads=1)
        # A city or two: they produce double.
        settled = [n for n, (_, piece) in sketch.buildings.items() if piece == "settlement"]
        for node in rng.sample(settled, k=min(2, len(settled))):
            sketch.upgrade(node)
        board = {"variable": rng.randrange(1, 10**6)}
        position = {"board": board, "players": colors, "pieces": sketch.pieces(),
                    "current": colors[0]}
        return position, {"roll": 0}  # the roll is chosen by refine(), on the built board

    def refine(self, question: Question, game, rng) -> Question | None:
        """Make a generated question worth asking: the roll must give someone something."""
        pos = board_svg.position_of(game)
        rolls = []
        for number in DICE:
            if number == 7:
                continue
            touched = [
                h for h in topo.HEX_IDS if pos["hexes"][h][1] == number
                and any(topo.INTERSECTION_IDS[n] in game.buildings
                        for n in topo.HEX_CORNERS[topo.HEX_INDEX[h]])
            ]
            if touched:
                rolls.append((number, touched))
        if not rolls:
            return None
        number, touched = rng.choice(rolls)
        position = dict(question.position)
        if rng.random() < 0.35:
            position["robber"] = rng.choice(touched)
        return Question(question.kind, question.variant, position, {"roll": number})

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        return ANY_RESOURCE


class Seven(Kind):
    slug = "sedmicka"
    title = "Sedmička!"
    blurb = "Padla sedmička: kolik karet musí kdo odhodit?"
    headwords = ("sedmicka-padla-nastupuje-zlodej", "zlodej")
    board = False

    def prompt(self, question: Question, game) -> str:
        current = who(question, game.current_player, "nom", capital=True)
        return f"{current} hází kostkami a padne sedmička. Kolik karet musí každý hráč odhodit?"

    def fields(self, question: Question, game) -> list[Field]:
        return [
            Field(
                name=color,
                label=f"{who_label(question, color)} ({words.card_count(game.hand_size(color))})",
                choices=count_choices(game.hand_size(color)),
            )
            for color in game.players
        ]

    def solve(self, question: Question, game) -> Solution:
        events = _roll(game, 7)
        required = (_event(events, "discard_required") or {}).get("players") or {}
        answer = {color: str(required.get(color, 0)) for color in game.players}
        reasons = []
        for color in game.players:
            size = game.hand_size(color)
            name = who(question, color, "nom", capital=True)
            if size > 7:
                reasons.append(Reason(
                    f"{name} má {words.card_count(size)}, tedy víc než 7: odhodí polovinu "
                    f"zaokrouhlenou dolů, {words.card_count(int(answer[color]))}.",
                    "sedmicka-padla-nastupuje-zlodej"))
            else:
                reasons.append(Reason(
                    f"{name} má {words.card_count(size)}, ne víc než 7: neodhazuje nic.",
                    "sedmicka-padla-nastupuje-zlodej"))
        return Solution(answer=answer, reasons=reasons)

    def facts(self, question: Question, game) -> list[dict]:
        return [
            {"color": c, "name": who_label(question, c),
             "text": f"{words.card_count(game.hand_size(c))}: {words.cards(game.hand(c), 'nom')}"}
            for c in game.players
        ]

    def generate(self, rng) -> tuple[dict, dict]:
        count = rng.choice([3, 4])
        colors = rng.sample(["orange", "red", "blue", "white"], count)
        sizes = [rng.randint(2, 7), rng.randint(8, 13)]
        sizes += [rng.randint(3, 12) for _ in range(count - 2)]
        rng.shuffle(sizes)
        hands = {c: random_hand(rng, n) for c, n in zip(colors, sizes, strict=True)}
        position = {"board": "beginner", "players": colors, "hands": hands,
                    "current": colors[0]}
        return position, {}

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        return ANY_RESOURCE

    def resized_hands(self, question: Question, rng) -> dict | None:
        """Only a hand's size counts: 8 and 9 cards both lose 4, and up to 7 lose nothing.
        Other sizes with the same loss keep "6, 8 and 11 cards" out of a search box."""
        hands = {}
        for color, hand in (question.position.get("hands") or {}).items():
            size = sum(hand.values())
            if size > DISCARD_ABOVE:
                wanted = size ^ 1 if rng.random() < 0.5 else size  # same half, rounded down
            else:
                wanted = rng.randint(max(1, size - 2), min(DISCARD_ABOVE, size + 2))
            cards = [r for r in RESOURCES for _ in range(hand.get(r, 0))]
            while len(cards) > wanted:
                cards.remove(rng.choice(cards))
            while len(cards) < wanted:
                cards.append(rng.choice(RESOURCES))
            hands[color] = {r: cards.count(r) for r in RESOURCES if r in cards}
        return hands
