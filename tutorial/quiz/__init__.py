"""Quiz sandboxes: small positions on the board where the engine knows the right answer.

    from tutorial import quiz
    prepared = quiz.prepare("sedmicka", "a1")     # the Almanach's Petra, Jana and Karel
    prepared.prompt, prepared.fields, prepared.solution.answer
    graded = quiz.grade(prepared, {"orange": "0", "red": "4", "blue": "5"})

Variants: ``a1``, ``a2`` … are the hand-made positions of :file:`examples.toml`, taken from
the Almanach's own examples; ``s<seed>`` is a position generated from that seed (the same
seed always gives the same position, so a variant is a stable link). No Django here.
"""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from engine import Game, InvalidInput, RuleViolation
from tutorial import board_svg
from tutorial.quiz.base import (
    NODES,
    PATHS,
    BadVariant,
    Field,
    Graded,
    Kind,
    Question,
    Reason,
    Solution,
)
from tutorial.quiz.kinds.building import CanBuild
from tutorial.quiz.kinds.placement import RoadSpots, SettlementSpots
from tutorial.quiz.kinds.production import Production, Seven
from tutorial.quiz.kinds.special import LargestArmy, LongestRoad
from tutorial.quiz.kinds.trade import MaritimeTrade
from tutorial.quiz.kinds.winner import Winner
from tutorial.quiz.sketch import build_game

__all__ = [
    "NODES", "PATHS",
    "KINDS", "BadVariant", "Field", "Graded", "Kind", "Prepared", "Question", "Reason",
    "Solution", "examples", "grade", "kind", "new_variant", "normalize", "prepare",
]

KINDS: dict[str, Kind] = {
    k.slug: k
    for k in (
        SettlementSpots(), RoadSpots(), Production(), Seven(), LongestRoad(), LargestArmy(),
        MaritimeTrade(), CanBuild(), Winner(),
    )
}
MAX_SEED = 999_999
_VARIANT = re.compile(r"^(a)([1-9][0-9]?)$|^(s)([1-9][0-9]{0,5})$")


def kind(slug: str) -> Kind:
    try:
        return KINDS[slug]
    except KeyError:
        raise BadVariant(f"unknown kind {slug!r}") from None


@lru_cache(maxsize=1)
def _example_data() -> dict:
    text = resources.files("tutorial.quiz").joinpath("examples.toml").read_text("utf-8")
    return tomllib.loads(text)


def examples(slug: str) -> list[Question]:
    """The hand-made questions of one kind, in file order (variants a1, a2, …)."""
    out = []
    for number, item in enumerate(_example_data().get(slug, []), start=1):
        out.append(Question(
            kind=slug, variant=f"a{number}", position=item["position"], ask=item.get("ask", {}),
            source=item.get("source", ""), note=item.get("note", ""),
            quote=item.get("quote", ""),
        ))
    return out


def new_variant(rng: random.Random | None = None) -> str:
    """A fresh generated variant key (callers inject their own random generator)."""
    rng = rng or random.SystemRandom()
    return f"s{rng.randint(1, MAX_SEED)}"


def question(slug: str, variant: str) -> Question:
    kind_ = kind(slug)
    match = _VARIANT.match(variant or "")
    if not match:
        raise BadVariant(f"bad variant {variant!r}")
    if match.group(1):
        items = examples(slug)
        number = int(match.group(2))
        if number > len(items):
            raise BadVariant(f"no example {variant!r}")
        return items[number - 1]
    return _generated(kind_, int(match.group(4)))


def _generated(kind_: Kind, seed: int) -> Question:
    rng = random.Random(seed)
    question_ = None
    for _ in range(40):
        position, ask = kind_.generate(rng)
        question_ = Question(kind_.slug, f"s{seed}", position, ask)
        try:
            game = build_game(position)
        except (RuleViolation, InvalidInput):  # a sketch the board's geometry refuses
            question_ = None
            continue
        refine = getattr(kind_, "refine", None)
        if refine:
            question_ = refine(question_, game, rng)
            if question_ is None:
                continue
            game = build_game(question_.position)
        acceptable = getattr(kind_, "acceptable", None)
        if acceptable is None or acceptable(question_, game):
            return question_
    if question_ is None:
        raise BadVariant(f"seed {seed} gives no question")
    return question_


@dataclass
class Prepared:
    """Everything a page needs about one question, computed once and cached."""

    kind: Kind
    question: Question
    game: object  # the engine Game; read only (kinds work on copies)
    board: dict  # plain position for the board renderer
    prompt: str
    fields: list[Field]
    targets: list[str]
    solution: Solution
    facts: list[dict]  # what the board does not show: hands, hidden cards

    @property
    def clicks(self) -> bool:
        return self.kind.answer in (NODES, PATHS)


@lru_cache(maxsize=512)
def prepare(slug: str, variant: str) -> Prepared:
    """The question with its prompt, fields and solution. Raises BadVariant for bad keys."""
    question_ = question(slug, variant)
    return prepare_question(question_)


def prepare_question(question_: Question, game: Game | None = None) -> Prepared:
    """The question ready to ask; ``game``: its position already built (a caller that
    decides something build_game does not, as a teacher's own position does)."""
    kind_ = kind(question_.kind)
    if game is None:
        game = build_game(question_.position)
    solution = kind_.solve(question_, game)
    if question_.quote:
        solution.reasons.append(Reason(f"{question_.source}: {question_.quote}"))
    return Prepared(
        kind=kind_,
        question=question_,
        game=game,
        board=board_svg.position_of(game),
        prompt=kind_.prompt(question_, game),
        fields=kind_.fields(question_, game),
        targets=kind_.targets(question_, game),
        solution=solution,
        facts=kind_.facts(question_, game),
    )


# --- responses and grading -----------------------------------------------------------------

def normalize(prepared: Prepared, raw) -> list[str] | dict[str, str]:
    """A learner's raw response made safe: only known places and known choices survive.

    Click kinds take an iterable of place ids (aliases allowed); form kinds a mapping of
    field name to a value or a list of values (checkboxes).
    """
    if prepared.clicks:
        allowed = set(prepared.targets)
        nodes = prepared.kind.answer == NODES
        canon = board_svg.canonical_node if nodes else board_svg.canonical_path
        out = set()
        for place in raw or ():
            try:
                place = canon(str(place))
            except (KeyError, IndexError):
                continue
            if place in allowed:
                out.add(place)
        return sorted(out)
    out: dict[str, str] = {}
    raw = raw or {}
    for field in prepared.fields:
        valid = {value for value, _ in field.choices}
        value = raw.get(field.name)
        if field.multiple:
            # A list from a form, or a stored answer ("a,b"): normalizing is idempotent.
            if isinstance(value, list | tuple):
                values = value
            else:
                values = str(value).split(",") if value else []
            values = sorted({str(v) for v in values if str(v) in valid})
            if values:
                out[field.name] = ",".join(values)
        else:
            if isinstance(value, list | tuple):  # several values for one choice: the last wins
                value = value[-1] if value else None
            if value is not None and str(value) in valid:
                out[field.name] = str(value)
    return out


def complete(prepared: Prepared, response) -> bool:
    """Has every field been answered? (Click answers are always complete, even empty.)"""
    if prepared.clicks:
        return True
    return all(f.name in response for f in prepared.fields)


INCOMPLETE = "Vyplňte prosím všechny odpovědi."


def problem(prepared: Prepared, response) -> str | None:
    """Why a normalized response cannot be graded, in Czech (a field left out, or choices
    that contradict each other); None when it can."""
    if not complete(prepared, response):
        return INCOMPLETE
    if prepared.clicks:
        return None
    return prepared.kind.contradiction(response)


def grade(prepared: Prepared, raw) -> Graded:
    response = normalize(prepared, raw)
    if prepared.clicks:
        return _grade_clicks(prepared, set(response))
    return _grade_form(prepared, response)


def _grade_clicks(prepared: Prepared, chosen: set[str]) -> Graded:
    kind_, question_, game = prepared.kind, prepared.question, prepared.game
    legal = set(prepared.solution.answer)
    hits, misses, wrong = chosen & legal, legal - chosen, chosen - legal
    marks: dict[tuple[str, str], str] = {}
    reasons = list(prepared.solution.reasons)
    what = "node" if kind_.answer == NODES else "path"
    for place in sorted(wrong):
        reason, culprits = kind_.explain_wrong(question_, game, place)
        reasons.append(reason)
        for other, mark in culprits.items():
            marks.setdefault(other, mark)
    for place in sorted(misses):
        reasons.append(kind_.explain_miss(question_, game, place))
    for places, mark in ((hits, "hit"), (misses, "miss"), (wrong, "wrong")):
        for place in places:
            marks[(what, place)] = mark
    total = len(legal) + len(wrong)
    score = len(hits) / total if total else 1.0
    correct = not misses and not wrong
    if correct:
        summary = (f"Správně! Máte všechna místa ({len(legal)})." if legal
                   else "Správně! Takové místo tu opravdu není.")
    elif not legal:
        summary = f"Takové místo tu není; chybně označených {len(wrong)}."
    else:
        summary = (f"Správně označených {len(hits)} z {len(legal)}, "
                   f"chybně označených {len(wrong)}, vynechaných {len(misses)}.")
    return Graded(correct=correct, score=score, summary=summary, reasons=reasons, marks=marks,
                  trail=prepared.solution.trail, hits=len(hits), misses=len(misses),
                  wrong=len(wrong))


def _label(field: Field, value: str | None) -> str:
    if not value:
        return "–"
    labels = dict(field.choices)
    order = {choice: number for number, (choice, _) in enumerate(field.choices)}
    values = sorted(value.split(","), key=lambda v: order.get(v, len(order)))
    return ", ".join(labels.get(v, v) for v in values)


def _grade_form(prepared: Prepared, response: dict[str, str]) -> Graded:
    expected = prepared.solution.answer
    rows = []
    for field in prepared.fields:
        given = response.get(field.name)
        want = expected.get(field.name)
        ok = given == want
        rows.append({
            "name": field.name, "label": field.label, "row": field.row, "column": field.column,
            "given": _label(field, given), "expected": _label(field, want), "ok": ok,
            # A table cell answered 0 where 0 is right says nothing: pages may fold it away.
            "plain": ok and bool(field.row) and want == "0",
        })
    # Cells of one table row (a player's cards) count together, as one answer.
    units: dict[str, bool] = {}
    for row in rows:
        unit = row["row"] or row["name"]
        units[unit] = units.get(unit, True) and row["ok"]
    right = sum(units.values())
    correct = right == len(units)
    score = right / len(units) if units else 1.0
    if correct:
        summary = "Správně!"
    elif any(r["row"] for r in rows):
        summary = f"Správně {right} z {len(units)} hráčů."
    else:
        summary = f"Správně {right} z {len(units)} odpovědí."
    return Graded(correct=correct, score=score, summary=summary,
                  reasons=list(prepared.solution.reasons), marks=dict(prepared.solution.marks),
                  rows=rows, trail=prepared.solution.trail)
