"""What every ruling shares: the questions, :class:`Ruling` (the answer), :class:`Known`
(what the position says, as opposed to what the sandbox fills in), and the Czech words
the answers name players and counts with.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import RESOURCES, Game, words
from engine.constants import COSTS

QUESTIONS = {
    "smi": "Smí tohle?",
    "nejdelsi-cesta": "Nejdelší obchodní cesta",
    "kam-stavet": "Kam smím stavět?",
    "koho-okrast": "Koho můžu okrást?",
    "vynosy": "Kolik kdo dostane?",
    "body": "Kolik má kdo bodů?",
    "kdo-vyhral": "Kdo vyhrál?",
    "sedmicka": "Padla sedmička: co teď?",
}
COST_WORDS = {kind: words.cards(dict(zip(RESOURCES, cost, strict=True)), "nom")
              for kind, cost in COSTS.items()}


class BadQuestion(ValueError):
    """The question lacks what it needs (a colour, a hex, a roll): a Czech message."""


@dataclass
class Ruling:
    question: str
    answer: str
    allowed: bool | None = None
    headword: str = ""
    details: list[str] = field(default_factory=list)
    highlight: list[str] = field(default_factory=list)
    trails: dict[str, list[str]] = field(default_factory=dict)
    data: dict = field(default_factory=dict)  # extra JSON for the API
    # What the move changes beyond itself (engine.referee.consequences), for "Smí tohle?".
    consequences: list = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"otazka": self.question, "odpoved": self.answer,
               "podrobnosti": self.details, "zvyraznit": self.highlight, **self.data}
        if self.question == "smi":
            out["dusledky"] = [{"druh": c.kind, "text": c.text, "heslo": c.headword}
                               for c in self.consequences]
        if self.allowed is not None:
            out["smi"] = self.allowed
        if self.trails:
            out["cesty"] = self.trails
        return out


@dataclass(frozen=True)
class Known:
    """What the position says, as opposed to what the engine's sandbox fills in: whose turn
    it is, and whose hands and development cards were given."""

    turn: bool = False
    hands: frozenset[str] = frozenset()
    dev: frozenset[str] = frozenset()


def _name(color: str, case: str = "nom", capital: bool = False) -> str:
    return words.player(color, case, capital)


def _need_color(game: Game, color: str | None, *, neutral_ok: bool = False) -> str:
    allowed = set(game.players) | (set(game.neutrals) if neutral_ok else set())
    if not color:
        raise BadQuestion("Zvolte barvu hráče.")
    if color not in allowed:
        raise BadQuestion("Tato barva v pozici nehraje.")
    return color


def _roads(n: int) -> str:
    return words.plural_count(n, "silnice", "silnice", "silnic")


def _cards_acc(n: int) -> str:
    """In the accusative: 1 kartu, 2 karty, 5 karet."""
    return words.plural_count(n, "kartu", "karty", "karet")
