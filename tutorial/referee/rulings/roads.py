"""'Nejdelší obchodní cesta': each colour's longest road, who holds the card and why.
"""

from __future__ import annotations

from engine import Game, referee, words
from tutorial.referee.rulings.base import (
    Ruling,
    _name,
    _roads,
)

TIE_RULES = {
    "aside": "Almanach: při shodě po přerušení jde karta stranou, dokud nemá jeden hráč sám "
             "nejdelší cestu",
    "holder_keeps": "kompaktní pravidla (001): při shodě si kartu ponechá její dosavadní "
                    "držitel, je-li mezi nejdelšími, jinak jde stranou",
}
# The reasons where two roads are as long: the rule about ties decided the card.
TIE_CODES = {"holder_keeps_tie", "holder_keeps_broken_tie", "broken_tie", "broken_tie_others",
             "tie_first", "tie_aside"}


def longest_road(game: Game, cards: referee.SpecialCards) -> Ruling:
    """Each colour's longest road (drawn), who holds the card and why: ``cards`` is the
    engine's decision (:func:`engine.referee.special_card_holders`) from who held it before,
    the same for the editor and the API."""
    owners = set(game.roads.values())
    colors = [c for c in (*game.players, *game.neutrals) if c in owners]
    lengths = {c: game.road_length(c) for c in colors}
    trails = {c: game.longest_trail(c) for c in colors}
    details = []
    breaks = []
    for c in colors:
        line = f"{_name(c, capital=True)}: nejdelší cesta {_roads(lengths[c])}"
        cut = referee.road_breaks(game, c)
        if cut:
            whole = referee.unbroken_road_length(game, c)
            breakers = words.join(sorted({_name(game.buildings[n][0], "gen") for n in cut}))
            line += (f"; přerušuje ji stavba {breakers}"
                     + (f", bez přerušení by měla {_roads(whole)}" if whole > lengths[c] else ""))
            breaks += cut
        details.append(line + ".")
    if cards.longest_road_code in TIE_CODES:
        details.append("Pravidlo o shodě, podle kterého engine rozhoduje: "
                       + TIE_RULES[game.rules.longest_road_tie] + ".")
    if not cards.longest_road_decided:
        details.append("Řekněte, kdo kartu měl dřív (v Rozhodčím: Hráči, karty, tah a "
                       "pravidla; v API: longest_road_holder), a engine rozhodne.")
    holder = cards.longest_road
    best = max(lengths.values(), default=0)
    leaders = [c for c in colors if lengths[c] == best and best >= 5]
    highlight = sorted({p for c in ([holder] if holder else leaders) for p in trails[c]})
    return Ruling("nejdelsi-cesta", cards.longest_road_reason, None, "nejdelsi-obchodni-cesta",
                  details, highlight + breaks, trails,
                  data={"delky": lengths, "drzitel": holder, "preruseni": breaks,
                        "rozhodnuto": cards.longest_road_decided,
                        "duvod": cards.longest_road_code})
