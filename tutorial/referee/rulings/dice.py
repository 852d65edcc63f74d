"""'Kolik kdo dostane?': what a roll pays out (or, for a 7, who discards).
"""

from __future__ import annotations

from engine import Game, InvalidInput, RuleViolation, actions, referee, words
from engine import topology as topo
from tutorial.referee.rulings.base import (
    BadQuestion,
    Known,
    Ruling,
    _name,
)


def yields(game: Game, total: int, known: Known) -> Ruling:
    """What a roll pays out (or, for a 7, who discards), by the engine's own production."""
    try:
        result = referee.roll_yields(game, total)
    except InvalidInput as exc:
        raise BadQuestion(exc.message) from None
    number_hexes = [h for h in topo.HEX_IDS if game.board.number(h) == total]
    again = _second_roll_refused(game, total, known)
    if again is not None:
        return Ruling("vynosy", f"Na {total} nedostane nikdo nic: {again.message[:1].lower()}"
                      f"{again.message[1:]}", None, again.headword, data={"kod": again.code})
    if total == 7:
        owed = result.players
        if owed:
            answer = "Padla sedmička: " + words.join(
                [f"{_name(c)} odevzdá {words.card_count(k)}" for c, k in owed.items()]) + \
                " do banku, pak hráč na tahu přesune zloděje."
        else:
            answer = ("Padla sedmička: nikdo nemá víc než 7 karet, nikdo nic neodevzdává; "
                      "hráč na tahu přesune zloděje.")
        return Ruling("vynosy", answer, None, "sedmicka-padla-nastupuje-zlodej",
                      data={"odevzdat": owed})
    details = []
    gains = {c: g for c, g in result.gains.items() if any(g.values())}
    if gains:
        answer = f"Na {total} dostane " + "; ".join(
            f"{_name(c)} {words.cards(g)}" for c, g in gains.items()) + "."
    else:
        answer = f"Na {total} nedostane nikdo nic."
    for blocked in result.blocked:
        lost = {c: n for c, n in blocked["players"].items() if n}
        if lost:
            details.append(
                f"Zloděj na poli {blocked['hex']} blokuje: "
                + "; ".join(f"{_name(c)} by dostal "
                            f"{words.count_resource(blocked['resource'], n)}"
                            for c, n in lost.items()) + ".")
    for resource in result.shortage:
        details.append(f"V banku nezbývá dost karet {words.resource_word(resource, 5)} pro "
                       "všechny, a tak je nedostane nikdo (Almanach, Suroviny – karty).")
    if not known.hands:
        details.append("Ruce hráčů v pozici nejsou: počítá se s plným bankem.")
    return Ruling("vynosy", answer, None,
                  "suroviny-karty" if result.shortage else "suroviny-vynosy", details,
                  number_hexes,
                  data={"zisky": gains, "blokovano": result.blocked,
                        "nedostatek": list(result.shortage)})


def _second_roll_refused(game: Game, total: int, known: Known) -> RuleViolation | None:
    """Katan pro dva, between the two rolls of a turn: the engine's check of a second roll
    of this total (it must differ from the first)."""
    if not (known.turn and game.rules.two_player and game.phase == "roll"
            and game.rolls_this_turn == 1):
        return None
    low = max(1, total - 6)
    try:
        game.copy().check(actions.RollDice(game.current_player, (low, total - low)))
    except RuleViolation as exc:
        return exc
    return None
