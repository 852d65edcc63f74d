"""'Smí tohle?' for a trade with the bank: at which rate, and why (a harbour or none).
"""

from __future__ import annotations

from engine import RESOURCES, Game, referee, words
from tutorial.referee.rulings.base import (
    BadQuestion,
    Ruling,
    _name,
    _need_color,
)


def rate_ruling(game: Game, color: str, resource: str) -> Ruling:
    """At which rate may the player trade this resource with the bank now, and why."""
    color = _need_color(game, color)
    if resource not in RESOURCES:
        raise BadQuestion("Zvolte surovinu.")
    rate = game.trade_rate(color, resource)
    harbor = referee.harbor_for(game, color, resource)
    spots = [n for n, (c, _p) in game.buildings.items() if c == color
             and harbor is not None and game.board.harbor_at(n) == harbor]
    return Ruling("smi", _rate_sentence(game, color, resource, rate), True,
                  "pristav" if harbor else "obchod-se-zamorim", highlight=sorted(spots),
                  data={"pomer": f"{rate}:1"})


def _rate_sentence(game: Game, color: str, resource: str, rate: int, count: int = 1) -> str:
    """"Modrý mění s bankem 4 vlny za 2 karty: …": ``count`` cards wanted, ``rate`` times as
    many given (TradeBank.count), every count in its Czech form."""
    given = rate * count
    what = words.resource_word(resource, given, "acc")
    if rate == 2:
        why = f"má vesnici nebo město u přístavu 2:1 na {words.resource_word(resource, 1)}"
    elif rate == 3:
        why = "má vesnici nebo město u přístavu 3:1"
    else:
        why = "nemá u přístavu, který by platil, žádnou stavbu (přístav postavený v tomto tahu " \
              "slouží až od příštího tahu, není-li fáze obchodu a stavění kombinovaná)"
    wanted = words.plural_count(count, "kartu", "karty", "karet")
    return f"{_name(color, capital=True)} mění s bankem {given} {what} za {wanted}: {why}."
