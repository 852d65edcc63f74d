"""Reading the address: a :class:`~tutorial.referee.notation.codes.Table` from the request's
parameters, or :class:`~tutorial.referee.notation.codes.BadCode` with the Czech reason."""

from __future__ import annotations

from engine import topology as topo
from tutorial.referee.notation.codes import (
    ALL_COLORS,
    COLOR_LETTERS,
    DIGITS,
    DONE_LETTERS,
    KNIGHT_CARDS,
    MAX_PIECES,
    NOBODY_LETTER,
    PHASE_LETTERS,
    PIECE_LETTERS,
    RULE_LETTERS,
    UNKNOWN,
    BadCode,
    Table,
)


def _ascii_number(text: str) -> bool:
    """Plain digits 0–9 only: "²" and "٣" pass str.isdigit() but are no seed here."""
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


def _colour(letter: str) -> str:
    if letter not in COLOR_LETTERS:
        raise BadCode(f"Neznámá barva „{letter}“ (o, c, m, b).")
    return COLOR_LETTERS[letter]


def _counts(text: str, what: str) -> dict[str, tuple[int, ...]]:
    if len(text) % 6 or len(text) > 6 * len(ALL_COLORS):
        raise BadCode(f"{what}: každá barva nejvýš jednou, 6 znaků (barva a 5 počtů).")
    out = {}
    for i in range(0, len(text), 6):
        color = _colour(text[i])
        digits = text[i + 1:i + 6]
        if any(d not in DIGITS for d in digits):
            raise BadCode(f"{what}: počty se píšou číslicemi 0–9 a písmeny a–z.")
        out[color] = tuple(DIGITS.index(d) for d in digits)
    return out


def _place(kind: str, text: str) -> str:
    if len(text) != 2 or any(ch not in DIGITS for ch in text):
        raise BadCode("Místo figurky se píše dvěma znaky 0–9, a–z.")
    index = int(text, 36)
    ids = topo.PATH_IDS if kind == "road" else topo.INTERSECTION_IDS
    if index >= len(ids):
        raise BadCode("Takové místo na plánu není.")
    return ids[index]


def parse(params) -> Table:
    """The position from request parameters (a QueryDict or a dict of strings)."""
    get = params.get
    plan = (get("plan") or "z").strip()
    if plan not in ("z", "p") and not (plan[:1] == "v" and _ascii_number(plan[1:])
                                         and len(plan) <= 10):
        raise BadCode("Plán je z (pro začátečníky), p (prázdný) nebo v a číslo (nejvýš "
                      "9 číslic 0–9).")
    rules = frozenset(get("pravidla") or "")
    if not rules <= set(RULE_LETTERS):
        *most, last = RULE_LETTERS
        raise BadCode(f"Pravidla se zapisují písmeny {', '.join(most)} a {last}.")
    default_players = "oc" if "2" in rules else "ocmb"
    letters = get("hraci") or default_players
    players = tuple(_colour(x) for x in letters)
    if len(set(players)) != len(players):
        raise BadCode("Každá barva smí hrát jen jednou.")
    text = get("f") or ""
    if len(text) % 4 or len(text) > 4 * MAX_PIECES:
        raise BadCode("Figurky se zapisují po 4 znacích.")
    pieces = []
    for i in range(0, len(text), 4):
        color = _colour(text[i])
        if text[i + 1] not in PIECE_LETTERS:
            raise BadCode("Figurka je v (vesnice), m (město) nebo s (silnice).")
        piece = PIECE_LETTERS[text[i + 1]]
        pieces.append((color, piece, _place(piece, text[i + 2:i + 4])))
    robber = get("zlodej") or ""
    if robber and robber not in topo.HEX_INDEX:
        raise BadCode("Zloděj stojí na poli a1–e3.")
    knights = []
    text = get("rytiri") or ""
    if len(text) > 2 * len(ALL_COLORS):
        raise BadCode("Rytíři: každá barva nejvýš jednou (barva a počet).")
    for i in range(0, len(text), 2):
        digit = text[i + 1:i + 2]
        if not digit or digit not in DIGITS:
            raise BadCode("Rytíři: barva a počet.")
        knights.append((_colour(text[i]), DIGITS.index(digit)))
    if len({c for c, _k in knights}) != len(knights):
        raise BadCode("Rytíři: každá barva nejvýš jednou.")
    if sum(k for _c, k in knights) > KNIGHT_CARDS:
        raise BadCode(f"Rytíři: ve hře je jen {KNIGHT_CARDS} karet rytíře.")
    turn = get("tah") or ""
    current = phase = ""
    if turn:
        if len(turn) != 2 or turn[1] not in PHASE_LETTERS:
            raise BadCode("Tah: barva a fáze (h, o, s, m, d, z, f).")
        current, phase = _colour(turn[0]), PHASE_LETTERS[turn[1]]
    return Table(plan=plan, players=players, rules=rules, pieces=tuple(pieces),
                    robber=robber, hands=_counts(get("ruce") or "", "Ruce"),
                    dev=_counts(get("karty") or "", "Akční karty"), knights=tuple(knights),
                    current=current, phase=phase,
                    road_holder=_holder(get("cesta"), "Nejdelší obchodní cesta"),
                    army_holder=_holder(get("vojsko"), "Největší vojsko"),
                    new_dev=_counts(get("nove") or "", "Karty koupené v tomto tahu"),
                    done=_done(get("uz") or ""), discarding=_colours(get("odevzda") or ""),
                    rolls=_rolls(get("hody") or ""),
                    trade_cards=_trade_cards(get("obchodni") or ""))


def _done(text: str) -> frozenset[str]:
    if len(text) > len(DONE_LETTERS) or not set(text) <= set(DONE_LETTERS):
        raise BadCode("Už v tomto tahu: písmena k (zahrál akční kartu), o (akce s obchodní "
                      "kartou), r (vyřadil rytíře).")
    return frozenset(text)


def _colours(text: str) -> tuple[str, ...]:
    if len(text) > len(ALL_COLORS):
        raise BadCode("Odevzdávají: každá barva nejvýš jednou.")
    colours = tuple(_colour(x) for x in text)
    if len(set(colours)) != len(colours):
        raise BadCode("Odevzdávají: každá barva nejvýš jednou.")
    return colours


def _rolls(text: str) -> tuple[int, ...]:
    if len(text) > 2 or any(d not in DIGITS or not 2 <= DIGITS.index(d) <= 12 for d in text):
        raise BadCode("Hody v tomto tahu: nejvýš dva součty 2–9, a (10), b (11), c (12).")
    return tuple(DIGITS.index(d) for d in text)


def _trade_cards(text: str) -> dict[str, int]:
    if len(text) % 2 or len(text) > 2 * len(ALL_COLORS):
        raise BadCode("Obchodní karty: barva a počet 0–7, každá barva nejvýš jednou.")
    out = {}
    for i in range(0, len(text), 2):
        color = _colour(text[i])
        if color in out or text[i + 1] not in "01234567":
            raise BadCode("Obchodní karty: barva a počet 0–7, každá barva nejvýš jednou.")
        out[color] = int(text[i + 1])
    return out


def _holder(letter: str | None, card: str) -> str | None:
    if not letter:
        return UNKNOWN
    if letter == NOBODY_LETTER:
        return None
    if letter not in COLOR_LETTERS:
        raise BadCode(f"{card}: držitel je barva (o, c, m, b) nebo n (nikdo).")
    return COLOR_LETTERS[letter]
