"""Writing the address: the shortest parameters that give a table back."""

from __future__ import annotations

from engine import topology as topo
from tutorial.referee.notation.codes import (
    ALL_COLORS,
    DIGITS,
    DONE_LETTERS,
    LETTER_OF,
    NOBODY_LETTER,
    PHASE_LETTER_OF,
    PIECE_LETTER_OF,
    RULE_LETTERS,
    UNKNOWN,
    Table,
)


def holder_letter(holder: str | None) -> str:
    """The URL letter of a holder ("" for not known)."""
    if holder == UNKNOWN:
        return ""
    return NOBODY_LETTER if holder is None else LETTER_OF[holder]


def _place_code(piece: str, place: str) -> str:
    index = (topo.PATH_INDEX[place] if piece == "road" else topo.INTERSECTION_INDEX[place])
    return DIGITS[index // 36] + DIGITS[index % 36]


def params(pos: Table) -> dict[str, str]:
    """The shortest parameters that give this position back (defaults left out)."""
    out: dict[str, str] = {}
    if pos.plan != "z":
        out["plan"] = pos.plan
    letters = "".join(LETTER_OF[c] for c in pos.players)
    if letters != ("oc" if pos.two_player else "ocmb"):
        out["hraci"] = letters
    if pos.rules:
        out["pravidla"] = "".join(x for x in RULE_LETTERS if x in pos.rules)
    if pos.pieces:
        out["f"] = "".join(LETTER_OF[c] + PIECE_LETTER_OF[p] + _place_code(p, place)
                           for c, p, place in pos.pieces)
    if pos.robber:
        out["zlodej"] = pos.robber
    for key, table in (("ruce", pos.hands), ("karty", pos.dev)):
        text = "".join(LETTER_OF[c] + "".join(DIGITS[min(k, 35)] for k in table[c])
                       # a known empty hand ("c00000") is not an unknown one
                       for c in ALL_COLORS if c in table and (key == "ruce" or any(table[c])))
        if text:
            out[key] = text
    if pos.knights:
        out["rytiri"] = "".join(LETTER_OF[c] + DIGITS[min(k, 35)] for c, k in pos.knights)
    if pos.current:
        out["tah"] = LETTER_OF[pos.current] + PHASE_LETTER_OF[pos.phase or "build"]
    for key, holder in (("cesta", pos.road_holder), ("vojsko", pos.army_holder)):
        if holder_letter(holder):
            out[key] = holder_letter(holder)
    new = "".join(LETTER_OF[c] + "".join(DIGITS[min(k, 35)] for k in pos.new_dev[c])
                  for c in ALL_COLORS if c in pos.new_dev and any(pos.new_dev[c]))
    if new:
        out["nove"] = new
    if pos.done:
        out["uz"] = "".join(x for x in DONE_LETTERS if x in pos.done)
    if pos.discarding:
        out["odevzda"] = "".join(LETTER_OF[c] for c in pos.discarding)
    if pos.rolls:
        out["hody"] = "".join(DIGITS[t] for t in pos.rolls)
    if pos.trade_cards:
        out["obchodni"] = "".join(LETTER_OF[c] + str(pos.trade_cards[c])
                                  for c in ALL_COLORS if c in pos.trade_cards)
    return out
