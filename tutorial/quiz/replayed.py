""""Zkuste sami": a sandbox at a step of the Almanach's example game (no Django here).

    /kvizy/zkus/?tah=5&krok=2&druh=vesnice&hrac=blue

``tah`` and ``krok`` name a step of :mod:`tutorial.example.replay`; the sandbox shows the position
*before* that step (where the player decides). ``druh`` is a sandbox kind (default
``vesnice``), ``hrac`` the player asked about (default: the player on turn). Some kinds take
one more parameter: ``hod`` (vynosy: the roll, default the step's own roll), ``surovina``
(zamori) and ``co`` (stavba: silnice, vesnice, mesto, karta).
"""

from __future__ import annotations

from functools import lru_cache

from engine import words
from tutorial import quiz
from tutorial.inputs import parse_int
from tutorial.quiz.base import Question

KINDS = ("vesnice", "silnice", "vynosy", "sedmicka", "nejdelsi-cesta", "zamori", "stavba",
         "vitez")
PIECES = {"silnice": "road", "vesnice": "settlement", "mesto": "city",
          "karta": "development_card"}
# The one extra parameter a kind reads; any other parameter is not part of the sandbox.
EXTRA = {"vynosy": "hod", "zamori": "surovina", "stavba": "co"}


class NotAvailable(ValueError):
    """The parameters name no sandbox; the message is Czech, for the page."""


def _int(value, name: str, high: int = 999) -> int:
    number = parse_int(value, 1, high)
    if number is None:
        raise NotAvailable(f"Parametr „{name}“ musí být kladné celé číslo.")
    return number


def position_from_state(state: dict, players: tuple[str, ...]) -> dict:
    """A compact sandbox position from a replay snapshot (the beginners' board)."""
    holder = state.get("longest_road")
    # The Longest Road holder's roads go first, so that a tie keeps the card where it is.
    order = sorted(players, key=lambda c: c != holder)
    pieces = []
    for color in order:
        for node, (owner, piece) in state["buildings"].items():
            if owner == color:
                pieces.append([color, piece, node])
        pieces += [[color, "road", path] for path, owner in state["roads"].items()
                   if owner == color]
    army = state.get("largest_army")
    knights = [[c, state["players"][c]["knights"]]
               for c in sorted(players, key=lambda c: c != army)]
    dev = {c: [card["card"] for card in state["players"][c]["dev_cards"]] for c in players}
    hands = {c: {r: n for r, n in state["players"][c]["hand"].items() if n} for c in players}
    return {
        "board": "beginner", "players": list(players), "pieces": pieces, "knights": knights,
        "dev": {c: cards for c, cards in dev.items() if cards},
        "hands": {c: h for c, h in hands.items() if h}, "robber": state["robber"],
        "current": state["current"],
    }


def _ask(kind: str, params, player: str, step) -> dict:
    if kind in ("vesnice", "silnice", "nejdelsi-cesta"):
        return {"player": player}
    if kind == "vynosy":
        roll = params.get("hod")
        total = _int(roll, "hod") if roll else sum(step.roll or ())
        if total not in range(2, 13) or total == 7:
            raise NotAvailable("Pro tento krok zadejte hod 2–12 kromě sedmičky (parametr hod).")
        return {"roll": total}
    if kind == "zamori":
        resource = params.get("surovina", "")
        if resource not in words.RESOURCES:
            raise NotAvailable("Zadejte surovinu: brick, lumber, wool, grain nebo ore.")
        return {"mode": "rate", "player": player, "resource": resource}
    if kind == "stavba":
        piece = PIECES.get(params.get("co", "vesnice"))
        if piece is None:
            raise NotAvailable("Co stavět? Parametr co: silnice, vesnice, mesto nebo karta.")
        return {"player": player, "piece": piece}
    return {}


def canonical_query(params) -> list[tuple[str, str]]:
    """The parameters that name the sandbox, checked and in a fixed order; raises
    NotAvailable. Pages and caches use only these, so an unknown or repeated parameter
    never makes a new cache entry."""
    turn = _int(params.get("tah"), "tah")
    number = _int(params.get("krok", "1"), "krok")
    kind = params.get("druh", "vesnice")
    if kind not in KINDS:
        raise NotAvailable("Tento druh kvízu z příkladu hry otevřít neumíme.")
    query = [("tah", str(turn)), ("krok", str(number)), ("druh", kind)]
    extra = EXTRA.get(kind)
    if extra and params.get(extra):
        value = params.get(extra)
        if extra == "hod":
            value = str(_int(value, "hod", high=12))
        query.append((extra, value[:20]))
    player = params.get("hrac", "")
    if player:
        query.append(("hrac", player[:20]))
    return query


def prepare_from_query(params) -> quiz.Prepared:
    """The prepared sandbox for the query parameters; raises NotAvailable with a reason."""
    query = dict(canonical_query(params))
    turn, number, kind = int(query["tah"]), int(query["krok"]), query["druh"]
    extra = tuple((k, query[k]) for k in ("hod", "surovina", "co") if k in query)
    return _prepare(turn, number, kind, query.get("hrac", ""), extra)


@lru_cache(maxsize=256)
def _prepare(turn: int, number: int, kind: str, player: str, extra: tuple) -> quiz.Prepared:
    from tutorial.example.replay import example_game

    if kind not in KINDS:
        raise NotAvailable("Tento druh kvízu z příkladu hry otevřít neumíme.")
    game = example_game()
    if not 1 <= turn <= len(game.turns):
        raise NotAvailable(f"Příklad hry má {len(game.turns)} tahů.")
    steps = game.turn(turn).steps
    if not 1 <= number <= len(steps):
        raise NotAvailable(f"{turn}. tah má {len(steps)} kroků.")
    step = game.step(turn, number)
    player = player or step.player
    if player not in game.players:
        raise NotAvailable("Takový hráč v příkladu hry nehraje.")
    position = position_from_state(step.before, game.players)
    position["current"] = player if kind not in ("vynosy", "sedmicka", "vitez") else step.player
    ask = _ask(kind, dict(extra), player, step)
    variant = "-".join([f"t{turn}k{number}", player, *(v for _, v in extra if v)])
    question = Question(
        kind=kind, variant=variant, position=position, ask=ask,
        source=f"Almanach: příklad hry, {turn}. tah, {number}. krok",
        note=f"Pozice z příkladu hry před {number}. krokem {turn}. tahu.",
    )
    return quiz.prepare_question(question)
