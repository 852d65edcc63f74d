"""'Kam smím stavět?': every legal spot of a colour for a road, a settlement and a city.
"""

from __future__ import annotations

from engine import Game, words
from tutorial.referee.rulings.base import (
    Ruling,
    _name,
    _need_color,
    _roads,
)


def where_to_build(game: Game, color: str) -> Ruling:
    """Every legal spot for a road, a settlement and a city of this colour (costs aside)."""
    color = _need_color(game, color)
    roads = sorted(game.legal_road_spots(color))
    settlements = sorted(game.legal_settlement_spots(color))
    cities = sorted(game.legal_city_spots(color))
    answer = (f"{_name(color, capital=True)} smí stavět (má-li suroviny): vesnici na "
              f"{_spots(len(settlements))}, město na {_spots(len(cities))}, silnici na "
              f"{_spots(len(roads), path=True)}.")
    left = game.pieces_left(color)
    details = [f"Figurek v zásobě: {_roads(left['road'])}, "
               f"{words.plural_count(left['settlement'], 'vesnice', 'vesnice', 'vesnic')}, "
               f"{words.plural_count(left['city'], 'město', 'města', 'měst')}."]
    if not settlements:
        details.append("Vesnice potřebuje křižovatku u vlastní silnice, jejíž tři sousední "
                       "křižovatky jsou prázdné (pravidlo o vzdálenosti).")
    return Ruling("kam-stavet", answer, None, "staveni", details,
                  settlements + cities + roads,
                  data={"vesnice": settlements, "mesto": cities, "silnice": roads})


def _spots(n: int, path: bool = False) -> str:
    if path:
        return words.plural_count(n, "cestě", "cestách", "cestách")
    return words.plural_count(n, "křižovatce", "křižovatkách", "křižovatkách")
