"""The two special cards: Longest Road and Largest Army."""

from __future__ import annotations

from engine import topology as topo
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
    who,
    who_label,
)
from tutorial.quiz.sketch import Sketch, build_game


def _holder_choices(question: Question, game, nobody: str) -> tuple[tuple[str, str], ...]:
    return tuple((c, who_label(question, c)) for c in game.players) + ((NOBODY, nobody),)


class LongestRoad(Kind):
    slug = "nejdelsi-cesta"
    title = "Nejdelší obchodní cesta"
    blurb = "Kdo má kartu a jak dlouhá je jeho cesta? Odbočky, přerušení, shoda."
    headwords = ("nejdelsi-obchodni-cesta", "silnice")
    board = True

    def _before(self, question: Question):
        position = dict(question.position)
        position["pieces"] = list(position.get("pieces", ()))[:-1]
        return build_game(position)

    def _last_move(self, question: Question, game) -> str:
        pieces = question.position.get("pieces") or []
        if not pieces:
            return ""
        color, piece, place = pieces[-1]
        pos = board_svg.position_of(game)
        where = (board_svg.path_name(pos, place) if piece == "road"
                 else board_svg.node_name(pos, place))
        return f"Teď {who(question, color)} staví {words.PIECES_ACC[piece]} {where}."

    def prompt(self, question: Question, game) -> str:
        before = self._before(question).longest_road_holder
        had = (f"Kartu Nejdelší obchodní cesta má zatím {who(question, before)}."
               if before else "Kartu Nejdelší obchodní cesta zatím nemá nikdo.")
        parts = [had, self._last_move(question, game)]
        if game.rules.longest_road_tie == "holder_keeps":
            parts.append("Hraje se podle kompaktních pravidel: při shodě po přerušení si "
                         "kartu ponechá dosavadní držitel, je-li mezi nejdelšími.")
        asked = who(question, question.ask["player"], "gen")
        parts.append(f"Kdo má kartu teď a kolik silnic má nejdelší souvislá cesta {asked}?")
        return " ".join(p for p in parts if p)

    def fields(self, question: Question, game) -> list[Field]:
        asked = who(question, question.ask["player"], "gen")
        return [
            Field("holder", "Kdo má kartu Nejdelší obchodní cesta?",
                  _holder_choices(question, game, "Nikdo, karta leží stranou")),
            Field("length", f"Délka nejdelší cesty {asked}", count_choices(15)),
        ]

    def solve(self, question: Question, game) -> Solution:
        asked = question.ask["player"]
        holder = game.longest_road_holder
        length = game.road_length(asked)
        answer = {"holder": holder or NOBODY, "length": str(length)}
        reasons = []
        for color in game.players:
            reasons.append(Reason(
                f"{who(question, color, capital=True)}: nejdelší souvislá cesta má "
                f"{words.plural_count(game.road_length(color), 'silnici', 'silnice', 'silnic')}.",
                None))
        reasons.append(Reason(
            "Počítá se jen nejdelší souvislý úsek bez odboček; přerušit ho může jen cizí "
            "vesnice nebo město, vlastní stavby ne. Karta patří tomu, kdo má aspoň 5 silnic "
            "a víc než ostatní.", "nejdelsi-obchodni-cesta"))
        if holder:
            reasons.append(Reason(f"Kartu teď má {who(question, holder)}.",
                                  "nejdelsi-obchodni-cesta"))
        else:
            reasons.append(Reason(
                "Kartu teď nemá nikdo: nikdo nemá aspoň 5 silnic v řadě, nebo jsou nejdelší "
                "cesty po přerušení stejně dlouhé a karta leží stranou.",
                "nejdelsi-obchodni-cesta"))
        return Solution(answer=answer, reasons=reasons, trail=tuple(game.longest_trail(asked)))

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], rng.choice([2, 3]))
        sketch = Sketch(rng, colors)
        first, second = colors[0], colors[1]
        home = sketch.settle(first)
        trail = sketch.walk(first, home, rng.randint(5, 8))
        if len(colors) == 3:
            sketch.settle_with_road(colors[2], roads=rng.randint(1, 4))
        # The rival builds a road that ends on the first player's trail, then maybe settles there.
        inner = []
        for a, b in zip(trail, trail[1:], strict=False):
            shared = set(topo.PATH_ENDS[a]) & set(topo.PATH_ENDS[b])
            inner += [n for n in shared if sketch.free_for_settlement(n)]
        other = sketch.settle(second)
        sketch.walk(second, other, rng.randint(3, 6))
        inner = [n for n in inner if sketch.free_for_settlement(n)]
        if inner and rng.random() < 0.75:
            node = rng.choice(inner)
            free = [p for p in topo.INTERSECTION_PATHS[node] if p not in sketch.roads]
            if free:
                sketch.place_road(second, free[0])
            sketch.settle(second, node)
        else:
            sketch.extend(second)
        rules = {"longest_road_tie": rng.choice(["aside", "holder_keeps"])}
        position = {"board": {"variable": rng.randrange(1, 10**6)}, "players": colors,
                    "rules": rules, "pieces": sketch.pieces(), "current": second}
        return position, {"player": first}

    def acceptable(self, question: Question, game) -> bool:
        return max(game.road_length(c) for c in game.players) >= 4

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        return ANY_RESOURCE


class LargestArmy(Kind):
    slug = "nejvetsi-vojsko"
    title = "Největší vojsko"
    blurb = "Hráč právě zahrál rytíře: kdo má teď kartu Největší vojsko?"
    headwords = ("nejvetsi-vojsko", "rytir", "akcni-karty")
    board = False

    def prompt(self, question: Question, game) -> str:
        current = game.current_player
        counts = ", ".join(
            f"{who(question, c)} {game.played_knights(c)}" for c in game.players
        )
        holder = game.largest_army_holder
        had = (f"Kartu Největší vojsko má zatím {who(question, holder)}."
               if holder else "Kartu Největší vojsko zatím nemá nikdo.")
        return (
            f"Zahraní rytíři: {counts}. {had} Teď {who(question, current)} zahraje dalšího "
            "rytíře. Kdo bude mít kartu Největší vojsko?"
        )

    def fields(self, question: Question, game) -> list[Field]:
        return [Field("holder", "Kdo má kartu Největší vojsko?",
                      _holder_choices(question, game, "Nikdo"))]

    def _after(self, question: Question, game):
        from engine.actions import PlayKnight

        copy = game.copy()
        target = next(h for h in topo.HEX_IDS if h != copy.robber)
        copy.apply(PlayKnight(copy.current_player, target))
        return copy

    def solve(self, question: Question, game) -> Solution:
        after = self._after(question, game)
        holder = after.largest_army_holder
        current = game.current_player
        knights = after.played_knights(current)
        before = game.largest_army_holder
        played = words.plural_count(
            knights, "zahraného rytíře", "zahrané rytíře", "zahraných rytířů"
        )
        reasons = [Reason(f"{who(question, current, capital=True)} má teď {played}.", "rytir")]
        if holder is None:
            reasons.append(Reason("Kartu dostane až ten, kdo jako první vyloží 3 rytíře.",
                                  "nejvetsi-vojsko"))
        elif holder == before:
            reasons.append(Reason(
                f"Kartu si ponechá {who(question, holder)}: jiný hráč ji získá, jen když má "
                "víc rytířů, při shodě se nestěhuje.", "nejvetsi-vojsko"))
        else:
            reasons.append(Reason(
                f"Kartu získává {who(question, holder)}: má aspoň 3 rytíře a víc než "
                "kdokoli jiný.", "nejvetsi-vojsko"))
        return Solution(answer={"holder": holder or NOBODY}, reasons=reasons)

    def generate(self, rng) -> tuple[dict, dict]:
        colors = rng.sample(["orange", "red", "blue", "white"], rng.choice([3, 4]))
        current = rng.choice(colors)
        order = list(colors)
        rng.shuffle(order)
        knights = [[c, rng.choice([0, 1, 2, 2, 3, 3, 4])] for c in order]
        for item in knights:
            if item[0] == current:
                item[1] = rng.choice([1, 2, 2, 3, 3, 4])
        # Replay the order so the engine knows who reached three first.
        position = {"board": "beginner", "players": colors, "knights": knights,
                    "dev": {current: ["knight"]}, "current": current}
        return position, {}

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        return ANY_RESOURCE
