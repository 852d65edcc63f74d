"""The shapes every sandbox kind shares: a question, its solution, a field, a graded answer.

A *question* is a position (plain data, see :mod:`tutorial.quiz.sketch`) plus what is asked
about it (``ask``: the player, the roll, the resource, …). The engine computes the
*solution*; grading compares the learner's *response* with it. Responses are plain JSON:
a sorted list of place ids for click questions, a dict of field name → chosen value for the
others. Nothing here imports Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine import words

NODES = "nodes"  # click every intersection that …
PATHS = "paths"  # click every path that …
FORM = "form"  # choose values in fields


class BadVariant(ValueError):
    """A variant key that names no question (a mistyped or stale link)."""


@dataclass(frozen=True)
class Question:
    kind: str
    variant: str  # "a1" = the first hand-made example, "s1234" = generated from seed 1234
    position: dict
    ask: dict
    source: str = ""  # where a hand-made position comes from, in Czech
    note: str = ""  # a sentence of context shown above the prompt
    quote: str = ""  # the source's own words, shown with the explanation

    @property
    def key(self) -> str:
        return f"{self.kind}/{self.variant}"

    @property
    def generated(self) -> bool:
        return self.variant.startswith("s")


@dataclass(frozen=True)
class Reason:
    """One sentence of the explanation, with the Almanach entry that states the rule."""

    text: str
    headword: str | None = None


@dataclass(frozen=True)
class Field:
    """A choice the learner makes (never free text): a select or a row of radio buttons."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    row: str = ""  # fields sharing a row label are drawn as one table row
    column: str = ""
    multiple: bool = False  # checkboxes instead of radio buttons


@dataclass
class Solution:
    """What the engine says is right, and why."""

    answer: Any  # frozenset of ids (click kinds) or dict field -> value (form kinds)
    reasons: list[Reason] = field(default_factory=list)
    trail: tuple[str, ...] = ()  # paths to draw (the counted Longest Road)
    marks: dict = field(default_factory=dict)  # ("node"|"path"|"hex", id) -> mark to draw


@dataclass
class Graded:
    """The result of one answer."""

    correct: bool
    score: float  # 0..1, the share of the answer that was right
    summary: str  # one Czech sentence
    reasons: list[Reason]
    marks: dict = field(default_factory=dict)  # ("node"|"path"|"hex", id) -> hit/miss/…
    rows: list[dict] = field(default_factory=list)  # form kinds: label, given, expected, ok
    trail: tuple[str, ...] = ()
    hits: int = 0
    misses: int = 0
    wrong: int = 0

    @property
    def shown_rows(self) -> list[dict]:
        """The rows worth showing: all but table cells rightly left at 0."""
        return [row for row in self.rows if not row.get("plain")]

    @property
    def folded(self) -> bool:
        return len(self.shown_rows) < len(self.rows)


class Kind:
    """One sandbox kind. Subclasses fill the class attributes and the four methods."""

    slug: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str]  # one line for the menu
    headwords: ClassVar[tuple[str, ...]]  # Almanach slugs this kind trains
    answer: ClassVar[str] = FORM

    def prompt(self, question: Question, game) -> str:
        raise NotImplementedError

    def solve(self, question: Question, game) -> Solution:
        raise NotImplementedError

    def generate(self, rng) -> tuple[dict, dict]:
        """A fresh (position, ask) pair; ``rng`` is a ``random.Random``."""
        raise NotImplementedError

    def fields(self, question: Question, game) -> list[Field]:
        return []

    def contradiction(self, response: dict[str, str]) -> str | None:
        """A Czech sentence when a complete answer contradicts itself (so it is refused
        before grading, like an incomplete one); None when it does not."""
        return None

    def targets(self, question: Question, game) -> list[str]:
        """The places a learner may click (click kinds)."""
        return []

    def facts(self, question: Question, game) -> list[dict]:
        """What the board does not show (hands, hidden cards), one row per player:
        ``{"color": …, "name": …, "text": …}``."""
        return []

    def swappable_resources(self, question: Question) -> tuple[tuple[str, ...], ...]:
        """Groups of resources a lesson's disguised copy of the question may swap among
        themselves (:mod:`tutorial.quiz.transform`) without changing why the answer is
        right. None by default: a kind says what its answer does not depend on."""
        return ()

    def resized_hands(self, question: Question, rng) -> dict | None:
        """Hands of other sizes that leave the answer as it is, for a disguised copy of the
        question; None (the default) keeps every hand."""
        return None


ANY_RESOURCE = (words.RESOURCES,)  # the answer does not care which resource is which


def same_cost(pieces) -> tuple[tuple[str, ...], ...]:
    """Resources that cost the same in every one of ``pieces`` ("road", "development_card"
    …): swapping them changes nothing about what a hand can pay for."""
    from engine.constants import COSTS

    groups: dict[tuple[int, ...], list[str]] = {}
    for index, resource in enumerate(words.RESOURCES):
        groups.setdefault(tuple(COSTS[p][index] for p in pieces), []).append(resource)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


# --- Czech helpers shared by the kinds ---------------------------------------------------

# The choice "nobody" (holds the card, has won) in single-choice fields.
NOBODY = "nikdo"


def who(question: Question, color: str, case: str = "nom", capital: bool = False) -> str:
    """A player as the question names them: 'Petra (oranžová)' or 'modrý'."""
    names = question.position.get("names") or {}
    if color in names:
        return names[color]
    return words.player(color, case, capital)


def who_label(question: Question, color: str) -> str:
    """A label for choices and tables: 'Petra' or 'Modrý'."""
    return who(question, color, "nom", capital=True)


def count_choices(top: int, start: int = 0) -> tuple[tuple[str, str], ...]:
    return tuple((str(n), str(n)) for n in range(start, top + 1))
