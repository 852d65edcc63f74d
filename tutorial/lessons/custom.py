"""A teacher's own position ("vlastní pozice"): a position from Rozhodčí as a quiz question.

The item stores the referee's compact position string (its URL parameters, see
:mod:`tutorial.referee.notation`; ``b`` names the player asked about, ``hod`` the roll) and a
variant ``v`` + a digest of kind and position. The variant is all that answers and pages
pass around (like "a1" or "s1234"), so the question is found again by its digest, and the
engine grades it with the kind's own solver, exactly like the other items of that kind.
Such a variant never opens in public practice: its URL converter takes only a… and s….
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import parse_qsl, urlencode

from engine import DEV_CARDS, RESOURCES, InvalidInput, RuleViolation, referee, words
from tutorial import quiz
from tutorial.inputs import parse_int
from tutorial.quiz.base import Question
from tutorial.quiz.sandbox import prepared_or_none as _prepared_or_none
from tutorial.quiz.sketch import build_game
from tutorial.referee import notation

PREFIX = "v"
MAX_CODE = 1000  # more than any position the notation can write
# The kinds the engine can grade from any position, and what each needs from it.
KINDS = ("vesnice", "silnice", "nejdelsi-cesta", "vynosy", "sedmicka", "vitez")
ROLLS = tuple(n for n in range(2, 13) if n != 7)
SOURCE = "Vlastní pozice z Rozhodčího"


class Impossible(ValueError):
    """A position or a choice that cannot become a question (a Czech message)."""


@dataclass(frozen=True)
class Choice:
    slug: str
    title: str
    note: str  # what is asked, for this position


def parse(code: str) -> tuple[notation.Table, dict[str, str]]:
    """The position and the whole parameter dict of a stored or submitted string."""
    if len(code) > MAX_CODE:
        raise Impossible("Taková pozice je příliš dlouhá.")
    params = dict(parse_qsl(code, keep_blank_values=False))
    try:
        pos = notation.parse(params)
    except notation.BadCode as exc:
        raise Impossible(f"Tuto pozici nelze přečíst: {exc}") from None
    built = notation.build(pos)
    if built.game is None:
        raise Impossible(f"Taková pozice nemůže nastat: {built.error}")
    return pos, params


def player_of(pos: notation.Table, params: dict) -> str:
    color = notation.COLOR_LETTERS.get(params.get("b", ""), "")
    return color if color in pos.players else pos.players[0]


def canonical(pos: notation.Table, player: str, roll: int | None = None) -> str:
    """The string an item stores: the position, the player asked about, the roll."""
    params = notation.params(pos)
    params["b"] = notation.LETTER_OF[player]
    if roll is not None:
        params["hod"] = str(roll)
    return urlencode(params)


def choices(pos: notation.Table, player: str) -> list[Choice]:
    """The quiz kinds that make sense for this position (and this player)."""
    name = words.player(player, "gen")
    own = any(color == player for color, _piece, _place in pos.pieces)
    roads = any(piece == "road" for _color, piece, _place in pos.pieces)
    buildings = any(piece != "road" for _color, piece, _place in pos.pieces)
    out = []
    if own:
        out.append(Choice("vesnice", quiz.KINDS["vesnice"].title,
                          f"Kde smí stát vesnice {name}?"))
        out.append(Choice("silnice", quiz.KINDS["silnice"].title,
                          f"Kudy smí vést silnice {name}?"))
    if roads:
        out.append(Choice("nejdelsi-cesta", quiz.KINDS["nejdelsi-cesta"].title,
                          f"Kdo má kartu a jak dlouhá je cesta {name}?"))
    if buildings and pos.plan != "p":
        out.append(Choice("vynosy", quiz.KINDS["vynosy"].title,
                          "Padne zvolené číslo: co kdo dostane?"))
    if any(sum(counts) for counts in pos.hands.values()):
        out.append(Choice("sedmicka", quiz.KINDS["sedmicka"].title,
                          "Padne sedmička: kolik karet kdo odhodí?"))
    if pos.current:
        out.append(Choice("vitez", quiz.KINDS["vitez"].title,
                          "Kolik má kdo bodů (i se skrytými kartami) a vyhrál někdo?"))
    return out


def variant_of(kind: str, code: str) -> str:
    return PREFIX + hashlib.sha256(f"{kind}?{code}".encode()).hexdigest()[:12]


def new_item_code(code: str, kind: str, roll_text: str = "") -> str:
    """Check a teacher's choice for a submitted position; the string to store, or
    :class:`Impossible` with the reason."""
    pos, params = parse(code)
    player = player_of(pos, params)
    if kind not in {c.slug for c in choices(pos, player)}:
        raise Impossible("Tento druh otázky se na tuto pozici nehodí. Vyberte jiný.")
    roll = None
    if kind == "vynosy":
        roll = parse_int(roll_text, 2, 12) or 0
        if roll not in ROLLS:
            raise Impossible("Zvolte, jaké číslo padne: 2–12 kromě sedmičky.")
    stored = canonical(pos, player, roll)
    try:
        _prepare(kind, stored)  # the engine must be able to solve it now, not in the lesson
    except (Impossible, RuleViolation, InvalidInput, KeyError, ValueError) as exc:
        raise Impossible(getattr(exc, "message", "") or str(exc)
                         or "Tuto otázku engine z této pozice vyhodnotit neumí.") from None
    return stored


def position_dict(pos: notation.Table) -> dict:
    """The referee's position in the quiz's own form (:mod:`tutorial.quiz.sketch`)."""
    if pos.plan == "p":
        board = "empty"
    elif pos.plan.startswith("v"):
        board = {"variable": int(pos.plan[1:])}
    else:
        board = "beginner"
    out = {
        "board": board, "players": list(pos.players),
        "rules": notation.rules_json(pos.engine_rules()),
        "pieces": [list(piece) for piece in pos.pieces],
        "knights": [list(k) for k in pos.knights],
        "dev": {c: [card for card, k in zip(DEV_CARDS, counts, strict=True)
                    for _ in range(k)] for c, counts in pos.dev.items()},
        "hands": {c: dict(zip(RESOURCES, counts, strict=True))
                  for c, counts in pos.hands.items()},
    }
    if pos.robber:
        out["robber"] = pos.robber
    if pos.current:
        out["current"] = pos.current
        # The quiz's sandbox starts turns only: after a 7 or in the set-up, the turn's own
        # phase stands for it.
        out["phase"] = (pos.phase if pos.phase not in ("", *notation.LOADED_PHASES)
                        else notation.default_phase(pos))
    # Who held the special cards, as the editor states it (left out: not known).
    for key, holder in (("longest_road_holder", pos.road_holder),
                        ("largest_army_holder", pos.army_holder)):
        if holder != notation.UNKNOWN:
            out[key] = holder
    return out


def _prepare_question(question: Question) -> quiz.Prepared:
    """:func:`tutorial.quiz.prepare_question` with the special cards' holders decided as
    Rozhodčí decides them: by the engine's ``special_card_holders`` from the holders the
    position states, never by the order in which its pieces happen to be listed."""
    game = build_game(question.position)
    position = question.position
    cards = referee.special_card_holders(
        game, claimed_longest_road=position.get("longest_road_holder", referee.UNKNOWN),
        claimed_largest_army=position.get("largest_army_holder", referee.UNKNOWN))
    game.set_special_card_holders(longest_road=cards.longest_road,
                                  largest_army=cards.largest_army)
    return quiz.prepare_question(question, game)


@lru_cache(maxsize=256)
def _prepare(kind: str, code: str) -> quiz.Prepared:
    pos, params = parse(code)
    player = player_of(pos, params)
    ask: dict = {"player": player}
    if kind == "vynosy":
        roll = parse_int(params.get("hod", ""), 2, 12) or 0
        if roll not in ROLLS:
            raise Impossible("Chybí číslo, které padne.")
        ask = {"roll": roll}
    elif kind in ("sedmicka", "vitez"):
        ask = {}
    question = Question(kind=kind, variant=variant_of(kind, code), position=position_dict(pos),
                        ask=ask, source=SOURCE,
                        note="Pozice, kterou pro tuto otázku postavil učitel v Rozhodčím.")
    return _prepare_question(question)


def prepared(kind: str, code: str):
    """The question of a stored item, or None when it cannot be built (never a 500)."""
    try:
        return _prepare(kind, code)
    except (Impossible, RuleViolation, InvalidInput, KeyError, ValueError):
        return None


_CODES: dict[tuple[str, str], str] = {}  # (kind, variant) -> code; a digest never changes


def code_of(kind: str, variant: str) -> str | None:
    found = _CODES.get((kind, variant))
    if found is not None:
        return found
    from tutorial.lessons.models import LessonItem, QuizItem

    for model in (LessonItem, QuizItem):
        code = (model.objects.filter(kind=kind, variant=variant).exclude(position="")
                .values_list("position", flat=True).first())
        if code is not None and variant_of(kind, code) == variant:
            if len(_CODES) > 2000:
                _CODES.clear()
            _CODES[(kind, variant)] = code
            return code
    return None


def is_custom(variant: str) -> bool:
    return (variant or "").startswith(PREFIX)


def prepared_or_none(kind: str, variant: str):
    """Like :func:`tutorial.quiz.sandbox.prepared_or_none`, and a teacher's own position too."""
    if not is_custom(variant):
        return _prepared_or_none(kind, variant)
    code = code_of(kind, variant)
    return prepared(kind, code) if code is not None else None
