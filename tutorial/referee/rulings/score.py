"""'Kolik má kdo bodů?' and 'Kdo vyhrál?': the points on the table and hidden, and the
engine's verdict.
"""

from __future__ import annotations

from engine import Game, referee, words
from tutorial.referee.rulings.base import (
    Known,
    Ruling,
    _name,
)


def points(game: Game, known: Known) -> Ruling:
    details = []
    totals = {}
    for c in game.players:
        pts = game.points(c, include_hidden=True)
        public = pts["total"] - pts["victory_cards"]
        parts = []
        if pts["settlements"]:
            parts.append(words.plural_count(pts["settlements"], "vesnice", "vesnice", "vesnic"))
        if pts["cities"]:
            k = pts["cities"] // 2
            parts.append(words.plural_count(k, "město", "města", "měst"))
        if pts["longest_road"]:
            parts.append("Nejdelší obchodní cesta")
        if pts["largest_army"]:
            parts.append("Největší vojsko")
        line = f"{_name(c, capital=True)}: {words.points(public)} na stole"
        if parts:
            line += f" ({', '.join(parts)})"
        if c in known.dev:
            if pts["victory_cards"]:
                line += (f" a {words.points(pts['victory_cards'])} ze skrytých karet s vítězným "
                         f"bodem, celkem {words.points(pts['total'])}")
        else:
            line += "; skryté karty s vítězným bodem v pozici nejsou"
        details.append(line + ".")
        totals[c] = {"verejne": public, "skryte": pts["victory_cards"] if c in known.dev
                     else None}
    target = game.rules.victory_points_to_win
    answer = (f"{_leaders(game, {c: t['verejne'] for c, t in totals.items()})} "
              f"Vyhrává ten, kdo ve svém tahu dosáhne {target} bodů.")
    return Ruling("body", answer, None, "vyherni-body", details, data={"body": totals})


# Several players level on the most points: "oba" for two, "všichni tři" for three...
_ALL_OF = {2: "oba", 3: "všichni tři", 4: "všichni čtyři"}


def _leaders(game: Game, public: dict[str, int]) -> str:
    """Who leads on the table; a tie names everyone level ("Na stole vedou oranžový a
    červený, oba 2 body."), nobody leads where nobody has a point."""
    best = max(public.values(), default=0)
    if best == 0:
        return "Na stole nemá zatím nikdo žádný bod."
    leaders = [c for c in game.players if public[c] == best]
    if len(leaders) == 1:
        return f"Na stole vede {_name(leaders[0])}: {words.points(best)}."
    return (f"Na stole vedou {words.join([_name(c) for c in leaders])}, "
            f"{_ALL_OF[len(leaders)]} {words.points(best)}.")


# --- Kdo vyhrál? ----------------------------------------------------------------------------

def who_won(game: Game, known: Known) -> Ruling:
    """The engine's verdict (:func:`engine.referee.verdict`): the winner or why nobody yet,
    on whose turn it is, the points on the table and the victory-point cards each may hold
    hidden. Without a turn in the position: who would win on his own turn."""
    known_dev = known.dev
    if known.turn:
        v = referee.verdict(game, known_dev_cards=known_dev)
        answer, winner, current = v.text, v.winner, v.current
    else:
        phase = "main" if game.rules.combined_trade_build else "build"
        would = []
        v = None
        for color in game.players:
            g = game.copy()
            g.set_current(color, phase)
            mine = referee.verdict(g, known_dev_cards=known_dev)
            v = v or mine
            if mine.winner == color:
                would.append(color)
        winner, current = None, None
        answer = ("Vyhrát může jen hráč, který je na tahu, a kdo je na tahu, pozice neříká. "
                  + ("Na svém tahu by vyhrál " + words.join([_name(c) for c in would]) + "."
                     if would else f"Nikdo zatím nemá {game.rules.victory_points_to_win} "
                                   "bodů, ani na svém tahu."))
    details = []
    for color in game.players:
        line = f"{_name(color, capital=True)}: {words.points(v.points[color])} na stole"
        hidden = v.hidden_possible[color]
        if color in known_dev:
            if hidden:
                line += f", skryté karty Vítězný bod: {hidden}"
        elif hidden:
            line += (f"; karty Vítězný bod v pozici nejsou, mezi akčními kartami jich může "
                     f"mít až {hidden}")
        details.append(line + ".")
    return Ruling("kdo-vyhral", answer, None, referee.VICTORY_HEADWORD, details,
                  data={"vitez": winner, "na_tahu": current, "body_na_stole": v.points,
                        "skryte_mozne": v.hidden_possible,
                        "muze_vyhrat_ted": bool(v.could_win_now) if known.turn else False})
